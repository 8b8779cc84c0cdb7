/**
 * PostgreSQL's connection settings and the reads' pool (docs/decisions/0082-postgresql-direct-reads.md,
 * 0089-postgresql-generic-plans.md). The client's pool is `@prisma/adapter-pg`'s (db.server.ts);
 * `readRows` reads on a pool of its own, whose kept statements are planned once.
 */
import pg from "pg";
import { env } from "./env.server";

/** How long a statement waits for a row lock, and runs at all, before it gives up. */
const LOCK_TIMEOUT_MS = 2_000;
const STATEMENT_TIMEOUT_MS = 30_000;

/**
 * Every connection's session settings (the client's and the reads'). A statement never waits long
 * for a lock: the wait is retried outside, as on SQLite. A web request's query is planned as on an
 * SSD (random reads cost little more than sequential ones) and never spawns parallel workers:
 * measured on the judge's queue, 28 ms → 13 ms.
 */
export const SESSION_OPTIONS = [
  `-c lock_timeout=${LOCK_TIMEOUT_MS}`,
  `-c statement_timeout=${STATEMENT_TIMEOUT_MS}`,
  "-c random_page_cost=1.1",
  "-c max_parallel_workers_per_gather=0",
];

declare global {
  // Beside the client's pool (db.server.ts keeps it on globalThis too).
  var __inkwellPgReadPool: pg.Pool | undefined;
}

/**
 * The pool `readRows` reads on: its own connections (up to DATABASE_POOL_SIZE, opened as needed,
 * closed after 10 s idle) with the client's session settings and
 * `plan_cache_mode = force_generic_plan`, so each kept statement is planned once per connection
 * instead of on every call (a statement with LIMIT and OFFSET parameters was planned anew on every
 * call under the default). The client's own statements (unnamed, planned with their values) never
 * run on it. Only while the client's pool is open (`clientPool`); ended with it (`endReadPool`).
 */
export function postgresReadPool(clientPool: pg.Pool | undefined): pg.Pool | undefined {
  if (!clientPool) return undefined;
  const kept = globalThis.__inkwellPgReadPool;
  if (kept && !kept.ending && !kept.ended) return kept;
  const pool = new pg.Pool({
    connectionString: env().DATABASE_URL,
    max: env().DATABASE_POOL_SIZE,
    options: [...SESSION_OPTIONS, "-c plan_cache_mode=force_generic_plan"].join(" "),
    connectionTimeoutMillis: 5_000,
    // Idle connections never keep a process (a test, a tool) alive.
    allowExitOnIdle: true,
  });
  // An idle connection the server closed is dropped and reopened on the next read.
  pool.on("error", (error) => console.warn(`read pool: ${error.message}`));
  return (globalThis.__inkwellPgReadPool = pool);
}

/** Ends the reads' pool (the client's pool is ending: $disconnect, shutdown). */
export function endReadPool() {
  const pool = globalThis.__inkwellPgReadPool;
  globalThis.__inkwellPgReadPool = undefined;
  if (pool && !pool.ending && !pool.ended) void pool.end();
}
