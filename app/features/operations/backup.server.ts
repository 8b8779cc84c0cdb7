/**
 * The SQLite backup (docs/decisions/0037-backups-and-maintenance.md): an online copy taken with
 * `VACUUM INTO` while the site keeps writing, checked, gzipped under `backups/` (the S3 bucket, or
 * with local storage a private folder out of the uploads tree: backup-store.server.ts, ADR 0047),
 * keeping the newest BACKUP_KEEP copies. PostgreSQL is backed up by its managed
 * service (docs/backup-and-restore.md): the job does not run there and refuses if asked.
 */
import fs from "node:fs";
import fsp from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { Worker } from "node:worker_threads";
import { createGzip } from "node:zlib";
import { engine } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { PRIVATE_FILE_MODE } from "~/utils/private-files.mjs";
import {
  BACKUP_PREFIX,
  backupKey,
  backupsToDelete,
  formatBytes,
  sortBackups,
  sqliteFile,
} from "~/utils/backup-files.mjs";

import { openBackupStore } from "./backup-store.server";
import type { JobContext, JobResult } from "./jobs";

const TEMP_PREFIX = ".inkwell-backup-";
/** MaintenanceRun.count is a 32-bit integer: a larger backup records this much. */
const MAX_COUNT = 2_147_483_647;

/**
 * The copy and its check run in a worker thread on a connection of their own: better-sqlite3 is
 * synchronous, and the site's requests (and its writes, which WAL lets go on beside the copy's
 * read snapshot) must not wait for them.
 */
const SNAPSHOT_WORKER = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
try {
  const source = new Database(workerData.source, { readonly: true, fileMustExist: true });
  try {
    source.pragma("busy_timeout = 5000");
    source.prepare("VACUUM INTO ?").run(workerData.target);
  } finally {
    source.close();
  }
  const copy = new Database(workerData.target, { readonly: true, fileMustExist: true });
  try {
    const rows = copy.pragma("integrity_check").map((r) => r.integrity_check);
    const tables = copy.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table'").get().n;
    parentPort.postMessage({ ok: rows.length === 1 && rows[0] === "ok", problems: rows.slice(0, 5), tables });
  } finally {
    copy.close();
  }
} catch (error) {
  parentPort.postMessage({ error: error instanceof Error ? error.message : String(error) });
}
`;

type SnapshotReport = { ok?: boolean; problems?: string[]; tables?: number; error?: string };

/** Copies the database `source` into the new file `target` and checks the copy. */
function snapshot(source: string, target: string): Promise<{ tables: number }> {
  const driver = createRequire(import.meta.url).resolve("better-sqlite3");
  return new Promise((resolve, reject) => {
    const worker = new Worker(SNAPSHOT_WORKER, {
      eval: true,
      workerData: { driver, source, target },
    });
    let report: SnapshotReport | undefined;
    worker.once("message", (m: SnapshotReport) => (report = m));
    worker.once("error", reject);
    worker.once("exit", () => {
      if (!report) return reject(new Error("The backup's copy stopped before it finished."));
      if (report.error)
        return reject(new Error(`The database could not be copied: ${report.error}`));
      if (!report.ok)
        return reject(
          new Error(`The copy failed its integrity check: ${(report.problems ?? []).join("; ")}`),
        );
      resolve({ tables: report.tables ?? 0 });
    });
  });
}

/** Removes copies a run cut short left beside the database (never the one being written). */
async function removeLeftovers(dir: string, keep: string, now: Date) {
  const names = await fsp.readdir(dir).catch(() => [] as string[]);
  for (const name of names) {
    if (!name.startsWith(TEMP_PREFIX) || path.join(dir, name) === keep) continue;
    const file = path.join(dir, name);
    const stat = await fsp.stat(file).catch(() => null);
    // A run is taken over after RUN_LEASE_MS (30 minutes); an hour-old copy is nobody's.
    if (stat && now.getTime() - stat.mtimeMs > 3_600_000) await fsp.rm(file, { force: true });
  }
}

export const POSTGRES_REFUSAL =
  "This site's database is PostgreSQL: it is backed up by its managed service (daily backups and point-in-time recovery), not by Inkwell. See docs/backup-and-restore.md.";

export async function runBackup({ runId, now }: JobContext): Promise<JobResult> {
  if (engine !== "sqlite") throw new Error(POSTGRES_REFUSAL);
  const { DATABASE_URL, BACKUP_KEEP } = env();
  const database = sqliteFile(DATABASE_URL);
  // Beside the database (the same volume, with room for a copy of it), never in a served folder.
  const dir = path.dirname(database);
  const temp = path.join(dir, `${TEMP_PREFIX}${runId}.db`);
  await removeLeftovers(dir, temp, now);
  await fsp.rm(temp, { force: true });
  try {
    // Made empty and private first: VACUUM INTO fills an empty file and keeps its mode (ADR 0047).
    await fsp.writeFile(temp, "", { flag: "wx", mode: PRIVATE_FILE_MODE });
    await snapshot(database, temp);
    const rawSize = (await fsp.stat(temp)).size;
    const storage = await openBackupStore();
    const key = backupKey(now);
    const gzip = createGzip();
    // A failed read destroys the gzip stream with the error, which fails the upload.
    pipeline(fs.createReadStream(temp), gzip).catch(() => {});
    const { size } = await storage.put(key, gzip, { contentType: "application/gzip" });

    const stored = (await storage.list(BACKUP_PREFIX)).map((o) => o.key);
    const old = backupsToDelete(stored, BACKUP_KEEP);
    for (const k of old) await storage.delete(k);
    const kept = sortBackups(stored).length - old.length;
    const removed = old.length > 0 ? `, removed ${old.length} older` : "";
    return {
      count: Math.min(size, MAX_COUNT),
      note: `Saved ${key} (${formatBytes(size)}; ${formatBytes(rawSize)} uncompressed); kept ${kept} ${kept === 1 ? "copy" : "copies"}${removed}.`,
    };
  } finally {
    await fsp.rm(temp, { force: true });
  }
}
