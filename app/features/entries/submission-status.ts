import type { SubmissionStatus as DbSubmissionStatus } from "~/generated/prisma/client";
import { DomainError } from "~/utils/domain-error";
import { resultsOut, type ResultsRelease } from "~/features/contests/results-release";
/**
 * The submission status state machine (docs/decisions/0009-domain-rules.md), as pure transitions:
 *   pending_payment → submitted     (payment confirmed, or free / fully discounted)
 *   pending_payment → expired       (unpaid when submissions close)
 *   pending_payment → withdrawn     (by the entrant while submissions are open; never paid)
 *   submitted       → withdrawn     (by the entrant while submissions are open, or refunded)
 *   submitted       → disqualified  (by an admin, with a reason the entrant can read)
 *   disqualified    → submitted     (reinstate: an admin undoes a disqualification)
 *   disqualified    → withdrawn     (an admin refunds the entry's fee)
 * Only `submitted` entries are judged and ranked. Disqualifying or withdrawing removes the
 * entry's unscored assignments; submitted scores stay (docs/decisions/0016).
 */
import { isSubmissionWindowOpen, type ContestDates } from "~/features/contests/phase";

/** The column's typed set (prisma/schema.prisma); TRANSITIONS below names every one of them. */
export type SubmissionStatus = DbSubmissionStatus;
export const SUBMISSION_STATUSES = [
  "pending_payment",
  "submitted",
  "expired",
  "withdrawn",
  "disqualified",
] as const satisfies readonly SubmissionStatus[];

export type SubmissionEvent =
  "confirm" | "expire" | "withdraw" | "disqualify" | "reinstate" | "refund";

const TRANSITIONS: Record<SubmissionStatus, Partial<Record<SubmissionEvent, SubmissionStatus>>> = {
  pending_payment: { confirm: "submitted", expire: "expired", withdraw: "withdrawn" },
  submitted: { withdraw: "withdrawn", disqualify: "disqualified", refund: "withdrawn" },
  expired: {},
  withdrawn: {},
  disqualified: { reinstate: "submitted", refund: "withdrawn" },
};

export function isSubmissionStatus(value: unknown): value is SubmissionStatus {
  return typeof value === "string" && (SUBMISSION_STATUSES as readonly string[]).includes(value);
}

/** The status after `event`, or null when the event is not allowed from `status`. */
export function nextStatus(status: string, event: SubmissionEvent): SubmissionStatus | null {
  if (!isSubmissionStatus(status)) return null;
  return TRANSITIONS[status][event] ?? null;
}

export function canTransition(status: string, event: SubmissionEvent) {
  return nextStatus(status, event) !== null;
}

/** A new entry: free contests go straight to submitted, a fee above zero waits for payment. */
export function initialStatus(entryFeeCents: number): SubmissionStatus {
  return entryFeeCents > 0 ? "pending_payment" : "submitted";
}

/** Withdrawal: a submitted or unpaid entry, and only while the contest's submission window is open. */
export function canWithdraw(
  submission: { status: string },
  contest: Pick<ContestDates, "submissionsOpen" | "submissionsClose">,
  now: Date = new Date(),
) {
  return canTransition(submission.status, "withdraw") && isSubmissionWindowOpen(contest, now);
}

/** Only submitted entries are judged and ranked. */
export const isJudgeable = (status: string) => status === "submitted";

export const STATUS_LABEL: Record<SubmissionStatus, string> = {
  pending_payment: "Pending payment",
  submitted: "Submitted",
  expired: "Expired",
  withdrawn: "Withdrawn",
  disqualified: "Disqualified",
};

export function statusLabel(status: string) {
  return isSubmissionStatus(status) ? STATUS_LABEL[status] : status;
}

/** Badge variants: primary for submitted, destructive for disqualified, secondary otherwise. */
export function statusBadgeVariant(status: string): "default" | "secondary" | "destructive" {
  if (status === "submitted") return "default";
  if (status === "disqualified") return "destructive";
  return "secondary";
}

/** A status change the entry's current state does not allow (shown to the user as it is). */
export class TransitionRefused extends DomainError {}

/** Payment states of an entry that was never paid: still due, or voided when it expired or was withdrawn. */
const UNPAID = new Set(["open", "void"]);

/**
 * The word before an entry's date (its creation): "Submitted" only for an entry that was really
 * submitted, free or paid. An entry waiting for payment, expired unpaid, or withdrawn before it
 * was paid was created, not submitted, on that date (docs/decisions/0027-narrow-screens.md).
 */
export function submissionDateLabel(status: string, paymentStatus?: string | null) {
  if (status === "pending_payment" || status === "expired") return "Created";
  if (status === "withdrawn" && paymentStatus && UNPAID.has(paymentStatus)) return "Created";
  return "Submitted";
}

/**
 * "Results available" beside an entry: only an entry that was judged (submitted) has results, and
 * only once its contest's results are out. An expired, withdrawn, unpaid or disqualified entry
 * never says so.
 */
export function entryHasResults(status: string, contest: ResultsRelease, now: Date = new Date()) {
  return isJudgeable(status) && resultsOut(contest, now);
}

/** What a writer does next with an entry waiting for payment. */
export function pendingPaymentNextStep(closes: string) {
  return `Next: pay the entry fee before submissions close (${closes}). Your entry is submitted once the fee is paid; unpaid entries expire when submissions close.`;
}
