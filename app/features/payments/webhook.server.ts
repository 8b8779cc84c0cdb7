/**
 * The Stripe webhook (docs/decisions/0020-payments.md): the raw body's signature is verified
 * (a bad one gets 400 and changes nothing), each event id is recorded once (a replay does
 * nothing), and a completed checkout becomes a payment/checkout.completed outbox event in the same
 * transaction, which the finalize workflow turns into a confirmed entry.
 */
import { enqueueEvent } from "~/utils/outbox.server";
import { isUniqueViolation, prisma } from "~/utils/db.server";
import { paymentsMode } from "~/utils/env.server";
import { verifyStripeEvent } from "~/utils/stripe.server";

const CONFIRMING_EVENTS = new Set([
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
]);

export type WebhookOutcome =
  | { status: 404 | 400; message: string }
  | { status: 200; message: string; outboxEventId: string | null };

export async function receiveStripeWebhook(payload: string, signature: string | null) {
  if (paymentsMode() !== "stripe")
    return { status: 404, message: "Stripe is not configured." } satisfies WebhookOutcome;
  if (!signature)
    return { status: 400, message: "Missing Stripe-Signature header." } satisfies WebhookOutcome;
  let event: ReturnType<typeof verifyStripeEvent>;
  try {
    event = verifyStripeEvent(payload, signature);
  } catch {
    return { status: 400, message: "Invalid signature." } satisfies WebhookOutcome;
  }
  const sessionId =
    CONFIRMING_EVENTS.has(event.type) &&
    typeof (event.data.object as { id?: unknown }).id === "string"
      ? (event.data.object as { id: string }).id
      : null;
  try {
    const outboxEventId = await prisma.$transaction(async (tx) => {
      await tx.stripeEvent.create({ data: { id: event.id, type: event.type } });
      if (!sessionId) return null;
      const { id } = await enqueueEvent(tx, "payment/checkout.completed", { sessionId });
      return id;
    });
    return { status: 200, message: "ok", outboxEventId } satisfies WebhookOutcome;
  } catch (error) {
    if (isUniqueViolation(error))
      return { status: 200, message: "duplicate", outboxEventId: null } satisfies WebhookOutcome;
    throw error;
  }
}
