/**
 * Where the backup job keeps the database's backups (docs/decisions/0047-backup-location-and-file-modes.md):
 * with S3 storage, the bucket's `backups/` objects; with local storage, a folder of their own out
 * of the uploads tree (BACKUP_DIR, or `backups` beside the database), the folder 0700 and each
 * backup 0600, so only the server's user can read them. Backups an older version left in
 * `UPLOAD_DIR/backups/` are moved there when the store is opened.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { env } from "~/utils/env.server";
import { getStorage, type FileStorage, type ListedObject } from "~/utils/storage.server";
import { BACKUP_PREFIX, backupDir, backupTime, legacyBackupDir } from "~/utils/backup-files.mjs";
import { PRIVATE_FILE_MODE, makePrivate, privateFolder } from "~/utils/private-files.mjs";

/** What the backup job needs of a store: the storage interface's put, list and delete. */
export type BackupStore = Pick<FileStorage, "put" | "list" | "delete">;

/** A file name in the backups folder: one segment, no dot first. */
const NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/** The backups folder `dir` as a store of `backups/<name>` keys. */
export function createLocalBackupStore(dir: string): BackupStore {
  const fileFor = (key: string) => {
    const name = key.startsWith(BACKUP_PREFIX) ? key.slice(BACKUP_PREFIX.length) : "";
    if (!NAME.test(name)) throw new Error(`Invalid backup key: ${key}`);
    return path.join(dir, name);
  };
  return {
    async put(key, body) {
      const file = fileFor(key);
      privateFolder(dir);
      // Written to a temporary name and renamed when complete, readable by this user only.
      const tmp = `${file}.${randomBytes(6).toString("hex")}.part`;
      let size = 0;
      const source = body instanceof Readable ? body : Readable.from(body);
      source.on("data", (chunk: Uint8Array) => (size += chunk.byteLength));
      try {
        await pipeline(source, fs.createWriteStream(tmp, { flags: "wx", mode: PRIVATE_FILE_MODE }));
        await fsp.rename(tmp, file);
        return { size };
      } catch (error) {
        await fsp.rm(tmp, { force: true });
        throw error;
      }
    },
    async list() {
      const names = await fsp.readdir(dir).catch(() => [] as string[]);
      const found: ListedObject[] = [];
      for (const name of names) {
        if (!NAME.test(name) || name.endsWith(".part")) continue;
        const stat = await fsp.stat(path.join(dir, name)).catch(() => null);
        if (stat?.isFile())
          found.push({ key: BACKUP_PREFIX + name, size: stat.size, modifiedAt: stat.mtime });
      }
      return found;
    },
    async delete(key) {
      await fsp.rm(fileFor(key), { force: true });
    },
  };
}

/**
 * Moves the backups in `from` (the old place in the uploads tree) into `to`, each made private;
 * anything else there is left, and the old folder is removed once empty.
 */
async function moveLegacyBackups(from: string, to: string) {
  if (path.resolve(from) === path.resolve(to)) return;
  const names = await fsp.readdir(from).catch(() => null);
  if (!names) return;
  const backups = names.filter((name) => backupTime(BACKUP_PREFIX + name));
  if (backups.length > 0) privateFolder(to);
  for (const name of backups) {
    const source = path.join(from, name);
    const target = path.join(to, name);
    try {
      await fsp.rename(source, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
      // Another volume: copied (kept private), then removed.
      await fsp.copyFile(source, target);
      await fsp.rm(source);
    }
    makePrivate(target);
  }
  await fsp.rmdir(from).catch(() => {});
}

/** The backups' store for this site's storage settings (local backups moved out of uploads first). */
export async function openBackupStore(): Promise<BackupStore> {
  const storage = getStorage();
  if (storage.driver === "s3") return storage;
  const { BACKUP_DIR, DATABASE_URL, UPLOAD_DIR } = env();
  const settings = { BACKUP_DIR, DATABASE_URL, UPLOAD_DIR };
  const dir = backupDir(settings);
  await moveLegacyBackups(legacyBackupDir(settings), dir);
  return createLocalBackupStore(dir);
}
