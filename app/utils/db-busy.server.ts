import { setTimeout as sleep } from "node:timers/promises";

/**
 * A busy database (docs/decisions/0010-hardening.md). better-sqlite3 is synchronous: while a
 * statement waits for another connection's write lock, the whole server waits with it. So a
 * statement waits only BUSY_TIMEOUT_MS; the writes that matter are retried with `withBusyRetry`,
 * which waits between attempts without blocking anyone; and whatever still finds the database
 * busy answers 503 with BUSY_MESSAGE (a thrown `DatabaseBusy` response), never a generic 500.
 * WAL (set by the migrations) lets every reader go on during a write.
 */
export const BUSY_TIMEOUT_MS = 20;
export const BUSY_RETRY_BUDGET_MS = 2_500;
/**
 * An entry's write waits longer: at a deadline rush a child's entry waits its turn rather than
 * being refused; still below the server's shutdown wait (SHUTDOWN_TIMEOUT_MS, 10 s) and the
 * proxy's (docs/decisions/0071-rush-write-lock.md).
 */
export const ENTRY_BUSY_BUDGET_MS = 8_000;
export const BUSY_MESSAGE = "The site is busy, please try again.";

/** Thrown (as a Response, so Remix answers 503 with the message) when the database stays busy. */
export class DatabaseBusy extends Response {
  constructor() {
    super(BUSY_MESSAGE, {
      status: 503,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "5" },
    });
  }
}

/**
 * SQLite: busy or locked. PostgreSQL (docs/decisions/0028-postgresql.md): a serializable
 * transaction that lost to another (40001), a deadlock (40P01), a lock or statement timeout
 * (55P03, 57014), too many connections (53300), pg-pool's "timeout exceeded when trying to
 * connect" (every connection of the pool in use) and pg's connection timeout (the server slow to
 * answer a new connection): each goes away when the work runs again.
 */
const BUSY_CODE = /^(SQLITE_BUSY|SQLITE_LOCKED)|^(40001|40P01|55P03|57014|53300)$/;
const BUSY_KIND = new Set(["SocketTimeout", "TransactionWriteConflict", "TooManyConnections"]);

/** Whether an error (a driver error, Prisma's wrapping of one, or DatabaseBusy) means "busy". */
export function isDatabaseBusy(error: unknown): boolean {
  const seen = new Set<unknown>();
  let e: unknown = error;
  while (e && typeof e === "object" && !seen.has(e)) {
    seen.add(e);
    if (e instanceof DatabaseBusy) return true;
    const o = e as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
      meta?: { driverAdapterError?: unknown };
    };
    // P1008 is Prisma's "operation timed out", which the SQLite adapter reports for SQLITE_BUSY;
    // P2034 its "write conflict or deadlock, please retry"; P2024 "timed out fetching a
    // connection from the pool".
    if (o.code === "P1008" || o.code === "P2034" || o.code === "P2024") return true;
    if (typeof o.code === "string" && BUSY_CODE.test(o.code)) return true;
    if (
      typeof o.message === "string" &&
      /database is locked|database table is locked|SQLITE_BUSY|timeout exceeded when trying to connect|terminated due to connection timeout/.test(
        o.message,
      )
    )
      return true;
    const c = o.cause as { kind?: unknown; code?: unknown } | undefined;
    if (c && typeof c === "object") {
      if (typeof c.kind === "string" && BUSY_KIND.has(c.kind)) return true;
      if (c.kind === "postgres" && typeof c.code === "string" && BUSY_CODE.test(c.code))
        return true;
    }
    e = o.meta?.driverAdapterError ?? o.cause;
  }
  return false;
}

/**
 * Runs a unit of work (one write, or one whole transaction) and, while the database is busy,
 * runs it again after a growing pause that leaves the event loop free. Never call it inside a
 * transaction: the retry belongs outside, after the transaction has rolled back.
 * Throws DatabaseBusy when the budget is spent.
 */
export async function withBusyRetry<T>(
  work: () => Promise<T>,
  budgetMs: number = BUSY_RETRY_BUDGET_MS,
): Promise<T> {
  const deadline = Date.now() + budgetMs;
  // Short first pauses, spread at random: with several server processes a transaction that read
  // before another process wrote is refused at once (its snapshot is stale) and usually succeeds
  // a few milliseconds later; processes retrying in step would collide again
  // (docs/decisions/0021-performance.md).
  for (let pause = 4; ; pause = Math.min(pause * 2, 400)) {
    try {
      return await work();
    } catch (error) {
      if (!isDatabaseBusy(error)) throw error;
      // The last pause ends at the deadline, and one more try runs there: the work waits its
      // whole budget, never giving up a pause early.
      const left = deadline - Date.now();
      if (left <= 0) throw new DatabaseBusy();
      await sleep(Math.min(Math.round(pause * (0.5 + Math.random())), left));
    }
  }
}
