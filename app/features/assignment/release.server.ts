/**
 * Releasing unscored assignments (docs/decisions/0051-assignment-capability.md): the one place
 * that takes judges off entries when the reason is outside judging. It is called, inside the
 * caller's transaction, wherever an entry leaves the race or changes division (withdrawn,
 * refunded, moved to another division, disqualified, deleted with its writer's account) and
 * wherever a judge leaves (account deleted, judge role removed, taken off a contest's panel).
 *
 * An assignment is unscored when it has no score or only a score never submitted (rows from
 * before drafts were separated, ADR 0015); it is deleted, its draft with it by cascade. A
 * submitted score and its assignment always stay: a read that happened still counts (ADR 0016).
 */
import type { Prisma } from "~/utils/db.server";

type Tx = Prisma.TransactionClient;

/** Whose assignments go: some entries' (every judge), or one judge's (in one contest, or all). */
export type ReleaseScope =
  { submissionIds: readonly string[] } | { judgeId: string; contestId?: string };

/** An assignment without a submitted score. */
const unscored = {
  OR: [{ score: null }, { score: { submittedAt: null } }],
} satisfies Prisma.JudgeAssignmentWhereInput;

/** An entry's unscored assignments, for a count (the admin's "N judges will be released"). */
export const unscoredAssignmentsOf = (submissionId: string) =>
  ({ submissionId, ...unscored }) satisfies Prisma.JudgeAssignmentWhereInput;

/** Deletes the unscored assignments in `scope`; returns how many went. */
export async function releaseUnscoredAssignments(tx: Tx, scope: ReleaseScope): Promise<number> {
  if ("submissionIds" in scope) {
    let released = 0;
    // 500 ids a statement keeps every engine's parameter limit (ADR 0021).
    for (let i = 0; i < scope.submissionIds.length; i += 500) {
      const ids = scope.submissionIds.slice(i, i + 500);
      const { count } = await tx.judgeAssignment.deleteMany({
        where: { submissionId: { in: [...ids] }, ...unscored },
      });
      released += count;
    }
    return released;
  }
  const { count } = await tx.judgeAssignment.deleteMany({
    where: {
      judgeId: scope.judgeId,
      ...(scope.contestId ? { contestId: scope.contestId } : {}),
      ...unscored,
    },
  });
  return count;
}
