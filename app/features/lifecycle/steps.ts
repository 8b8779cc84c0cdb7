/**
 * The contest lifecycle as pure rules (docs/decisions/0017-contest-lifecycle.md): the steps in
 * order, when each is due from the contest's stored UTC dates, and the retry backoff shared by
 * the embedded scheduler's steps and outbox events.
 */
import type { ContestDates } from "~/features/contests/phase";

export const STEPS = ["open", "close", "assign", "remind", "results"] as const;
export type StepName = (typeof STEPS)[number];

export const STEP_LABEL: Record<StepName, string> = {
  open: "Open submissions",
  close: "Close submissions",
  assign: "Assign judges",
  remind: "Remind judges",
  results: "Publish results",
};

export const HOUR = 3_600_000;
/** Judges are reminded this long before judging closes. */
export const REMIND_BEFORE_MS = 48 * HOUR;

const ms = (d: Date | string) => new Date(d).getTime();

/**
 * When a step is due. The submission window includes its close instant, so close is due just
 * after it. The reminder is never due before judging opens.
 */
export function stepDueAt(step: StepName, c: ContestDates): Date {
  switch (step) {
    case "open":
      return new Date(ms(c.submissionsOpen));
    case "close":
      return new Date(ms(c.submissionsClose) + 1);
    case "assign":
      return new Date(ms(c.judgingOpen));
    case "remind":
      return new Date(Math.max(ms(c.judgingOpen), ms(c.judgingClose) - REMIND_BEFORE_MS));
    case "results":
      return new Date(ms(c.resultsAt));
  }
}

export function isStepDue(step: StepName, c: ContestDates, now: Date) {
  return now.getTime() >= stepDueAt(step, c).getTime();
}

/**
 * Reminders are worth sending only while judging is still open and when the judging window is
 * longer than the reminder lead (otherwise the assignment e-mail, which names the due date, has
 * just said the same).
 */
export function shouldSendReminders(
  c: Pick<ContestDates, "judgingOpen" | "judgingClose">,
  now: Date,
) {
  return (
    now.getTime() < ms(c.judgingClose) && ms(c.judgingClose) - ms(c.judgingOpen) > REMIND_BEFORE_MS
  );
}

/** Attempts after which the embedded scheduler stops retrying on its own (an admin can retry). */
export const MAX_ATTEMPTS = 8;
const BASE_BACKOFF_MS = 30_000;

/** Delay before the next attempt after `attempts` failed ones: 30 s, 1 min, 2 min, … capped at 1 h. */
export function backoffMs(attempts: number) {
  return Math.min(BASE_BACKOFF_MS * 2 ** Math.max(0, attempts - 1), HOUR);
}

/** The next attempt's time, or null when the attempts are used up (the row is then "failed"). */
export function nextAttemptAt(attempts: number, now: Date): Date | null {
  return attempts >= MAX_ATTEMPTS ? null : new Date(now.getTime() + backoffMs(attempts));
}

export function isStepName(value: string): value is StepName {
  return (STEPS as readonly string[]).includes(value);
}

/** How long a run holds a step or an event; a process that dies mid-run frees it after this. */
export const LOCK_MS = 5 * 60_000;

export function errorMessage(error: unknown) {
  return (error instanceof Error ? error.message : String(error)).slice(0, 1000);
}
