/**
 * The contest workspace's Overview (docs/decisions/0050-contest-workspace.md): where the contest
 * stands by its published schedule, its counts, judging progress and what needs the admin now.
 * Entries, payments and judging progress are counters kept by triggers (ContestTally,
 * docs/decisions/0064-overview-counts.md): the page reads a few rows, not the contest.
 */
import { publishedDates } from "~/features/contests/contest-snapshot";
import { roundInView } from "~/features/results/stage-round";
import { spreadFlags } from "~/features/judging/spread.server";
import { contestCapacity } from "~/features/rounds/capacity.server";
import { contestRounds } from "~/features/rounds/rounds.server";
import type { SubmissionStatus } from "~/features/entries/submission-status";
import { fromSql } from "~/utils/db.server";
import { readRows } from "~/utils/db-read.server";
import { entriesPerDayOf } from "~/features/entries/entries-per-day.server";
import { stepLabel, STEPS, type StepName } from "./steps";
import { stepState } from "./workflows.server";

export type Phase =
  | "not-published"
  | "before-submissions"
  | "submissions"
  | "between"
  | "judging"
  | "before-results"
  | "results";

export const PHASE_TEXT: Record<Phase, string> = {
  "not-published": "Not published yet",
  "before-submissions": "Published, submissions not open yet",
  submissions: "Open for submissions",
  between: "Submissions closed, judging not started",
  judging: "Judging",
  "before-results": "Judging closed, results not out yet",
  results: "Results published",
};

type Dates = ReturnType<typeof publishedDates>;

/** The phase by the published dates, and the next date to come (pure). */
export function phaseOf(
  dates: Dates,
  published: boolean,
  now: Date,
): { phase: Phase; next: { what: string; at: Date } | null } {
  const t = now.getTime();
  const steps: [Phase, string, Date][] = [
    ["before-submissions", "Submissions open", dates.submissionsOpen],
    ["submissions", "Submissions close", dates.submissionsClose],
    ["between", "Judging opens", dates.judgingOpen],
    ["judging", "Judging closes", dates.judgingClose],
    ["before-results", "Results are published", dates.resultsAt],
  ];
  const upcoming = steps.find(([, , at]) => at.getTime() > t);
  const next = upcoming ? { what: upcoming[1], at: upcoming[2] } : null;
  if (!published) return { phase: "not-published", next };
  return { phase: upcoming ? upcoming[0] : "results", next };
}

/** Where each attention item is fixed, as a workspace tab (relative to /admin/contests/:id). */
export type Attention = { kind: string; text: string; tab: string };

type ContestRow = {
  id: string;
  title: string;
  timeZone: string;
  isPublished: boolean | number | bigint;
  publishedSnapshot: string | null;
  submissionsOpen: Date | string;
  submissionsClose: Date | string;
  judgingOpen: Date | string;
  judgingClose: Date | string;
  resultsAt: Date | string;
  publishedResultsAt: Date | string | null;
  invoices: bigint | number;
};

/**
 * The contest's row and its unpaid invoices in one raw statement; the counters, divisions and
 * steps each in one raw statement (docs/decisions/0075-signed-in-request-cpu.md).
 */
async function overviewContest(contestId: string) {
  const [row] = await readRows<ContestRow>`
    SELECT c."id" AS "id", c."title" AS "title", c."timeZone" AS "timeZone",
      c."isPublished" AS "isPublished", c."publishedSnapshot" AS "publishedSnapshot",
      c."submissionsOpen" AS "submissionsOpen", c."submissionsClose" AS "submissionsClose",
      c."judgingOpen" AS "judgingOpen", c."judgingClose" AS "judgingClose",
      c."resultsAt" AS "resultsAt", c."publishedResultsAt" AS "publishedResultsAt",
      (SELECT COUNT(*) FROM "PaymentGroup" g WHERE g."contestId" = c."id"
        AND g."method" = 'invoice' AND g."status" = 'invoiced') AS "invoices"
    FROM "Contest" c WHERE c."id" = ${contestId}`;
  if (!row) return null;
  return {
    id: row.id,
    title: row.title,
    timeZone: row.timeZone,
    isPublished: fromSql.bool(row.isPublished),
    publishedSnapshot: row.publishedSnapshot,
    submissionsOpen: fromSql.date(row.submissionsOpen),
    submissionsClose: fromSql.date(row.submissionsClose),
    judgingOpen: fromSql.date(row.judgingOpen),
    judgingClose: fromSql.date(row.judgingClose),
    resultsAt: fromSql.date(row.resultsAt),
    publishedResultsAt: fromSql.dateOrNull(row.publishedResultsAt),
    invoices: fromSql.int(row.invoices),
  };
}

async function overviewTallies(contestId: string) {
  const rows = await readRows<{
    kind: string;
    status: string;
    divisionId: string;
    round: number | bigint;
    flag: boolean | number | bigint;
    n: number | bigint;
    scored: number | bigint;
  }>`
    SELECT "kind", "status", "divisionId", "round", "flag", "n", "scored" FROM "ContestTally"
    WHERE "contestId" = ${contestId} AND "n" <> 0`;
  return rows.map((t) => ({
    kind: t.kind,
    status: t.status,
    divisionId: t.divisionId,
    round: fromSql.int(t.round),
    flag: fromSql.bool(t.flag),
    n: fromSql.int(t.n),
    scored: fromSql.int(t.scored),
  }));
}

type StepRow = {
  step: string;
  round: number | bigint;
  dueAt: Date | string;
  finishedAt: Date | string | null;
  outcome: string | null;
  lastError: string | null;
  nextAttemptAt: Date | string | null;
  lockedUntil: Date | string | null;
  lockedBy: string | null;
};

async function overviewSteps(contestId: string) {
  const rows = await readRows<StepRow>`
    SELECT CAST("step" AS TEXT) AS "step", "round", "dueAt", "finishedAt",
      CAST("outcome" AS TEXT) AS "outcome", "lastError", "nextAttemptAt", "lockedUntil", "lockedBy"
    FROM "LifecycleStep" WHERE "contestId" = ${contestId} ORDER BY "dueAt" ASC, "step" ASC`;
  return rows.map((s) => ({
    step: s.step,
    round: fromSql.int(s.round),
    dueAt: fromSql.date(s.dueAt),
    finishedAt: fromSql.dateOrNull(s.finishedAt),
    outcome: s.outcome,
    lastError: s.lastError,
    nextAttemptAt: fromSql.dateOrNull(s.nextAttemptAt),
    lockedUntil: fromSql.dateOrNull(s.lockedUntil),
    lockedBy: s.lockedBy,
  }));
}

export async function contestOverview(contestId: string, now = new Date()) {
  const contest = await overviewContest(contestId);
  if (!contest) return null;
  const invoices = contest.invoices;
  const [tallies, divisions, rounds, steps, perDay] = await Promise.all([
    // Entries by status, division and flag, payments by status, live assignments by round and
    // division, entries with no judge in round 1, entries waiting for consent: counters kept by
    // triggers, a few rows whatever the contest's size (docs/decisions/0064-overview-counts.md).
    overviewTallies(contestId),
    readRows<{ id: string; name: string }>`
      SELECT "id", "name" FROM "Division" WHERE "contestId" = ${contestId}
      ORDER BY "position" ASC, "id" ASC`,
    contestRounds(contestId),
    overviewSteps(contestId),
    // Entries per day up to the deadline, one sum per day (docs/decisions/0057-charts.md).
    entriesPerDayOf(contest, now),
  ]);
  const entries = tallies.filter((t) => t.kind === "entry");
  const progress = tallies.filter((t) => t.kind === "judging");
  const total = (kind: string) =>
    tallies.filter((t) => t.kind === kind).reduce((n, t) => n + t.n, 0);
  // Entries whose writer's parent has not consented yet (docs/decisions/0050).
  const consent = total("consent");

  const dates = publishedDates(contest);
  const { phase, next } = phaseOf(dates, contest.isPublished, now);
  const names = new Map(divisions.map((d) => [d.id, d.name]));
  const divisionName = (id: string | null) =>
    id ? (names.get(id) ?? "") : divisions.length ? "No division" : "All entries";

  const byStatus: Partial<Record<SubmissionStatus, number>> = {};
  const byDivision = new Map<string | null, number>();
  let flagged = 0;
  for (const g of entries) {
    const status = g.status as SubmissionStatus;
    byStatus[status] = (byStatus[status] ?? 0) + g.n;
    if (status === "submitted") {
      const division = g.divisionId || null;
      byDivision.set(division, (byDivision.get(division) ?? 0) + g.n);
      if (g.flag) flagged += g.n;
    }
  }
  const paymentsBy = Object.fromEntries(
    tallies.filter((t) => t.kind === "payment").map((p) => [p.status, p.n]),
  );

  // Judging progress: per round and division; unscored assignments of a closed round are overdue.
  const roundByNumber = new Map(rounds.map((r) => [r.number, r]));
  const judging = progress
    .map((p) => {
      const { round, n: assigned, scored } = p;
      const close = roundByNumber.get(round)?.judgingClose;
      return {
        round,
        roundName: roundByNumber.get(round)?.name ?? `Round ${round}`,
        division: divisionName(p.divisionId || null),
        assigned,
        scored,
        overdue: close && close.getTime() < now.getTime() ? assigned - scored : 0,
      };
    })
    .sort((a, b) => a.round - b.round || a.division.localeCompare(b.division));

  const current = roundInView(rounds, now) ?? 1;
  const judgingStarted = rounds.some((r) => r.judgingOpen.getTime() <= now.getTime());
  const [capacity, unassigned, spread] = await Promise.all([
    rounds.length > 1 ? contestCapacity(contestId) : null,
    // Round 1 takes every submitted entry (the entries with no live round-1 judge are counted by
    // triggers); a later round only the entries advanced to it.
    judgingStarted && current === 1 ? total("unassigned") : 0,
    judgingStarted ? spreadFlags(contestId, { round: current, take: 0 }) : null,
  ]);

  const roundCount = Math.max(1, ...steps.map((s) => s.round));
  const stepRows = steps
    .filter((s) => (STEPS as readonly string[]).includes(s.step))
    .map((s) => ({
      label: stepLabel({ step: s.step as StepName, round: s.round }, roundCount),
      state: stepState(s, now),
      dueAt: s.dueAt,
    }));
  const nextStep = stepRows.find((s) => s.state === "scheduled" || s.state === "due") ?? null;

  const attention: Attention[] = [];
  for (const s of stepRows)
    if (s.state === "stalled" || s.state === "failed" || s.state === "retrying")
      attention.push({
        kind: "step",
        text: `${s.label}: ${s.state === "stalled" ? "stalled" : s.state === "failed" ? "failed" : "failing, retrying"}`,
        tab: "schedule",
      });
  if (capacity && !capacity.fits)
    attention.push({
      kind: "capacity",
      text: `The panel's capacity does not cover every round: ${capacity.problems.join(" ")}`,
      tab: "panel",
    });
  if (flagged)
    attention.push({
      kind: "names-writer",
      text: `${flagged} ${flagged === 1 ? "entry names" : "entries name"} its writer: decide what judges read`,
      tab: "entries",
    });
  if (spread?.total)
    attention.push({
      kind: "disagreements",
      text: `${spread.total} ${spread.total === 1 ? "entry" : "entries"} with judges who disagree (round ${current})`,
      tab: "scoring",
    });
  if (unassigned)
    attention.push({
      kind: "unassigned",
      text: `${unassigned} submitted ${unassigned === 1 ? "entry has" : "entries have"} no judge`,
      tab: "assignments",
    });
  if (invoices)
    attention.push({
      kind: "invoices",
      text: `${invoices} unpaid ${invoices === 1 ? "invoice" : "invoices"}`,
      tab: "entries?status=pending_payment",
    });

  return {
    id: contest.id,
    title: contest.title,
    timeZone: contest.timeZone,
    phase,
    next,
    nextStep: nextStep ? { label: nextStep.label, at: nextStep.dueAt } : null,
    counts: {
      byStatus,
      byDivision: [...byDivision.entries()].map(([id, n]) => ({
        division: divisionName(id),
        entries: n,
      })),
      paid: paymentsBy.paid ?? 0,
      waitingForPayment: byStatus.pending_payment ?? 0,
      waitingForConsent: consent,
    },
    currentRound: current,
    judging,
    attention,
    perDay,
  };
}
