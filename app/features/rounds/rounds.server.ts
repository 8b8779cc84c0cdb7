/**
 * A contest's judging rounds as the rest of the site sees them (docs/decisions/0032-divisions-and-
 * rounds.md): the JudgingRound rows of a contest with more than one round, or, for a contest
 * without rows, its one round on the contest's own judging dates, judges per entry and first
 * rubric: exactly today's behaviour.
 */
import { asMethod, type RoundMethod } from "~/features/comparison/desk";
import { Prisma } from "~/generated/prisma/client";
import { fromSql, prisma } from "~/utils/db.server";

export type AdvanceRule = "top" | "percent" | "score";

export type RoundPlan = {
  /** null for the implicit single round of a contest without rounds. */
  id: string | null;
  number: number;
  name: string;
  rubricId: string | null;
  judgesPerEntry: number;
  judgingOpen: Date;
  judgingClose: Date;
  advanceRule: AdvanceRule | null;
  advanceValue: number | null;
  advancedAt: Date | null;
  /** "rubric" or "comparison" (docs/decisions/0056-comparison-rounds.md). */
  method: RoundMethod;
  comparisonsPerEntry: number;
  /** The round's judge pool (empty: every judge). */
  judgeIds: string[];
};

function asRule(value: string | null): AdvanceRule | null {
  return value === "top" || value === "percent" || value === "score" ? value : null;
}

type RoundRow = {
  cOpen: Date | string;
  cClose: Date | string;
  cPer: number | bigint;
  id: string | null;
  number: number | bigint | null;
  name: string | null;
  rubricId: string | null;
  judgesPerEntry: number | bigint | null;
  judgingOpen: Date | string | null;
  judgingClose: Date | string | null;
  advanceRule: string | null;
  advanceValue: number | string | null;
  advancedAt: Date | string | null;
  method: string | null;
  comparisonsPerEntry: number | bigint | null;
};

/**
 * The contest's dates and its rounds in one raw statement, the rounds' judge pools in a second
 * only when there are rounds (Prisma sent three, docs/decisions/0075-signed-in-request-cpu.md).
 */
export async function contestRounds(contestId: string): Promise<RoundPlan[]> {
  const rows = await prisma.$queryRaw<RoundRow[]>`
    SELECT c."judgingOpen" AS "cOpen", c."judgingClose" AS "cClose",
      c."judgesPerSubmission" AS "cPer", r."id" AS "id", r."number" AS "number",
      r."name" AS "name", r."rubricId" AS "rubricId", r."judgesPerEntry" AS "judgesPerEntry",
      r."judgingOpen" AS "judgingOpen", r."judgingClose" AS "judgingClose",
      r."advanceRule" AS "advanceRule", r."advanceValue" AS "advanceValue",
      r."advancedAt" AS "advancedAt", r."method" AS "method",
      r."comparisonsPerEntry" AS "comparisonsPerEntry"
    FROM "Contest" c LEFT JOIN "JudgingRound" r ON r."contestId" = c."id"
    WHERE c."id" = ${contestId} ORDER BY r."number" ASC`;
  const contest = rows[0]
    ? {
        judgingOpen: fromSql.date(rows[0].cOpen),
        judgingClose: fromSql.date(rows[0].cClose),
        judgesPerSubmission: fromSql.int(rows[0].cPer),
        rounds: rows.filter((r) => r.id !== null),
      }
    : null;
  if (!contest) return [];
  if (contest.rounds.length === 0)
    return [
      {
        id: null,
        number: 1,
        name: "Judging",
        rubricId: null,
        judgesPerEntry: contest.judgesPerSubmission,
        judgingOpen: contest.judgingOpen,
        judgingClose: contest.judgingClose,
        advanceRule: null,
        advanceValue: null,
        advancedAt: null,
        method: "rubric",
        comparisonsPerEntry: 10,
        judgeIds: [],
      },
    ];
  const ids = contest.rounds.map((r) => r.id!);
  const pools = await prisma.$queryRaw<{ roundId: string; judgeId: string }[]>`
    SELECT "roundId", "judgeId" FROM "RoundJudge" WHERE "roundId" IN (${Prisma.join(ids)})`;
  return contest.rounds.map((r) => ({
    id: r.id,
    number: fromSql.int(r.number),
    name: r.name ?? "",
    rubricId: r.rubricId,
    judgesPerEntry: fromSql.int(r.judgesPerEntry),
    judgingOpen: fromSql.date(r.judgingOpen!),
    judgingClose: fromSql.date(r.judgingClose!),
    advanceRule: asRule(r.advanceRule),
    advanceValue: fromSql.numberOrNull(r.advanceValue),
    advancedAt: fromSql.dateOrNull(r.advancedAt),
    method: asMethod(r.method ?? "rubric"),
    comparisonsPerEntry: fromSql.int(r.comparisonsPerEntry),
    judgeIds: pools.filter((p) => p.roundId === r.id).map((p) => p.judgeId),
  }));
}
