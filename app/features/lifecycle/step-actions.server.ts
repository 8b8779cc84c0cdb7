/**
 * What each lifecycle step does to the database, and whom it e-mails. Every action is guarded by
 * database state, so running it again changes nothing, and it returns the whole recipient list
 * derived from that state (not only those changed this time): the per-recipient keys of
 * mail.server then make sure each message goes out once (docs/decisions/0017-contest-lifecycle.md).
 */
import { parseSnapshot, snapshotDates } from "~/features/contests/contest-snapshot";
import { freezeAwards, stagedResultRows } from "~/features/results/freeze.server";
import { ranking } from "~/features/judging/ranking.server";
import { fixAdvancement } from "~/features/rounds/advancement.server";
import { contestCapacity, capacityWarning } from "~/features/rounds/capacity.server";
import { runRoundAssign } from "~/features/assignment/round-assign.server";
import type { RoundPlan } from "~/features/rounds/rounds.server";
import { expireSessions, voidUnpaid } from "~/features/payments/checkout.server";
import { formatDateTime } from "~/utils/dates";
import { prisma } from "~/utils/db.server";
import { siteUrl } from "~/utils/email.server";
import type { MailJob } from "./mail.server";
import { skipReason, type StepName, type StepRef } from "./steps";

export const lifecycleContestSelect = {
  id: true,
  slug: true,
  title: true,
  timeZone: true,
  isPublished: true,
  judgesPerSubmission: true,
  remindLeadHours: true,
  submissionsOpen: true,
  submissionsClose: true,
  judgingOpen: true,
  judgingClose: true,
  resultsAt: true,
  publishedSnapshot: true,
} as const;

export type LifecycleContest = {
  id: string;
  slug: string;
  title: string;
  timeZone: string;
  isPublished: boolean;
  judgesPerSubmission: number;
  remindLeadHours: number;
  submissionsOpen: Date;
  submissionsClose: Date;
  judgingOpen: Date;
  judgingClose: Date;
  resultsAt: Date;
};

type ContestRow = LifecycleContest & { publishedSnapshot: string | null };

/**
 * The contest as the lifecycle runs it: a published contest's title, zone and dates come from its
 * published snapshot, the ones the public page and the entry window use, so dates saved but not
 * published move nothing (docs/decisions/0022-lifecycle-follows-the-public.md). Operational
 * settings (judges per entry, reminder lead) are the row's.
 */
export function scheduledContest(row: ContestRow): LifecycleContest {
  const { publishedSnapshot, ...c } = row;
  const snap = c.isPublished ? parseSnapshot(publishedSnapshot) : null;
  if (!snap) return c;
  return { ...c, title: snap.title, timeZone: snap.timeZone, ...snapshotDates(snap) };
}

/** What a step's action did: the e-mails to send, or why it did nothing (shown on /admin/workflows). */
export type StepWork = { mails: MailJob[]; skipped?: string; nothing?: string; warning?: string };

/** A judging round as the lifecycle runs it (a contest without rounds: its published dates). */
export type LifecycleRound = RoundPlan;

/** The round a step belongs to, and whether the contest has more than one. */
type RoundOf = { round: LifecycleRound; many: boolean };

type StepAction = (c: LifecycleContest, now: Date, r: RoundOf) => Promise<StepWork>;

/** open: tell everyone who pressed "Notify me". */
const open: StepAction = async (c) => {
  const rows = await prisma.notifyRequest.findMany({
    where: { contestId: c.id },
    select: { user: { select: { id: true, email: true, displayName: true } } },
    orderBy: [{ createdAt: "asc" }, { userId: "asc" }],
  });
  const mails: MailJob[] = rows.map(({ user }) => ({
    key: `open:${c.id}:${user.id}`,
    template: "contest-open",
    to: user.email,
    data: {
      name: user.displayName,
      contestTitle: c.title,
      closesAt: formatDateTime(c.submissionsClose, c.timeZone),
      url: siteUrl(`/contests/${c.slug}`),
    },
  }));
  return { mails, nothing: "Nobody had asked to be told when it opens." };
};

/** close: unpaid entries expire (docs/decisions/0009-domain-rules.md); their writers are told. */
const close: StepAction = async (c) => {
  const sessions = await prisma.$transaction(async (tx) => {
    const pending = await tx.submission.findMany({
      where: { contestId: c.id, status: "pending_payment" },
      select: { id: true },
    });
    const ids = pending.map((p) => p.id);
    await tx.submission.updateMany({
      where: { id: { in: ids }, status: "pending_payment" },
      data: { status: "expired" },
    });
    // Their payments are void, code uses given back (docs/decisions/0020-payments.md).
    return voidUnpaid(tx, ids);
  });
  await expireSessions(sessions);
  const expired = await prisma.submission.findMany({
    where: { contestId: c.id, status: "expired" },
    select: { id: true, title: true, entrant: { select: { email: true, displayName: true } } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  const mails: MailJob[] = expired.map((s) => ({
    key: `close:${s.id}`,
    template: "entry-expired",
    to: s.entrant.email,
    data: {
      name: s.entrant.displayName,
      title: s.title,
      contestTitle: c.title,
      url: siteUrl("/dashboard"),
    },
  }));
  return { mails, nothing: "No entry was left unpaid." };
};

/**
 * Each judge's count of assigned entries in a round of the contest, optionally only unscored ones.
 * A released assignment (an admin took the judge off it, docs/decisions/0033-judging-panel.md) is
 * no longer in the judge's queue, so it is never counted; a judge with nothing unscored left is
 * not listed, so the reminder skips judges who have finished.
 */
async function judgeQueues(contestId: string, unscoredOnly: boolean, round: number) {
  const rows = await prisma.judgeAssignment.findMany({
    where: {
      contestId,
      round,
      releasedAt: null,
      submission: { status: "submitted" },
      ...(unscoredOnly
        ? { OR: [{ score: { is: null } }, { score: { is: { submittedAt: null } } }] }
        : {}),
    },
    select: { judge: { select: { id: true, email: true, displayName: true } } },
  });
  const byJudge = new Map<string, { email: string; name: string; count: number }>();
  for (const { judge } of rows) {
    const q = byJudge.get(judge.id) ?? { email: judge.email, name: judge.displayName, count: 0 };
    q.count++;
    byJudge.set(judge.id, q);
  }
  return [...byJudge].sort(([a], [b]) => a.localeCompare(b));
}

/**
 * assign: the balanced auto-assign (docs/decisions/0007-judging.md) of the step's round, then one
 * e-mail per judge of that round. Round k ≥ 2 first makes sure who went on after round k−1 is
 * fixed (the rule with the admin's choices, if the admin had not confirmed it), so it always
 * assigns the entries that went on (docs/decisions/0032-divisions-and-rounds.md).
 */
const assign: StepAction = async (c, now, { round, many }) => {
  if (round.number > 1) await fixAdvancement(c.id, round.number - 1, now, null);
  // The same code path and rules as the admin's Auto-Assign (docs/decisions/0022-lifecycle-follows-the-public.md).
  const result = await runRoundAssign(
    c.id,
    round.number,
    now,
    round.id === null ? c.judgesPerSubmission : undefined,
  );
  if (!result.ok && result.reason === "closed") return { mails: [], skipped: result.error };
  // No entries is a quiet contest, not a failure; no judges is, and an admin must act.
  if (!result.ok && result.reason !== "no-entries") throw new Error(result.error);
  const queues = await judgeQueues(c.id, false, round.number);
  // Round 1 of several: the note warns when the panel's capacity may not cover the later rounds.
  const warning = many && round.number === 1 ? capacityWarning(await contestCapacity(c.id)) : null;
  const mails: MailJob[] = queues.map(([judgeId, q]) => ({
    key:
      many && round.number > 1
        ? `assign:${c.id}:r${round.number}:${judgeId}`
        : `assign:${c.id}:${judgeId}`,
    template: "judge-assigned",
    to: q.email,
    data: {
      name: q.name,
      contestTitle: c.title,
      count: q.count,
      dueAt: formatDateTime(round.judgingClose, c.timeZone),
      url: siteUrl("/judge"),
      // Round 2's e-mail says which round opened (ADR 0045).
      round: many ? `Round ${round.number} (${round.name})` : null,
    },
  }));
  return {
    mails,
    nothing: "There were no entries to judge.",
    ...(warning ? { warning } : {}),
  };
};

/** remind: judges who still have unscored entries of the step's round, with the count. */
const remind: StepAction = async (c, _now, { round, many }) => {
  const queues = await judgeQueues(c.id, true, round.number);
  const mails: MailJob[] = queues.map(([judgeId, q]) => ({
    key:
      many && round.number > 1
        ? `remind:${c.id}:r${round.number}:${judgeId}`
        : `remind:${c.id}:${judgeId}`,
    template: "judge-reminder",
    to: q.email,
    data: {
      name: q.name,
      contestTitle: c.title,
      count: q.count,
      dueAt: formatDateTime(round.judgingClose, c.timeZone),
      url: siteUrl("/judge"),
    },
  }));
  return { mails, nothing: "Every judge had scored all their entries." };
};

/**
 * advance: at a round's close, who goes on is fixed by the rule with the admin's choices, unless
 * the admin already confirmed it (docs/decisions/0032-divisions-and-rounds.md). No e-mails.
 */
const advance: StepAction = async (c, now, { round }) => {
  const fixed = await fixAdvancement(c.id, round.number, now, null);
  if (!fixed.fixed)
    return { mails: [], nothing: "Who goes on had already been confirmed by an admin." };
  const n = fixed.count;
  return {
    mails: [],
    nothing: `${n} ${n === 1 ? "entry goes" : "entries go"} on to round ${round.number + 1}.`,
  };
};

/** Stores the ranking once; later score edits do not change published results. */
export async function freezeResults(contestId: string, now: Date) {
  if (await prisma.frozenResult.count({ where: { contestId } })) return false;
  // A staged contest freezes the final round's rank within each division
  // (docs/decisions/0032-divisions-and-rounds.md); any other contest its one ranking, as before.
  const rows =
    (await stagedResultRows(contestId)) ??
    (await ranking(contestId, { take: 1_000_000 })).map((r) => ({ ...r, submissionId: r.id }));
  await prisma.$transaction(async (tx) => {
    if (await tx.frozenResult.count({ where: { contestId } })) return;
    for (let i = 0; i < rows.length; i += 500) {
      await tx.frozenResult.createMany({
        data: rows.slice(i, i + 500).map((r) => ({
          contestId,
          submissionId: r.submissionId,
          rank: r.rank,
          average: r.average,
          scored: r.scored,
          frozenAt: now,
        })),
      });
    }
  });
  return true;
}

/** results: freeze the ranking, then tell each writer whose entry was judged. */
const results: StepAction = async (c, now) => {
  await freezeResults(c.id, now);
  const settings = await prisma.contest.findUniqueOrThrow({
    where: { id: c.id },
    select: { id: true, places: true, honourableMentions: true },
  });
  await freezeAwards(settings, now);
  const judged = await prisma.frozenResult.findMany({
    where: { contestId: c.id, scored: { gt: 0 } },
    select: { submissionId: true },
  });
  const entries = await prisma.submission.findMany({
    where: { id: { in: judged.map((j) => j.submissionId) } },
    select: { id: true, title: true, entrant: { select: { email: true, displayName: true } } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  const mails: MailJob[] = entries.map((s) => ({
    key: `results:${s.id}`,
    template: "results-ready",
    to: s.entrant.email,
    data: {
      name: s.entrant.displayName,
      title: s.title,
      contestTitle: c.title,
      url: siteUrl(`/dashboard/submissions/${s.id}`),
    },
  }));
  return { mails, nothing: "No entry had been judged." };
};

const ACTIONS: Record<StepName, StepAction> = { open, close, assign, remind, advance, results };

/**
 * Runs a step's action, unless its moment has passed in a way that would mislead (an "open" e-mail
 * after the window closed, judges assigned after their round closed): then it does nothing and
 * says why. `rounds` are the contest's rounds (one, on the published dates, without rounds).
 */
export async function runStepAction(
  ref: StepRef,
  c: LifecycleContest,
  rounds: LifecycleRound[],
  now: Date,
) {
  const round = rounds.find((r) => r.number === ref.round) ?? rounds[0];
  const dates = round
    ? { ...c, judgingOpen: round.judgingOpen, judgingClose: round.judgingClose }
    : c;
  const skipped = skipReason(ref.step, dates, now);
  if (skipped) return { mails: [], skipped } satisfies StepWork;
  return ACTIONS[ref.step](c, now, { round: round!, many: rounds.length > 1 });
}
