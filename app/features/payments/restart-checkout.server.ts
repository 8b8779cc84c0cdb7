/**
 * A single writer's started checkout, started again (docs/decisions/0044-class-entries-consent.md):
 * "Complete payment" returns to a checkout left open (`startCheckout` reuses it); this closes it
 * at the provider so the next "Complete payment" opens a new one.
 */
import { prisma } from "~/utils/db.server";
import { DomainError } from "~/utils/domain-error";
import { finalizeCheckout, PAYMENT_MESSAGES } from "./checkout.server";
import { paymentProvider } from "./provider.server";

/**
 * "Start the payment again" (ADR 0044): the entry's started checkout is closed at the provider so
 * it can no longer be paid, and the next "Complete payment" opens a new one. A checkout paid in
 * the meantime is confirmed instead ("paid"). Throws DomainError when the entry is not waiting.
 */
export async function stopCheckout(
  entrantId: string,
  submissionId: string,
): Promise<"paid" | "stopped"> {
  const payment = await prisma.payment.findFirst({
    where: { submissionId, submission: { entrantId, status: "pending_payment" } },
    select: { id: true, status: true, checkoutSessionId: true, groupId: true },
  });
  if (!payment || payment.status !== "open" || payment.groupId)
    throw new DomainError(PAYMENT_MESSAGES.notPending);
  if (!payment.checkoutSessionId) return "stopped";
  const provider = paymentProvider();
  const current = await provider.getCheckout(payment.checkoutSessionId);
  if (current?.status === "open" && !current.paid) await provider.expireCheckout(current.id);
  const after = await provider.getCheckout(payment.checkoutSessionId);
  if (after?.paid) {
    await finalizeCheckout(after.id);
    return "paid";
  }
  await prisma.payment.updateMany({
    where: { id: payment.id, status: "open", checkoutSessionId: payment.checkoutSessionId },
    data: { checkoutSessionId: null },
  });
  return "stopped";
}
