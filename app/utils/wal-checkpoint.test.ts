import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import Database from "better-sqlite3";
import { afterEach, expect, test } from "vitest";
import {
  BACKSTOP_PAGES,
  CHECKPOINT_ENV,
  backstopOnly,
  checkpointOnce,
  startWalCheckpoints,
} from "./wal-checkpoint";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wal-checkpoint-"));
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A worker's connection: WAL, and a write of about 1,500 pages (past SQLite's default 1,000). */
function writeMuch(file: string, env: Record<string, string>) {
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  backstopOnly(db, env);
  db.exec(`CREATE TABLE IF NOT EXISTS t (x TEXT)`);
  const insert = db.prepare(`INSERT INTO t (x) VALUES (?)`);
  for (let i = 0; i < 60; i++) insert.run("x".repeat(100_000));
  return db;
}

const walPages = (db: Database.Database) => checkpointOnce(db);

test("a worker whose primary checkpoints leaves its WAL to it; the primary's tick copies it all", async () => {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "a.db");
  const worker = writeMuch(file, { [CHECKPOINT_ENV]: "1" });
  expect(worker.pragma("wal_autocheckpoint", { simple: true })).toBe(BACKSTOP_PAGES);
  // The worker's COMMITs did not checkpoint (by default they would have, past 1,000 pages).
  const reader = new Database(file, { readonly: true });
  // (Its 6 MB are still in the WAL alone; with the default they would be in the file.)
  expect(fs.statSync(file).size).toBeLessThan(1_000_000);
  const stop = startWalCheckpoints(file, 20);
  try {
    await sleep(200);
    const after = walPages(worker);
    expect(after.log).toBeGreaterThan(1_000);
    expect(after.checkpointed).toBe(after.log);
    expect(fs.statSync(file).size).toBeGreaterThan(6_000_000);
  } finally {
    stop();
    reader.close();
    worker.close();
  }
});

test("without a checkpointing primary a connection keeps SQLite's own automatic checkpoint", () => {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "b.db");
  const db = writeMuch(file, {});
  expect(db.pragma("wal_autocheckpoint", { simple: true })).toBe(1000);
  expect(fs.statSync(file).size).toBeGreaterThan(1_000_000);
  db.close();
});
