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
 * Null, with nothing run, on PostgreSQL, before the client has opened its SQLite connection, once
 * it is closed, or while one of the client's own transactions is open on it: the caller then
 * writes through the client. A busy database throws SQLite's own SQLITE_BUSY (`isDatabaseBusy`),
 * with nothing written; the caller's `withBusyRetry` runs it again.
 */
import type { Prisma } from "~/generated/prisma/client";
import { rowsOf, toSqlite } from "./db-read.server";
import { engine, sqliteWriter, sqlObserved } from "./db.server";

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
