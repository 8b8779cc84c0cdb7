/**
 * What an operator sees (docs/decisions/0036-health-and-logs.md): the readiness checks of
 * /readyz, the figures of /admin/health and the gauges of /metrics. Every figure is one aggregate
 * query; nothing here reads a name, an e-mail or an entry's text.
 */
import { offeredJobs } from "./maintenance.server";
import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import { isShuttingDown, slowRequests } from "~/utils/access-log";
import { engine, prisma } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { getStorage } from "~/utils/storage.server";

/** A scheduler lease expired this long ago and not taken over: no process runs the scheduler. */
export const LEASE_STUCK_AFTER_MS = 10 * 60_000;
/** The storage probe's folder: entry keys start with a user id, which never starts with "_". */
const PROBE_PREFIX = "_health";

export type Check = { ok: boolean; reason: string };
export type Readiness = {
  ok: boolean;
  shuttingDown?: true;
  checks: { database: Check; storage: Check; scheduler: Check; outbox: Check };
};

const pass = (reason: string): Check => ({ ok: true, reason });
const fail = (reason: string): Check => ({ ok: false, reason });

async function checkDatabase(): Promise<Check> {
  try {
    await prisma.$queryRaw`SELECT 1`;
    return pass("answers");
  } catch {
    return fail("the database did not answer a query");
  }
}

async function checkStorage(): Promise<Check> {
  const key = `${PROBE_PREFIX}/probe-${randomBytes(6).toString("hex")}.txt`;
  const body = `probe ${Date.now()}`;
  const storage = getStorage();
  try {
    await storage.put(key, Readable.from([Buffer.from(body)]), { contentType: "text/plain" });
    const stored = await storage.get(key);
    if (!stored) return fail("a probe object written to storage could not be read back");
    const chunks: Buffer[] = [];
    for await (const chunk of stored.body) chunks.push(Buffer.from(chunk));
    if (Buffer.concat(chunks).toString() !== body)
      return fail("a probe object read back from storage differs");
    return pass(`writable (${storage.driver})`);
  } catch {
    return fail(`storage (${storage.driver}) refused a probe object`);
  } finally {
    await storage.delete(key).catch(() => {});
  }
}

async function checkScheduler(now: Date): Promise<Check> {
  try {
    const lease = await prisma.schedulerLease.findUnique({
      where: { name: "scheduler" },
      select: { expiresAt: true },
    });
    if (!lease) return pass("no lease held");
    const expiredFor = now.getTime() - lease.expiresAt.getTime();
    if (expiredFor > LEASE_STUCK_AFTER_MS)
      return fail(
        `the scheduler's lease expired ${Math.round(expiredFor / 60_000)} minutes ago and no process took it over`,
      );
    return pass("lease current");
  } catch {
    return fail("the scheduler's lease could not be read");
  }
}

/** Events still to deliver (given-up ones have no next attempt: they are failures, not backlog). */
const pendingEvents = { deliveredAt: null, nextAttemptAt: { not: null } };

async function checkOutbox(now: Date): Promise<Check> {
  const maxMinutes = env().READY_OUTBOX_MAX_AGE_MINUTES;
  try {
    const oldest = await prisma.outboxEvent.findFirst({
      where: pendingEvents,
      orderBy: { createdAt: "asc" },
      select: { createdAt: true },
    });
    if (!oldest) return pass("nothing waiting");
    const minutes = (now.getTime() - oldest.createdAt.getTime()) / 60_000;
    if (minutes > maxMinutes)
      return fail(
        `an event has waited ${Math.round(minutes)} minutes for delivery (limit ${maxMinutes})`,
      );
    return pass("delivering");
  } catch {
    return fail("the outbox could not be read");
  }
}

/** /readyz: ready when every check passes and the process is not shutting down. */
export async function readiness(now = new Date()): Promise<Readiness> {
  const [database, storage, scheduler, outbox] = await Promise.all([
    checkDatabase(),
    checkStorage(),
    checkScheduler(now),
    checkOutbox(now),
  ]);
  const checks = { database, storage, scheduler, outbox };
  const shuttingDown = isShuttingDown();
  const ok = !shuttingDown && Object.values(checks).every((c) => c.ok);
  return shuttingDown ? { ok, shuttingDown, checks } : { ok, checks };
}

/** The database's size in bytes: SQLite's pages, PostgreSQL's pg_database_size. */
export async function databaseBytes(): Promise<number> {
  if (engine === "sqlite") {
    const rows = await prisma.$queryRaw<Array<{ bytes: bigint | number }>>`
      SELECT page_count * page_size AS bytes FROM pragma_page_count(), pragma_page_size()`;
    return Number(rows[0]?.bytes ?? 0);
  }
  const rows = await prisma.$queryRaw<Array<{ bytes: bigint | number }>>`
    SELECT pg_database_size(current_database()) AS bytes`;
  return Number(rows[0]?.bytes ?? 0);
}

const DAY = 24 * 60 * 60_000;

/** The figures shared by /admin/health and /metrics. */
async function backlog(now: Date) {
  const [pending, oldest, givenUp, failedSteps] = await Promise.all([
    prisma.outboxEvent.count({ where: pendingEvents }),
    prisma.outboxEvent.findFirst({
      where: pendingEvents,
      orderBy: { createdAt: "asc" },
      select: { createdAt: true },
    }),
    prisma.outboxEvent.count({ where: { deliveredAt: null, nextAttemptAt: null } }),
    prisma.lifecycleStep.count({ where: { finishedAt: null, lastError: { not: null } } }),
  ]);
  return {
    outbox: {
      pending,
      oldestMinutes: oldest
        ? Math.max(0, Math.round((now.getTime() - oldest.createdAt.getTime()) / 60_000))
        : null,
      givenUp,
      limitMinutes: env().READY_OUTBOX_MAX_AGE_MINUTES,
    },
    failedSteps,
  };
}

/** Everything /admin/health shows. */
export async function healthOverview(now = new Date()) {
  const since = new Date(now.getTime() - DAY);
  const [queue, failedRuns, lastFailedRun, emailFailures, files, dbBytes] = await Promise.all([
    backlog(now),
    // Only jobs this site runs: a backup recorded as failed on PostgreSQL (before ADR 0045)
    // could never have succeeded and needs no attention.
    prisma.maintenanceRun.count({
      where: {
        outcome: "failed",
        job: { in: offeredJobs() },
        startedAt: { gte: new Date(now.getTime() - 7 * DAY) },
      },
    }),
    prisma.maintenanceRun.findFirst({
      where: { outcome: "failed", job: { in: offeredJobs() } },
      orderBy: { startedAt: "desc" },
      select: { job: true, startedAt: true },
    }),
    prisma.emailLog.count({ where: { status: "failed", createdAt: { gte: since } } }),
    prisma.submission.aggregate({
      _sum: { fileSize: true },
      _count: { fileSize: true },
    }),
    databaseBytes(),
  ]);
  return {
    ...queue,
    maintenance: { failedLastWeek: failedRuns, lastFailed: lastFailedRun },
    emailFailuresLastDay: emailFailures,
    storage: { files: files._count.fileSize, bytes: files._sum.fileSize ?? 0 },
    databaseBytes: dbBytes,
    slowRequests: slowRequests().slice(0, 10),
  };
}

/** The gauges /metrics adds to the request counters and process figures. */
export async function operationalGauges(now = new Date()) {
  const [queue, dbBytes] = await Promise.all([backlog(now), databaseBytes()]);
  return { ...queue, databaseBytes: dbBytes };
}
