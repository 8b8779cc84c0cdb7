/**
 * "Back up the database" exists only where Inkwell can do it (ADR 0037, 0045): on SQLite it runs;
 * on PostgreSQL (backed up by its managed service) it is not offered, Run now records nothing,
 * and /admin/health does not turn to "Needs attention" over a job that could never succeed.
 */
import { describe, expect, test } from "vitest";
import { healthOverview } from "~/features/operations/health.server";
import {
  jobOffered,
  offeredJobs,
  runDueMaintenance,
  runMaintenanceJob,
} from "~/features/operations/maintenance.server";
import { engine, prisma } from "~/utils/db.server";

describe("the backup job on this engine", () => {
  test.runIf(engine === "postgres")(
    "PostgreSQL: not offered, not run, not recorded, and health stays fine",
    async () => {
      const now = new Date();
      expect(jobOffered("backup")).toBe(false);
      expect(offeredJobs()).toEqual(["retention", "purge"]);
      const before = await prisma.maintenanceRun.count({ where: { job: "backup" } });
      expect(await runMaintenanceJob("backup", now)).toMatchObject({
        status: "unavailable",
        reason: expect.stringContaining("managed service"),
      });
      expect((await runDueMaintenance(now)).map((r) => r.job)).not.toContain("backup");
      expect(await prisma.maintenanceRun.count({ where: { job: "backup" } })).toBe(before);
      // A failed run recorded before this fix does not make the page say "Needs attention".
      await prisma.maintenanceRun.create({
        data: { job: "backup", startedAt: now, finishedAt: now, outcome: "failed", error: "x" },
      });
      const health = await healthOverview(now);
      expect(health.maintenance.failedLastWeek).toBe(0);
      expect(health.maintenance.lastFailed).toBeNull();
    },
  );

  test.runIf(engine === "sqlite")("SQLite: offered, and a failed backup is attention", async () => {
    const now = new Date();
    expect(jobOffered("backup")).toBe(true);
    expect(offeredJobs()).toContain("backup");
    await prisma.maintenanceRun.create({
      data: { job: "backup", startedAt: now, finishedAt: now, outcome: "failed", error: "disk" },
    });
    expect((await healthOverview(now)).maintenance.failedLastWeek).toBeGreaterThan(0);
  });
});

describe("/admin/workflows shows one zone", () => {
  test("contest steps and maintenance runs are both in UTC, labelled", async () => {
    const { readFileSync } = await import("node:fs");
    // The page's source: no contest step time is formatted in the contest's own zone.
    // The site-wide page draws its steps and runs in UTC; the contest workspace's Schedule
    // draws one contest's in that contest's zone (docs/decisions/0050-contest-workspace.md).
    const source = readFileSync("app/routes/admin+/workflows.tsx", "utf8");
    expect(source).not.toContain("c.timeZone");
    expect(source.match(/zone="UTC"/g)).toHaveLength(2);
    const drawn = readFileSync("app/components/lifecycle/workflows.tsx", "utf8");
    expect(drawn).toContain('"Due (UTC)"');
  });
});
