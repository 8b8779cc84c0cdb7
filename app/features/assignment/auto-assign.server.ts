/**
 * Auto-assign for a contest of one round: a contest's judges and entries read once, the solver
 * (assign.ts) run over them, and the new pairs written in one transaction. See
 * docs/decisions/0007, 0033 and 0051 (assignment is one capability).
 */
import { prisma, withBusyRetry } from "~/utils/db.server";
import { publishedDates, publishedDatesSelect } from "~/features/contests/contest-snapshot";
import { entriesToAssign, assignFromPanel, type AutoAssignResult } from "./panel-assign.server";

export async function findContest(contestId: string | null | undefined) {
  if (!contestId) return null;
  return prisma.contest.findUnique({
    where: { id: contestId },
    select: {
      id: true,
      title: true,
      slug: true,
      anonymous: true,
      timeZone: true,
      judgingOpen: true,
      judgingClose: true,
      judgesPerSubmission: true,
    },
  });
}

/** Assignments are refused once judging has closed, by the dates the public sees. */
export const JUDGING_CLOSED_MESSAGE =
  "Judging has closed for this contest, so no judges can be assigned.";

export type { AutoAssignResult } from "./panel-assign.server";

/**
 * 'Auto-Assign to Submissions', by the admin and by the scheduled assign step alike (a contest of
 * one round without divisions; rounds' runRoundAssign for the others). Refused once judging has
 * closed (checked inside the writing transaction). Judges come from the contest's panel only
 * (accepted, assignable), under its capacities, divisions, conflicts and recusals; the whole
 * assignment is solved first and written only when every entry has its minimum of judges
 * (docs/decisions/0033-judging-panel.md).
 */
export async function runAutoAssign(
  contestId: string,
  judgesPerSubmission: number,
  now = new Date(),
): Promise<AutoAssignResult> {
  return withBusyRetry(() =>
    prisma.$transaction(
      async (tx): Promise<AutoAssignResult> => {
        const contest = await tx.contest.findUnique({
          where: { id: contestId },
          select: publishedDatesSelect,
        });
        if (!contest) return { ok: false, reason: "missing", error: "Contest not found" };
        if (now.getTime() > publishedDates(contest).judgingClose.getTime())
          return { ok: false, reason: "closed", error: JUDGING_CLOSED_MESSAGE };
        const entries = await entriesToAssign(tx, contestId);
        if (entries.length === 0) {
          return { ok: false, reason: "no-entries", error: "No submissions to assign" };
        }
        return assignFromPanel(tx, {
          contestId,
          round: 1,
          entries,
          perEntry: judgesPerSubmission,
        });
      },
      { timeout: 60_000, maxWait: 10_000 },
    ),
  );
}
