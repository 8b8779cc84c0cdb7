/**
 * A short write transaction on SQLite without Prisma's client
 * (docs/decisions/0080-rush-direct-write.md): `directWrite(work)` runs `BEGIN IMMEDIATE`, `work`'s
 * statements and `COMMIT` at once on the connection's kept statements (sqlite-statements.ts), with
 * no await in between: no other request's statement can run inside it, and the write lock is held
 * for the statements' own time only. `work` is synchronous; its `rows` and `run` take the same
 * templates as `prisma.$queryRaw` / `$executeRaw` (values bound as the client's adapter binds
 * them, rows typed as `readRows` types them) and report each statement to `observeSql`, as
 * COMMIT is (BEGIN is not, as the client's is not).
 *
 * Null, with nothing run, on PostgreSQL (its own direct write is `pgDirectWrite` below), before the client has opened its SQLite connection, once
 * it is closed, or while one of the client's own transactions is open on it: the caller then
 * writes through the client. A busy database throws SQLite's own SQLITE_BUSY (`isDatabaseBusy`),
 * with nothing written; the caller's `withBusyRetry` runs it again.
 */
import type { Prisma } from "~/generated/prisma/client";
import { rowsOf, toSqlite } from "./db-read.server";
import { engine, postgresPool, sqliteWriter, sqlObserved } from "./db.server";
import { pgRead, pgRun, toPg } from "./pg-read.server";
import { openTransaction } from "./transaction-scope.server";

export type DirectTx = {
  rows<T>(query: Prisma.Sql): T[];
  run(query: Prisma.Sql): void;
};

export function directWrite<T>(work: (tx: DirectTx) => T): { value: T } | null {
  const transaction = engine === "sqlite" ? sqliteWriter() : undefined;
  if (!transaction) return null;
  const observed = sqlObserved.wanted();
  const report = (sql: string, args: unknown[], rows: number, t0: number) => {
    if (observed) sqlObserved.report({ sql, args, rows, ms: performance.now() - t0 });
  };
  let commitAt = 0;
  const done = transaction((db) => {
    const value = work({
      rows<R>(query: Prisma.Sql) {
        const args = query.values.map(toSqlite);
        const t0 = performance.now();
        const answer = db.all(query.sql, args);
        report(query.sql, args, answer.rows.length, t0);
        return rowsOf<R>(answer);
      },
      run(query) {
        const args = query.values.map(toSqlite);
        const t0 = performance.now();
        db.run(query.sql, args);
        report(query.sql, args, 0, t0);
      },
    });
    commitAt = performance.now();
    return value;
  });
  if (done) report("COMMIT", [], 0, commitAt);
  return done;
}

/** A direct write's statements on PostgreSQL: the same templates, answered asynchronously. */
export type PgDirectTx = {
  rows<T>(query: Prisma.Sql): Promise<T[]>;
  run(query: Prisma.Sql): Promise<void>;
};

/** Thrown when a read's columns are not all ones `pgRead` types as the client does. */
class NotDirect extends Error {}

/**
 * PostgreSQL (docs/decisions/0084-postgresql-rush-write.md): one connection of the client's own
 * pool, `BEGIN ISOLATION LEVEL READ COMMITTED` and the locking row's `SELECT … FOR UPDATE` in one
 * round trip (what the client's `lockingTransaction` and `lockRow` send in four), then `work`'s
 * statements after the lock (each reads the database as it is once the lock is held: READ
 * COMMITTED takes a snapshot a statement), then COMMIT. Rows and bound values as `readRows` gives
 * and binds them (pg-read.server.ts), texts kept by name. Each statement is reported to
 * `observeSql`, the BEGIN with its lock as the lock (the client's BEGIN is not reported).
 *
 * Null, with nothing written, on SQLite, before the client's pool exists or once it ends, inside
 * one of the client's interactive transactions (the caller's work belongs in it), or when a read
 * answers a column type the client would type differently. Any error rolls back and is thrown;
 * a serialization failure, a lock or statement timeout or a full pool is `isDatabaseBusy`, for
 * the caller's `withBusyRetry`.
 */
export async function pgDirectWrite<T>(
  lock: { table: "User"; id: string },
  work: (tx: PgDirectTx) => Promise<T>,
): Promise<{ value: T } | null> {
  if (engine !== "postgres" || openTransaction()) return null;
  const pool = postgresPool();
  if (!pool) return null;
  const observed = sqlObserved.wanted();
  const report = (sql: string, args: unknown[], rows: number, t0: number) => {
    if (observed) sqlObserved.report({ sql, args, rows, ms: performance.now() - t0 });
  };
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    // The simple protocol runs both statements in one round trip; the id is a quoted literal.
    const locking = `SELECT 1 FROM "${lock.table}" WHERE "id" = ${client.escapeLiteral(lock.id)} FOR UPDATE`;
    let t0 = performance.now();
    const begun = (await client.query(
      `BEGIN ISOLATION LEVEL READ COMMITTED; ${locking}`,
    )) as unknown as { rowCount: number | null }[];
    report(locking, [], begun[1]?.rowCount ?? 0, t0);
    const value = await work({
      async rows<R>(query: Prisma.Sql) {
        const args = query.values.map(toPg);
        const start = performance.now();
        const rows = await pgRead<R>(client, query.text, args);
        if (!rows) throw new NotDirect();
        report(query.text, args, rows.length, start);
        return rows;
      },
      async run(query) {
        const args = query.values.map(toPg);
        const start = performance.now();
        await pgRun(client, query.text, args);
        report(query.text, args, 0, start);
      },
    });
    t0 = performance.now();
    await client.query("COMMIT");
    report("COMMIT", [], 0, t0);
    return { value };
  } catch (error) {
    try {
      await client.query("ROLLBACK");
    } catch (failed) {
      // A connection that cannot roll back is not given back to the pool.
      broken = failed instanceof Error ? failed : new Error(String(failed));
    }
    if (error instanceof NotDirect) return null;
    throw error;
  } finally {
    client.release(broken);
  }
}
