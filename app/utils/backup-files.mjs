// The names of the database's backups in storage and which of them to keep: shared by the backup
// job (backup.server.ts) and `npm run db:restore` (scripts/restore.mjs), which runs without the
// app's build, so it stays plain JavaScript, type-checked from these JSDoc types (`// @ts-check`).
// See docs/decisions/0037-backups-and-maintenance.md and, for where they are kept on this machine,
// 0047-backup-location-and-file-modes.md.
// @ts-check

import path from "node:path";
import bytes from "bytes";

/** Every backup's key starts with this (a folder no entry key can be in). */
export const BACKUP_PREFIX = "backups/";

/**
 * The folder of the backups on this machine (STORAGE_DRIVER=local): BACKUP_DIR, or a `backups`
 * folder beside the SQLite database; never in UPLOAD_DIR. A backup's key `backups/<name>` is the
 * file `<folder>/<name>`. (With S3 they are the bucket's `backups/` objects.)
 * @param {Record<string, string | undefined>} env
 */
export function backupDir(env) {
  if (env.BACKUP_DIR) return path.resolve(process.cwd(), env.BACKUP_DIR);
  const url = env.DATABASE_URL ?? "file:./data/inkwell.db";
  const database = url.startsWith("file:") ? sqliteFile(url) : path.resolve("data/inkwell.db");
  return path.join(path.dirname(database), "backups");
}

/**
 * Where backups were kept before (`UPLOAD_DIR/backups/`): the restore still finds them there,
 * and the next backup moves them to `backupDir`.
 * @param {Record<string, string | undefined>} env
 */
export function legacyBackupDir(env) {
  return path.join(path.resolve(process.cwd(), env.UPLOAD_DIR ?? "./data/uploads"), "backups");
}

const NAME = /^backups\/inkwell-(\d{4})-(\d{2})-(\d{2})T(\d{2})-(\d{2})-(\d{2})Z\.db(\.gz)?$/;

/**
 * `backups/inkwell-2026-11-24T06-00-00Z.db.gz`: the time the backup was taken, in UTC.
 * @param {Date} now
 */
export function backupKey(now) {
  const stamp = now.toISOString().slice(0, 19).replace(/:/g, "-");
  return `${BACKUP_PREFIX}inkwell-${stamp}Z.db.gz`;
}

/**
 * When the backup named `key` was taken, or null when the key is not a backup's.
 * @param {string} key
 * @returns {Date | null}
 */
export function backupTime(key) {
  const m = NAME.exec(key);
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m;
  const time = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}Z`);
  return Number.isNaN(time.getTime()) ? null : time;
}

/**
 * The backups among `keys`, newest first (anything else under the prefix is left out).
 * @param {string[]} keys
 * @returns {string[]}
 */
export function sortBackups(keys) {
  return keys
    .flatMap((key) => {
      const time = backupTime(key);
      return time ? [{ key, time }] : [];
    })
    .sort((a, b) => b.time.getTime() - a.time.getTime() || (a.key < b.key ? 1 : -1))
    .map((b) => b.key);
}

/**
 * The backups to delete so that the newest `keep` remain (never one that is not a backup).
 * @param {string[]} keys
 * @param {number} keep
 */
export function backupsToDelete(keys, keep) {
  if (!Number.isInteger(keep) || keep < 1) throw new Error("At least one backup must be kept.");
  return sortBackups(keys).slice(keep);
}

/**
 * "12.3 MB": a size for people (the `bytes` package, as Express uses it).
 * @param {number} size
 * @returns {string}
 */
export function formatBytes(size) {
  return bytes.format(size, { unitSeparator: " ", decimalPlaces: 1 }) ?? "";
}

/**
 * `file:./data/inkwell.db` → its absolute path (relative to the current folder, as the adapter reads it).
 * @param {string} url
 */
export function sqliteFile(url) {
  if (!url.startsWith("file:")) throw new Error("The database is not a SQLite file.");
  return path.resolve(process.cwd(), url.slice("file:".length).split("?")[0]);
}
