/**
 * Reads of the hot pages without Prisma's client (docs/decisions/0079-direct-reads.md,
 * 0082-postgresql-direct-reads.md).
 *
 * `readRows<Row>\`SELECT …\`` takes the same template as `prisma.$queryRaw` (values become bound
 * parameters; `Prisma.sql`, `Prisma.join` and `Prisma.raw` fragments nest) and answers the same
 * rows. On SQLite it runs the statement at once on the connection's kept statement
 * (sqlite-statements.ts): Prisma's client spent about 0.13 ms of CPU on each raw read around
 * SQLite's few microseconds, several times a page. On PostgreSQL it runs on a `pg` pool of its own
 * whose kept statements are planned once (pg-read.server.ts, pg-pools.server.ts, ADR 0089).
 * Before the client has opened its connection (or once it is closed),
 * and inside an interactive transaction (its reads go through the transaction's client), it is
 * `prisma.$queryRaw` itself.
 *
 * SQLite's rows match the client's: a column declared DATETIME (or TIMESTAMP) is a Date, one
 * declared BOOLEAN a boolean, every other value as SQLite gives it (an integer computed by the
 * statement is a number here where the client gives a bigint: callers read integers through
 * `fromSql.int`). Values are bound as the client's SQLite adapter binds them: a Date as its ISO
 * text with `+00:00`, a boolean as 1 or 0. PostgreSQL's rows and bound values are the client's
 * exactly (pg-read.server.ts).
 */
import { Prisma } from "~/generated/prisma/client";
import { DatabaseBusy, isDatabaseBusy } from "./db-busy.server";
import { engine, postgresPool, prisma, sqliteReader, sqlObserved } from "./db.server";
import { postgresReadPool } from "./pg-pools.server";
import { pgRead, toPg } from "./pg-read.server";
import type { DirectRead } from "./sqlite-statements";
import { openTransaction } from "./transaction-scope.server";

type Convert = ((value: unknown) => unknown) | null;

const asDate = (v: unknown) =>
  v === null ? null : new Date(typeof v === "string" ? v : Number(v as number));
const asBoolean = (v: unknown) => (v === null ? null : Boolean(v));

function converterOf(declared: string | null): Convert {
  switch (declared?.toUpperCase()) {
    case "DATETIME":
    case "TIMESTAMP":
      return asDate;
    case "BOOLEAN":
      return asBoolean;
    default:
      return null;
  }
}

/** A bound value as the client's SQLite adapter binds it. */
export function toSqlite(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString().replace("Z", "+00:00");
  if (typeof value === "boolean") return value ? 1 : 0;
  return value;
}

export async function readRows<T>(
  strings: TemplateStringsArray,
  ...values: Prisma.Sql[] | unknown[]
): Promise<T[]> {
  const query = Prisma.sql(strings, ...(values as Prisma.Sql[]));
  const tx = openTransaction<Prisma.TransactionClient>();
  if (tx) return tx.$queryRaw<T[]>(query);
  if (engine === "postgres") return postgresRows<T>(query);
  const read = sqliteReader();
  if (!read) return prisma.$queryRaw<T[]>(query);
  const args = query.values.map(toSqlite);
  const t0 = sqlObserved.wanted() ? performance.now() : 0;
  let answer;
  try {
    answer = read(query.sql, args);
  } catch (error) {
    if (isDatabaseBusy(error)) throw new DatabaseBusy();
    throw error;
  }
  if (!answer) return prisma.$queryRaw<T[]>(query);
  const rows = rowsOf<T>(answer);
  if (t0)
    sqlObserved.report({ sql: query.sql, args, rows: rows.length, ms: performance.now() - t0 });
  return rows;
}

/** A direct read's rows as the client gives them: objects, dates and booleans by declared type. */
export function rowsOf<T>(answer: DirectRead): T[] {
  const { names, types } = answer;
  const convert = types.map(converterOf);
  return answer.rows.map((row) => {
    const out: Record<string, unknown> = {};
    for (let i = 0; i < names.length; i++) {
      const value = row[i];
      const c = convert[i];
      out[names[i]!] = c ? c(value) : value;
    }
    return out as T;
  });
}

async function postgresRows<T>(query: Prisma.Sql): Promise<T[]> {
  const pool = postgresReadPool(postgresPool());
  if (!pool) return prisma.$queryRaw<T[]>(query);
  const args = query.values.map(toPg);
  const t0 = sqlObserved.wanted() ? performance.now() : 0;
  let rows;
  try {
    rows = await pgRead<T>(pool, query.text, args);
  } catch (error) {
    if (isDatabaseBusy(error)) throw new DatabaseBusy();
    throw error;
  }
  if (!rows) return prisma.$queryRaw<T[]>(query);
  if (t0)
    sqlObserved.report({ sql: query.text, args, rows: rows.length, ms: performance.now() - t0 });
  return rows;
}
