/**
 * How many entries one writer may have in a contest (docs/decisions/0013-entry-form-and-limits.md).
 * The contest's "entries per writer" setting (default 1) counts the writer's live entries: those
 * submitted, waiting for payment or disqualified. Withdrawn and expired entries do not count.
 */
import type { SubmissionStatus } from "./submission-status";

/** Statuses that use up one of the writer's entries. */
export const COUNTED_STATUSES = [
  "pending_payment",
  "submitted",
  "disqualified",
] as const satisfies readonly SubmissionStatus[];

export function countsTowardLimit(status: string) {
  return (COUNTED_STATUSES as readonly string[]).includes(status);
}

/** How many more entries the writer may send; 0 when the limit is reached. */
export function entriesLeft(limit: number, statuses: readonly string[]) {
  return entriesLeftAfter(limit, statuses.filter(countsTowardLimit).length);
}

/** How many more entries the writer may send after `used` counted ones; 0 at the limit. */
export function entriesLeftAfter(limit: number, used: number) {
  return Math.max(0, Math.max(1, limit) - used);
}

/** The refusal when the limit is reached. */
export function entryLimitMessage(limit: number) {
  return limit <= 1
    ? "You have already entered this contest."
    : `You have reached this contest's limit of ${limit} entries.`;
}

/** The rule as the contest and entry pages state it. */
export function entryLimitRule(limit: number) {
  return limit <= 1 ? "One entry per writer." : `Up to ${limit} entries per writer.`;
}
