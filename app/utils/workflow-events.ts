/**
 * The workflow events, as zod schemas: written to the outbox by the change that causes them and
 * delivered to Inngest or to the embedded scheduler (docs/decisions/0017-contest-lifecycle.md).
 */
import { z } from "zod";

export const eventSchemas = {
  /**
   * Sent on publish (the published dates drive the steps) and when a published contest's reminder
   * lead changes (docs/decisions/0022-lifecycle-follows-the-public.md).
   */
  "contest/schedule.changed": z.object({ contestId: z.string() }),
  /** Sent on unpublish: the contest's lifecycle run is cancelled. */
  "contest/unpublished": z.object({ contestId: z.string() }),
  /** An entry became 'submitted': its confirmation e-mail. */
  "entry/submitted": z.object({ submissionId: z.string() }),
  /** Stripe said a Checkout Session completed: the payment is confirmed (docs/decisions/0020-payments.md). */
  "payment/checkout.completed": z.object({ sessionId: z.string() }),
  /** An admin refunded an entry's fee: the entrant is told. */
  "payment/refunded": z.object({ submissionId: z.string() }),
  /**
   * An admin sent a message to a contest's entrants or judges: one e-mail per recipient, each
   * once (docs/decisions/0033-judging-panel.md).
   */
  "contest/message.send": z.object({ messageId: z.string() }),
  /**
   * An entry was received (or its document's text was read): it is checked against the other
   * entries for copies, off the writer's request (docs/decisions/0054-copied-entries.md).
   */
  "entry/copies.check": z.object({ submissionId: z.string() }),
  /** An admin asked for the whole contest to be checked for copies again. */
  "contest/copies.check": z.object({ contestId: z.string() }),
  /** An admin disqualified an entry as a copy: the writer is told, kindly, once. */
  "entry/copy.disqualified": z.object({ submissionId: z.string() }),
} as const;

export type EventName = keyof typeof eventSchemas;
export type EventData<N extends EventName> = z.infer<(typeof eventSchemas)[N]>;
export type WorkflowEvent = {
  [N in EventName]: { name: N; data: EventData<N> };
}[EventName];

export function parseEvent(name: string, payload: unknown): WorkflowEvent {
  if (!(name in eventSchemas)) throw new Error(`Unknown event ${name}`);
  const data = eventSchemas[name as EventName].parse(payload);
  return { name, data } as WorkflowEvent;
}
