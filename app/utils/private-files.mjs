// Files only the server's user may read: the SQLite database with its -wal and -shm, and the
// database's backups (0600, their folders 0700). Shared by the app (db.server.ts, the backup job),
// `npm run db:migrate` and `npm run db:restore`, which run without the app's build, so it stays
// plain JavaScript, type-checked from its JSDoc (`// @ts-check`).
// See docs/decisions/0047-backup-location-and-file-modes.md.
// @ts-check

import fs from "node:fs";
import path from "node:path";

export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIR_MODE = 0o700;

/**
 * Makes `file` readable and writable by this user only, when it exists. Best effort: a file this
 * user does not own (or a read-only volume) is left as it is, and false returned.
 * @param {string} file
 */
export function makePrivate(file) {
  try {
    fs.chmodSync(file, PRIVATE_FILE_MODE);
    return true;
  } catch {
    return false;
  }
}

/**
 * A folder only this user may open: created with its missing parents (each 0700), and set to
 * 0700 when it already existed.
 * @param {string} dir
 */
export function privateFolder(dir) {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  fs.chmodSync(dir, PRIVATE_DIR_MODE);
}

/**
 * Before a SQLite database is opened: its folder is created if missing (0700), the file is
 * created if missing (0600, an empty file is an empty database) and set to 0600, and so are its
 * -wal and -shm when they exist. SQLite gives the -wal and -shm it creates later the database
 * file's own mode.
 * @param {string} file
 */
export function prepareDatabaseFile(file) {
  const dir = path.dirname(file);
  if (!fs.existsSync(dir)) fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  try {
    fs.closeSync(fs.openSync(file, "a", PRIVATE_FILE_MODE));
  } catch {
    // A database that cannot be opened is reported by SQLite, with its own message.
  }
  for (const suffix of ["", "-wal", "-shm"]) makePrivate(file + suffix);
}
