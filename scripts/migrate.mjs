#!/usr/bin/env node
// Applies the committed migrations of the engine DATABASE_URL names, in order, and records each in
// _prisma_migrations exactly as `prisma migrate deploy` does (checksum = SHA-256 hex of the file),
// so the real CLI accepts the same database later. SQLite: prisma/migrations; PostgreSQL:
// prisma/migrations-postgres. See docs/decisions/0002-database-and-migrations.md and
// docs/decisions/0028-postgresql.md.
// Plain JavaScript (Node runs it in the image's release step), type-checked from its JSDoc.
// @ts-check
import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { prepareDatabaseFile } from "../app/utils/private-files.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
export const MIGRATIONS_DIRS = {
  sqlite: path.resolve(here, "../prisma/migrations"),
  postgres: path.resolve(here, "../prisma/migrations-postgres"),
};

/**
 * `file:./data/x.db` → absolute path (relative to the current directory, as Prisma's adapter does).
 * @param {string} url
 */
export function sqlitePathFromUrl(url) {
  if (!url.startsWith("file:"))
    throw new Error(`DATABASE_URL must be a file: URL for SQLite, got ${url}`);
  const p = url.slice("file:".length).split("?")[0];
  return path.resolve(process.cwd(), p);
}

/** @typedef {{ name: string, sql: string, checksum: string }} Migration */
/** @typedef {(message: string) => void} Log */

/**
 * The migrations of one engine, in order.
 * @param {"sqlite" | "postgres"} engine
 * @returns {Migration[]}
 */
export function migrationsFor(engine) {
  const dir = MIGRATIONS_DIRS[engine];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort()
    .map((name) => {
      const sql = fs.readFileSync(path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}

/**
 * Throws when an applied migration's file changed since (the same rule on both engines).
 * @param {Migration[]} migrations
 * @param {Map<string, string>} applied name → checksum
 */
function pending(migrations, applied) {
  const out = [];
  for (const m of migrations) {
    if (applied.has(m.name)) {
      if (applied.get(m.name) !== m.checksum)
        throw new Error(
          `Migration ${m.name} was changed after it was applied; add a new migration instead.`,
        );
      continue;
    }
    out.push(m);
  }
  return out;
}

const FOREIGN_KEYS_OFF = /^\s*PRAGMA\s+foreign_keys\s*=\s*OFF\s*;/im;

/**
 * @param {string} url
 * @param {Log} log
 * @param {string} [before]
 */
async function migrateSqlite(url, log, before) {
  const { default: Database } = await import("better-sqlite3");
  const file = sqlitePathFromUrl(url);
  // A new database (and its folder) is made readable by this user only, an old one set so
  // (docs/decisions/0047-backup-location-and-file-modes.md).
  prepareDatabaseFile(file);
  const db = new Database(file);
  try {
    db.pragma("journal_mode = WAL");
    db.pragma("foreign_keys = ON");
    db.exec(`CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
      "id" TEXT PRIMARY KEY NOT NULL,
      "checksum" TEXT NOT NULL,
      "finished_at" DATETIME,
      "migration_name" TEXT NOT NULL,
      "logs" TEXT,
      "rolled_back_at" DATETIME,
      "started_at" DATETIME NOT NULL DEFAULT current_timestamp,
      "applied_steps_count" INTEGER UNSIGNED NOT NULL DEFAULT 0
    )`);
    const applied = new Map(
      db
        .prepare(
          `SELECT migration_name, checksum FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
        )
        .all()
        .map((row) => {
          const r = /** @type {{ migration_name: string, checksum: string }} */ (row);
          return [r.migration_name, r.checksum];
        }),
    );
    const todo = pending(
      migrationsFor("sqlite").filter((m) => !before || m.name < before),
      applied,
    );
    for (const m of todo) {
      const id = randomUUID();
      // A migration that redefines a table (Prisma's pattern) turns foreign keys off. Inside a
      // transaction that PRAGMA does nothing, and DROP TABLE of a parent would then delete every
      // child row by its ON DELETE CASCADE; so it is turned off here, before the transaction, and
      // the result checked before it commits (docs/decisions/0060-story-text-last.md).
      const keysOff = FOREIGN_KEYS_OFF.test(m.sql);
      if (keysOff) db.pragma("foreign_keys = OFF");
      try {
        db.transaction(() => {
          db.prepare(
            `INSERT INTO _prisma_migrations (id, checksum, migration_name, started_at, applied_steps_count) VALUES (?, ?, ?, ?, 0)`,
          ).run(id, m.checksum, m.name, Date.now());
          db.exec(m.sql);
          if (keysOff) {
            const broken = /** @type {unknown[]} */ (db.pragma("foreign_key_check"));
            if (broken.length > 0)
              throw new Error(
                `${m.name}: ${broken.length} rows break a foreign key, e.g. ${JSON.stringify(broken[0])}`,
              );
          }
          db.prepare(
            `UPDATE _prisma_migrations SET finished_at = ?, applied_steps_count = 1 WHERE id = ?`,
          ).run(Date.now(), id);
        })();
      } finally {
        if (keysOff) db.pragma("foreign_keys = ON");
      }
      log(`applied ${m.name}`);
    }
    // A new index has no statistics, and the planner then guesses: it chose to sort a whole
    // contest for a page of 25 (docs/decisions/0060-story-text-last.md). Missing or stale ones are
    // gathered now, each from a bounded sample.
    if (todo.length > 0) db.pragma("optimize=0x10002");
    return todo.length;
  } finally {
    db.close();
  }
}

/** Prisma's own advisory lock key for migrations: two instances starting together wait in turn. */
const PRISMA_MIGRATE_LOCK = 72707369;

/**
 * @param {string} url
 * @param {Log} log
 */
async function migratePostgres(url, log) {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("SET client_min_messages = warning");
    await client.query("SELECT pg_advisory_lock($1)", [PRISMA_MIGRATE_LOCK]);
    await client.query(`CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
      "id" VARCHAR(36) PRIMARY KEY NOT NULL,
      "checksum" VARCHAR(64) NOT NULL,
      "finished_at" TIMESTAMPTZ,
      "migration_name" VARCHAR(255) NOT NULL,
      "logs" TEXT,
      "rolled_back_at" TIMESTAMPTZ,
      "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
      "applied_steps_count" INTEGER NOT NULL DEFAULT 0
    )`);
    const { rows } = await client.query(
      `SELECT migration_name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
    );
    const todo = pending(
      migrationsFor("postgres"),
      new Map(rows.map((r) => [r.migration_name, r.checksum])),
    );
    for (const m of todo) {
      // DDL is transactional on PostgreSQL: a migration applies whole or not at all.
      await client.query("BEGIN");
      try {
        const id = randomUUID();
        await client.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, applied_steps_count) VALUES ($1, $2, $3, now(), 0)`,
          [id, m.checksum, m.name],
        );
        await client.query(m.sql);
        await client.query(
          `UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = $1`,
          [id],
        );
        await client.query("COMMIT");
      } catch (error) {
        await client.query("ROLLBACK");
        throw new Error(`${m.name}: ${/** @type {Error} */ (error).message}`);
      }
      log(`applied ${m.name}`);
    }
    return todo.length;
  } finally {
    await client.end();
  }
}

/**
 * Brings the database at `url` (file: or postgres://) up to date; resolves to the count applied.
 * `before` (SQLite, for tests): only the migrations whose names sort before it, so a test can
 * fill a database at an earlier schema and then apply the rest.
 * @param {string} url
 * @param {{ log?: Log, before?: string }} [options]
 * @returns {Promise<number>}
 */
export async function migrate(url, { log = () => {}, before } = {}) {
  if (url.startsWith("file:")) return migrateSqlite(url, log, before);
  if (/^postgres(ql)?:\/\//.test(url)) return migratePostgres(url, log);
  throw new Error("DATABASE_URL must start with file: (SQLite) or postgres:// (PostgreSQL)");
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const url = process.env.DATABASE_URL ?? "file:./data/inkwell.db";
  const shown = url.replace(/\/\/[^@/]*@/, "//…@");
  try {
    const n = await migrate(url, { log: (m) => console.log(m) });
    console.log(n ? `${n} migration(s) applied to ${shown}` : `database ${shown} is up to date`);
  } catch (error) {
    console.error(`Migration failed: ${/** @type {Error} */ (error).message}`);
    process.exit(1);
  }
}
