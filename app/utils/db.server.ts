import { setTimeout as sleep } from "node:timers/promises";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaClient } from "~/generated/prisma/client";
import { env } from "./env.server";

export type { Prisma } from "~/generated/prisma/client";

declare global {
  var __inkwellPrisma: PrismaClient | undefined;
}

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

const BUSY_CODE = /SQLITE_BUSY|SQLITE_LOCKED/;

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
    // P1008 is Prisma's "operation timed out", which the SQLite adapter reports for SQLITE_BUSY.
    if (o.code === "P1008") return true;
    if (typeof o.code === "string" && BUSY_CODE.test(o.code)) return true;
    if (
      typeof o.message === "string" &&
      /database is locked|database table is locked|SQLITE_BUSY/.test(o.message)
    )
      return true;
    const c = o.cause as { kind?: unknown; originalCode?: unknown } | undefined;
    if (c && typeof c === "object" && c.kind === "SocketTimeout") return true;
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
      const wait = Math.round(pause * (0.5 + Math.random()));
      if (Date.now() + wait > deadline) throw new DatabaseBusy();
      await sleep(wait);
    }
  }
}

function createClient(url: string): PrismaClient {
  const adapter = new PrismaBetterSqlite3({ url, timeout: BUSY_TIMEOUT_MS });
  const client = new PrismaClient({ adapter });
  // Same API; a busy database anywhere becomes a 503 answer instead of a 500.
  return client.$extends({
    query: {
      async $allOperations({ args, query }) {
        try {
          return await query(args);
        } catch (error) {
          if (isDatabaseBusy(error) && !(error instanceof DatabaseBusy)) throw new DatabaseBusy();
          throw error;
        }
      },
    },
  }) as unknown as PrismaClient;
}

/** One client per process (kept across dev reloads). */
export const prisma: PrismaClient = (globalThis.__inkwellPrisma ??= createClient(
  env().DATABASE_URL,
));
