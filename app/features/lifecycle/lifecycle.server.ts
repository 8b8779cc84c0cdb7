/**
 * The lifecycle steps as idempotent services, shared by the Inngest functions and the embedded
 * scheduler (docs/decisions/0017-contest-lifecycle.md). A step is one row per contest and step;
 * a run claims the row with a short lease that it renews while it works (lockedUntil, lockedBy),
 * so two runs never overlap and a run whose process died is taken over within a minute
 * (docs/decisions/0022-lifecycle-follows-the-public.md); it does the step's action, sends its
 * e-mails one by one (each at most once) and records the outcome. Running a finished step, or one
 * that is not due yet, changes nothing. Steps follow the published dates (scheduledContest).
 */
import { randomBytes } from "node:crypto";
import { sendSubmissionConfirmation } from "~/features/entries/entrant-submissions.server";
import { prisma, type StepOutcome } from "~/utils/db.server";
import { sendLifecycleMail, sendOnce, type MailJob } from "./mail.server";
import { contestRounds } from "~/features/rounds/rounds.server";
import {
  lifecycleContestSelect,
  runStepAction,
  scheduledContest,
  type LifecycleContest,
  type LifecycleRound,
} from "./step-actions.server";
import {
  STEP_HEARTBEAT_MS,
  nothingNote,
  STEP_LEASE_MS,
  errorMessage,
  isStepName,
  nextAttemptAt,
  plannedSteps,
  type PlannedStep,
  type StepName,
} from "./steps";

type Scheduled = LifecycleContest & { rounds: LifecycleRound[]; plan: PlannedStep[] };

/**
 * The contest as the lifecycle runs it, with its judging rounds and its steps in order
 * (docs/decisions/0032-divisions-and-rounds.md). The one round of a contest without rounds takes
 * the published judging dates, exactly as before rounds existed.
 */
async function loadContest(contestId: string): Promise<Scheduled | null> {
  const row = await prisma.contest.findUnique({
    where: { id: contestId },
    select: lifecycleContestSelect,
  });
  if (!row) return null;
  const c = scheduledContest(row);
  const rounds: LifecycleRound[] = (await contestRounds(contestId)).map((r) =>
    r.id === null ? { ...r, judgingOpen: c.judgingOpen, judgingClose: c.judgingClose } : r,
  );
  return { ...c, rounds, plan: plannedSteps(c, rounds.length > 1 ? rounds : []) };
}

const findPlanned = (c: Scheduled, step: StepName, round: number) =>
  c.plan.find((p) => p.step === step && p.round === round);

/** A contest's steps in the order they run (the workflow and the scheduler follow it). */
export async function contestSteps(contestId: string) {
  const c = await loadContest(contestId);
  return (c?.plan ?? []).map(({ step, round }) => ({ step, round }));
}

/**
 * Creates or updates the contest's step rows from its published dates (a published contest only).
 * Finished steps keep their times; unfinished ones take the new due time.
 */
export async function syncSteps(contestId: string) {
  const c = await loadContest(contestId);
  if (!c?.isPublished) return 0;
  for (const { step, round, dueAt } of c.plan) {
    const row = await prisma.lifecycleStep.findUnique({
      where: { contestId_step_round: { contestId, step, round } },
      select: { finishedAt: true, attempts: true, nextAttemptAt: true },
    });
    if (!row) {
      await prisma.lifecycleStep.upsert({
        where: { contestId_step_round: { contestId, step, round } },
        create: { contestId, step, round, dueAt, nextAttemptAt: dueAt },
        update: {},
      });
    } else if (!row.finishedAt) {
      const waitUntil =
        row.attempts === 0 || !row.nextAttemptAt
          ? dueAt
          : new Date(Math.max(dueAt.getTime(), row.nextAttemptAt.getTime()));
      await prisma.lifecycleStep.updateMany({
        where: { contestId, step, round, finishedAt: null },
        data: {
          dueAt,
          ...(row.attempts === 0 || row.nextAttemptAt ? { nextAttemptAt: waitUntil } : {}),
        },
      });
    }
  }
  // Steps of rounds no longer planned go, unless they ran.
  const planned = new Set(c.plan.map((p) => `${p.step}:${p.round}`));
  const rows = await prisma.lifecycleStep.findMany({
    where: { contestId, finishedAt: null },
    select: { id: true, step: true, round: true },
  });
  const stale = rows.filter((r) => !planned.has(`${r.step}:${r.round}`)).map((r) => r.id);
  if (stale.length) await prisma.lifecycleStep.deleteMany({ where: { id: { in: stale } } });
  return c.plan.length;
}

export type StepPlan =
  | { status: "stop"; reason: "missing" | "unpublished" }
  | { status: "done" }
  | { status: "pending"; dueAt: string };

/** Where a step stands for a workflow: stop (gone or unpublished), done, or due at a UTC instant. */
export async function stepPlan(contestId: string, step: StepName, round = 1): Promise<StepPlan> {
  const c = await loadContest(contestId);
  if (!c) return { status: "stop", reason: "missing" };
  if (!c.isPublished) return { status: "stop", reason: "unpublished" };
  const planned = findPlanned(c, step, round);
  // A step no longer in the plan (its round was removed) has nothing to wait for.
  if (!planned) return { status: "done" };
  await syncSteps(contestId);
  const row = await prisma.lifecycleStep.findUniqueOrThrow({
    where: { contestId_step_round: { contestId, step, round } },
    select: { finishedAt: true },
  });
  if (row.finishedAt) return { status: "done" };
  return { status: "pending", dueAt: planned.dueAt.toISOString() };
}

/** Unfinished steps whose time has come, of published contests, oldest first (the reconcile cron). */
export async function dueSteps(now: Date, take = 100) {
  const rows = await prisma.lifecycleStep.findMany({
    where: {
      finishedAt: null,
      dueAt: { lte: now },
      OR: [{ lockedUntil: null }, { lockedUntil: { lt: now } }],
      contest: { isPublished: true },
    },
    select: { contestId: true, step: true, round: true },
    orderBy: [{ dueAt: "asc" }, { id: "asc" }],
    take,
  });
  return rows.flatMap((r) =>
    isStepName(r.step) ? [{ contestId: r.contestId, step: r.step, round: r.round }] : [],
  );
}

export type BeginOutcome =
  | { status: "missing" | "unpublished" | "not-due" | "done" | "busy" | "waiting" }
  | {
      status: "started";
      /** Names this run in the step's lease; renewStepLease and finishStep take it. */
      holder: string;
      mails: MailJob[];
      /** Why the step did nothing: its moment had passed ("skipped"), or nobody to tell. */
      skipped?: string;
      nothing?: string;
      /** Added to the step's note (the capacity warning before round 1; ADR 0045). */
      warning?: string;
    };

export function newRunId() {
  return randomBytes(8).toString("hex");
}

/** The holder's heartbeat: pushes its lease on; false when the lease is no longer its own. */
export async function renewStepLease(
  contestId: string,
  step: StepName,
  holder: string,
  now: Date,
  round = 1,
) {
  const { count } = await prisma.lifecycleStep.updateMany({
    where: { contestId, step, round, lockedBy: holder, finishedAt: null },
    data: { lockedUntil: new Date(now.getTime() + STEP_LEASE_MS) },
  });
  return count === 1;
}

/**
 * Renews the lease every STEP_HEARTBEAT_MS while `work` runs. The clock moves on from `now` by
 * the real time elapsed, so a run on a test's fake clock renews on that clock.
 */
async function withHeartbeat<T>(
  contestId: string,
  step: StepName,
  holder: string,
  now: Date,
  work: () => Promise<T>,
  round = 1,
): Promise<T> {
  const started = Date.now();
  const timer = setInterval(() => {
    const at = new Date(now.getTime() + (Date.now() - started));
    renewStepLease(contestId, step, holder, at, round).catch(() => {});
  }, STEP_HEARTBEAT_MS);
  timer.unref?.();
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}

/**
 * Starts a step: re-reads the contest, checks the guards (published, due, not done, the earlier
 * steps done, nobody else running it), claims the row and runs the step's action. The returned
 * mails are then sent one by one and the step finished with finishStep (or failStep).
 */
export async function beginStep(
  contestId: string,
  step: StepName,
  now: Date,
  holder = newRunId(),
  round = 1,
): Promise<BeginOutcome> {
  const c = await loadContest(contestId);
  if (!c) return { status: "missing" };
  if (!c.isPublished) return { status: "unpublished" };
  const planned = findPlanned(c, step, round);
  if (!planned) return { status: "missing" };
  if (now.getTime() < planned.dueAt.getTime()) return { status: "not-due" };
  await syncSteps(contestId);
  const rows = await prisma.lifecycleStep.findMany({
    where: { contestId },
    select: { step: true, round: true, finishedAt: true },
  });
  const finished = new Set(rows.filter((r) => r.finishedAt).map((r) => `${r.step}:${r.round}`));
  if (finished.has(`${step}:${round}`)) return { status: "done" };
  // Steps run in order: results never before assign, even if the dates say so.
  const before = c.plan.slice(0, c.plan.indexOf(planned));
  if (before.some((p) => !finished.has(`${p.step}:${p.round}`))) {
    return { status: "waiting" };
  }
  const { count } = await prisma.lifecycleStep.updateMany({
    where: {
      contestId,
      step,
      round,
      finishedAt: null,
      OR: [{ lockedUntil: null }, { lockedUntil: { lt: now } }],
    },
    data: {
      lockedUntil: new Date(now.getTime() + STEP_LEASE_MS),
      lockedBy: holder,
      attempts: { increment: 1 },
    },
  });
  if (count !== 1) return { status: "busy" };
  await prisma.lifecycleStep.updateMany({
    where: { contestId, step, round, startedAt: null },
    data: { startedAt: now },
  });
  try {
    const work = await withHeartbeat(
      contestId,
      step,
      holder,
      now,
      () => runStepAction({ step, round }, c, c.rounds, now),
      round,
    );
    return { status: "started", holder, ...work };
  } catch (error) {
    await failStep(contestId, step, error, now, round);
    throw error;
  }
}

/** What a finished step did, for /admin/workflows. */
export type StepResult = { sent: number; skipped?: string; nothing?: string; warning?: string };

function resultOf(step: StepName, r: StepResult): { outcome: StepOutcome; note: string } {
  const also = r.warning ? ` ${r.warning}` : "";
  if (r.skipped) return { outcome: "skipped", note: r.skipped };
  if (r.sent === 0) return { outcome: "nothing", note: nothingNote(step, r.nothing) + also };
  return {
    outcome: "sent",
    note: `${r.sent} ${r.sent === 1 ? "e-mail" : "e-mails"} sent.${also}`,
  };
}

export async function finishStep(
  contestId: string,
  step: StepName,
  now: Date,
  result: StepResult = { sent: 0 },
  round = 1,
) {
  await prisma.lifecycleStep.updateMany({
    where: { contestId, step, round },
    data: {
      finishedAt: now,
      lastError: null,
      nextAttemptAt: null,
      lockedUntil: null,
      lockedBy: null,
      ...resultOf(step, result),
    },
  });
}

/** Records the error and when to try again (null once the attempts are used up). */
export async function failStep(
  contestId: string,
  step: StepName,
  error: unknown,
  now: Date,
  round = 1,
) {
  const row = await prisma.lifecycleStep.findUnique({
    where: { contestId_step_round: { contestId, step, round } },
    select: { attempts: true },
  });
  await prisma.lifecycleStep.updateMany({
    where: { contestId, step, round, finishedAt: null },
    data: {
      lastError: errorMessage(error),
      nextAttemptAt: nextAttemptAt(row?.attempts ?? 1, now),
      lockedUntil: null,
      lockedBy: null,
    },
  });
}

export type RunOutcome =
  | Exclude<BeginOutcome, { status: "started" }>
  | { status: "finished"; sent: number; skipped?: string; nothing?: string }
  | { status: "failed"; error: string };

/**
 * Runs one step to the end in this process (the embedded scheduler and the admin's "Run now").
 * Every recipient is tried; if any failed, the step is recorded as failed and a retry sends only
 * the messages that did not go out.
 */
export async function runStep(
  contestId: string,
  step: StepName,
  now: Date,
  round = 1,
): Promise<RunOutcome> {
  let begun: BeginOutcome;
  try {
    begun = await beginStep(contestId, step, now, newRunId(), round);
  } catch (error) {
    return { status: "failed", error: errorMessage(error) };
  }
  if (begun.status !== "started") return begun;
  const { holder, mails, skipped, nothing, warning } = begun;
  const errors: string[] = [];
  let sent = 0;
  // Messages sent by an earlier attempt count as sent: the step's note tells what went out.
  let done = 0;
  await withHeartbeat(
    contestId,
    step,
    holder,
    now,
    async () => {
      for (const mail of mails) {
        try {
          const outcome = await sendLifecycleMail(mail);
          if (outcome === "sent") sent++;
          if (outcome !== "nothing-to-send") done++;
        } catch (error) {
          errors.push(errorMessage(error));
        }
      }
    },
    round,
  );
  if (errors.length) {
    const error = `${errors.length} of ${mails.length} e-mails failed: ${errors[0]}`;
    await failStep(contestId, step, error, now, round);
    return { status: "failed", error };
  }
  await finishStep(contestId, step, now, { sent: done, skipped, nothing, warning }, round);
  return {
    status: "finished",
    sent,
    ...(skipped ? { skipped } : {}),
    ...(nothing && !done ? { nothing } : {}),
  };
}

/** The entry-submitted event: the confirmation e-mail, once. */
export function confirmEntry(submissionId: string) {
  return sendOnce(`confirm:${submissionId}`, () => sendSubmissionConfirmation(submissionId));
}
