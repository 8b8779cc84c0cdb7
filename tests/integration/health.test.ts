import { afterEach, describe, expect, test } from "vitest";
import { prisma } from "~/utils/db.server";
import fs from "node:fs";
import path from "node:path";
import { env, initEnv } from "~/utils/env.server";
import {
  readiness,
  healthOverview,
  LEASE_STUCK_AFTER_MS,
} from "~/features/operations/health.server";
import { startSession } from "~/features/accounts/session.server";
import { setStorageForTests, type FileStorage } from "~/utils/storage.server";
import { loader as readyz } from "~/routes/_ops+/readyz";
import { loader as healthz } from "~/routes/_ops+/healthz";
import { loader as metrics } from "~/routes/_ops+/metrics";
import { loader as adminHealth } from "~/routes/admin+/health";
import { lifecycleContest, person } from "./lifecycle-fixtures";

// /readyz, /admin/health and /metrics against the real database (docs/decisions/0036-health-and-logs.md).
const MINUTE = 60_000;

afterEach(async () => {
  setStorageForTests(undefined);
  await prisma.schedulerLease.deleteMany();
  await prisma.outboxEvent.deleteMany();
});

async function ready(now = new Date()) {
  const report = await readiness(now);
  return report;
}

describe("/healthz and /readyz", () => {
  test("liveness answers ok without touching anything", async () => {
    const res = healthz();
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("ok");
    expect(res.headers.get("Cache-Control")).toBe("no-store");
  });

  test("a well site is ready: every check passes and the probe object is gone", async () => {
    const res = await readyz();
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.ok).toBe(true);
    expect(Object.keys(body.checks).sort()).toEqual(["database", "outbox", "scheduler", "storage"]);
    for (const check of Object.values(body.checks) as Array<{ ok: boolean }>)
      expect(check.ok).toBe(true);
    const probes = path.join(env().UPLOAD_DIR, "_health");
    expect(fs.existsSync(probes) ? fs.readdirSync(probes) : []).toEqual([]);
  });

  test("a lease expired long ago that no one took over is stuck: 503 with the reason", async () => {
    const now = new Date();
    await prisma.schedulerLease.create({
      data: {
        name: "scheduler",
        holder: "gone:1",
        expiresAt: new Date(now.getTime() - LEASE_STUCK_AFTER_MS - 5 * MINUTE),
      },
    });
    const res = await readyz();
    expect(res.status).toBe(503);
    const body = await res.json();
    expect(body.ok).toBe(false);
    expect(body.checks.scheduler.ok).toBe(false);
    expect(body.checks.scheduler.reason).toMatch(/expired \d+ minutes ago/);
    expect(body.checks.database.ok).toBe(true);
    // A lease that expired a moment ago is taken over on the next tick: not stuck.
    await prisma.schedulerLease.update({
      where: { name: "scheduler" },
      data: { expiresAt: new Date(now.getTime() - MINUTE) },
    });
    expect((await ready(now)).checks.scheduler.ok).toBe(true);
  });

  test("an undelivered event older than READY_OUTBOX_MAX_AGE_MINUTES makes it unready", async () => {
    const now = new Date();
    await prisma.outboxEvent.create({
      data: {
        name: "contest/unpublished",
        payload: "{}",
        createdAt: new Date(now.getTime() - 5 * MINUTE),
        nextAttemptAt: now,
      },
    });
    expect((await ready(now)).checks.outbox.ok).toBe(true);
    await prisma.outboxEvent.create({
      data: {
        name: "contest/unpublished",
        payload: "{}",
        createdAt: new Date(now.getTime() - 16 * MINUTE),
        nextAttemptAt: now,
      },
    });
    const res = await readyz();
    expect(res.status).toBe(503);
    const body = await res.json();
    expect(body.checks.outbox).toMatchObject({ ok: false });
    expect(body.checks.outbox.reason).toMatch(/waited 1[67] minutes for delivery \(limit 15\)/);
  });

  test("storage that refuses the probe makes it unready", async () => {
    const broken: FileStorage = {
      driver: "local",
      put: () => Promise.reject(new Error("disk full at /secret/path")),
      get: () => Promise.resolve(null),
      exists: () => Promise.resolve(false),
      delete: () => Promise.resolve(),
      list: () => Promise.resolve([]),
    };
    setStorageForTests(broken);
    const report = await ready();
    expect(report.ok).toBe(false);
    expect(report.checks.storage.ok).toBe(false);
    // The reason is ours, not the error's (it could name a path or a key).
    expect(report.checks.storage.reason).not.toContain("/secret/path");
  });
});

describe("/admin/health", () => {
  test("the figures: outbox backlog, failed steps and runs, e-mail failures, storage, database", async () => {
    const now = new Date();
    const before = await healthOverview(now);
    await prisma.outboxEvent.createMany({
      data: [
        {
          name: "contest/unpublished",
          payload: "{}",
          createdAt: new Date(now.getTime() - 30 * MINUTE),
          nextAttemptAt: now,
        },
        { name: "contest/unpublished", payload: "{}", createdAt: now, nextAttemptAt: now },
        { name: "contest/unpublished", payload: "{}", createdAt: now, nextAttemptAt: null },
      ],
    });
    const { contest } = await lifecycleContest({
      judges: 1,
      dates: {
        submissionsOpen: now,
        submissionsClose: now,
        judgingOpen: now,
        judgingClose: now,
        resultsAt: now,
      },
    });
    await prisma.lifecycleStep.create({
      data: { contestId: contest.id, step: "open", dueAt: now, attempts: 1, lastError: "boom" },
    });
    await prisma.maintenanceRun.create({
      data: { job: "purge", startedAt: now, finishedAt: now, outcome: "failed", error: "x" },
    });
    await prisma.emailLog.createMany({
      data: [
        { to: "a@example.test", template: "t", subject: "s", status: "failed" },
        {
          to: "b@example.test",
          template: "t",
          subject: "s",
          status: "failed",
          createdAt: new Date(now.getTime() - 2 * 24 * 60 * MINUTE),
        },
        { to: "c@example.test", template: "t", subject: "s", status: "sent" },
      ],
    });
    const after = await healthOverview(now);
    expect(after.outbox.pending).toBe(before.outbox.pending + 2);
    expect(after.outbox.oldestMinutes).toBe(30);
    expect(after.outbox.givenUp).toBe(before.outbox.givenUp + 1);
    expect(after.failedSteps).toBe(before.failedSteps + 1);
    expect(after.maintenance.failedLastWeek).toBe(before.maintenance.failedLastWeek + 1);
    expect(after.maintenance.lastFailed?.job).toBe("purge");
    expect(after.emailFailuresLastDay).toBe(before.emailFailuresLastDay + 1);
    expect(after.databaseBytes).toBeGreaterThan(0);
    expect(after.storage.bytes).toBeGreaterThanOrEqual(0);
  });

  test("the loader: admins only", async () => {
    const admin = await person("health-admin", ["admin"]);
    const entrant = await person("health-entrant");
    const request = (cookie?: string) =>
      new Request("http://localhost/admin/health", { headers: cookie ? { Cookie: cookie } : {} });
    const cookieOf = async (id: string) => (await startSession(request(), id)).split(";")[0];
    const data = await adminHealth({
      request: request(await cookieOf(admin.id)),
      params: {},
      context: {},
    });
    expect(data).toHaveProperty("databaseBytes");
    await expect(
      adminHealth({ request: request(await cookieOf(entrant.id)), params: {}, context: {} }),
    ).rejects.toMatchObject({ status: 302 });
    await expect(
      adminHealth({ request: request(), params: {}, context: {} }),
    ).rejects.toMatchObject({
      status: 302,
    });
  });
});

describe("/metrics", () => {
  const TOKEN = "metrics-token-0123456789";
  const get = (authorization?: string) =>
    metrics({
      request: new Request("http://localhost/metrics", {
        headers: authorization ? { Authorization: authorization } : {},
      }),
      params: {},
      context: {},
    });
  afterEach(() => {
    delete process.env.METRICS_TOKEN;
    initEnv();
  });

  test("no token configured: the route does not exist", async () => {
    delete process.env.METRICS_TOKEN;
    initEnv();
    expect((await get(`Bearer ${TOKEN}`)).status).toBe(404);
  });

  test("a wrong or missing token: a bare 401; the right one: the Prometheus text", async () => {
    process.env.METRICS_TOKEN = TOKEN;
    initEnv();
    for (const wrong of [undefined, "Bearer nope", `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const res = await get(wrong);
      expect(res.status).toBe(401);
      expect(await res.text()).toBe("Unauthorized");
    }
    const res = await get(`Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    for (const name of [
      "# TYPE inkwell_http_request_duration_seconds histogram",
      "process_resident_memory_bytes ",
      "inkwell_outbox_pending_events ",
      "inkwell_lifecycle_failed_steps ",
      "inkwell_database_size_bytes ",
    ])
      expect(text).toContain(name);
    expect(text).toMatch(/^inkwell_database_size_bytes [1-9]\d*$/m);
  });
});
