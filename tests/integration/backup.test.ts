/**
 * The SQLite backup and `npm run db:restore` (docs/decisions/0037-backups-and-maintenance.md):
 * a backup taken while entries, scores and payments are being written holds every one committed
 * before it began and is a consistent snapshot; restored into a fresh file it passes SQLite's
 * integrity check and opens with Prisma; BACKUP_KEEP copies are kept; the restore refuses a
 * running site, a damaged backup and PostgreSQL. On PostgreSQL the job refuses to run.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import Database from "better-sqlite3";
import S3rver from "s3rver";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { PrismaClient } from "~/generated/prisma/client";
import { POSTGRES_REFUSAL, runBackup } from "~/features/operations/backup.server";
import { createLocalBackupStore } from "~/features/operations/backup-store.server";
import { jobInterval, runMaintenanceJob } from "~/features/operations/maintenance.server";
import { engine, prisma, withBusyRetry } from "~/utils/db.server";
import {
  createLocalStorage,
  createS3Storage,
  setStorageForTests,
  type FileStorage,
} from "~/utils/storage.server";
import { migrate } from "../../scripts/migrate.mjs";
import { backupSource, listBackups, restore, RestoreError } from "../../scripts/restore.mjs";

// The site's settings for this file: backups go to their own folder, out of the uploads tree
// (docs/decisions/0047-backup-location-and-file-modes.md).
const { work, uploads, backups } = vi.hoisted(() => {
  const work = `${process.env.TMPDIR ?? "/tmp"}/inkwell-backup-${process.pid}-${Date.now()}`;
  const dirs = { work, uploads: `${work}/uploads`, backups: `${work}/site-backups` };
  process.env.BACKUP_KEEP = "3";
  process.env.UPLOAD_DIR = dirs.uploads;
  process.env.BACKUP_DIR = dirs.backups;
  return dirs;
});

const DAY = 86_400_000;
const HOUR = 3_600_000;
const sqlite = engine === "sqlite";

fs.mkdirSync(work, { recursive: true });
afterAll(() => {
  setStorageForTests(undefined);
  fs.rmSync(work, { recursive: true, force: true });
});

let seq = 0;
type Written = { submissionId: string; scoreId: string; paymentId: string };

async function contestWithJudge() {
  const now = Date.now();
  const contest = await prisma.contest.create({
    data: {
      slug: `backup-${++seq}`,
      title: `Backup ${seq}`,
      description: "Backups",
      entryFeeCents: 500,
      submissionsOpen: new Date(now - 30 * DAY),
      submissionsClose: new Date(now + 20 * DAY),
      judgingOpen: new Date(now - 10 * DAY),
      judgingClose: new Date(now + 30 * DAY),
      resultsAt: new Date(now + 40 * DAY),
      rubrics: { create: { name: "Rubric", criteria: "[]" } },
    },
    include: { rubrics: true },
  });
  const judge = await prisma.user.create({
    data: { email: `judge-backup-${++seq}@example.test`, displayName: `Judge ${seq}` },
  });
  return { contestId: contest.id, rubricId: contest.rubrics[0].id, judgeId: judge.id };
}

/** One writer's entry, its score and its payment, in one transaction. */
async function writeEntry(c: Awaited<ReturnType<typeof contestWithJudge>>): Promise<Written> {
  const n = ++seq;
  return withBusyRetry(() =>
    prisma.$transaction(async (tx) => {
      const writer = await tx.user.create({
        data: { email: `writer-backup-${n}@example.test`, displayName: `Writer ${n}` },
      });
      const sub = await tx.submission.create({
        data: {
          contestId: c.contestId,
          entrantId: writer.id,
          title: `Entry ${n}`,
          body: "Once upon a time ".repeat(40),
          wordCount: 160,
          status: "submitted",
        },
      });
      const assignment = await tx.judgeAssignment.create({
        data: { contestId: c.contestId, judgeId: c.judgeId, submissionId: sub.id },
      });
      const score = await tx.score.create({
        data: {
          assignmentId: assignment.id,
          rubricId: c.rubricId,
          judgeId: c.judgeId,
          submissionId: sub.id,
          scores: "{}",
          total: n % 10,
          submittedAt: new Date(),
        },
      });
      const payment = await tx.payment.create({
        data: {
          submissionId: sub.id,
          contestId: c.contestId,
          feeCents: 500,
          amountCents: 500,
          status: "paid",
          paidAt: new Date(),
        },
      });
      return { submissionId: sub.id, scoreId: score.id, paymentId: payment.id };
    }),
  );
}

/** A file's or folder's permission bits, as "600". */
const modeOf = (file: string) => (fs.statSync(file).mode & 0o777).toString(8);

function storedFiles(dir: string) {
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
}

describe.skipIf(!sqlite)("SQLite backup and restore", () => {
  let storage: FileStorage;
  beforeAll(() => {
    storage = createLocalStorage(uploads);
    setStorageForTests(storage);
  });

  let backupKey = "";
  const written: Written[] = [];
  let before = 0;

  test("a backup taken during writes holds every entry, score and payment committed before it began", async () => {
    const c = await contestWithJudge();
    // Some bulk, so the copy takes a while beside the writes.
    const filler = await prisma.user.create({
      data: { email: `filler-${++seq}@example.test`, displayName: "Filler" },
    });
    await prisma.submission.createMany({
      data: Array.from({ length: 1500 }, (_, i) => ({
        contestId: c.contestId,
        entrantId: filler.id,
        title: `Filler ${i}`,
        body: "word ".repeat(600),
        wordCount: 600,
        status: "withdrawn" as const,
      })),
    });
    for (let i = 0; i < 20; i++) written.push(await writeEntry(c));

    let stop = false;
    const loop = (async () => {
      while (!stop) {
        written.push(await writeEntry(c));
        // better-sqlite3 answers within microtasks: let the worker's messages (and timers) in,
        // as a server's requests arrive between writes.
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    while (written.length < 25) await writeEntry(c).then((w) => written.push(w));

    before = written.length;
    const outcome = await runMaintenanceJob("backup", new Date("2026-11-24T06:00:00Z"));
    const during = written.length - before;
    stop = true;
    await loop;

    expect(outcome).toMatchObject({ status: "done" });
    if (outcome.status !== "done") return;
    backupKey = "backups/inkwell-2026-11-24T06-00-00Z.db.gz";
    expect(outcome.result.note).toMatch(
      /^Saved backups\/inkwell-2026-11-24T06-00-00Z\.db\.gz \(.+; .+ uncompressed\); kept 1 copy\.$/,
    );
    const file = path.join(backups, "inkwell-2026-11-24T06-00-00Z.db.gz");
    expect(outcome.result.count).toBe(fs.statSync(file).size);
    // Out of the uploads tree, readable by the server's user only (ADR 0047).
    expect(fs.existsSync(path.join(uploads, "backups"))).toBe(false);
    expect(modeOf(file)).toBe("600");
    expect(modeOf(backups)).toBe("700");
    const run = await prisma.maintenanceRun.findUniqueOrThrow({ where: { id: outcome.runId } });
    expect(run).toMatchObject({ job: "backup", outcome: "done", note: outcome.result.note });
    // No copy is left beside the database.
    const dbDir = path.dirname(process.env.DATABASE_URL!.slice("file:".length));
    expect(fs.readdirSync(dbDir).filter((f) => f.startsWith(".inkwell-backup-"))).toEqual([]);
    console.info(`backup: ${before} entries before, ${during} written while it ran`);
  });

  test("restored into a fresh database, it passes the integrity check, opens with Prisma and has them all", async () => {
    expect(backupKey).not.toBe("");
    const target = path.join(work, "fresh", "restored.db");
    const lines: string[] = [];
    const done = await restore({
      databaseUrl: `file:${target}`,
      backup: backupKey,
      source: await backupSource({ UPLOAD_DIR: uploads, BACKUP_DIR: backups }),
      log: (m) => lines.push(m),
    });
    expect(done).toMatchObject({ database: target, setAside: null, missingMigrations: [] });
    expect(lines[0]).toMatch(/^Restored .*inkwell-2026-11-24T06-00-00Z\.db\.gz \(.+\) into /);
    expect(modeOf(target)).toBe("600");
    expect(modeOf(path.dirname(target))).toBe("700");

    const raw = new Database(target, { readonly: true });
    try {
      expect(raw.pragma("integrity_check", { simple: true })).toBe("ok");
      expect(raw.pragma("foreign_key_check")).toEqual([]);
      expect(raw.pragma("journal_mode", { simple: true })).toBe("wal");
    } finally {
      raw.close();
    }

    const restored = new PrismaClient({
      adapter: new PrismaBetterSqlite3({ url: `file:${target}` }),
    });
    try {
      const ids = written.map((w) => w.submissionId);
      const subs = new Set(
        (
          await restored.submission.findMany({
            where: { id: { in: ids } },
            select: { id: true },
          })
        ).map((s) => s.id),
      );
      const scores = new Set(
        (
          await restored.score.findMany({
            where: { id: { in: written.map((w) => w.scoreId) } },
            select: { id: true },
          })
        ).map((s) => s.id),
      );
      const payments = new Set(
        (
          await restored.payment.findMany({
            where: { id: { in: written.map((w) => w.paymentId) } },
            select: { id: true },
          })
        ).map((p) => p.id),
      );
      // Everything committed before the backup began…
      for (const w of written.slice(0, before)) {
        expect(subs.has(w.submissionId)).toBe(true);
        expect(scores.has(w.scoreId)).toBe(true);
        expect(payments.has(w.paymentId)).toBe(true);
      }
      // …and a snapshot: the entries written after are a prefix of the writes, each whole.
      const k = written.findIndex((w) => !subs.has(w.submissionId));
      const taken = k === -1 ? written.length : k;
      expect(taken).toBeGreaterThanOrEqual(before);
      written.forEach((w, i) => {
        const expected = i < taken;
        expect([
          subs.has(w.submissionId),
          scores.has(w.scoreId),
          payments.has(w.paymentId),
        ]).toEqual([expected, expected, expected]);
      });
      expect(await restored.submission.count({ where: { title: { startsWith: "Filler " } } })).toBe(
        1500,
      );
    } finally {
      await restored.$disconnect();
    }
  });

  test("keeps the newest BACKUP_KEEP copies and leaves other files alone", async () => {
    fs.writeFileSync(path.join(backups, "notes.txt"), "not a backup");
    const times = ["2026-11-24T07:00:00Z", "2026-11-24T08:00:00Z", "2026-11-24T09:00:00Z"];
    const notes: string[] = [];
    for (const t of times) {
      const outcome = await runMaintenanceJob("backup", new Date(t));
      expect(outcome.status).toBe("done");
      if (outcome.status === "done") notes.push(outcome.result.note);
    }
    expect(storedFiles(backups)).toEqual([
      "inkwell-2026-11-24T07-00-00Z.db.gz",
      "inkwell-2026-11-24T08-00-00Z.db.gz",
      "inkwell-2026-11-24T09-00-00Z.db.gz",
      "notes.txt",
    ]);
    expect(notes[1]).toMatch(/kept 3 copies\.$/);
    expect(notes[2]).toMatch(/kept 3 copies, removed 1 older\.$/);
    const listed = await createLocalBackupStore(backups).list("backups/");
    expect(listed.map((o) => o.key).sort()).toEqual([
      "backups/inkwell-2026-11-24T07-00-00Z.db.gz",
      "backups/inkwell-2026-11-24T08-00-00Z.db.gz",
      "backups/inkwell-2026-11-24T09-00-00Z.db.gz",
      "backups/notes.txt",
    ]);
  });

  test("the restore refuses a database another process has open, a held lease and a damaged backup", async () => {
    const source = await backupSource({ UPLOAD_DIR: uploads, BACKUP_DIR: backups });
    const key = "backups/inkwell-2026-11-24T09-00-00Z.db.gz";
    const target = path.join(work, "site", "inkwell.db");
    await restore({ databaseUrl: `file:${target}`, backup: key, source });

    // The site is running: it has the database open.
    const site = new Database(target);
    site.pragma("journal_mode = WAL");
    site.prepare("SELECT count(*) FROM Submission").get();
    await expect(
      restore({ databaseUrl: `file:${target}`, backup: key, source, force: true }),
    ).rejects.toThrow(/open in another process/);
    // The test's own database, open through Prisma, is refused too.
    await expect(
      restore({ databaseUrl: process.env.DATABASE_URL!, backup: key, source }),
    ).rejects.toThrow(RestoreError);
    site.close();

    // A lease not yet expired: the site looks running (it may have crashed: --force).
    const siteDb = new PrismaClient({
      adapter: new PrismaBetterSqlite3({ url: `file:${target}` }),
    });
    await siteDb.schedulerLease.deleteMany({});
    await siteDb.schedulerLease.create({
      data: { name: "scheduler", holder: "host:1", expiresAt: new Date(Date.now() + HOUR) },
    });
    await siteDb.$disconnect();
    await expect(restore({ databaseUrl: `file:${target}`, backup: key, source })).rejects.toThrow(
      /scheduler's lease is held until/,
    );
    const now = new Date("2026-11-24T10:00:00Z");
    const forced = await restore({
      databaseUrl: `file:${target}`,
      backup: key,
      source,
      force: true,
      now,
    });
    expect(forced.setAside).toBe(`${target}.before-restore-2026-11-24T10-00-00Z`);
    const aside = new Database(forced.setAside!, { readonly: true });
    try {
      expect(aside.pragma("integrity_check", { simple: true })).toBe("ok");
      expect(aside.prepare('SELECT holder FROM "SchedulerLease"').all()).toEqual([
        { holder: "host:1" },
      ]);
    } finally {
      aside.close();
    }
    expect(fs.existsSync(`${target}-wal`) && fs.existsSync(`${forced.setAside}-wal`)).toBe(false);

    // Damaged backups: truncated, not a database, a broken gzip. The database stays as it was.
    const whole = gunzipSync(fs.readFileSync(path.join(backups, key.slice("backups/".length))));
    const damaged = [
      ["truncated.db", whole.subarray(0, Math.floor(whole.length / 2))],
      ["text.db", Buffer.from("hello, this is not a database")],
      ["broken.db.gz", Buffer.from([0x1f, 0x8b, 8, 0, 1, 2, 3, 4, 5, 6])],
    ] as const;
    const filesBefore = fs.readdirSync(path.dirname(target)).sort();
    const entries = () => {
      const db = new Database(target, { readonly: true });
      try {
        return db.prepare("SELECT id FROM Submission ORDER BY id").all();
      } finally {
        db.close();
      }
    };
    const entriesBefore = entries();
    for (const [name, bytes] of damaged) {
      const file = path.join(work, name);
      fs.writeFileSync(file, bytes);
      await expect(
        restore({ databaseUrl: `file:${target}`, backup: file, source }),
      ).rejects.toThrow(RestoreError);
    }
    expect(fs.readdirSync(path.dirname(target)).sort()).toEqual(filesBefore);
    expect(entries()).toEqual(entriesBefore);
    expect(
      fs.readdirSync(path.dirname(target)).filter((f) => /restore-.*\.(tmp|download)$/.test(f)),
    ).toEqual([]);
    await expect(
      restore({
        databaseUrl: `file:${target}`,
        backup: "backups/inkwell-2020-01-01T00-00-00Z.db.gz",
        source,
      }),
    ).rejects.toThrow(/No backup named/);
  });

  test("the command lists the backups, newest first, and exits non-zero on a refusal", () => {
    const env = {
      ...process.env,
      UPLOAD_DIR: uploads,
      BACKUP_DIR: backups,
      STORAGE_DRIVER: "local",
    };
    const list = spawnSync(process.execPath, ["scripts/restore.mjs", "--list"], {
      env,
      encoding: "utf8",
    });
    expect(list.status).toBe(0);
    const keys = list.stdout.match(/backups\/inkwell-\S+/g);
    expect(keys).toEqual([
      "backups/inkwell-2026-11-24T09-00-00Z.db.gz",
      "backups/inkwell-2026-11-24T08-00-00Z.db.gz",
      "backups/inkwell-2026-11-24T07-00-00Z.db.gz",
    ]);
    // This test's database is open (through Prisma): the site is "running".
    const refused = spawnSync(process.execPath, ["scripts/restore.mjs", keys![0]], {
      env,
      encoding: "utf8",
    });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/^Not restored: The database is open in another process/);
    const usage = spawnSync(process.execPath, ["scripts/restore.mjs"], { env, encoding: "utf8" });
    expect(usage.status).toBe(2);
    const pg = spawnSync(process.execPath, ["scripts/restore.mjs", keys![0]], {
      env: { ...env, DATABASE_URL: "postgres://localhost/inkwell" },
      encoding: "utf8",
    });
    expect(pg.status).toBe(1);
    expect(pg.stderr).toMatch(/PostgreSQL.*docs\/backup-and-restore\.md/);
  });

  test("backups an older version left in UPLOAD_DIR/backups are moved out, private; the restore finds them either place", async () => {
    const legacy = path.join(uploads, "backups");
    fs.mkdirSync(legacy, { recursive: true });
    const old = "inkwell-2026-11-20T06-00-00Z.db.gz";
    fs.copyFileSync(
      path.join(backups, "inkwell-2026-11-24T09-00-00Z.db.gz"),
      path.join(legacy, old),
    );
    fs.chmodSync(path.join(legacy, old), 0o644);
    // Not moved yet: the restore lists it.
    const source = await backupSource({ UPLOAD_DIR: uploads, BACKUP_DIR: backups });
    expect((await listBackups(source)).map((b) => b.key)).toContain(`backups/${old}`);

    const outcome = await runMaintenanceJob("backup", new Date("2026-11-24T10:00:00Z"));
    expect(outcome.status).toBe("done");
    // Moved (then, being the oldest, let go by BACKUP_KEEP), and the old folder is gone.
    expect(fs.existsSync(legacy)).toBe(false);
    expect(storedFiles(backups)).toEqual([
      "inkwell-2026-11-24T08-00-00Z.db.gz",
      "inkwell-2026-11-24T09-00-00Z.db.gz",
      "inkwell-2026-11-24T10-00-00Z.db.gz",
      "notes.txt",
    ]);
    for (const name of storedFiles(backups).filter((n) => n.endsWith(".gz")))
      expect(modeOf(path.join(backups, name)), name).toBe("600");
  });

  test("the database, its -wal and its -shm are readable by the server's user only", async () => {
    const database = process.env.DATABASE_URL!.slice("file:".length);
    await prisma.user.count();
    for (const suffix of ["", "-wal", "-shm"])
      if (fs.existsSync(database + suffix)) expect(modeOf(database + suffix), suffix).toBe("600");
    // A database the migrations create: the file 0600 in a 0700 folder, and its -wal after use.
    const fresh = path.join(work, "new-site", "data", "inkwell.db");
    await migrate(`file:${fresh}`);
    expect(modeOf(fresh)).toBe("600");
    expect(modeOf(path.dirname(fresh))).toBe("700");
    const db = new Database(fresh);
    try {
      db.prepare("SELECT count(*) FROM User").get();
      expect(modeOf(`${fresh}-wal`)).toBe("600");
      expect(modeOf(`${fresh}-shm`)).toBe("600");
    } finally {
      db.close();
    }
  });

  test("on S3: backed up, listed and restored through the bucket", async () => {
    const dir = fs.mkdtempSync(path.join(work, "s3-"));
    const server = new S3rver({
      port: 0,
      address: "127.0.0.1",
      silent: true,
      directory: dir,
      configureBuckets: [{ name: "site" }],
    });
    const { port } = await server.run();
    const endpoint = `http://127.0.0.1:${port}`;
    try {
      setStorageForTests(
        createS3Storage({
          bucket: "site",
          endpoint,
          credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
        }),
      );
      for (const t of [
        "2026-11-25T06:00:00Z",
        "2026-11-26T06:00:00Z",
        "2026-11-27T06:00:00Z",
        "2026-11-28T06:00:00Z",
      ]) {
        const o = await runMaintenanceJob("backup", new Date(t));
        expect(o.status === "failed" ? o.error : o.status).toBe("done");
      }
      const source = await backupSource({
        STORAGE_DRIVER: "s3",
        S3_BUCKET: "site",
        S3_ENDPOINT: endpoint,
        AWS_ACCESS_KEY_ID: "S3RVER",
        AWS_SECRET_ACCESS_KEY: "S3RVER",
      });
      expect((await listBackups(source)).map((b) => b.key)).toEqual([
        "backups/inkwell-2026-11-28T06-00-00Z.db.gz",
        "backups/inkwell-2026-11-27T06-00-00Z.db.gz",
        "backups/inkwell-2026-11-26T06-00-00Z.db.gz",
      ]);
      const target = path.join(work, "from-s3", "inkwell.db");
      await restore({
        databaseUrl: `file:${target}`,
        backup: "inkwell-2026-11-27T06-00-00Z.db.gz",
        source,
      });
      const db = new Database(target, { readonly: true });
      try {
        expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
        expect(
          (
            db
              .prepare("SELECT count(*) AS n FROM Submission WHERE id = ?")
              .get(written[0].submissionId) as { n: number }
          ).n,
        ).toBe(1);
      } finally {
        db.close();
      }
    } finally {
      setStorageForTests(storage);
      await server.close();
    }
  });
});

describe.skipIf(sqlite)("PostgreSQL", () => {
  test("the backup job does not run, and refuses when called", async () => {
    expect(jobInterval("backup")).toBeNull();
    await expect(runBackup({ runId: "x", now: new Date() })).rejects.toThrow(POSTGRES_REFUSAL);
    await expect(
      restore({
        databaseUrl: process.env.DATABASE_URL!,
        backup: "backups/inkwell-2026-11-24T06-00-00Z.db.gz",
        source: await backupSource({ UPLOAD_DIR: uploads }),
      }),
    ).rejects.toThrow(/PostgreSQL: restore it with your provider's point-in-time recovery/);
  });
});
