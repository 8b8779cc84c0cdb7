/**
 * Recusal (docs/decisions/0033-judging-panel.md): a judge steps back from an entry on the review
 * screen, with a reason from a short list. In one transaction the assignment goes (its draft by
 * cascade), the Recusal row is written (it bars the pair from every later auto-assign), and a
 * replacement from the panel takes the entry (addJudgeTo: every constraint, least loaded first,
 * so loads stay within one). With nobody free the recusal still stands, replacementId null: the
 * admin sees the entry short. Refused once the judge's score is submitted or the round's judging
 * has closed. The judge never learns who replaced them, nor anything of the writer.
 */
import { RECUSAL_REASONS, type RecusalReason } from "~/features/panel/panel-rules";
import { recordRecusal } from "~/features/panel/constraints.server";
import { DomainError } from "~/utils/domain-error";
import { readRows } from "~/utils/db-read.server";
import { fromSql, lockingTransaction, lockRow, prisma, withBusyRetry } from "~/utils/db.server";
import { addJudgeTo } from "./replacement.server";
import { bumpRankingVersion } from "~/features/rank-version/ranking-version.server";
import { scoringContext } from "~/features/judging/review.server";

export class RecusalRefused extends DomainError {}

export const RECUSAL_SCORED_MESSAGE =
  "You have already sent your score for this entry, so you cannot step back from it now.";
export const RECUSAL_CLOSED_MESSAGE = "Judging has closed for this entry, so you cannot step back.";

/**
 * Steps the judge back from the entry. Returns whether a replacement was found; throws
 * RecusalRefused when the entry is scored or judging is closed, null when it is not theirs.
 */
export async function recuse(
  judgeId: string,
  submissionId: string,
  reason: RecusalReason,
  now = new Date(),
): Promise<{ replaced: boolean } | null> {
  const ctx = await scoringContext(judgeId, submissionId);
  if (!ctx) return null;
  if (ctx.submitted) throw new RecusalRefused(RECUSAL_SCORED_MESSAGE);
  if (!ctx.open) throw new RecusalRefused(RECUSAL_CLOSED_MESSAGE);
  return withBusyRetry(() =>
    prisma.$transaction(async (tx) => {
      await lockRow(tx, "JudgeAssignment", ctx.assignmentId);
      const a = await tx.judgeAssignment.findUnique({
        where: { id: ctx.assignmentId },
        select: {
          contestId: true,
          round: true,
          releasedAt: true,
          score: { select: { submittedAt: true } },
        },
      });
      if (!a || a.releasedAt) return null;
      if (a.score?.submittedAt) throw new RecusalRefused(RECUSAL_SCORED_MESSAGE);
      await tx.judgeAssignment.delete({ where: { id: ctx.assignmentId } });
      const recusal = await recordRecusal(tx, {
        contestId: a.contestId,
        judgeId,
        submissionId,
        round: a.round,
        reason,
      });
      const replacementId = await addJudgeTo(
        tx,
        a.contestId,
        submissionId,
        a.round,
        [judgeId],
        now,
      );
      await tx.recusal.update({ where: { id: recusal.id }, data: { replacementId } });
      // The entry's judge count changed: cached rankings recompute.
      await bumpRankingVersion(tx, a.contestId);
      return { replaced: replacementId !== null };
    }, lockingTransaction),
  );
}

const recusalSelect = {
  id: true,
  round: true,
  reason: true,
  createdAt: true,
  submissionId: true,
  submission: { select: { title: true } },
  judge: { select: { id: true, displayName: true, email: true } },
  replacementId: true,
} as const;

type RecusalRow = {
  id: string;
  round: number;
  reason: string;
  createdAt: Date;
  submissionId: string;
  submission: { title: string };
  judge: { id: string; displayName: string; email: string };
  replacementId: string | null;
};

/**
 * The numbers of a contest's comparison rounds: a recusal made in one was a step back at the
 * comparison desk (docs/decisions/0056-comparison-rounds.md), where nobody replaces a judge.
 */
async function comparisonRoundNumbers(contestId: string) {
  const rounds = await prisma.judgingRound.findMany({
    where: { contestId, method: "comparison" },
    select: { number: true },
  });
  return new Set(rounds.map((r) => r.number));
}

async function withReplacements(contestId: string, rows: RecusalRow[]) {
  if (rows.length === 0) return [];
  const ids = [...new Set(rows.flatMap((r) => (r.replacementId ? [r.replacementId] : [])))];
  const [users, compared] = await Promise.all([
    ids.length
      ? prisma.user.findMany({
          where: { id: { in: ids } },
          select: { id: true, displayName: true, email: true },
        })
      : [],
    comparisonRoundNumbers(contestId),
  ]);
  const byId = new Map(users.map((u) => [u.id, u]));
  return rows.map(({ replacementId, ...r }) => ({
    ...r,
    reasonLabel: RECUSAL_REASONS[r.reason as RecusalReason] ?? r.reason,
    replacement: replacementId ? (byId.get(replacementId) ?? null) : null,
    atComparisonDesk: compared.has(r.round),
  }));
}

/**
 * A contest's recusals, newest first, for the admin (at most `take`), each with whether it was a
 * step back at the comparison desk.
 */
export async function contestRecusals(contestId: string, take = 200) {
  const rows = await prisma.recusal.findMany({
    where: { contestId },
    select: recusalSelect,
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    take,
  });
  return withReplacements(contestId, rows);
}

/**
 * One entry's recusals, oldest first, for the admin's entry page, with the judges named: one
 * statement when there are none (docs/decisions/0052-per-request-work.md), and, when there are,
 * one more for the contest's comparison rounds (a step back at the comparison desk has no
 * replacement).
 */
export async function entryRecusals(submissionId: string) {
  // One raw statement (docs/decisions/0075-signed-in-request-cpu.md), without the client (0082).
  const rows = await readRows<{
    id: string;
    contestId: string;
    round: number | bigint;
    reason: string;
    createdAt: Date | string;
    submissionId: string;
    judgeId: string;
    replacementId: string | null;
    jName: string | null;
    jEmail: string | null;
    pName: string | null;
    pEmail: string | null;
  }>`
    SELECT r."id" AS "id", r."contestId" AS "contestId", r."round" AS "round",
      r."reason" AS "reason", r."createdAt" AS "createdAt", r."submissionId" AS "submissionId",
      r."judgeId" AS "judgeId", r."replacementId" AS "replacementId",
      j."displayName" AS "jName", j."email" AS "jEmail", p."displayName" AS "pName",
      p."email" AS "pEmail"
    FROM "Recusal" r LEFT JOIN "User" j ON j."id" = r."judgeId"
    LEFT JOIN "User" p ON p."id" = r."replacementId"
    WHERE r."submissionId" = ${submissionId} ORDER BY r."createdAt" ASC, r."id" ASC`;
  if (rows.length === 0) return [];
  const compared = await comparisonRoundNumbers(rows[0]!.contestId);
  return rows.map((r) => {
    const round = fromSql.int(r.round);
    return {
      id: r.id,
      round,
      reason: r.reason,
      createdAt: fromSql.date(r.createdAt),
      submissionId: r.submissionId,
      judge: { id: r.judgeId, displayName: r.jName ?? "", email: r.jEmail ?? "" },
      reasonLabel: RECUSAL_REASONS[r.reason as RecusalReason] ?? r.reason,
      replacement:
        r.replacementId && r.pEmail !== null
          ? { id: r.replacementId, displayName: r.pName ?? "", email: r.pEmail }
          : null,
      atComparisonDesk: compared.has(round),
    };
  });
}
