/**
 * What a scheduler tick sees of the queued copy checks, for the hold's rule (./hold.ts,
 * docs/decisions/0054-copied-entries.md): when the oldest and the newest due, undelivered
 * "entry/copies.check" events were written (every entry writes one, so the newest is the last
 * entry received). One read, no write: a held check simply stays in the outbox, so two instances
 * and a restart see the same queue and decide the same way.
 */
import { prisma } from "~/utils/db.server";
import { copyCheckDecision, COPY_CHECK_HOLD, type CopyCheckHold, type QueuedChecks } from "./hold";

export async function queuedCopyChecks(now: Date): Promise<QueuedChecks> {
  const { _min, _max } = await prisma.outboxEvent.aggregate({
    where: { name: "entry/copies.check", deliveredAt: null, nextAttemptAt: { lte: now } },
    _min: { createdAt: true },
    _max: { createdAt: true },
  });
  return _min.createdAt && _max.createdAt
    ? { oldestAt: _min.createdAt, newestAt: _max.createdAt }
    : null;
}

/** Whether this tick runs the queued copy checks or holds them while entries arrive. */
export async function copyCheckDecisionAt(now: Date, hold: CopyCheckHold = COPY_CHECK_HOLD) {
  return copyCheckDecision(now, await queuedCopyChecks(now), hold);
}
