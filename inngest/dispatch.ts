/**
 * Where outbox events go (docs/decisions/0018-embedded-scheduler.md): to Inngest when it is
 * configured, with the outbox row id as the event id so a resend is deduplicated; otherwise to
 * the services of this process.
 */
import type { OutboxDelivery } from "~/features/lifecycle/outbox.server";
import { handleLocally } from "~/features/lifecycle/scheduler.server";
import { inngestConfigured } from "~/utils/env.server";
import { inngest } from "./client";

export const sendToInngest: OutboxDelivery = async (event) => {
  await inngest.send({ id: event.id, name: event.name, data: event.data });
};

/** The delivery in use: Inngest's, or the local services'. */
export function outboxDelivery(): OutboxDelivery {
  return inngestConfigured() ? sendToInngest : handleLocally;
}
