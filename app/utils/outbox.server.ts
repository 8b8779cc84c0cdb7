/**
 * Writing to the outbox (docs/decisions/0017-contest-lifecycle.md): any capability records a
 * workflow event in the same transaction as the change that causes it; the lifecycle delivers it
 * (app/features/lifecycle/outbox.server.ts). Shared infrastructure, so a capability that emits an
 * event does not depend on the lifecycle that handles it (docs/decisions/0029-dependency-graph.md).
 */
import { Prisma } from "~/generated/prisma/client";
import type { prisma } from "~/utils/db.server";
import { newId } from "~/utils/ids";
import type { EventData, EventName } from "~/utils/workflow-events";

type OutboxWriter = { outboxEvent: Pick<typeof prisma.outboxEvent, "create"> };
type OutboxBatchWriter = Pick<typeof prisma, "$executeRaw">;

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

/** One event of `enqueueEvents`. */
export type QueuedEvent = { [N in EventName]: { name: N; data: EventData<N> } }[EventName];

/**
 * Writes several events of one change in one statement (an entry's confirmation and its copy
 * check: docs/decisions/0059-writing-at-scale.md); none when the list is empty. A plain multi-row
 * INSERT, not the client's createMany: the client never keeps a createMany's query plan, so each
 * one compiled its SQL again (about 0.6 ms of CPU a submit; docs/decisions/0059-writing-at-scale.md).
 */
export async function enqueueEvents(
  db: OutboxBatchWriter,
  events: readonly QueuedEvent[],
  now = new Date(),
) {
  if (events.length === 0) return;
  await db.$executeRaw(eventsQuery(events, now));
}

/** `enqueueEvents`' statement for a non-empty list (also run directly: db-write.server.ts). */
export function eventsQuery(events: readonly QueuedEvent[], now: Date): Prisma.Sql {
  const rows = events.map(
    (e) => Prisma.sql`(${newId()}, ${e.name}, ${JSON.stringify(e.data)}, ${now}, 0, ${now})`,
  );
  return Prisma.sql`INSERT INTO "OutboxEvent" ("id", "name", "payload", "createdAt", "attempts", "nextAttemptAt")
    VALUES ${Prisma.join(rows)}`;
}
