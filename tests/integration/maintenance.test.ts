import { describe, expect, test } from "vitest";
import {
  RUN_LEASE_MS,
  isDue,
  jobInterval,
  runMaintenanceJob,
} from "~/features/operations/maintenance.server";
import { runPurge } from "~/features/operations/purge.server";
import { engine, prisma } from "~/utils/db.server";

/**
 * The maintenance runner (docs/decisions/0037-backups-and-maintenance.md): one MaintenanceRun row
 * per run, a run in progress refuses a second, a run cut short is closed and may run again, a
 * failure is recorded with its message and retried after an hour at the soonest; the purge.
 */
const HOUR = 3_600_000;
// Each test on its own far-future clock, so the rows of other tests never count.
let base = Date.UTC(2040, 0, 1);
const clock = () => {
  base += 400 * 24 * HOUR;
  return new Date(base);
};

describe("the maintenance runner", () => {
  test("records what a run did, and the job is due again after its interval", async () => {
    const now = clock();
    const outcome = await runMaintenanceJob("purge", now, async () => ({
      count: 4,
      note: "Removed four things.",
    }));
    expect(outcome.status).toBe("done");
    const run = await prisma.maintenanceRun.findFirstOrThrow({
      where: { job: "purge", startedAt: now },
    });
    expect(run).toMatchObject({ outcome: "done", count: 4, note: "Removed four things." });
    expect(run.finishedAt).not.toBeNull();
    expect(await isDue("purge", new Date(now.getTime() + HOUR - 1))).toBe(false);
    expect(await isDue("purge", new Date(now.getTime() + HOUR))).toBe(true);
  });

  test("a failure is recorded with its message and retried after an hour, not at once", async () => {
    const now = clock();
    const outcome = await runMaintenanceJob("retention", now, async () => {
      throw new Error("storage unavailable");
    });
    expect(outcome).toMatchObject({ status: "failed", error: "storage unavailable" });
    const run = await prisma.maintenanceRun.findFirstOrThrow({
      where: { job: "retention", startedAt: now },
    });
    expect(run).toMatchObject({ outcome: "failed", error: "storage unavailable" });
    expect(await isDue("retention", new Date(now.getTime() + HOUR / 2))).toBe(false);
    expect(await isDue("retention", new Date(now.getTime() + HOUR))).toBe(true);
  });

  test("a run in progress refuses a second; one cut short is closed and the job runs again", async () => {
    const now = clock();
    let release: () => void = () => {};
    const first = runMaintenanceJob(
      "purge",
      now,
      () =>
        new Promise((resolve) => {
          release = () => resolve({ count: 0, note: "done" });
        }),
    );
    // Wait for the first run's row before asking again.
    await expect
      .poll(() => prisma.maintenanceRun.count({ where: { job: "purge", startedAt: now } }))
      .toBe(1);
    expect(await runMaintenanceJob("purge", now, async () => ({ count: 0, note: "" }))).toEqual({
      status: "busy",
    });
    release();
    expect((await first).status).toBe("done");

    // A crash leaves a run without an end: after the lease it is closed as failed.
    const later = clock();
    await prisma.maintenanceRun.create({ data: { job: "purge", startedAt: later } });
    const soon = new Date(later.getTime() + RUN_LEASE_MS - 1);
    expect(
      (await runMaintenanceJob("purge", soon, async () => ({ count: 0, note: "" }))).status,
    ).toBe("busy");
    const after = new Date(later.getTime() + RUN_LEASE_MS + 1);
    expect(
      (await runMaintenanceJob("purge", after, async () => ({ count: 1, note: "again" }))).status,
    ).toBe("done");
    const cut = await prisma.maintenanceRun.findFirstOrThrow({
      where: { job: "purge", startedAt: later },
    });
    expect(cut).toMatchObject({ outcome: "failed", error: "The run stopped before it finished." });
  });

  test("the jobs' intervals: the purge hourly, the retention policy daily", () => {
    expect(jobInterval("purge")).toBe(HOUR);
    expect(jobInterval("retention")).toBe(24 * HOUR);
  });
});

describe("the purge", () => {
  test("removes expired sessions, used or expired links, old drafts and old e-mail log rows only", async () => {
    const now = new Date();
    const user = await prisma.user.create({
      data: { email: `purge-${Date.now()}@example.test`, displayName: "Purge" },
    });
    const past = new Date(now.getTime() - 1000);
    const future = new Date(now.getTime() + HOUR);
    const live = await prisma.session.create({ data: { userId: user.id, expiresAt: future } });
    const dead = await prisma.session.create({ data: { userId: user.id, expiresAt: past } });
    const token = (n: number) => `purge-${Date.now()}-${n}`;
    const open = await prisma.verification.create({
      data: { type: "reset", userId: user.id, tokenHash: token(1), expiresAt: future },
    });
    await prisma.verification.create({
      data: { type: "reset", userId: user.id, tokenHash: token(2), expiresAt: past },
    });
    await prisma.verification.create({
      data: {
        type: "reset",
        userId: user.id,
        tokenHash: token(3),
        expiresAt: future,
        usedAt: new Date(now.getTime() - 8 * 24 * HOUR),
      },
    });
    const recent = await prisma.emailLog.create({
      data: { to: user.email, template: "t", subject: "s", status: "sent" },
    });
    const old = await prisma.emailLog.create({
      data: {
        to: user.email,
        template: "t",
        subject: "s",
        status: "sent",
        createdAt: new Date(now.getTime() - 181 * 24 * HOUR),
      },
    });
    const result = await runPurge({ runId: "test", now });
    expect(result.count).toBeGreaterThanOrEqual(4);
    expect(result.note).toMatch(/^Removed \d+ expired sessions?, /);
    expect(await prisma.session.findUnique({ where: { id: live.id } })).not.toBeNull();
    expect(await prisma.session.findUnique({ where: { id: dead.id } })).toBeNull();
    expect(await prisma.verification.findMany({ where: { userId: user.id } })).toEqual([
      expect.objectContaining({ id: open.id }),
    ]);
    expect(await prisma.emailLog.findUnique({ where: { id: recent.id } })).not.toBeNull();
    expect(await prisma.emailLog.findUnique({ where: { id: old.id } })).toBeNull();
    // Again: nothing more goes.
    const again = await runPurge({ runId: "test", now });
    expect(await prisma.session.findUnique({ where: { id: live.id } })).not.toBeNull();
    expect(again.note).toContain("0 e-mail log entries");
  });

  // On SQLite the hourly purge also keeps the planner's statistics (ADR 0060): a table that has
  // rows and none gets them, so a new index or a grown contest is not planned by a guess.
  test.runIf(engine === "sqlite")(
    "gathers the planner's statistics of tables that have none",
    async () => {
      const user = await prisma.user.create({
        data: { email: `stats-${Date.now()}@example.test`, displayName: "Stats" },
      });
      await prisma.session.create({
        data: { userId: user.id, expiresAt: new Date(Date.now() + HOUR) },
      });
      await prisma.$executeRawUnsafe(`DROP TABLE IF EXISTS sqlite_stat1`).catch(() => undefined);
      await prisma.$executeRawUnsafe(`ANALYZE sqlite_schema`);
      await runPurge({ runId: "test", now: new Date() });
      const stats = await prisma.$queryRawUnsafe<{ idx: string }[]>(
        `SELECT idx FROM sqlite_stat1 WHERE tbl = 'User'`,
      );
      expect(stats.length).toBeGreaterThan(0);
    },
  );
});
