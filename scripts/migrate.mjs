#!/usr/bin/env node
// Applies prisma/migrations/*/migration.sql in order and records each in _prisma_migrations,
// exactly as `prisma migrate deploy` does (checksum = SHA-256 hex of the file), so the real CLI
// accepts the same database later. See docs/decisions/0002-database-and-migrations.md.
import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import Database from "better-sqlite3";

const here = path.dirname(fileURLToPath(import.meta.url));
const MIGRATIONS_DIR = path.resolve(here, "../prisma/migrations");

/** `file:./data/x.db` → absolute path (relative to the current directory, as Prisma's adapter does). */
export function sqlitePathFromUrl(url) {
  if (!url.startsWith("file:"))
    throw new Error(`DATABASE_URL must be a file: URL for SQLite, got ${url}`);
  const p = url.slice("file:".length).split("?")[0];
  return path.resolve(process.cwd(), p);
}

export function migrate(url, { log = () => {} } = {}) {
  const file = sqlitePathFromUrl(url);
  fs.mkdirSync(path.dirname(file), { recursive: true });
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
        .map((r) => [r.migration_name, r.checksum]),
    );
    const names = fs
      .readdirSync(MIGRATIONS_DIR, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort();
    let count = 0;
    for (const name of names) {
      const sql = fs.readFileSync(path.join(MIGRATIONS_DIR, name, "migration.sql"), "utf8");
      const checksum = createHash("sha256").update(sql).digest("hex");
      if (applied.has(name)) {
        if (applied.get(name) !== checksum) {
          throw new Error(
            `Migration ${name} was changed after it was applied; add a new migration instead.`,
          );
        }
        continue;
      }
      const id = randomUUID();
      const run = db.transaction(() => {
        db.prepare(
          `INSERT INTO _prisma_migrations (id, checksum, migration_name, started_at, applied_steps_count) VALUES (?, ?, ?, ?, 0)`,
        ).run(id, checksum, name, Date.now());
        db.exec(sql);
        db.prepare(
          `UPDATE _prisma_migrations SET finished_at = ?, applied_steps_count = 1 WHERE id = ?`,
        ).run(Date.now(), id);
      });
      run();
      count++;
      log(`applied ${name}`);
    }
    return count;
  } finally {
    db.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const url = process.env.DATABASE_URL ?? "file:./data/inkwell.db";
  try {
    const n = migrate(url, { log: (m) => console.log(m) });
    console.log(n ? `${n} migration(s) applied to ${url}` : `database ${url} is up to date`);
  } catch (error) {
    console.error(`Migration failed: ${error.message}`);
    process.exit(1);
  }
}
