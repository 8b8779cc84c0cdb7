/**
 * The outbox's delivery (docs/decisions/0017-contest-lifecycle.md): events are written in the same
 * transaction as the change that causes them (`enqueueEvent`, ~/utils/outbox.server), then delivered (to Inngest, with the row id as the
 * event id so a resend is deduplicated, or to the local services) with retry and backoff.
 */
import { prisma } from "~/utils/db.server";
import { parseEvent, type WorkflowEvent } from "~/utils/workflow-events";
import { LOCK_MS, errorMessage, nextAttemptAt } from "./steps";

export type OutboxDelivery = (event: WorkflowEvent & { id: string }) => Promise<unknown>;

/**
 * Delivers the events whose time has come, oldest first. Each is claimed first (lockedUntil), so
 * two deliveries never overlap; a failure records the error and the next attempt's time.
 */
export async function deliverDueEvents(now: Date, deliver: OutboxDelivery, limit = 50) {
  const due = await prisma.outboxEvent.findMany({
    where: { deliveredAt: null, nextAttemptAt: { lte: now } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { id: true },
    take: limit,
  });
  let delivered = 0;
  let failed = 0;
  for (const { id } of due) {
    const outcome = await deliverEvent(id, now, deliver);
    if (outcome === "delivered") delivered++;
    else if (outcome === "failed") failed++;
  }
  return { delivered, failed };
}

/** Delivers one event now (also the admin's "Retry"); "busy" when another delivery holds it. */
export async function deliverEvent(id: string, now: Date, deliver: OutboxDelivery) {
  const { count } = await prisma.outboxEvent.updateMany({
    where: { id, deliveredAt: null, OR: [{ lockedUntil: null }, { lockedUntil: { lt: now } }] },
    data: { lockedUntil: new Date(now.getTime() + LOCK_MS), attempts: { increment: 1 } },
  });
  if (count !== 1) return "busy" as const;
  const row = await prisma.outboxEvent.findUniqueOrThrow({ where: { id } });
  try {
    await deliver({ id, ...parseEvent(row.name, JSON.parse(row.payload)) });
    await prisma.outboxEvent.update({
      where: { id },
      data: { deliveredAt: now, nextAttemptAt: null, lockedUntil: null, lastError: null },
    });
    return "delivered" as const;
  } catch (error) {
    await prisma.outboxEvent.update({
      where: { id },
      data: {
        lastError: errorMessage(error),
        nextAttemptAt: nextAttemptAt(row.attempts, now),
        lockedUntil: null,
      },
    });
    return "failed" as const;
  }
}
