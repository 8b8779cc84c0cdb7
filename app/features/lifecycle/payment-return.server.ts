/**
 * The return from the checkout (/dashboard?payment=success&submission=…), as the spec's payment
 * return describes: finalize the payment (asking the provider, never the query string), then send
 * the confirmation, then the toast. A failed e-mail never undoes the confirmed entry
 * (docs/decisions/0020-payments.md).
 */
import { confirmEntry } from "./lifecycle.server";
import type { Toast } from "~/utils/toast.server";
import { finalizeReturn } from "~/features/payments/checkout.server";
import {
  finalizeGroup,
  groupStillPayable,
  settleOpenGroups,
} from "~/features/payments/group-settlement.server";
import { prisma } from "~/utils/db.server";
import { tellGroupPayment } from "./payment-mail.server";

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

const GROUP_NOT_PAID: Toast = {
  type: "info",
  title: "Nothing was paid",
  description:
    "This payment page was closed before it was paid, so nothing was charged. The entries below show where they are now.",
};

/**
 * The return from a class payment's checkout (…?payment=success&group=…): the same finalize as
 * the webhook's, then the one receipt; a cancelled checkout gives the entries back
 * (docs/decisions/0031-classrooms-and-shared-computers.md). Null when the group is not this payer's.
 */
export async function groupReturnToast(
  payerId: string,
  groupId: string,
  result: string | null,
): Promise<Toast | null> {
  const group = await prisma.paymentGroup.findFirst({
    where: { id: groupId, payerId, method: "card" },
    select: { id: true, contestId: true },
  });
  if (!group) return null;
  if (result === "cancelled") {
    await settleOpenGroups(payerId, group.contestId, group.id);
    const now = await prisma.paymentGroup.findUniqueOrThrow({
      where: { id: group.id },
      select: { status: true },
    });
    if (now.status !== "paid")
      return {
        type: "info",
        title: "Payment cancelled",
        description: "Nothing was paid. The entries are waiting for payment again.",
      };
  }
  const outcome = await finalizeGroup(group.id);
  if (outcome === "unpaid" || outcome === "unknown-session") {
    // "Success" in the address proves nothing: a checkout that was stopped (started again,
    // cancelled in another tab, its entries then invoiced) or expired was not paid, and says so.
    const open = await groupStillPayable(group.id);
    if (!open) {
      await settleOpenGroups(payerId, group.contestId, group.id);
      return GROUP_NOT_PAID;
    }
    return RETURN_TOASTS.processing;
  }
  if (outcome === "refunded-late") return RETURN_TOASTS.refundedLate;
  if (outcome !== "confirmed" && outcome !== "already-confirmed") return null;
  try {
    await tellGroupPayment(group.id);
    return {
      type: "success",
      title: "Payment Successful",
      description: "Your class's entries are submitted. A receipt is on its way.",
    };
  } catch (error) {
    console.error(`receipt for group ${group.id} failed`, error);
    return RETURN_TOASTS.emailFailed;
  }
}
