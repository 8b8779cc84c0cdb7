/**
 * Assignment for one judging round (docs/decisions/0032-divisions-and-rounds.md): the round's
 * entries, judges, division restrictions and every pair of the contest read once, the pure
 * assignRound() run over them, and the new pairs written in one transaction with their round. A
 * contest of one round without divisions goes through judging's runAutoAssign, unchanged.
 */
import { assignableJudge } from "~/features/panel/panel-rules";
import { publishedDates } from "~/features/contests/contest-snapshot";
import {
  JUDGING_CLOSED_MESSAGE,
  runAutoAssign,
  type AutoAssignResult,
} from "~/features/judging/assignments.server";
import { insertAssignments } from "~/features/judging/queries.server";
import { prisma, withBusyRetry } from "~/utils/db.server";
import { newId } from "~/utils/ids";
import { assignRound, type RoundEntry } from "./round-assign";
import { contestRounds, type RoundPlan } from "./rounds.server";

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
          select: {
            isPublished: true,
            publishedSnapshot: true,
            submissionsOpen: true,
            submissionsClose: true,
            judgingOpen: true,
            judgingClose: true,
            resultsAt: true,
          },
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
        const judgeIds = await poolOf(tx, contestId, round);
        if (judgeIds.length === 0)
          return { ok: false, reason: "no-judges", error: "No judges available" };
        const entries: RoundEntry[] = await tx.submission.findMany({
          where: {
            contestId,
            status: "submitted",
            ...(round.number > 1
              ? { advancements: { some: { contestId, round: round.number } } }
              : {}),
          },
          select: { id: true, entrantId: true, divisionId: true },
          orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        });
        if (entries.length === 0)
          return {
            ok: false,
            reason: "no-entries",
            error:
              round.number > 1
                ? `No entries have gone on to ${round.name}`
                : "No submissions to assign",
          };
        const restricted = await tx.judgeDivision.findMany({
          where: { division: { contestId } },
          select: { judgeId: true, divisionId: true },
        });
        const judgeDivisions = new Map<string, Set<string>>();
        for (const r of restricted) {
          const set = judgeDivisions.get(r.judgeId) ?? new Set<string>();
          set.add(r.divisionId);
          judgeDivisions.set(r.judgeId, set);
        }
        const existing = await tx.judgeAssignment.findMany({
          where: { contestId, submissionId: { not: null } },
          select: { judgeId: true, submissionId: true, round: true },
        });
        const pairs = assignRound({
          round: round.number,
          judgeIds,
          entries,
          existing: existing.map((e) => ({ ...e, submissionId: e.submissionId! })),
          judgeDivisions,
          judgesPerEntry: judgesPerEntry ?? round.judgesPerEntry,
        });
        const created = await insertAssignments(
          tx,
          pairs.map((p) => ({ id: newId(), contestId, ...p })),
          new Date(),
          round.number,
        );
        return { ok: true, created };
      },
      { timeout: 60_000, maxWait: 10_000 },
    ),
  );
  return { ...result, ...named };
}

type Db = Pick<typeof prisma, "userRole" | "judgeAssignment">;

/**
 * The round's judges in rotation order: its pool (those still assignable), else the contest-wide
 * pre-assignments, else every assignable judge, as a contest of one round.
 */
async function poolOf(db: Db, contestId: string, round: RoundPlan): Promise<string[]> {
  if (round.judgeIds.length) {
    const rows = await db.userRole.findMany({
      where: { role: "judge", userId: { in: round.judgeIds }, user: assignableJudge },
      select: { userId: true },
      orderBy: [{ createdAt: "asc" }, { userId: "asc" }],
    });
    return rows.map((r) => r.userId);
  }
  const pre = await db.judgeAssignment.findMany({
    where: { contestId, submissionId: null, judge: assignableJudge },
    select: { judgeId: true },
    orderBy: [{ createdAt: "asc" }, { judgeId: "asc" }],
  });
  if (pre.length) return pre.map((p) => p.judgeId);
  const rows = await db.userRole.findMany({
    where: { role: "judge", user: assignableJudge },
    select: { userId: true },
    orderBy: [{ createdAt: "asc" }, { userId: "asc" }],
  });
  return rows.map((r) => r.userId);
}
