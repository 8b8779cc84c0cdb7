/**
 * Demo data for copy detection (docs/decisions/0054-copied-entries.md): in Young Voices, the same
 * story sent from two accounts (a few words changed), and a story that copies a paragraph of an
 * entry of Winter Tales 2026 (an earlier contest whose text is still kept). The check runs here,
 * as the job would, so the admin's "Possible copies" page lists both pairs. Idempotent.
 */
import { prisma } from "~/utils/db.server";
import { checkEntry } from "../app/features/originality/copies.server";
import { ensureUser } from "./seed-helpers";

const TWIN = `The lighthouse keeper had not seen a ship in forty years, so when the lamp began to blink by itself, Nell climbed the spiral stairs with her torch held high.

At the top she found a small grey owl sitting on the brass rail, staring at the sea as if it were waiting for a letter. The lamp blinked again. The owl blinked back.

Nell sat beside the owl and watched the dark water until the first light of morning turned the waves to silver. Far away, a tiny boat with a red sail was coming home.

She never told anyone about the owl. But every night after that, she left the lamp burning, just in case someone out there was still finding their way.`;

const TWIN_EDITED = TWIN.replace("small grey owl", "small brown owl")
  .replace("Far away", "Far out")
  .replace("just in case", "in case");

const EARLIER = `The snow came down so thickly that the village disappeared, roof by roof, until only the church bell could be heard.

Grandpa Tomas lit the stove and told us about the winter he was nine, when the river froze so hard that the baker drove his cart across it, and the horses wore socks knitted by every grandmother in the valley so that their hooves would not slip on the shining ice.

By morning the storm was over, and the world was white and new.`;

const COPIER = `My cousin Ada lives in a city where it never snows, so I wrote her a letter about our winter.

I told her about the winter he was nine, when the river froze so hard that the baker drove his cart across it, and the horses wore socks knitted by every grandmother in the valley so that their hooves would not slip on the shining ice. Ada will think I made it up.

Then I drew a picture of our house under the snow and put it in the envelope with a pressed leaf.`;

async function ensureEntry(slug: string, email: string, name: string, title: string, body: string) {
  const contest = await prisma.contest.findUnique({ where: { slug }, select: { id: true } });
  if (!contest) return null;
  const writer = await ensureUser(email, name, { born: "2012-03-04" });
  const existing = await prisma.submission.findFirst({
    where: { contestId: contest.id, entrantId: writer.id, title },
    select: { id: true },
  });
  if (existing) return existing.id;
  const words = body.split(/\s+/).filter(Boolean).length;
  const s = await prisma.submission.create({
    data: {
      contestId: contest.id,
      entrantId: writer.id,
      title,
      body,
      wordCount: words,
      status: "submitted",
    },
    select: { id: true },
  });
  return s.id;
}

export async function seedCopies() {
  const ids = [
    await ensureEntry(
      "winter-tales-2026",
      "tomas.writer@inkwell.test",
      "Tomas K",
      "The Frozen River",
      EARLIER,
    ),
    await ensureEntry(
      "young-voices-short-story-2027",
      "nell.writer@inkwell.test",
      "Nell P",
      "The Lamp",
      TWIN,
    ),
    await ensureEntry(
      "young-voices-short-story-2027",
      "nell.again@inkwell.test",
      "Nell Again",
      "The Lamp at Night",
      TWIN_EDITED,
    ),
    await ensureEntry(
      "young-voices-short-story-2027",
      "ada.cousin@inkwell.test",
      "Rosa M",
      "A Letter to Ada",
      COPIER,
    ),
  ];
  for (const id of ids) if (id) await checkEntry(id);
}
