/**
 * PostgreSQL reads without Prisma's client (docs/decisions/0082-postgresql-direct-reads.md): a
 * statement runs on a `pg` pool (readRows': pg-pools.server.ts, 0089; a direct write's
 * connection of the client's pool) with type parsers that give each column the value
 * the client gives it through @prisma/adapter-pg, and values bound as that adapter binds them.
 */
import type pg from "pg";
import { Prisma } from "~/generated/prisma/client";

type Parser = (text: string) => unknown;

const same: Parser = (t) => t;
/** A `timestamp` (without time zone) is UTC, as the adapter reads it. */
const timestamp: Parser = (t) => new Date(`${t.replace(" ", "T")}+00:00`);
/** The adapter keeps a `timestamptz`'s clock time and calls it UTC (the server's zone is UTC). */
const timestamptz: Parser = (t) =>
  new Date(t.replace(" ", "T").replace(/[+-]\d{2}(:\d{2})?$/, "+00:00"));

/**
 * Each column type the client answers without a user-defined parser, by type OID, and its value:
 * int8 and oid a bigint, numeric a Decimal, int2/int4 and float4/float8 numbers, a date or time a
 * Date, json and jsonb parsed, text-like types and enums (OID ≥ 16384) the text.
 */
const PARSERS: Record<number, Parser> = {
  16: (t) => t === "t" || t === "true",
  20: (t) => BigInt(t),
  21: (t) => parseInt(t, 10),
  23: (t) => parseInt(t, 10),
  26: (t) => BigInt(t),
  700: (t) => parseFloat(t),
  701: (t) => parseFloat(t),
  1700: (t) => new Prisma.Decimal(t),
  1082: (t) => new Date(t),
  1083: (t) => new Date(`1970-01-01T${t}Z`),
  1114: timestamp,
  1184: timestamptz,
  114: (t) => JSON.parse(t) as unknown,
  3802: (t) => JSON.parse(t) as unknown,
  // text, varchar, bpchar, name, uuid, xml, bit, varbit, inet, cidr
  25: same,
  1043: same,
  1042: same,
  19: same,
  2950: same,
  142: same,
  1560: same,
  1562: same,
  869: same,
  650: same,
};
const FIRST_USER_OID = 16384;

/** Whether this reader gives a column of this type as the client would. */
export function answersAs(oid: number): boolean {
  return oid in PARSERS || oid >= FIRST_USER_OID;
}

const TYPES = {
  getTypeParser: (oid: number) => PARSERS[oid] ?? same,
} as unknown as pg.CustomTypesConfig;

const pad = (n: number, z = 2) => String(n).padStart(z, "0");
/** A Date as the adapter binds it: its UTC clock time, no zone, milliseconds when not zero. */
function dateTime(d: Date): string {
  if (Number.isNaN(d.getTime())) throw new Error("Provided Date object is invalid");
  const ms = d.getUTCMilliseconds();
  return (
    `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ` +
    `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}` +
    (ms ? `.${pad(ms, 3)}` : "")
  );
}

/**
 * A value bound as the client binds it: a Date as its UTC time, a bigint or Decimal as its text,
 * bytes as a Buffer, another object as its JSON, a list element by element.
 */
export function toPg(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.map(toPg);
  if (value instanceof Date) return dateTime(value);
  if (typeof value === "bigint") return value.toString();
  if (Prisma.Decimal.isDecimal(value)) return (value as Prisma.Decimal).toJSON();
  if (Buffer.isBuffer(value)) return value;
  if (ArrayBuffer.isView(value))
    return Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  if (value instanceof ArrayBuffer) return Buffer.from(value);
  if (typeof value === "object") return JSON.stringify(value);
  return value;
}

/** The first texts' names; later texts run unnamed (parsed and planned on every call). */
const MAX_NAMED = 300;
const names = new Map<string, string>();
function nameOf(sql: string): string | undefined {
  let name = names.get(sql);
  if (!name && names.size < MAX_NAMED) names.set(sql, (name = `inkwell_read_${names.size + 1}`));
  return name;
}

/**
 * Runs a statement that answers no rows on one connection (a direct write's INSERT,
 * db-write.server.ts), kept by name as the reads are.
 */
export async function pgRun(on: pg.ClientBase, sql: string, args: unknown[]): Promise<void> {
  await on.query({ name: nameOf(sql), text: sql, values: args });
}

/**
 * Runs a read on the pool (or one connection of it); null when a column's type is one this reader does not give as the
 * client does (arrays, bytea, intervals…): the caller asks the client instead.
 */
export async function pgRead<T>(
  on: pg.Pool | pg.ClientBase,
  sql: string,
  args: unknown[],
): Promise<T[] | null> {
  const result = await on.query({ name: nameOf(sql), text: sql, values: args, types: TYPES });
  for (const field of result.fields) if (!answersAs(field.dataTypeID)) return null;
  return result.rows as T[];
}
