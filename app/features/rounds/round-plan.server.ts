/**
 * The rounds page's data and its save (docs/decisions/0032-divisions-and-rounds.md): the plan is
 * checked against the contest's dates as last saved (the draft Publish will publish, which checks
 * the rounds again; ADR 0045), its rubrics and judges, then written in one transaction with the contest's judging window set to round 1's
 * open and the last round's close (in the published snapshot too, so the public page and the
 * lifecycle agree), and the schedule re-synced through the outbox.
 */
import { assignableJudge } from "~/features/panel/panel-rules";
import { parseSnapshot, publishedDates } from "~/features/contests/contest-snapshot";
import { parseCriteria } from "~/features/contests/rubric";
import { prisma, withBusyRetry } from "~/utils/db.server";
import { DomainError, FormRefused } from "~/utils/domain-error";
import { enqueueEvent } from "~/utils/outbox.server";
import { comparisonLoad } from "~/features/comparison/desk";
import {
  changeProblem,
  validateRoundPlan,
  type PlannedRound,
  type RoundPlanInput,
} from "./round-plan";
import { contestRounds } from "./rounds.server";

const contestSelect = {
  id: true,
  title: true,
  timeZone: true,
  isPublished: true,
  publishedSnapshot: true,
  submissionsOpen: true,
  submissionsClose: true,
  judgingOpen: true,
  judgingClose: true,
  resultsAt: true,
  judgesPerSubmission: true,
  rubrics: {
    select: { id: true, name: true, criteria: true },
    orderBy: [{ createdAt: "asc" as const }, { id: "asc" as const }],
  },
};

/** A round's pool draws on the contest's accepted panel (docs/decisions/0033-judging-panel.md). */
const panelJudge = (contestId: string) => ({
  ...assignableJudge,
  panels: { some: { contestId, status: "accepted" } },
});

/** What the rounds page shows: the contest's dates, its rubrics, the judges and the rounds. */
export async function roundsPageData(contestId: string) {
  const contest = await prisma.contest.findUnique({
    where: { id: contestId },
    select: contestSelect,
  });
  if (!contest) return null;
  const [rounds, judges] = await Promise.all([
    contestRounds(contestId),
    prisma.user.findMany({
      where: panelJudge(contestId),
      select: { id: true, displayName: true },
      orderBy: [{ displayName: "asc" }, { id: "asc" }],
      take: 500,
    }),
  ]);
  return {
    contest: { ...contest, ...publishedDates(contest) },
    /** The dates a plan is checked against: as last saved (ADR 0045). */
    draft: { submissionsClose: contest.submissionsClose, resultsAt: contest.resultsAt },
    rubrics: contest.rubrics.map((r) => ({ id: r.id, name: r.name })),
    judges,
    rounds,
  };
}

/** The highest total each rubric allows (the "score" rule's scale). */
function rubricMax(rubrics: { id: string; criteria: string }[]) {
  const out: Record<string, number> = {};
  for (const r of rubrics) {
    // A total is Σ points × weight (rubric.ts), so its highest is Σ maxPoints × weight.
    const max = parseCriteria(r.criteria).reduce((s, c) => s + c.maxPoints * c.weight, 0);
    out[r.id] = max > 0 ? Math.round(max * 100) / 100 : 100;
  }
  return out;
}

/**
 * Saves the plan. One round removes the rows (the contest's own dates judge it). Refused with the
 * round's problems, or when the change would mislead judging already under way.
 */
export async function saveRoundPlan(
  contestId: string,
  input: RoundPlanInput,
  now = new Date(),
  options: { preview?: boolean } = {},
) {
  const contest = await prisma.contest.findUnique({
    where: { id: contestId },
    select: contestSelect,
  });
  if (!contest) throw new DomainError("Contest not found");
  // The dates the admin last saved, not the published ones: rounds planned for new dates are
  // saved before Publish, which checks them against the dates it publishes (ADR 0045).
  const dates = { submissionsClose: contest.submissionsClose, resultsAt: contest.resultsAt };
  const judges = await prisma.user.findMany({
    where: panelJudge(contestId),
    select: { id: true },
  });
  const checked = validateRoundPlan(input, {
    timeZone: contest.timeZone,
    submissionsClose: dates.submissionsClose,
    resultsAt: dates.resultsAt,
    rubricIds: contest.rubrics.map((r) => r.id),
    judgeIds: judges.map((j) => j.id),
    rubricMax: rubricMax(contest.rubrics),
  });
  if (!checked.ok) {
    const errors: Record<string, string[]> = {};
    for (const i of checked.issues) (errors[i.path] ??= []).push(i.message);
    throw new FormRefused(errors);
  }
  const current = await contestRounds(contestId);
  const problem = changeProblem(current, checked.rounds, now);
  if (problem) throw new DomainError(problem);
  const rounds = checked.rounds;
  if (options.preview)
    return { rounds: rounds.length || 1, preview: await loadPreview(contestId, rounds) };
  await withBusyRetry(() =>
    prisma.$transaction(async (tx) => {
      await tx.judgingRound.deleteMany({ where: { contestId, number: { gt: rounds.length } } });
      for (const [i, r] of rounds.entries()) {
        const data = {
          name: r.name,
          rubricId: r.rubricId,
          judgesPerEntry: r.judgesPerEntry,
          judgingOpen: r.judgingOpen,
          judgingClose: r.judgingClose,
          advanceRule: r.advanceRule,
          advanceValue: r.advanceValue,
          method: r.method,
          comparisonsPerEntry: r.comparisonsPerEntry,
        };
        const row = await tx.judgingRound.upsert({
          where: { contestId_number: { contestId, number: i + 1 } },
          create: { contestId, number: i + 1, ...data },
          update: data,
          select: { id: true },
        });
        await tx.roundJudge.deleteMany({ where: { roundId: row.id } });
        if (r.judgeIds.length)
          await tx.roundJudge.createMany({
            data: r.judgeIds.map((judgeId) => ({ roundId: row.id, judgeId })),
          });
      }
      // The lifecycle re-reads its steps (the embedded scheduler syncs them; Inngest starts anew).
      if (contest.isPublished)
        await enqueueEvent(tx, "contest/schedule.changed", { contestId }, now);
      if (rounds.length === 0) return;
      const judgingOpen = rounds[0].judgingOpen;
      const judgingClose = rounds[rounds.length - 1].judgingClose;
      // The published snapshot keeps the window the public sees in step with the rounds.
      const snap = contest.isPublished ? parseSnapshot(contest.publishedSnapshot) : null;
      await tx.contest.update({
        where: { id: contestId },
        data: {
          judgingOpen,
          judgingClose,
          ...(snap
            ? {
                publishedSnapshot: JSON.stringify({
                  ...snap,
                  judgingOpen: judgingOpen.toISOString(),
                  judgingClose: judgingClose.toISOString(),
                }),
              }
            : {}),
        },
      });
    }),
  );
  return { rounds: rounds.length || 1, preview: null };
}

/**
 * What each comparison round means for each judge's load, before saving (ADR 0056): round 1's
 * entries (every submitted entry) per division, later rounds the entries that went on (an estimate
 * from the rule before they have), × comparisons per entry / 2, shared by the judges of the round's
 * pool (or the panel) who may judge the division.
 */
export async function loadPreview(
  contestId: string,
  rounds: Pick<
    PlannedRound,
    "method" | "comparisonsPerEntry" | "judgeIds" | "advanceRule" | "advanceValue"
  >[],
) {
  const [entries, panel, restricted, divisions] = await Promise.all([
    prisma.submission.groupBy({
      by: ["divisionId"],
      where: { contestId, status: "submitted" },
      _count: { _all: true },
    }),
    prisma.user.findMany({ where: panelJudge(contestId), select: { id: true } }),
    prisma.judgeDivision.findMany({
      where: { division: { contestId } },
      select: { judgeId: true, divisionId: true },
    }),
    prisma.division.findMany({ where: { contestId }, select: { id: true, name: true } }),
  ]);
  const names = new Map(divisions.map((d) => [d.id, d.name]));
  const only = new Map<string, Set<string>>();
  for (const r of restricted)
    only.set(r.judgeId, (only.get(r.judgeId) ?? new Set()).add(r.divisionId));
  let counts = new Map(entries.map((e) => [e.divisionId, e._count._all]));
  return rounds.map((r, i) => {
    const pool = r.judgeIds.length ? r.judgeIds : panel.map((j) => j.id);
    const lines = [...counts].map(([divisionId, n]) => {
      const judges = pool.filter(
        (j) => !only.get(j)?.size || (divisionId !== null && only.get(j)!.has(divisionId)),
      ).length;
      return {
        division: divisionId ? (names.get(divisionId) ?? "A division") : null,
        entries: n,
        judges,
        ...comparisonLoad(n, r.comparisonsPerEntry, judges),
      };
    });
    const out = { round: i + 1, method: r.method, perEntry: r.comparisonsPerEntry, lines };
    // The next round's entries: the rule applied to each division's count (an estimate).
    counts = new Map(
      [...counts].map(([d, n]) => [
        d,
        r.advanceRule === "top"
          ? Math.min(n, r.advanceValue ?? n)
          : r.advanceRule === "percent"
            ? Math.ceil((n * (r.advanceValue ?? 100)) / 100)
            : n,
      ]),
    );
    return out;
  });
}
