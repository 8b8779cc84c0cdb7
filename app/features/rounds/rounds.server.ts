/**
 * A contest's judging rounds as the rest of the site sees them (docs/decisions/0032-divisions-and-
 * rounds.md): the JudgingRound rows of a contest with more than one round, or, for a contest
 * without rows, its one round on the contest's own judging dates, judges per entry and first
 * rubric: exactly today's behaviour.
 */
import { asMethod, type RoundMethod } from "~/features/comparison/desk";
import { prisma } from "~/utils/db.server";

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

export async function contestRounds(contestId: string): Promise<RoundPlan[]> {
  const contest = await prisma.contest.findUnique({
    where: { id: contestId },
    select: {
      judgingOpen: true,
      judgingClose: true,
      judgesPerSubmission: true,
      rounds: {
        orderBy: { number: "asc" },
        select: {
          id: true,
          number: true,
          name: true,
          rubricId: true,
          judgesPerEntry: true,
          judgingOpen: true,
          judgingClose: true,
          advanceRule: true,
          advanceValue: true,
          advancedAt: true,
          method: true,
          comparisonsPerEntry: true,
          judges: { select: { judgeId: true } },
        },
      },
    },
  });
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
  return contest.rounds.map((r) => ({
    ...r,
    advanceRule: asRule(r.advanceRule),
    method: asMethod(r.method),
    judgeIds: r.judges.map((j) => j.judgeId),
  }));
}
