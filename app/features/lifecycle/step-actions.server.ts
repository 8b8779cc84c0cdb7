/**
 * What each lifecycle step does to the database, and whom it e-mails. Every action is guarded by
 * database state, so running it again changes nothing, and it returns the whole recipient list
 * derived from that state (not only those changed this time): the per-recipient keys of
 * mail.server then make sure each message goes out once (docs/decisions/0017-contest-lifecycle.md).
 */
import { freezeAwards } from "~/features/results/results.server";
import { runAutoAssign } from "~/features/judging/assignments.server";
import { ranking } from "~/features/judging/ranking.server";
import { expireSessions, voidUnpaid } from "~/features/payments/checkout.server";
import { formatDateTime } from "~/utils/dates";
import { prisma } from "~/utils/db.server";
import { siteUrl } from "~/utils/email.server";
import type { MailJob } from "./mail.server";
import { shouldSendReminders, type StepName } from "./steps";

export const lifecycleContestSelect = {
  id: true,
  slug: true,
  title: true,
  timeZone: true,
  isPublished: true,
  judgesPerSubmission: true,
  submissionsOpen: true,
  submissionsClose: true,
  judgingOpen: true,
  judgingClose: true,
  resultsAt: true,
} as const;

export type LifecycleContest = {
  id: string;
  slug: string;
  title: string;
  timeZone: string;
  isPublished: boolean;
  judgesPerSubmission: number;
  submissionsOpen: Date;
  submissionsClose: Date;
  judgingOpen: Date;
  judgingClose: Date;
  resultsAt: Date;
};

type StepAction = (c: LifecycleContest, now: Date) => Promise<MailJob[]>;

/** open: tell everyone who pressed "Notify me". */
const open: StepAction = async (c) => {
  const rows = await prisma.notifyRequest.findMany({
    where: { contestId: c.id },
    select: { user: { select: { id: true, email: true, displayName: true } } },
    orderBy: [{ createdAt: "asc" }, { userId: "asc" }],
  });
  return rows.map(({ user }) => ({
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
  return expired.map((s) => ({
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
};

/** Each judge's count of assigned entries in the contest, optionally only unscored ones. */
async function judgeQueues(contestId: string, unscoredOnly: boolean) {
  const rows = await prisma.judgeAssignment.findMany({
    where: {
      contestId,
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

/** assign: the balanced auto-assign (docs/decisions/0007-judging.md), then one e-mail per judge. */
const assign: StepAction = async (c) => {
  const result = await runAutoAssign(c.id, c.judgesPerSubmission);
  // No entries is a quiet contest, not a failure; no judges is, and an admin must act.
  if (!result.ok && result.error !== "No submissions to assign") throw new Error(result.error);
  const queues = await judgeQueues(c.id, false);
  return queues.map(([judgeId, q]) => ({
    key: `assign:${c.id}:${judgeId}`,
    template: "judge-assigned",
    to: q.email,
    data: {
      name: q.name,
      contestTitle: c.title,
      count: q.count,
      dueAt: formatDateTime(c.judgingClose, c.timeZone),
      url: siteUrl("/judge"),
    },
  }));
};

/** remind: judges who still have unscored entries, with the count. */
const remind: StepAction = async (c, now) => {
  if (!shouldSendReminders(c, now)) return [];
  const queues = await judgeQueues(c.id, true);
  return queues.map(([judgeId, q]) => ({
    key: `remind:${c.id}:${judgeId}`,
    template: "judge-reminder",
    to: q.email,
    data: {
      name: q.name,
      contestTitle: c.title,
      count: q.count,
      dueAt: formatDateTime(c.judgingClose, c.timeZone),
      url: siteUrl("/judge"),
    },
  }));
};

/** Stores the ranking once; later score edits do not change published results. */
export async function freezeResults(contestId: string, now: Date) {
  if (await prisma.frozenResult.count({ where: { contestId } })) return false;
  const rows = await ranking(contestId, { take: 1_000_000 });
  await prisma.$transaction(async (tx) => {
    if (await tx.frozenResult.count({ where: { contestId } })) return;
    for (let i = 0; i < rows.length; i += 500) {
      await tx.frozenResult.createMany({
        data: rows.slice(i, i + 500).map((r) => ({
          contestId,
          submissionId: r.id,
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
  return entries.map((s) => ({
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
};

export const STEP_ACTIONS: Record<StepName, StepAction> = { open, close, assign, remind, results };
