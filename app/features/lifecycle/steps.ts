/**
 * The contest lifecycle as pure rules (docs/decisions/0017-contest-lifecycle.md): the steps in
 * order, when each is due from the contest's published UTC dates (the ones the public sees,
 * docs/decisions/0022-lifecycle-follows-the-public.md), and the retry backoff shared by the
 * embedded scheduler's steps and outbox events.
 */
import type { ContestDates } from "~/features/contests/phase";

export const STEPS = ["open", "close", "assign", "remind", "advance", "results"] as const;
export type StepName = (typeof STEPS)[number];

export const STEP_LABEL: Record<StepName, string> = {
  open: "Open submissions",
  close: "Close submissions",
  assign: "Assign judges",
  remind: "Remind judges",
  advance: "Advance entries",
  results: "Publish results",
};

export const HOUR = 3_600_000;
/** The default reminder lead: judges are reminded this many hours before judging closes. */
export const DEFAULT_REMIND_LEAD_HOURS = 48;

const ms = (d: Date | string) => new Date(d).getTime();

/** The dates a step is scheduled by, with the contest's reminder lead (hours; default 48). */
export type ScheduleDates = ContestDates & { remindLeadHours?: number };

/**
 * How long before judging closes judges are reminded: the contest's lead, capped at half the
 * judging window, so a short window still gets its reminder, half-way through.
 */
export function remindLeadMs(
  c: Omit<ScheduleDates, "submissionsOpen" | "submissionsClose" | "resultsAt">,
) {
  const lead = Math.max(0, c.remindLeadHours ?? DEFAULT_REMIND_LEAD_HOURS) * HOUR;
  const half = Math.max(0, ms(c.judgingClose) - ms(c.judgingOpen)) / 2;
  return Math.min(lead, half);
}

/**
 * When a step is due. The submission window includes its close instant, so close is due just
 * after it. The reminder is due its lead before judging closes, never before judging opens.
 */
export function stepDueAt(step: StepName, c: ScheduleDates): Date {
  switch (step) {
    case "open":
      return new Date(ms(c.submissionsOpen));
    case "close":
      return new Date(ms(c.submissionsClose) + 1);
    case "assign":
      return new Date(ms(c.judgingOpen));
    case "remind":
      return new Date(Math.max(ms(c.judgingOpen), ms(c.judgingClose) - remindLeadMs(c)));
    case "advance":
      return new Date(ms(c.judgingClose) + 1);
    case "results":
      return new Date(ms(c.resultsAt));
  }
}

/** One step of a contest's plan: a step name and the judging round it belongs to (1 if none). */
export type StepRef = { step: StepName; round: number };
export type PlannedStep = StepRef & { dueAt: Date };
/** A judging round's dates as the lifecycle schedules by them. */
export type RoundDates = { number: number; judgingOpen: Date; judgingClose: Date };

/**
 * A contest's steps in the order they run (docs/decisions/0032-divisions-and-rounds.md): open,
 * close, then per round k: assign (at its open), remind (its lead before its close, capped at half
 * the round), advance (at its close, all but the last round), then results. A contest of one round
 * (zero or one RoundDates) has exactly today's five steps, all of round 1.
 */
export function plannedSteps(c: ScheduleDates, rounds: RoundDates[]): PlannedStep[] {
  const at = (step: StepName, round: number, dates: ScheduleDates) => ({
    step,
    round,
    dueAt: stepDueAt(step, dates),
  });
  if (rounds.length <= 1)
    return (["open", "close", "assign", "remind", "results"] as const).map((s) => at(s, 1, c));
  const out: PlannedStep[] = [at("open", 1, c), at("close", 1, c)];
  const sorted = [...rounds].sort((a, b) => a.number - b.number);
  sorted.forEach((r, i) => {
    const dates = { ...c, judgingOpen: r.judgingOpen, judgingClose: r.judgingClose };
    out.push(at("assign", r.number, dates), at("remind", r.number, dates));
    if (i < sorted.length - 1) out.push(at("advance", r.number, dates));
  });
  out.push(at("results", 1, c));
  return out;
}

/** The step's name on /admin/workflows: "Assign judges · Round 2", "Advance to round 2". */
export function stepLabel(ref: StepRef, rounds: number): string {
  if (ref.step === "advance") return `Advance to round ${ref.round + 1}`;
  if (rounds > 1 && (ref.step === "assign" || ref.step === "remind"))
    return `${STEP_LABEL[ref.step]} · Round ${ref.round}`;
  return STEP_LABEL[ref.step];
}

export function isStepDue(step: StepName, c: ScheduleDates, now: Date) {
  return now.getTime() >= stepDueAt(step, c).getTime();
}

/**
 * Why a step that has come due must not do its work now, because its moment has passed in a way
 * that would mislead (docs/decisions/0022-lifecycle-follows-the-public.md): an "open for
 * submissions" e-mail after the window closed, judges assigned or reminded after judging closed.
 * Null when the step may run. Closing and results are right whenever they run.
 */
export function skipReason(step: StepName, c: ContestDates, now: Date): string | null {
  const t = now.getTime();
  if (step === "open" && t > ms(c.submissionsClose))
    return "Submissions had already closed, so no “open for submissions” e-mail was sent.";
  if ((step === "assign" || step === "remind") && t > ms(c.judgingClose))
    return step === "assign"
      ? "Judging had already closed, so no judges were assigned."
      : "Judging had already closed, so no reminders were sent.";
  return null;
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

/** How long a run holds an outbox event; a process that dies mid-run frees it after this. */
export const LOCK_MS = 5 * 60_000;

/**
 * A step's lease: the run holding a step renews it every STEP_HEARTBEAT_MS while it works, so a
 * lease not renewed within STEP_LEASE_MS means its holder is gone, and the step may be taken over
 * (docs/decisions/0022-lifecycle-follows-the-public.md).
 */
export const STEP_LEASE_MS = 60_000;
export const STEP_HEARTBEAT_MS = 15_000;

/**
 * The scheduler's own lease is the step's (ADR 0045): a dead instance's tick and the step it
 * claimed both run out a minute after its last heartbeat, so the survivor takes the step over at
 * its first tick after that. The tick renews it on the same heartbeat; ticks come at least twice
 * a lease, and a waiting instance wakes when the lease it waits for runs out.
 */
export const SCHEDULER_LEASE_MS = 60_000;

/** The loop's interval (at most half the lease) and its lease. */
export function schedulerTiming(intervalMs = 30_000) {
  return {
    intervalMs: Math.max(100, Math.min(intervalMs, SCHEDULER_LEASE_MS / 2)),
    leaseMs: SCHEDULER_LEASE_MS,
  };
}

/**
 * How long the loop waits before its next tick: the interval, or less when what it waits for
 * (another instance's lease, a step's lease) runs out sooner; never less than a second (or the
 * interval, when that is shorter).
 */
export function nextTickDelay(now: Date, intervalMs: number, wakeAt: Date | null) {
  if (!wakeAt) return intervalMs;
  const soonest = Math.min(1_000, intervalMs);
  return Math.max(soonest, Math.min(intervalMs, wakeAt.getTime() - now.getTime() + 1));
}

export function errorMessage(error: unknown) {
  if (error instanceof Error) return error.message.slice(0, 1000);
  // A thrown Response (the database that stayed busy answers 503 that way, ADR 0010): its status,
  // where JSON would say "{}".
  if (typeof Response !== "undefined" && error instanceof Response)
    return error.status === 503
      ? "The database stayed busy (503)."
      : `Answered ${error.status} ${error.statusText}`.trim();
  // A driver adapter may reject with a plain object (its kind and code): say what it holds.
  try {
    return (JSON.stringify(error) ?? String(error)).slice(0, 1000);
  } catch {
    return String(error).slice(0, 1000);
  }
}

/** Steps that never send e-mail (advance): their note says what they did, not "Nothing to send". */
const MAILLESS: ReadonlySet<string> = new Set(["advance"]);

/** The note of a finished step that sent nothing (ADR 0045). */
export function nothingNote(step: string, nothing?: string) {
  if (MAILLESS.has(step)) return nothing ?? "Done.";
  return `Nothing to send.${nothing ? ` ${nothing}` : ""}`;
}
