/**
 * The Inngest client and the typed workflow events (docs/decisions/0017-contest-lifecycle.md).
 * The event schemas are the ones the outbox validates with (app/utils/workflow-events.ts).
 * Keys come from the environment: INNGEST_EVENT_KEY and INNGEST_SIGNING_KEY in production,
 * INNGEST_DEV=1 for a local dev server.
 */
import { Inngest, eventType } from "inngest";
import { eventSchemas } from "~/utils/workflow-events";

export const inngest = new Inngest({ id: "inkwell" });

export const scheduleChanged = eventType("contest/schedule.changed", {
  schema: eventSchemas["contest/schedule.changed"],
});
export const contestUnpublished = eventType("contest/unpublished", {
  schema: eventSchemas["contest/unpublished"],
});
export const entrySubmitted = eventType("entry/submitted", {
  schema: eventSchemas["entry/submitted"],
});
export const checkoutCompleted = eventType("payment/checkout.completed", {
  schema: eventSchemas["payment/checkout.completed"],
});
export const paymentRefunded = eventType("payment/refunded", {
  schema: eventSchemas["payment/refunded"],
});
export const entryCopiesCheck = eventType("entry/copies.check", {
  schema: eventSchemas["entry/copies.check"],
});
export const contestCopiesCheck = eventType("contest/copies.check", {
  schema: eventSchemas["contest/copies.check"],
});
export const entryCopyDisqualified = eventType("entry/copy.disqualified", {
  schema: eventSchemas["entry/copy.disqualified"],
});
export const contestMessageSend = eventType("contest/message.send", {
  schema: eventSchemas["contest/message.send"],
});
