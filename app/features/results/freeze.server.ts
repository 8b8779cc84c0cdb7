/**
 * Freezing the results at publication (docs/decisions/0019-results.md, 0023): the awards are
 * stored once results are out, with the public names as they were at that moment; for a staged
 * contest, the rows the frozen ranking keeps (ADR 0032).
 */
import { prisma, isUniqueViolation } from "~/utils/db.server";
import { writerName, writerSelect } from "~/features/judging/writer";
import { currentAwards } from "./current-awards.server";
import { contestStage, stagedFrozenRows } from "./stage.server";

/**
 * The rows to freeze for a staged contest (rank within the entry's division in the final round),
 * or null for a contest that is not staged (it freezes its one ranking, as before).
 */
export async function stagedResultRows(contestId: string) {
  const stage = await contestStage(contestId);
  return stage.staged ? stagedFrozenRows(contestId, stage) : null;
}

/**
 * Once results are out, the awards are stored if they were not already (the computed ones), so
 * later score edits never change published results. The lifecycle's results step calls this;
 * the pages call it too, so a missed step changes nothing for readers.
 */
export async function freezeAwards(
  contest: {
    id: string;
    places: number;
    honourableMentions: number;
  },
  now = new Date(),
) {
  const { awards, saved } = await currentAwards(contest);
  if (!saved && awards.length > 0) {
    try {
      await prisma.$transaction(async (tx) => {
        if (await tx.contestAward.count({ where: { contestId: contest.id } })) return;
        await tx.contestAward.createMany({
          data: awards.map((a) => ({ contestId: contest.id, ...a, note: null })),
        });
      });
    } catch (error) {
      // Two first readers at once: the other one stored the same awards.
      if (!isUniqueViolation(error)) throw error;
    }
  }
  await freezePublicNames(contest.id, now);
}

/**
 * The names the public sees, frozen at publication (docs/decisions/0023-privacy-and-links.md):
 * the writer's display name at that moment, and only when they agreed when entering
 * (showIfAwarded); otherwise none ("Anonymous writer"). A later rename changes nothing here. For
 * a class entry the writer is the pupil ("Mia R."), never the educator who sent it (ADR 0031).
 */
async function freezePublicNames(contestId: string, now: Date) {
  const open = await prisma.contestAward.findMany({
    where: { contestId, nameFrozenAt: null },
    select: {
      submissionId: true,
      submission: { select: { showIfAwarded: true, ...writerSelect } },
    },
  });
  for (const a of open) {
    // The first reader to freeze a row wins; a concurrent one updates nothing.
    await prisma.contestAward.updateMany({
      where: { contestId, submissionId: a.submissionId, nameFrozenAt: null },
      data: {
        publicName: a.submission.showIfAwarded ? writerName(a.submission) : null,
        nameFrozenAt: now,
      },
    });
  }
}
