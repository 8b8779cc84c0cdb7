/** A class's entries for the copy-check tests (ADR 0054): one pair among them to find. */
import { prisma } from "~/utils/db.server";
import { enqueueEvent } from "~/utils/outbox.server";
import { story } from "~/features/originality/corpus-fixture";
import { lifecycleContest, person } from "./lifecycle-fixtures";

/**
 * `n` entries of one contest, each from its own account; entry 1 is entry 0 sent again from
 * another account with one word changed. With `queue`, each entry's copy check is queued as its
 * submit queues it; otherwise the test writes the events itself.
 */
export async function classEntries(n: number, opts: { queue?: boolean } = {}) {
  const { contest } = await lifecycleContest();
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const writer = await person(`pupil${i}`);
    const body = i === 1 ? story(1000, 6, true).replace(/ the /, " a ") : story(1000 + i, 6, true);
    const s = await prisma.submission.create({
      data: {
        contestId: contest.id,
        entrantId: writer.id,
        title: `Story ${i}`,
        body,
        status: "submitted",
      },
      select: { id: true },
    });
    if (opts.queue) await enqueueEvent(prisma, "entry/copies.check", { submissionId: s.id });
    ids.push(s.id);
  }
  return { contestId: contest.id, ids };
}
