/**
 * The lifecycle steps as idempotent services, shared by the Inngest functions and the embedded
 * scheduler (docs/decisions/0017-contest-lifecycle.md). A step is one row per contest and step;
 * a run claims the row (lockedUntil), so two runs never overlap; it does the step's action, sends
 * its e-mails one by one (each at most once) and records the outcome. Running a finished step, or
 * one that is not due yet, changes nothing.
 */
import { sendSubmissionConfirmation } from "~/features/entries/entrant-submissions.server";
import { prisma } from "~/utils/db.server";
import { sendLifecycleMail, sendOnce, type MailJob } from "./mail.server";
import { STEP_ACTIONS, lifecycleContestSelect, type LifecycleContest } from "./step-actions.server";
import {
  LOCK_MS,
  STEPS,
  errorMessage,
  isStepDue,
  isStepName,
  nextAttemptAt,
  stepDueAt,
  type StepName,
} from "./steps";

function loadContest(contestId: string): Promise<LifecycleContest | null> {
  return prisma.contest.findUnique({ where: { id: contestId }, select: lifecycleContestSelect });
}

/**
 * Creates or updates the contest's step rows from its current dates (a published contest only).
 * Finished steps keep their times; unfinished ones take the new due time.
 */
export async function syncSteps(contestId: string) {
  const c = await loadContest(contestId);
  if (!c?.isPublished) return 0;
  for (const step of STEPS) {
    const dueAt = stepDueAt(step, c);
    const row = await prisma.lifecycleStep.findUnique({
      where: { contestId_step: { contestId, step } },
      select: { finishedAt: true, attempts: true, nextAttemptAt: true },
    });
    if (!row) {
      await prisma.lifecycleStep.upsert({
        where: { contestId_step: { contestId, step } },
        create: { contestId, step, dueAt, nextAttemptAt: dueAt },
        update: {},
      });
    } else if (!row.finishedAt) {
      const waitUntil =
        row.attempts === 0 || !row.nextAttemptAt
          ? dueAt
          : new Date(Math.max(dueAt.getTime(), row.nextAttemptAt.getTime()));
      await prisma.lifecycleStep.updateMany({
        where: { contestId, step, finishedAt: null },
        data: {
          dueAt,
          ...(row.attempts === 0 || row.nextAttemptAt ? { nextAttemptAt: waitUntil } : {}),
        },
      });
    }
  }
  return STEPS.length;
}

export type StepPlan =
  | { status: "stop"; reason: "missing" | "unpublished" }
  | { status: "done" }
  | { status: "pending"; dueAt: string };

/** Where a step stands for a workflow: stop (gone or unpublished), done, or due at a UTC instant. */
export async function stepPlan(contestId: string, step: StepName): Promise<StepPlan> {
  const c = await loadContest(contestId);
  if (!c) return { status: "stop", reason: "missing" };
  if (!c.isPublished) return { status: "stop", reason: "unpublished" };
  await syncSteps(contestId);
  const row = await prisma.lifecycleStep.findUniqueOrThrow({
    where: { contestId_step: { contestId, step } },
    select: { finishedAt: true },
  });
  if (row.finishedAt) return { status: "done" };
  return { status: "pending", dueAt: stepDueAt(step, c).toISOString() };
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
    select: { contestId: true, step: true },
    orderBy: [{ dueAt: "asc" }, { id: "asc" }],
    take,
  });
  return rows.flatMap((r) =>
    isStepName(r.step) ? [{ contestId: r.contestId, step: r.step }] : [],
  );
}

export type BeginOutcome =
  | { status: "missing" | "unpublished" | "not-due" | "done" | "busy" | "waiting" }
  | { status: "started"; mails: MailJob[] };

/**
 * Starts a step: re-reads the contest, checks the guards (published, due, not done, the earlier
 * steps done, nobody else running it), claims the row and runs the step's action. The returned
 * mails are then sent one by one and the step finished with finishStep (or failStep).
 */
export async function beginStep(
  contestId: string,
  step: StepName,
  now: Date,
): Promise<BeginOutcome> {
  const c = await loadContest(contestId);
  if (!c) return { status: "missing" };
  if (!c.isPublished) return { status: "unpublished" };
  if (!isStepDue(step, c, now)) return { status: "not-due" };
  await syncSteps(contestId);
  const rows = await prisma.lifecycleStep.findMany({
    where: { contestId },
    select: { step: true, finishedAt: true },
  });
  const finished = new Set(rows.filter((r) => r.finishedAt).map((r) => r.step));
  if (finished.has(step)) return { status: "done" };
  // Steps run in order: results never before assign, even if the dates say so.
  if (STEPS.slice(0, STEPS.indexOf(step)).some((s) => !finished.has(s))) {
    return { status: "waiting" };
  }
  const { count } = await prisma.lifecycleStep.updateMany({
    where: {
      contestId,
      step,
      finishedAt: null,
      OR: [{ lockedUntil: null }, { lockedUntil: { lt: now } }],
    },
    data: { lockedUntil: new Date(now.getTime() + LOCK_MS), attempts: { increment: 1 } },
  });
  if (count !== 1) return { status: "busy" };
  await prisma.lifecycleStep.updateMany({
    where: { contestId, step, startedAt: null },
    data: { startedAt: now },
  });
  try {
    return { status: "started", mails: await STEP_ACTIONS[step](c, now) };
  } catch (error) {
    await failStep(contestId, step, error, now);
    throw error;
  }
}

export async function finishStep(contestId: string, step: StepName, now: Date) {
  await prisma.lifecycleStep.updateMany({
    where: { contestId, step },
    data: { finishedAt: now, lastError: null, nextAttemptAt: null, lockedUntil: null },
  });
}

/** Records the error and when to try again (null once the attempts are used up). */
export async function failStep(contestId: string, step: StepName, error: unknown, now: Date) {
  const row = await prisma.lifecycleStep.findUnique({
    where: { contestId_step: { contestId, step } },
    select: { attempts: true },
  });
  await prisma.lifecycleStep.updateMany({
    where: { contestId, step, finishedAt: null },
    data: {
      lastError: errorMessage(error),
      nextAttemptAt: nextAttemptAt(row?.attempts ?? 1, now),
      lockedUntil: null,
    },
  });
}

export type RunOutcome =
  | Exclude<BeginOutcome, { status: "started" }>
  | { status: "finished"; sent: number }
  | { status: "failed"; error: string };

/**
 * Runs one step to the end in this process (the embedded scheduler and the admin's "Run now").
 * Every recipient is tried; if any failed, the step is recorded as failed and a retry sends only
 * the messages that did not go out.
 */
export async function runStep(contestId: string, step: StepName, now: Date): Promise<RunOutcome> {
  let begun: BeginOutcome;
  try {
    begun = await beginStep(contestId, step, now);
  } catch (error) {
    return { status: "failed", error: errorMessage(error) };
  }
  if (begun.status !== "started") return begun;
  const errors: string[] = [];
  let sent = 0;
  for (const mail of begun.mails) {
    try {
      if ((await sendLifecycleMail(mail)) === "sent") sent++;
    } catch (error) {
      errors.push(errorMessage(error));
    }
  }
  if (errors.length) {
    const error = `${errors.length} of ${begun.mails.length} e-mails failed: ${errors[0]}`;
    await failStep(contestId, step, error, now);
    return { status: "failed", error };
  }
  await finishStep(contestId, step, now);
  return { status: "finished", sent };
}

/** The entry-submitted event: the confirmation e-mail, once. */
export function confirmEntry(submissionId: string) {
  return sendOnce(`confirm:${submissionId}`, () => sendSubmissionConfirmation(submissionId));
}
