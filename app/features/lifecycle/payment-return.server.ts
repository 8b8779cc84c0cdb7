/**
 * The return from the checkout (/dashboard?payment=success&submission=…), as the spec's payment
 * return describes: finalize the payment (asking the provider, never the query string), then send
 * the confirmation, then the toast. A failed e-mail never undoes the confirmed entry
 * (docs/decisions/0020-payments.md).
 */
import { confirmEntry } from "./lifecycle.server";
import type { Toast } from "~/utils/toast.server";
import { finalizeReturn } from "~/features/payments/checkout.server";

export const RETURN_TOASTS = {
  confirmed: {
    type: "success",
    title: "Payment Successful",
    description: "Your submission has been confirmed!",
  },
  emailFailed: {
    type: "warning",
    title: "Warning",
    description: "Payment received but there was an issue sending confirmation.",
  },
  processing: {
    type: "info",
    title: "Payment processing",
    description:
      "We have not heard from the payment provider yet. Your entry is submitted as soon as the payment is confirmed.",
  },
  refundedLate: {
    type: "error",
    title: "Payment refunded",
    description:
      "Submissions had closed (or the entry was withdrawn) before the payment arrived, so the payment was refunded.",
  },
} as const satisfies Record<string, Toast>;

/** The toast for the return, or null when the parameters name nothing of this entrant's to pay. */
export async function paymentReturnToast(entrantId: string, submissionId: string) {
  const outcome = await finalizeReturn(entrantId, submissionId);
  switch (outcome.kind) {
    case "none":
      return null;
    case "processing":
      return RETURN_TOASTS.processing;
    case "refunded-late":
      return RETURN_TOASTS.refundedLate;
    case "confirmed":
      try {
        // Sent at most once, whoever gets there first: this return or the outbox's workflow.
        await confirmEntry(outcome.submissionId);
        return RETURN_TOASTS.confirmed;
      } catch (error) {
        console.error(`confirmation for ${outcome.submissionId} failed`, error);
        return RETURN_TOASTS.emailFailed;
      }
  }
}
