/**
 * The outbox's delivery (docs/decisions/0017-contest-lifecycle.md): events are written in the same
 * transaction as the change that causes them (`enqueueEvent`, ~/utils/outbox.server), then delivered (to Inngest, with the row id as the
 * event id so a resend is deduplicated, or to the local services) with retry and backoff.
 */
import { prisma, withBusyRetry } from "~/utils/db.server";
import { parseEvent, type WorkflowEvent } from "~/utils/workflow-events";
import { LOCK_MS, errorMessage, nextAttemptAt } from "./steps";

export type OutboxDelivery = (event: WorkflowEvent & { id: string }) => Promise<unknown>;
/** Delivers several events of one name at once (their writes in a few transactions). */
export type BatchDelivery = (events: (WorkflowEvent & { id: string })[]) => Promise<unknown>;
export type BatchDeliveries = Partial<Record<WorkflowEvent["name"], BatchDelivery>>;

/**
 * Delivers the events whose time has come, oldest first. Each is claimed first (lockedUntil), so
 * two deliveries never overlap; a failure records the error and the next attempt's time.
 * Events with a batch delivery (`batches`, by name) are claimed, delivered and marked delivered
 * together: three writes for the lot instead of three per event, so a deadline rush's jobs take
 * SQLite's one writer a few times a tick, not several times an entry (ADR 0054).
 * Events named in `held` stay queued for a later tick (the copy checks while entries arrive,
 * ADR 0054); they take no place among the `limit`.
 */
export async function deliverDueEvents(
  now: Date,
  deliver: OutboxDelivery,
  limit = 50,
  batches: BatchDeliveries = {},
  held: readonly WorkflowEvent["name"][] = [],
) {
  const due = await prisma.outboxEvent.findMany({
    where: {
      deliveredAt: null,
      nextAttemptAt: { lte: now },
      ...(held.length > 0 ? { name: { notIn: [...held] } } : {}),
    },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { id: true, name: true },
    take: limit,
  });
  let delivered = 0;
  let failed = 0;
  const grouped = new Map<WorkflowEvent["name"], string[]>();
  for (const { id, name } of due) {
    const batched = Object.hasOwn(batches, name);
    const batch = batched ? grouped.get(name as WorkflowEvent["name"]) : undefined;
    if (batch) batch.push(id);
    else if (batched) grouped.set(name as WorkflowEvent["name"], [id]);
    else {
      const outcome = await deliverEvent(id, now, deliver);
      if (outcome === "delivered") delivered++;
      else if (outcome === "failed") failed++;
    }
  }
  for (const [name, ids] of grouped) {
    const outcome = await deliverBatch(ids, now, batches[name]!, deliver);
    delivered += outcome.delivered;
    failed += outcome.failed;
  }
  return { delivered, failed };
}

/**
 * When the oldest and the newest due, undelivered events of these names were written (null:
 * none queued). The scheduler's hold reads it (ADR 0054): one read, no write, so a held event
 * simply stays queued and every instance sees the same queue.
 */
export async function queuedSpan(now: Date, names: readonly WorkflowEvent["name"][]) {
  const { _min, _max } = await prisma.outboxEvent.aggregate({
    where: { name: { in: [...names] }, deliveredAt: null, nextAttemptAt: { lte: now } },
    _min: { createdAt: true },
    _max: { createdAt: true },
  });
  return _min.createdAt && _max.createdAt
    ? { oldestAt: _min.createdAt, newestAt: _max.createdAt }
    : null;
}

/**
 * Claims the free events of `ids` in one transaction, delivers them together and marks them
 * delivered in one write. A batch that fails is released and delivered one event at a time, so
 * each failure is recorded on its own event with its own retry.
 */
async function deliverBatch(
  ids: string[],
  now: Date,
  deliverMany: BatchDelivery,
  deliverOne: OutboxDelivery,
) {
  const claimed = await withBusyRetry(() =>
    prisma.$transaction(async (tx) => {
      const free = await tx.outboxEvent.findMany({
        where: {
          id: { in: ids },
          deliveredAt: null,
          OR: [{ lockedUntil: null }, { lockedUntil: { lt: now } }],
        },
        select: { id: true, name: true, payload: true },
      });
      if (free.length > 0)
        await tx.outboxEvent.updateMany({
          where: { id: { in: free.map((f) => f.id) } },
          data: { lockedUntil: new Date(now.getTime() + LOCK_MS), attempts: { increment: 1 } },
        });
      return free;
    }),
  );
  if (claimed.length === 0) return { delivered: 0, failed: 0 };
  const claimedIds = claimed.map((c) => c.id);
  try {
    await deliverMany(
      claimed.map((row) => ({ id: row.id, ...parseEvent(row.name, JSON.parse(row.payload)) })),
    );
  } catch {
    await withBusyRetry(() =>
      prisma.outboxEvent.updateMany({
        where: { id: { in: claimedIds } },
        data: { lockedUntil: null, attempts: { decrement: 1 } },
      }),
    );
    let delivered = 0;
    let failed = 0;
    for (const id of claimedIds) {
      const outcome = await deliverEvent(id, now, deliverOne);
      if (outcome === "delivered") delivered++;
      else if (outcome === "failed") failed++;
    }
    return { delivered, failed };
  }
  await withBusyRetry(() =>
    prisma.outboxEvent.updateMany({
      where: { id: { in: claimedIds } },
      data: { deliveredAt: now, nextAttemptAt: null, lockedUntil: null, lastError: null },
    }),
  );
  return { delivered: claimed.length, failed: 0 };
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
