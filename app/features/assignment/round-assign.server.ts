/**
 * Assignment for one judging round (docs/decisions/0032-divisions-and-rounds.md,
 * docs/decisions/0033-judging-panel.md): the round's entries read in one transaction and assigned
 * from the contest's panel (narrowed by the round's pool) by judging's assignFromPanel: earlier
 * rounds' pairs are barred, the judges' divisions, capacities and conflicts kept, and nothing is
 * written unless every entry gets its judges. A contest of one round without divisions goes
 * through judging's runAutoAssign.
 */
import { publishedDates, publishedDatesSelect } from "~/features/contests/contest-snapshot";
import { JUDGING_CLOSED_MESSAGE, runAutoAssign, type AutoAssignResult } from "./auto-assign.server";
import { entriesToAssign, assignFromPanel } from "./panel-assign.server";
import { prisma, withBusyRetry } from "~/utils/db.server";
import { contestRounds, type RoundPlan } from "~/features/rounds/rounds.server";

export type RoundAssignResult = AutoAssignResult & { round: number; roundName: string };

/**
 * The round to assign now: the one whose window holds `now`, else the first not closed that has
 * no assignments yet, else the first not closed (the last one when all have closed).
 */
export async function currentRound(contestId: string, now: Date): Promise<RoundPlan | null> {
  const rounds = await contestRounds(contestId);
  if (rounds.length === 0) return null;
  const t = now.getTime();
  const open = rounds.find((r) => r.judgingOpen.getTime() <= t && t <= r.judgingClose.getTime());
  if (open) return open;
  const assigned = await prisma.judgeAssignment.groupBy({
    by: ["round"],
    where: { contestId, submissionId: { not: null } },
    _count: { _all: true },
  });
  const has = new Set(assigned.map((a) => a.round));
  const ahead = rounds.filter((r) => r.judgingClose.getTime() >= t);
  return ahead.find((r) => !has.has(r.number)) ?? ahead[0] ?? rounds[rounds.length - 1];
}

/**
 * Assigns judges to round `roundNumber` (by the admin and by the scheduled assign step alike).
 * Refused once the round has closed. `judgesPerEntry` overrides the round's own value.
 */
export async function runRoundAssign(
  contestId: string,
  roundNumber: number,
  now = new Date(),
  judgesPerEntry?: number,
): Promise<RoundAssignResult> {
  const rounds = await contestRounds(contestId);
  const round = rounds.find((r) => r.number === roundNumber);
  if (!round)
    return {
      ok: false,
      reason: "missing",
      error: "That round was not found",
      round: roundNumber,
      roundName: "",
    };
  const named = { round: round.number, roundName: round.name };
  // A comparison round hands pairs out at the desk: nothing to assign (ADR 0056).
  if (round.method === "comparison") return { ok: true, created: 0, ...named };
  const divisions = await prisma.division.count({ where: { contestId } });
  if (round.id === null && divisions === 0)
    return {
      ...(await runAutoAssign(contestId, judgesPerEntry ?? round.judgesPerEntry, now)),
      ...named,
    };
  const result = await withBusyRetry(() =>
    prisma.$transaction(
      async (tx): Promise<AutoAssignResult> => {
        const contest = await tx.contest.findUnique({
          where: { id: contestId },
          select: publishedDatesSelect,
        });
        if (!contest) return { ok: false, reason: "missing", error: "Contest not found" };
        const close = round.id === null ? publishedDates(contest).judgingClose : round.judgingClose;
        if (now.getTime() > close.getTime())
          return {
            ok: false,
            reason: "closed",
            error:
              round.id === null
                ? JUDGING_CLOSED_MESSAGE
                : `${round.name} has closed, so no judges can be assigned.`,
          };
        const entries = await entriesToAssign(tx, contestId, round.number);
        if (entries.length === 0) {
          return {
            ok: false,
            reason: "no-entries",
            error:
              round.number > 1
                ? `No entries have gone on to ${round.name}`
                : "No submissions to assign",
          };
        }
        // The round's pool, when it has one, narrows the panel (never widens it).
        return assignFromPanel(tx, {
          contestId,
          round: round.number,
          entries,
          perEntry: judgesPerEntry ?? round.judgesPerEntry,
          pool: round.judgeIds,
        });
      },
      { timeout: 60_000, maxWait: 10_000 },
    ),
  );
  return { ...result, ...named };
}
