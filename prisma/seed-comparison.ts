/**
 * A demo contest whose first round is judged by comparison (docs/decisions/0056-comparison-rounds.md):
 * "Harbour Lights Young Writers" is part-way through its first round. Two judges have made their
 * comparisons, one of them (Sam Okafor) choosing against the panel's scale, so the admin sees a
 * misfitting judge; the demo judge has made a few and can go on comparing. Its final round is
 * scored with the rubric. Made once, by slug.
 */
import { prisma } from "~/utils/db.server";
import { DAY, ensureContest, ensureUser, story } from "./seed-helpers";

type Person = { id: string };

const TITLES = [
  "The Lighthouse Keeper's Cat",
  "Fog Bells",
  "Salt on the Window",
  "Tidepool Town",
  "The Ferry at Midnight",
  "Gull Language",
  "Anchor",
  "Paper Boats",
  "The Pier in Winter",
  "Beacon",
  "Low Tide Secrets",
  "Northbound",
];

export async function seedComparisonContest(judges: Person[]) {
  const [demo, steady, misfit] = judges;
  await ensureContest(
    {
      slug: "harbour-lights-young-writers",
      title: "Harbour Lights Young Writers",
      description:
        "Stories of harbours, tides and the lights that bring boats home. Submissions have closed; in the first round judges compare the stories two at a time, and a shortlist goes on to the final round.",
      rules:
        "One entry per writer. Your story must be your own original, unpublished work. Do not put your name anywhere in the story: judging is anonymous.",
      fee: 0,
      wordMin: 50,
      wordMax: 1500,
      published: true,
      judgesPerSubmission: 2,
      dates: [-30, -3, -2, 24, 30],
      prompts: [["Coming home", "A light on the shore means someone is coming home."]],
    },
    async ({ id, rubricId }) => {
      const now = Date.now();
      const first = await prisma.judgingRound.create({
        data: {
          contestId: id,
          number: 1,
          name: "First read (comparison)",
          method: "comparison",
          comparisonsPerEntry: 8,
          judgingOpen: new Date(now - 2 * DAY),
          judgingClose: new Date(now + 10 * DAY),
          advanceRule: "percent",
          advanceValue: 25,
        },
      });
      await prisma.judgingRound.create({
        data: {
          contestId: id,
          number: 2,
          name: "Final",
          rubricId,
          judgesPerEntry: 2,
          judgingOpen: new Date(now + 12 * DAY),
          judgingClose: new Date(now + 24 * DAY),
        },
      });
      for (const [i, judge] of judges.entries())
        await prisma.panelMember.upsert({
          where: { contestId_judgeId: { contestId: id, judgeId: judge.id } },
          create: {
            contestId: id,
            judgeId: judge.id,
            status: "accepted",
            respondedAt: new Date(now - 20 * DAY + i),
          },
          update: {},
        });
      const entries: string[] = [];
      for (const [i, title] of TITLES.entries()) {
        const writer = await ensureUser(`harbour${i + 1}@inkwell.test`, `Harbour Writer ${i + 1}`, {
          born: `2011-0${(i % 9) + 1}-12`,
          grade: 9,
        });
        const body = story(150 + i * 19, i * 4 + 2);
        const s = await prisma.submission.create({
          data: {
            contestId: id,
            entrantId: writer.id,
            title,
            body,
            wordCount: body.split(/\s+/).length,
            status: "submitted",
          },
        });
        entries.push(s.id);
      }
      // The true order: the first title is the strongest. A steady judge agrees with it, the
      // misfitting judge chooses the weaker piece most of the time, the demo judge made a few.
      const made = new Set<string>();
      const compare = async (judgeId: string, a: number, b: number, agree: boolean) => {
        const key = `${judgeId}|${Math.min(a, b)}|${Math.max(a, b)}`;
        if (a === b || made.has(key)) return;
        made.add(key);
        const better = a < b ? a : b;
        const worse = a < b ? b : a;
        const [x, y] = [entries[a], entries[b]].sort();
        await prisma.comparison.create({
          data: {
            contestId: id,
            roundId: first.id,
            judgeId,
            entryAId: entries[a],
            entryBId: entries[b],
            pairKey: `${x}:${y}`,
            winnerId: entries[agree ? better : worse],
            noteA: a === 0 ? "The ending made me smile. Keep the dialogue this sharp." : null,
            handedOutAt: new Date(now - DAY),
            decidedAt: new Date(now - DAY + 60_000),
          },
        });
      };
      const n = entries.length;
      for (let k = 0; k < 24; k++) await compare(steady.id, k % n, (k * 5 + 1) % n, true);
      for (let k = 0; k < 20; k++)
        await compare(misfit.id, (k * 7 + 2) % n, (k * 3 + 5) % n, k % 5 === 0);
      for (let k = 0; k < 4; k++) await compare(demo.id, k, k + 6, true);
    },
  );
}
