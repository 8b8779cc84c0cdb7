/**
 * Writing to the outbox (docs/decisions/0017-contest-lifecycle.md): any capability records a
 * workflow event in the same transaction as the change that causes it; the lifecycle delivers it
 * (app/features/lifecycle/outbox.server.ts). Shared infrastructure, so a capability that emits an
 * event does not depend on the lifecycle that handles it (docs/decisions/0029-dependency-graph.md).
 */
import type { prisma } from "~/utils/db.server";
import type { EventData, EventName } from "~/utils/workflow-events";

type OutboxWriter = { outboxEvent: Pick<typeof prisma.outboxEvent, "create"> };

/** Writes one event; pass the transaction client of the change that causes it. */
export function enqueueEvent<N extends EventName>(
  db: OutboxWriter,
  name: N,
  data: EventData<N>,
  now = new Date(),
) {
  return db.outboxEvent.create({
    data: { name, payload: JSON.stringify(data), nextAttemptAt: now },
    select: { id: true },
  });
}
