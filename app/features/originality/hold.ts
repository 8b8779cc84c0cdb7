/**
 * When the copy checks run (docs/decisions/0054-copied-entries.md): not while entries are
 * arriving. On SQLite every commit of the process that runs the checks sends the other server
 * process's open entry transaction back to start again (SQLITE_BUSY_SNAPSHOT), and a rush's
 * entrants then run out of retries (503). So a tick that finds a copy check queued less than
 * `quietMs` ago holds them all; the first tick after the stream has been quiet that long runs
 * them. The hold is bounded: once the oldest queued check has waited `maxHoldMs`, they run even
 * while entries keep arriving, so a contest with constant traffic is still checked long before
 * judging. Pure: the tick's observations in, the decision out. The scheduler observes the
 * copy checks and the entries' confirmation e-mails together: it holds both (ADR 0054).
 */

export type CopyCheckHold = {
  /** How long the stream of new entries must have been quiet before the checks run. */
  quietMs: number;
  /** The longest a queued check waits: past it, the checks run whatever arrives. */
  maxHoldMs: number;
};

/** 10 s without a new entry; no check waits more than 5 minutes (plus a tick). */
export const COPY_CHECK_HOLD: CopyCheckHold = { quietMs: 10_000, maxHoldMs: 5 * 60_000 };

/**
 * What a tick sees of the queued copy checks (and confirmations): when the oldest and the newest
 * were written. Every entry queues them, so the newest is the last entry received.
 */
export type QueuedChecks = { oldestAt: Date; newestAt: Date } | null;

export type CopyCheckDecision =
  | { run: true; reason: "nothing queued" | "quiet" | "overdue" }
  | { run: false; reason: "arriving"; until: Date };

/**
 * Run or hold the queued copy checks at `now`. "until" is when a hold ends at the latest (the
 * quiet time after the newest, or the bound after the oldest, whichever comes first); a newer
 * entry moves it on, the bound never.
 */
export function copyCheckDecision(
  now: Date,
  queued: QueuedChecks,
  hold: CopyCheckHold = COPY_CHECK_HOLD,
): CopyCheckDecision {
  if (!queued) return { run: true, reason: "nothing queued" };
  const t = now.getTime();
  const overdueAt = queued.oldestAt.getTime() + hold.maxHoldMs;
  if (t >= overdueAt) return { run: true, reason: "overdue" };
  const quietAt = queued.newestAt.getTime() + hold.quietMs;
  if (t >= quietAt) return { run: true, reason: "quiet" };
  return { run: false, reason: "arriving", until: new Date(Math.min(quietAt, overdueAt)) };
}
