import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { Prisma, PrismaClient } from "~/generated/prisma/client";
import { PrismaClient as PostgresClient } from "~/generated/prisma-pg/client";
import { sqliteFile } from "./backup-files.mjs";
import { env } from "./env.server";
import { prepareDatabaseFile } from "./private-files.mjs";
import { BUSY_TIMEOUT_MS, DatabaseBusy, isDatabaseBusy, withBusyRetry } from "./db-busy.server";
import {
  withStatementCache,
  type DirectRead,
  type DirectWrite,
  type StatementCacheStats,
} from "./sqlite-statements";
import { transactionGate, type TransactionGate } from "./sqlite-transaction-gate.server";
import { withTransactionScope } from "./transaction-scope.server";
import { backstopOnly } from "./wal-checkpoint";
import { endReadPool, SESSION_OPTIONS } from "./pg-pools.server";

export type { Prisma } from "~/generated/prisma/client";
/** The status sets (docs/decisions/0028-postgresql.md): one typed set per status column. */
export type { LifecycleStepName, StepOutcome, SubmissionStatus } from "~/generated/prisma/client";

declare global {
  var __inkwellPrisma: PrismaClient | undefined;
}

/** Which engine a DATABASE_URL names (docs/decisions/0028-postgresql.md). */
export type Engine = "sqlite" | "postgres";
export function engineOf(url: string): Engine {
  if (url.startsWith("file:")) return "sqlite";
  if (/^postgres(ql)?:\/\//.test(url)) return "postgres";
  throw new Error("DATABASE_URL must start with file: (SQLite) or postgres:// (PostgreSQL)");
}

// A busy database (docs/decisions/0010-hardening.md, 0071-rush-write-lock.md): db-busy.server.ts.
export {
  BUSY_MESSAGE,
  ENTRY_BUSY_BUDGET_MS,
  isDatabaseBusy,
  withBusyRetry,
} from "./db-busy.server";

/**
 * Whether an error is a unique-constraint violation (Prisma's P2002, on either engine), the one
 * place that knows its shape. Callers turn it into their DomainError.
 */
export function isUniqueViolation(error: unknown): boolean {
  return (
    typeof error === "object" && error !== null && (error as { code?: unknown }).code === "P2002"
  );
}

/**
 * Interactive and batch transactions are SERIALIZABLE on both engines: SQLite has no other
 * level, and on PostgreSQL it keeps every read-then-write rule (entries per writer, seats of a
 * code, assignment loads) as strict as on SQLite. A transaction that loses a conflict fails with
 * 40001, which `isDatabaseBusy` recognises and `withBusyRetry` runs again
 * (docs/decisions/0028-postgresql.md).
 */
const TRANSACTIONS = { isolationLevel: "Serializable" } as const;

/** One SQL statement as the driver ran it: its text, the rows it returned, how long it took. */
/** One statement as the driver ran it: its text, its bound values, the rows back and its time. */
export type SqlEvent = { sql: string; args: unknown[]; rows: number; ms: number };
declare global {
  var __inkwellSqlObservers: Set<(event: SqlEvent) => void> | undefined;
}
// On globalThis, as the client: a test that imports this module sees the built server's statements.
const sqlObservers = (globalThis.__inkwellSqlObservers ??= new Set());

/**
 * Calls `observer` with every statement the site's client sends, until the returned function is
 * called (docs/decisions/0048-performance-budgets.md): the test suite's statement and row budgets
 * count with it. Without an observer a statement costs one Set size check more.
 */
export function observeSql(observer: (event: SqlEvent) => void): () => void {
  sqlObservers.add(observer);
  return () => sqlObservers.delete(observer);
}

/** Whether anyone observes statements now, and telling them of one sent outside the client. */
export const sqlObserved = {
  wanted: () => sqlObservers.size > 0,
  report(event: SqlEvent) {
    for (const observer of sqlObservers) observer(event);
  },
};

type Queryable = {
  queryRaw(q: { sql: string; args?: unknown[] }): Promise<{ rows: unknown[] }>;
  executeRaw(q: { sql: string; args?: unknown[] }): Promise<number>;
};
function observed<T extends Queryable>(target: T, gate?: TransactionGate, inTx = false): T {
  const report = (q: { sql: string; args?: unknown[] }, rows: number, t0: number) => {
    const event = { sql: q.sql, args: q.args ?? [], rows, ms: performance.now() - t0 };
    for (const observer of sqlObservers) observer(event);
  };
  return new Proxy(target, {
    get(t, key, receiver) {
      const value = Reflect.get(t, key, receiver);
      if (typeof value !== "function") return value;
      if (key === "queryRaw")
        return async (q: { sql: string; args?: unknown[] }) => {
          const held = gate && !inTx ? gate.clear() : undefined;
          if (held) await held;
          if (sqlObservers.size === 0) return value.call(t, q);
          const t0 = performance.now();
          const result = await value.call(t, q);
          report(q, result.rows.length, t0);
          return result;
        };
      if (key === "executeRaw")
        return async (q: { sql: string; args?: unknown[] }) => {
          const held = gate && !inTx ? gate.clear() : undefined;
          if (held) await held;
          if (sqlObservers.size === 0) return value.call(t, q);
          const t0 = performance.now();
          const result = await value.call(t, q);
          report(q, 0, t0);
          return result;
        };
      if (key === "startTransaction")
        return async (...a: unknown[]) => observed(await value.apply(t, a), gate, true);
      // Its COMMIT or ROLLBACK has run: the statements held by the gate go before the next
      // transaction takes the connection.
      if (inTx && gate && (key === "commit" || key === "rollback"))
        return (...a: unknown[]) => {
          gate.ended();
          return value.apply(t, a);
        };
      return value.bind(t);
    },
  });
}
/** The driver adapter factory, whose connections (and their transactions) report to observeSql. */
function observedFactory<T extends { connect(): Promise<Queryable> }>(
  factory: T,
  onConnect: (connection: Queryable) => TransactionGate | void = () => {},
): T {
  return new Proxy(factory, {
    get(t, key, receiver) {
      const value: unknown = Reflect.get(t, key, receiver);
      if (key === "connect")
        return async () => {
          const connection = await t.connect();
          return observed(connection, onConnect(connection) ?? undefined);
        };
      return typeof value === "function" ? value.bind(t) : value;
    },
  });
}

const statementStats: StatementCacheStats[] = [];
/**
 * SQLite: each SQL text is compiled once per connection, not once per statement sent
 * (sqlite-statements.ts, docs/decisions/0052-per-request-work.md). The adapter keeps its
 * better-sqlite3 database in `client`, which its transactions share.
 */
function cacheStatements(connection: Queryable): TransactionGate | undefined {
  const adapter = connection as Queryable & { client?: { prepare(sql: string): unknown } };
  if (!adapter.client) return undefined;
  const gate = transactionGate(adapter.client as { inTransaction?: boolean });
  // The cluster's primary checkpoints the WAL off the request path (wal-checkpoint.ts).
  backstopOnly(adapter.client as unknown as Parameters<typeof backstopOnly>[0]);
  const { db, stats, read, transaction } = withStatementCache(
    adapter.client as Parameters<typeof withStatementCache>[0],
  );
  adapter.client = db;
  statementStats.push(stats);
  globalThis.__inkwellSqliteRead = read;
  globalThis.__inkwellSqliteWrite = transaction;
  return gate;
}

declare global {
  // Beside the client it belongs to (kept across dev reloads, shared with a tool's own import).
  var __inkwellSqliteRead: ((sql: string, args: unknown[]) => DirectRead | null) | undefined;
  var __inkwellSqliteWrite: (<T>(work: (tx: DirectWrite) => T) => { value: T } | null) | undefined;
}
/** SQLite: the connection's kept statements for a read without the client (db-read.server.ts). */
export function sqliteReader() {
  return globalThis.__inkwellSqliteRead;
}

declare global {
  // The pool of the client's PostgreSQL adapter, beside the client (as the SQLite reader).
  var __inkwellPgPool: pg.Pool | undefined;
}
/** PostgreSQL: the adapter's `pg` pool, for a read without the client (db-read.server.ts). */
function keepPool(connection: Queryable) {
  const adapter = connection as Queryable & { underlyingDriver?: () => unknown };
  const pool = adapter.underlyingDriver?.() as pg.Pool | undefined;
  if (typeof pool?.query !== "function" || !("ending" in pool)) return;
  if (globalThis.__inkwellPgPool === pool) return;
  globalThis.__inkwellPgPool = pool;
  // The reads' pool ends with the client's ($disconnect, shutdown).
  const end = pool.end.bind(pool) as () => Promise<void>;
  pool.end = (() => {
    endReadPool();
    return end();
  }) as typeof pool.end;
}
/** The client's pool while it is open; none before the client connects or once it is ended. */
export function postgresPool(): pg.Pool | undefined {
  const pool = globalThis.__inkwellPgPool;
  return pool && !pool.ending && !pool.ended ? pool : undefined;
}

/** SQLite: a write transaction on the connection without the client (db-write.server.ts). */
export function sqliteWriter() {
  return globalThis.__inkwellSqliteWrite;
}

/** How many SQL texts the SQLite connections compiled and how many statements reused one. */
export function sqliteStatementStats(): StatementCacheStats {
  return statementStats.reduce(
    (sum, s) => ({
      prepared: sum.prepared + s.prepared,
      reused: sum.reused + s.reused,
      size: sum.size + s.size,
    }),
    { prepared: 0, reused: 0, size: 0 },
  );
}

function baseClient(url: string): PrismaClient {
  if (engineOf(url) === "sqlite") {
    // The database, its -wal and its -shm: readable by the server's user only (ADR 0047).
    prepareDatabaseFile(sqliteFile(url));
    const adapter = observedFactory(
      new PrismaBetterSqlite3({ url, timeout: BUSY_TIMEOUT_MS }),
      cacheStatements,
    );
    return new PrismaClient({ adapter, transactionOptions: TRANSACTIONS });
  }
  const adapter = observedFactory(
    new PrismaPg({
      connectionString: url,
      max: env().DATABASE_POOL_SIZE,
      options: SESSION_OPTIONS.join(" "),
      connectionTimeoutMillis: 5_000,
    }),
    keepPool,
  );
  // The two generated clients share one schema (scripts/generate-clients.mjs): same models, same
  // types; only the provider differs.
  return new PostgresClient({
    adapter,
    transactionOptions: TRANSACTIONS,
  }) as unknown as PrismaClient;
}

function createClient(url: string): PrismaClient {
  const client = baseClient(url);
  // Same API; a busy database anywhere becomes a 503 answer instead of a 500.
  const extended = client.$extends({
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
  const scoped = withTransactionScope(extended);
  return engineOf(url) === "postgres" ? retryingTransactions(scoped) : scoped;
}

/**
 * PostgreSQL: an interactive transaction that lost a serialization conflict (40001) is run again,
 * as a SQLite transaction waits for the write lock; the work inside sees the database afresh.
 * Batch transactions (an array of queries) are not re-run: their queries cannot be replayed.
 */
function retryingTransactions(client: PrismaClient): PrismaClient {
  return new Proxy(client, {
    get(target, key, receiver) {
      if (key !== "$transaction") return Reflect.get(target, key, receiver);
      return (work: unknown, options?: unknown) =>
        typeof work === "function"
          ? withBusyRetry(() => target.$transaction(work as never, options as never))
          : target.$transaction(work as never, options as never);
    },
  });
}

/** One client per process (kept across dev reloads). */
export const prisma: PrismaClient = (globalThis.__inkwellPrisma ??= createClient(
  env().DATABASE_URL,
));

declare global {
  var __inkwellStorePool: pg.Pool | undefined;
}

/**
 * PostgreSQL: a small pool of its own for stores that speak `pg` directly (the shared rate
 * limits), apart from Prisma's. Only called when the engine is PostgreSQL.
 */
export function sharedStorePool(): pg.Pool {
  if (globalThis.__inkwellStorePool) return globalThis.__inkwellStorePool;
  const pool = new pg.Pool({
    connectionString: env().DATABASE_URL,
    max: 2,
    connectionTimeoutMillis: 3_000,
    statement_timeout: 3_000,
  });
  // An idle connection the server closed (a restart, a failover) is dropped and reopened on the
  // next use; unhandled, its error would end the process.
  pool.on("error", (error) => console.warn(`rate-limit store: ${error.message}`));
  return (globalThis.__inkwellStorePool = pool);
}

/** The engine this process talks to: raw SQL in the features' query modules picks its dialect. */
export const engine: Engine = engineOf(env().DATABASE_URL);

/**
 * The few spellings that differ between the engines, for the features' query modules
 * (`app/features/<capability>/queries.server.ts`). Everything else is written once: quoted
 * identifiers and aliases, `true`/`false`, standard functions (docs/decisions/0028-postgresql.md).
 */
export const dialect = {
  /** LIMIT/OFFSET where take < 0 means every row: SQLite says LIMIT -1, PostgreSQL LIMIT ALL. */
  page(take: number, skip: number): Prisma.Sql {
    if (take >= 0) return Prisma.sql`LIMIT ${take} OFFSET ${skip}`;
    return engine === "sqlite"
      ? Prisma.sql`LIMIT -1 OFFSET ${skip}`
      : Prisma.sql`LIMIT ALL OFFSET ${skip}`;
  },
  /** The larger of two values: SQLite's two-argument MAX, PostgreSQL's GREATEST. */
  greatest(a: Prisma.Sql, b: Prisma.Sql): Prisma.Sql {
    return engine === "sqlite" ? Prisma.sql`MAX(${a}, ${b})` : Prisma.sql`GREATEST(${a}, ${b})`;
  },
};

/**
 * A hot write path that takes its own row lock (`lockRow`) instead of relying on SERIALIZABLE:
 * on PostgreSQL it runs READ COMMITTED, so writers that touch one shared row (a contest's
 * RankingVersion, kept by triggers) wait for each other's lock instead of failing and retrying
 * (measured: a 32-connection deadline rush lost 131 of 2,000 entries to "busy"). SQLite has only
 * SERIALIZABLE; its one writer at a time gives the same order.
 */
export const lockingTransaction = (
  engine === "postgres" ? { isolationLevel: "ReadCommitted" } : undefined
) as { isolationLevel?: "Serializable" } | undefined; // typed by the SQLite client (one level)

/**
 * Locks one row until the transaction ends (PostgreSQL `SELECT … FOR UPDATE`), so a
 * read-then-write rule (entries per writer, one score per assignment) holds under READ
 * COMMITTED. SQLite needs none: a write transaction already excludes every other writer.
 */
export async function lockRow(
  tx: Prisma.TransactionClient,
  table: "User" | "Contest" | "JudgeAssignment" | "Classroom",
  id: string,
) {
  if (engine !== "postgres") return;
  await tx.$queryRaw`SELECT 1 FROM ${Prisma.raw(`"${table}"`)} WHERE "id" = ${id} FOR UPDATE`;
}

/**
 * SQLite: takes the database's write lock now, as the transaction's first statement, as
 * `BEGIN IMMEDIATE` would (Prisma's adapter begins every transaction DEFERRED, and a BEGIN that
 * failed would keep its connection's lock). A transaction that reads first and writes last is
 * refused at its write (`SQLITE_BUSY_SNAPSHOT`) whenever another server process committed since
 * its first read, its work thrown away; holding the lock from the start it reads the newest rows
 * and cannot be refused after it began: a busy database refuses it here, before any work, and
 * `withBusyRetry` waits (docs/decisions/0071-rush-write-lock.md). The statement matches no row
 * (SQLite takes the write lock when a writing statement starts) on a tiny table with no trigger
 * and no foreign key. PostgreSQL needs none (`lockRow`).
 */
export async function takeWriteLock(tx: Prisma.TransactionClient) {
  if (engine !== "sqlite") return;
  await tx.$executeRaw`DELETE FROM "SchedulerLease" WHERE 0`;
}

/** Raw results, typed once: counts are bigint on PostgreSQL, dates text on SQLite. */
export const fromSql = {
  int: (v: bigint | number | string | null | undefined): number => Number(v ?? 0),
  intOrNull: (v: bigint | number | string | null): number | null => (v === null ? null : Number(v)),
  numberOrNull: (v: number | string | null): number | null => (v === null ? null : Number(v)),
  bool: (v: boolean | number | bigint): boolean => Boolean(Number(v)),
  date: (v: Date | string): Date => (v instanceof Date ? v : new Date(v)),
  dateOrNull: (v: Date | string | null): Date | null =>
    v === null ? null : v instanceof Date ? v : new Date(v),
};
