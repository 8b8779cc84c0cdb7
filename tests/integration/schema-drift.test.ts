import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { describe, expect, test } from "vitest";
import { $Enums, Prisma } from "~/generated/prisma/client";
import { migrate } from "../../scripts/migrate.mjs";

/**
 * The two engines' migrations against the one schema (docs/decisions/0028-postgresql.md): the
 * database this file runs on (built from its engine's migrations, tests/setup) has exactly the
 * models' tables and columns; and on the PostgreSQL run, a SQLite database built from
 * prisma/migrations is compared column by column (nullability, uniqueness, indexes, triggers)
 * with the PostgreSQL one built from prisma/migrations-postgres. A migration added to one folder
 * and not the other fails here.
 */
type Column = { table: string; column: string; nullable: boolean };
type Shape = {
  columns: Column[];
  /** Index column lists ("Table(a,b)"), with UNIQUE marked; names differ (PostgreSQL's 63 chars). */
  indexes: string[];
  triggers: string[];
};

const onPostgres = process.env.DATABASE_URL!.startsWith("postgres");
/** PostgreSQL only, not a model: the shared rate limits (rate-limiter-flexible's own table). */
const POSTGRES_ONLY = "'_prisma_migrations', 'RateLimit'";

function modelColumns(): { table: string; column: string }[] {
  const ns = Prisma as unknown as Record<string, Record<string, string>>;
  return Object.values(Prisma.ModelName).flatMap((model) =>
    Object.values(ns[`${model}ScalarFieldEnum`]).map((column) => ({ table: model, column })),
  );
}

function sqliteShape(file: string): Shape {
  const db = new Database(file, { readonly: true });
  try {
    const tables = (
      db
        .prepare(
          `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> '_prisma_migrations'`,
        )
        .all() as { name: string }[]
    ).map((t) => t.name);
    const columns: Column[] = [];
    const indexes: string[] = [];
    for (const table of tables) {
      for (const c of db.prepare(`PRAGMA table_info("${table}")`).all() as {
        name: string;
        notnull: number;
        pk: number;
      }[])
        columns.push({ table, column: c.name, nullable: !c.notnull && !c.pk });
      for (const i of db.prepare(`PRAGMA index_list("${table}")`).all() as {
        name: string;
        unique: number;
        origin: string;
      }[]) {
        if (i.origin === "pk") continue;
        const cols = (db.prepare(`PRAGMA index_info("${i.name}")`).all() as { name: string }[])
          .map((c) => c.name)
          .join(",");
        indexes.push(`${i.unique ? "UNIQUE " : ""}${table}(${cols})`);
      }
    }
    const triggers =
      // The status-set checks are SQLite's stand-in for PostgreSQL's enum types (compared below).
      (
        db
          .prepare(
            `SELECT tbl_name FROM sqlite_master WHERE type = 'trigger' AND name NOT LIKE '%_check_%'`,
          )
          .all() as {
          tbl_name: string;
        }[]
      ).map((t) => t.tbl_name);
    return { columns, indexes, triggers };
  } finally {
    db.close();
  }
}

async function postgresShape(url: string): Promise<Shape> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const columns = (
      await client.query(
        `SELECT table_name, column_name, is_nullable FROM information_schema.columns
         WHERE table_schema = 'public' AND table_name NOT IN (${POSTGRES_ONLY})`,
      )
    ).rows.map((r) => ({
      table: r.table_name as string,
      column: r.column_name as string,
      nullable: r.is_nullable === "YES",
    }));
    const indexes = (
      await client.query(
        `SELECT t.relname AS "table", ix.indisunique AS "unique",
           array_to_string(ARRAY(
             SELECT a.attname FROM unnest(ix.indkey) WITH ORDINALITY k(n, o)
             JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.n ORDER BY k.o), ',') AS cols
         FROM pg_index ix JOIN pg_class t ON t.oid = ix.indrelid
         JOIN pg_namespace ns ON ns.oid = t.relnamespace
         WHERE ns.nspname = 'public' AND NOT ix.indisprimary AND t.relname NOT IN (${POSTGRES_ONLY})`,
      )
    ).rows.map((r) => `${r.unique ? "UNIQUE " : ""}${r.table}(${r.cols})`);
    const triggers = (
      await client.query(
        `SELECT event_object_table AS "table" FROM information_schema.triggers WHERE trigger_schema = 'public'`,
      )
    ).rows.map((r) => r.table as string);
    return { columns, indexes, triggers };
  } finally {
    await client.end();
  }
}

const key = (c: { table: string; column: string }) => `${c.table}.${c.column}`;
const sorted = (xs: string[]) => [...new Set(xs)].sort();

describe("schema drift between the models and both engines' migrations", () => {
  test("this engine's database has exactly the models' tables and columns", async () => {
    const shape = onPostgres
      ? await postgresShape(process.env.DATABASE_URL!)
      : sqliteShape(process.env.DATABASE_URL!.slice("file:".length));
    expect(sorted(shape.columns.map(key))).toEqual(sorted(modelColumns().map(key)));
  });

  test("a status column refuses a value outside its set, on this engine", async () => {
    const { prisma } = await import("~/utils/db.server");
    await expect(
      prisma.$executeRawUnsafe(
        `INSERT INTO "EmailLog" ("id", "to", "template", "subject", "status") VALUES ('x1', 'a@b.c', 't', 's', 'bogus')`,
      ),
    ).rejects.toThrow();
    await prisma.$executeRawUnsafe(
      `INSERT INTO "EmailLog" ("id", "to", "template", "subject", "status") VALUES ('x2', 'a@b.c', 't', 's', 'logged')`,
    );
    await expect(
      prisma.$executeRawUnsafe(`UPDATE "EmailLog" SET "status" = 'bogus' WHERE "id" = 'x2'`),
    ).rejects.toThrow();
    expect(await prisma.emailLog.count({ where: { id: "x2", status: "logged" } })).toBe(1);
  });

  test.runIf(onPostgres)("PostgreSQL's enum types are the schema's status sets", async () => {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      const { rows } = await client.query(
        `SELECT t.typname AS "type", e.enumlabel AS "value" FROM pg_enum e JOIN pg_type t ON t.oid = e.enumtypid ORDER BY t.typname, e.enumsortorder`,
      );
      const actual: Record<string, string[]> = {};
      for (const r of rows) (actual[r.type] ??= []).push(r.value);
      const expected = Object.fromEntries(
        Object.entries($Enums).map(([name, values]) => [name, Object.values(values)]),
      );
      expect(actual).toEqual(expected);
    } finally {
      await client.end();
    }
  });

  test.runIf(onPostgres)(
    "SQLite's and PostgreSQL's migrations reach the same columns, nullability, indexes and triggers",
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "inkwell-drift-"));
      try {
        const file = path.join(dir, "drift.db");
        await migrate(`file:${file}`);
        const lite = sqliteShape(file);
        const postgres = await postgresShape(process.env.DATABASE_URL!);
        const columns = (s: Shape) =>
          sorted(s.columns.map((c) => `${key(c)}${c.nullable ? "?" : ""}`));
        expect(columns(postgres)).toEqual(columns(lite));
        expect(sorted(postgres.indexes)).toEqual(sorted(lite.indexes));
        // Score summaries are kept by triggers on both (ADR 0021): on the same tables.
        expect(sorted(postgres.triggers)).toEqual(sorted(lite.triggers));
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
