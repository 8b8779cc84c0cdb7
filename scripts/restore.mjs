#!/usr/bin/env node
// `npm run db:restore -- --list` prints the database's backups; `npm run db:restore -- <backup>`
// puts one in place of the SQLite database of a STOPPED site, keeping the current one aside.
// Backups are found where the site keeps them (STORAGE_DRIVER; BACKUP_DIR, UPLOAD_DIR; S3_*), or
// given as a file path. Plain JavaScript, so it runs in the production image without the
// app's build or TypeScript (type-checked from its JSDoc). See docs/backup-and-restore.md and
// docs/decisions/0037-backups-and-maintenance.md (0047: where, and the files' modes).
// @ts-check
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { pathToFileURL } from "node:url";
import { createGunzip } from "node:zlib";
import Database from "better-sqlite3";
import {
  BACKUP_PREFIX,
  backupDir,
  backupTime,
  formatBytes,
  legacyBackupDir,
  sortBackups,
  sqliteFile,
} from "../app/utils/backup-files.mjs";
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE, makePrivate } from "../app/utils/private-files.mjs";
import { migrationsFor } from "./migrate.mjs";

/** A refusal or a problem the operator can act on: printed as it is, exit code 1. */
export class RestoreError extends Error {}

const DOCS = "docs/backup-and-restore.md";

/**
 * Where the backups are, and how to fetch one.
 * @typedef {{
 *   where: string,
 *   list(): Promise<{ key: string, size: number }[]>,
 *   download(key: string, file: string): Promise<boolean>,
 * }} BackupSource
 */

/**
 * Where the backups are: the storage the site writes them to, read with the site's settings.
 * @param {Record<string, string | undefined>} [env]
 * @returns {Promise<BackupSource>}
 */
export async function backupSource(env = process.env) {
  if ((env.STORAGE_DRIVER ?? "local") === "s3") {
    if (!env.S3_BUCKET) throw new RestoreError("STORAGE_DRIVER is s3 but S3_BUCKET is not set.");
    const { S3Client, ListObjectsV2Command, GetObjectCommand } = await import("@aws-sdk/client-s3");
    const client = new S3Client({
      region: env.S3_REGION ?? "us-east-1",
      ...(env.S3_ENDPOINT ? { endpoint: env.S3_ENDPOINT, forcePathStyle: true } : {}),
      ...(env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY
        ? {
            credentials: {
              accessKeyId: env.AWS_ACCESS_KEY_ID,
              secretAccessKey: env.AWS_SECRET_ACCESS_KEY,
            },
          }
        : {}),
    });
    const Bucket = env.S3_BUCKET;
    return {
      where: `s3://${Bucket}/${BACKUP_PREFIX}`,
      async list() {
        /** @type {{ key: string, size: number }[]} */
        const found = [];
        /** @type {string | undefined} */
        let ContinuationToken;
        do {
          /** @type {import("@aws-sdk/client-s3").ListObjectsV2CommandOutput} */
          const page = await client.send(
            new ListObjectsV2Command({ Bucket, Prefix: BACKUP_PREFIX, ContinuationToken }),
          );
          for (const o of page.Contents ?? [])
            if (o.Key && backupTime(o.Key)) found.push({ key: o.Key, size: o.Size ?? 0 });
          ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
        } while (ContinuationToken);
        return found;
      },
      async download(key, file) {
        let res;
        try {
          res = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        } catch (error) {
          const e = /** @type {{ name?: string, $metadata?: { httpStatusCode?: number } }} */ (
            error
          );
          if (e?.name === "NoSuchKey" || e?.$metadata?.httpStatusCode === 404) return false;
          throw error;
        }
        if (!res.Body) return false;
        await pipeline(
          /** @type {NodeJS.ReadableStream} */ (res.Body),
          fs.createWriteStream(file, { flags: "wx", mode: PRIVATE_FILE_MODE }),
        );
        return true;
      },
    };
  }
  // The backups' folder, then the uploads folder where versions before ADR 0047 kept them (the
  // next backup moves those).
  const dirs = [backupDir(env), legacyBackupDir(env)];
  /** @param {string} key */
  const fileOf = (key) =>
    dirs.map((dir) => path.join(dir, key.slice(BACKUP_PREFIX.length))).find(fs.existsSync);
  return {
    where: `${dirs[0]}${path.sep}`,
    async list() {
      /** @type {Map<string, number>} */
      const found = new Map();
      for (const dir of dirs) {
        /** @type {string[]} */
        const names = await fsp.readdir(dir).catch(() => []);
        for (const name of names) {
          const key = BACKUP_PREFIX + name;
          if (!backupTime(key) || found.has(key)) continue;
          const stat = await fsp.stat(path.join(dir, name));
          found.set(key, stat.size);
        }
      }
      return [...found].map(([key, size]) => ({ key, size }));
    },
    async download(key, file) {
      const from = backupTime(key) ? fileOf(key) : undefined;
      if (!from) return false;
      await fsp.copyFile(from, file, fs.constants.COPYFILE_EXCL);
      makePrivate(file);
      return true;
    },
  };
}

/**
 * The backups, newest first.
 * @param {BackupSource} source
 * @returns {Promise<{ key: string, size: number, takenAt: Date }[]>}
 */
export async function listBackups(source) {
  const all = await source.list();
  const sizes = new Map(all.map((b) => [b.key, b.size]));
  return sortBackups(all.map((b) => b.key)).map((key) => ({
    key,
    size: sizes.get(key) ?? 0,
    takenAt: /** @type {Date} */ (backupTime(key)),
  }));
}

const stampOf = (/** @type {Date} */ now) =>
  now.toISOString().slice(0, 19).replace(/:/g, "-") + "Z";

const readDate = (/** @type {unknown} */ value) =>
  new Date(typeof value === "number" ? value : String(value));

/**
 * Refuses while the site looks running: the scheduler's lease is held and not expired (unless
 * `force`: a site that crashed leaves it for up to a few minutes), or another process has the
 * database open (never overridden: that process would go on writing to the old file). The second
 * test asks SQLite itself: leaving WAL mode needs the only connection to the file. It goes back
 * to WAL at once; closing the last connection writes the WAL into the file and removes it.
 * @param {string} database
 * @param {{ force?: boolean, now?: Date }} [options]
 */
export function assertStopped(database, { force = false, now = new Date() } = {}) {
  if (!fs.existsSync(database)) return;
  let db;
  try {
    db = new Database(database, { fileMustExist: true, timeout: 0 });
  } catch (error) {
    throw new RestoreError(
      `The current database cannot be opened: ${/** @type {Error} */ (error).message}.`,
    );
  }
  try {
    if (!force) {
      const hasLease = db
        .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'SchedulerLease'")
        .get();
      const leases = /** @type {{ holder: string, expiresAt: unknown }[]} */ (
        hasLease ? db.prepare('SELECT holder, "expiresAt" FROM "SchedulerLease"').all() : []
      );
      const live = leases.find((l) => readDate(l.expiresAt).getTime() > now.getTime());
      if (live)
        throw new RestoreError(
          `The site looks running: its scheduler's lease is held until ${readDate(live.expiresAt).toISOString()}. ` +
            "Stop the site first. If it is already stopped (it crashed), wait until then or add --force.",
        );
    }
    let mode;
    try {
      mode = db.pragma("journal_mode = DELETE", { simple: true });
      if (mode === "delete") db.pragma("journal_mode = WAL");
    } catch {
      mode = "busy";
    }
    if (mode !== "delete")
      throw new RestoreError(
        "The database is open in another process: the site (or a console, or a script) is still running. " +
          "Stop it first; see docs/backup-and-restore.md.",
      );
  } finally {
    db.close();
  }
}

const SQLITE_HEADER = Buffer.from("SQLite format 3\0", "latin1");

/**
 * Checks that `file` is a whole Inkwell database; resolves to what it found.
 * @param {string} file
 * @returns {{ missing: string[], unknown: string[] }}
 */
export function checkBackup(file) {
  const head = Buffer.alloc(16);
  const fd = fs.openSync(file, "r");
  try {
    fs.readSync(fd, head, 0, 16, 0);
  } finally {
    fs.closeSync(fd);
  }
  if (!head.equals(SQLITE_HEADER))
    throw new RestoreError(
      "The backup is not a SQLite database (the file is damaged or not a backup).",
    );
  let db;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    const rows = /** @type {{ integrity_check: string }[]} */ (db.pragma("integrity_check"));
    const problems = rows.map((r) => r.integrity_check);
    if (problems.length !== 1 || problems[0] !== "ok")
      throw new RestoreError(
        `The backup failed its integrity check: ${problems.slice(0, 3).join("; ")}. Choose another backup.`,
      );
    const hasMigrations = db
      .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '_prisma_migrations'")
      .get();
    if (!hasMigrations)
      throw new RestoreError("The backup is a SQLite file but not an Inkwell database.");
    const applied = new Set(
      db
        .prepare(
          "SELECT migration_name AS name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL",
        )
        .all()
        .map((r) => /** @type {{ name: string }} */ (r).name),
    );
    const known = migrationsFor("sqlite").map((m) => m.name);
    return {
      missing: known.filter((n) => !applied.has(n)),
      unknown: [...applied].filter((n) => !known.includes(n)),
    };
  } catch (error) {
    if (error instanceof RestoreError) throw error;
    throw new RestoreError(
      `The backup cannot be read as a database: ${/** @type {Error} */ (error).message}.`,
    );
  } finally {
    db?.close();
  }
}

/** @param {string} file */
async function isGzip(file) {
  const fd = await fsp.open(file, "r");
  try {
    const { bytesRead, buffer } = await fd.read(Buffer.alloc(2), 0, 2, 0);
    return bytesRead === 2 && buffer[0] === 0x1f && buffer[1] === 0x8b;
  } finally {
    await fd.close();
  }
}

/**
 * Restores `backup` (a key under backups/, a backup's file name, or a file path) into the SQLite
 * database `databaseUrl` names. Resolves to what it did; throws RestoreError on a refusal.
 * @param {{
 *   databaseUrl: string,
 *   backup: string,
 *   source: BackupSource,
 *   force?: boolean,
 *   now?: Date,
 *   log?: (message: string) => void,
 * }} options
 */
export async function restore({
  databaseUrl,
  backup,
  source,
  force = false,
  now = new Date(),
  log = () => {},
}) {
  if (/^postgres(ql)?:\/\//.test(databaseUrl))
    throw new RestoreError(
      `This site's database is PostgreSQL: restore it with your provider's point-in-time recovery or pg_restore (${DOCS}).`,
    );
  if (!databaseUrl.startsWith("file:"))
    throw new RestoreError("DATABASE_URL must start with file: (a SQLite database).");
  const database = sqliteFile(databaseUrl);
  assertStopped(database, { force, now });

  const stamp = stampOf(now);
  await fsp.mkdir(path.dirname(database), { recursive: true, mode: PRIVATE_DIR_MODE });
  const download = `${database}.restore-${stamp}.download`;
  const temp = `${database}.restore-${stamp}.tmp`;
  try {
    let from;
    const asKey = backup.startsWith(BACKUP_PREFIX) ? backup : BACKUP_PREFIX + backup;
    if (backupTime(asKey) && (await source.download(asKey, download))) {
      from = `${source.where}${asKey.slice(BACKUP_PREFIX.length)}`;
    } else if (fs.existsSync(backup) && fs.statSync(backup).isFile()) {
      await fsp.copyFile(backup, download, fs.constants.COPYFILE_EXCL);
      makePrivate(download);
      from = path.resolve(backup);
    } else {
      throw new RestoreError(
        `No backup named ${backup} in ${source.where}, and no such file. \`npm run db:restore -- --list\` shows the backups.`,
      );
    }
    if (await isGzip(download)) {
      try {
        await pipeline(
          fs.createReadStream(download),
          createGunzip(),
          fs.createWriteStream(temp, { flags: "wx", mode: PRIVATE_FILE_MODE }),
        );
      } catch (error) {
        throw new RestoreError(
          `The backup cannot be unpacked (${/** @type {Error} */ (error).message}): it is damaged.`,
        );
      }
      await fsp.rm(download, { force: true });
    } else {
      await fsp.rename(download, temp);
    }
    // Readable by this user only, as the database it becomes (its -wal and -shm follow it).
    makePrivate(temp);
    const found = checkBackup(temp);
    if (found.unknown.length > 0 && !force)
      throw new RestoreError(
        `The backup was made by a newer version of Inkwell (it has migration ${found.unknown[0]}, which this version does not know). Restore it with that version, or add --force.`,
      );
    // The site runs in WAL mode (prisma/migrations); a VACUUM INTO copy is in rollback mode.
    const db = new Database(temp, { fileMustExist: true });
    try {
      db.pragma("journal_mode = WAL");
    } finally {
      db.close();
    }

    // Once more just before the swap: nothing opened the database meanwhile.
    assertStopped(database, { force, now });
    let setAside = null;
    if (fs.existsSync(database)) {
      setAside = `${database}.before-restore-${stamp}`;
      await fsp.rename(database, setAside);
      for (const suffix of ["-wal", "-shm"])
        if (fs.existsSync(database + suffix))
          await fsp.rename(database + suffix, setAside + suffix);
    }
    await fsp.rename(temp, database);
    for (const file of setAside ? [database, setAside] : [database])
      for (const suffix of ["", "-wal", "-shm"]) makePrivate(file + suffix);
    const size = fs.statSync(database).size;
    log(`Restored ${from} (${formatBytes(size)}) into ${database}.`);
    log(
      setAside
        ? `The database it replaced is kept as ${setAside}.`
        : "There was no database there before.",
    );
    if (found.missing.length > 0)
      log(
        `The backup is from an older version: run \`npm run db:migrate\` before starting the site (${found.missing.length} migration(s) to apply).`,
      );
    else log("Start the site again.");
    return { database, from, setAside, size, missingMigrations: found.missing };
  } finally {
    await fsp.rm(download, { force: true });
    await fsp.rm(temp, { force: true });
  }
}

const USAGE = `Usage:
  npm run db:restore -- --list               list the backups (newest first)
  npm run db:restore -- <backup> [--force]   restore one into the stopped site's database
<backup> is a key from --list (backups/inkwell-….db.gz), its file name, or a file path.
--force restores even though the scheduler's lease looks held (a site that crashed), or a backup
from a newer version. See ${DOCS}.`;

/** @param {string[]} args */
async function main(args) {
  const flags = new Set(args.filter((a) => a.startsWith("-")));
  const names = args.filter((a) => !a.startsWith("-"));
  const unknown = [...flags].filter((f) => !["--list", "--force", "--help", "-h"].includes(f));
  if (flags.has("--help") || flags.has("-h")) {
    console.log(USAGE);
    return 0;
  }
  if (unknown.length > 0 || (flags.has("--list") ? names.length > 0 : names.length !== 1)) {
    console.error(USAGE);
    return 2;
  }
  const source = await backupSource();
  if (flags.has("--list")) {
    const backups = await listBackups(source);
    if (backups.length === 0) {
      console.log(`No backups in ${source.where}.`);
      return 0;
    }
    console.log(`Backups in ${source.where} (newest first):`);
    for (const b of backups)
      console.log(
        `  ${b.key}  ${formatBytes(b.size).padStart(8)}  taken ${b.takenAt.toISOString()}`,
      );
    console.log("Restore one with: npm run db:restore -- <key>");
    return 0;
  }
  await restore({
    databaseUrl: process.env.DATABASE_URL ?? "file:./data/inkwell.db",
    backup: names[0],
    source,
    force: flags.has("--force"),
    log: (m) => console.log(m),
  });
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  try {
    process.exitCode = await main(process.argv.slice(2));
  } catch (error) {
    if (error instanceof RestoreError) console.error(`Not restored: ${error.message}`);
    else console.error(`Restore failed: ${error instanceof Error ? error.message : error}`);
    process.exitCode = 1;
  }
}
