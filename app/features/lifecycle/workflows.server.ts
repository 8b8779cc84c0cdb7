/**
 * The admin Workflows page's data: each contest's steps and the outbox, with what an admin may do
 * next (docs/decisions/0018-embedded-scheduler.md).
 */
import { prisma } from "~/utils/db.server";
import { nothingNote, STEPS, stepLabel, type StepRef } from "./steps";
import type { RunOutcome } from "./lifecycle.server";

export type StepState =
  "done" | "skipped" | "running" | "stalled" | "failed" | "retrying" | "due" | "scheduled";

/**
 * A step's state. "stalled": a run claimed it and stopped renewing its lease (its process died);
 * the scheduler takes it over on its next tick, and an admin may Retry at once
 * (docs/decisions/0022-lifecycle-follows-the-public.md).
 */
export function stepState(
  row: {
    dueAt: Date;
    finishedAt: Date | null;
    outcome?: string | null;
    lastError: string | null;
    nextAttemptAt: Date | null;
    lockedUntil: Date | null;
    lockedBy?: string | null;
  },
  now: Date,
): StepState {
  if (row.finishedAt) return row.outcome === "skipped" ? "skipped" : "done";
  if (row.lockedUntil && row.lockedUntil > now) return "running";
  if (row.lockedBy) return "stalled";
  if (row.lastError) return row.nextAttemptAt ? "retrying" : "failed";
  return row.dueAt <= now ? "due" : "scheduled";
}

export const WORKFLOW_CONTESTS = 20;

/** Contests with lifecycle steps (newest first), each with its steps in order. */
export async function workflowContests(now: Date, only?: { contestId: string }) {
  const contests = await prisma.contest.findMany({
    // One contest's steps for its workspace's Schedule (docs/decisions/0050-contest-workspace.md).
    where: only ? { id: only.contestId } : { lifecycleSteps: { some: {} } },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    take: WORKFLOW_CONTESTS,
    select: {
      id: true,
      title: true,
      timeZone: true,
      isPublished: true,
      lifecycleSteps: {
        select: {
          step: true,
          round: true,
          dueAt: true,
          finishedAt: true,
          attempts: true,
          lastError: true,
          nextAttemptAt: true,
          lockedUntil: true,
          lockedBy: true,
          outcome: true,
          note: true,
        },
      },
    },
  });
  return contests.map(({ lifecycleSteps, ...c }) => {
    // In run order: open, close, per round assign, remind, advance, then results.
    const rank = (r: { step: string; round: number }) =>
      r.step === "open" || r.step === "close" || r.step === "results"
        ? STEPS.indexOf(r.step) * 1000 + (r.step === "results" ? 1_000_000 : 0)
        : 10_000 + r.round * 100 + STEPS.indexOf(r.step as (typeof STEPS)[number]);
    const rows = [...lifecycleSteps].sort((a, b) => rank(a) - rank(b));
    const rounds = Math.max(1, ...rows.map((r) => r.round));
    return {
      ...c,
      steps: rows.flatMap((row) => {
        const step = row.step as (typeof STEPS)[number];
        if (!STEPS.includes(step)) return [];
        const state = stepState(row, now);
        return [
          {
            step,
            round: row.round,
            label: stepLabel({ step, round: row.round }, rounds),
            state,
            dueAt: row.dueAt,
            finishedAt: row.finishedAt,
            attempts: row.attempts,
            lastError: row.lastError,
            nextAttemptAt: row.nextAttemptAt,
            note: row.note,
            action:
              !c.isPublished ||
              state === "done" ||
              state === "skipped" ||
              state === "running" ||
              state === "scheduled"
                ? null
                : state === "due"
                  ? ("Run now" as const)
                  : ("Retry" as const),
          },
        ];
      }),
    };
  });
}

/** Outbox events not delivered yet: pending (will be tried) and failed (attempts used up). */
export async function undeliveredEvents(take = 50) {
  const rows = await prisma.outboxEvent.findMany({
    where: { deliveredAt: null },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take,
  });
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    payload: r.payload,
    createdAt: r.createdAt,
    attempts: r.attempts,
    lastError: r.lastError,
    nextAttemptAt: r.nextAttemptAt,
    failed: r.nextAttemptAt === null,
  }));
}

/** The toast after "Run now" or "Retry". */
export function runOutcomeToast(label: string, outcome: RunOutcome, step = "") {
  switch (outcome.status) {
    case "finished":
      if (outcome.skipped)
        return {
          type: "success" as const,
          title: `${label}: skipped`,
          description: outcome.skipped,
        };
      return {
        type: "success" as const,
        title: `${label}: done`,
        description: outcome.sent
          ? `${outcome.sent} ${outcome.sent === 1 ? "e-mail" : "e-mails"} sent.`
          : nothingNote(step, outcome.nothing),
      };
    case "failed":
      return { type: "error" as const, title: `${label} failed`, description: outcome.error };
    case "done":
      return { type: "success" as const, title: `${label} had already run` };
    case "not-due":
      return { type: "error" as const, title: `${label} is not due yet` };
    case "waiting":
      return { type: "error" as const, title: `${label} waits for the steps before it` };
    case "busy":
      return { type: "error" as const, title: `${label} is running already` };
    case "unpublished":
      return { type: "error" as const, title: "The contest is not published" };
    case "missing":
      return { type: "error" as const, title: "Contest not found" };
  }
}

/** A step's name on /admin/workflows and in its toasts ("Assign judges · Round 2"). */
export async function stepTitle(contestId: string, ref: StepRef) {
  return stepLabel(ref, await prisma.judgingRound.count({ where: { contestId } }));
}
