/**
 * POST /api/webhooks/stripe: Stripe's events, signature-checked (docs/decisions/0020-payments.md).
 * The caller is Stripe, identified by the signature, never by a session.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { deliverEvent } from "~/features/lifecycle/outbox.server";
import { receiveStripeWebhook } from "~/features/payments/webhook.server";
import { outboxDelivery } from "../../../inngest/dispatch";

export async function loader() {
  return Response.json(
    { message: "Method not allowed" },
    { status: 405, headers: { Allow: "POST" } },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return loader();
  const payload = await request.text().catch(() => null);
  if (payload === null) return Response.json({ message: "Unreadable body." }, { status: 400 });
  const outcome = await receiveStripeWebhook(payload, request.headers.get("Stripe-Signature"));
  if (outcome.status === 200 && outcome.outboxEventId) {
    // Deliver now rather than at the scheduler's next tick; a failure stays in the outbox for retry.
    await deliverEvent(outcome.outboxEventId, new Date(), outboxDelivery());
  }
  return Response.json({ message: outcome.message }, { status: outcome.status });
}
