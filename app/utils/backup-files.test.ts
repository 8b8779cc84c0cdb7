import path from "node:path";
import { describe, expect, test } from "vitest";
import {
  backupKey,
  backupsToDelete,
  backupDir,
  backupTime,
  formatBytes,
  legacyBackupDir,
  sortBackups,
  sqliteFile,
} from "./backup-files.mjs";
import { assertKey } from "~/utils/storage.server";

describe("backup names", () => {
  test("a key names the UTC time it was taken and is a valid storage key", () => {
    const key = backupKey(new Date("2026-11-24T06:00:07.123Z"));
    expect(key).toBe("backups/inkwell-2026-11-24T06-00-07Z.db.gz");
    expect(() => assertKey(key)).not.toThrow();
    expect(backupTime(key)).toEqual(new Date("2026-11-24T06:00:07Z"));
    expect(backupTime("backups/inkwell-2026-11-24T06-00-07Z.db")).toEqual(
      new Date("2026-11-24T06:00:07Z"),
    );
  });

  test("anything else is not a backup", () => {
    for (const key of [
      "backups/notes.txt",
      "user1/contest1/1700000000000.pdf",
      "backups/inkwell-2026-13-40T06-00-07Z.db.gz",
      "other/inkwell-2026-11-24T06-00-07Z.db.gz",
    ])
      expect(backupTime(key)).toBeNull();
  });

  test("keeps the newest copies and never deletes what is not a backup", () => {
    const keys = [
      "backups/inkwell-2026-11-22T06-00-00Z.db.gz",
      "backups/notes.txt",
      "backups/inkwell-2026-11-24T06-00-00Z.db.gz",
      "backups/inkwell-2026-11-21T06-00-00Z.db.gz",
      "backups/inkwell-2026-11-23T06-00-00Z.db.gz",
    ];
    expect(sortBackups(keys)[0]).toBe("backups/inkwell-2026-11-24T06-00-00Z.db.gz");
    expect(backupsToDelete(keys, 2)).toEqual([
      "backups/inkwell-2026-11-22T06-00-00Z.db.gz",
      "backups/inkwell-2026-11-21T06-00-00Z.db.gz",
    ]);
    expect(backupsToDelete(keys, 14)).toEqual([]);
    expect(() => backupsToDelete(keys, 0)).toThrow();
  });

  test("sizes and paths", () => {
    expect(formatBytes(512)).toBe("512 B");
    expect(formatBytes(1536)).toBe("1.5 KB");
    expect(formatBytes(250 * 1024 * 1024)).toBe("250 MB");
    expect(sqliteFile("file:./data/inkwell.db?x=1")).toBe(path.resolve("data/inkwell.db"));
    expect(() => sqliteFile("postgres://x/y")).toThrow();
  });

  test("the backups' folder is out of the uploads tree: BACKUP_DIR, or beside the database", () => {
    expect(backupDir({})).toBe(path.resolve("data/backups"));
    expect(backupDir({ DATABASE_URL: "file:/data/inkwell.db", UPLOAD_DIR: "/data/uploads" })).toBe(
      "/data/backups",
    );
    expect(backupDir({ BACKUP_DIR: "/srv/backups", DATABASE_URL: "file:/data/inkwell.db" })).toBe(
      "/srv/backups",
    );
    expect(backupDir({ DATABASE_URL: "postgres://x/y" })).toBe(path.resolve("data/backups"));
    expect(legacyBackupDir({ UPLOAD_DIR: "/data/uploads" })).toBe("/data/uploads/backups");
  });
});
