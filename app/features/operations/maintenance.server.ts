/**
 * Site-wide maintenance jobs (docs/decisions/0037-backups-and-maintenance.md): the SQLite backup,
 * the data retention policy (docs/decisions/0038-data-retention.md) and the purge of expired
 * sessions, links and drafts. The scheduler's tick runs the due ones under its lease, whichever
 * engine runs the contest workflows; an admin can run one now from /admin/workflows. Every run is
 * a MaintenanceRun row: what it did, or why it failed.
 */
import { runRetention } from "~/features/privacy/retention.server";
import { engine, prisma } from "~/utils/db.server";
import { logLine } from "~/utils/access-log";
import { env } from "~/utils/env.server";
import { POSTGRES_REFUSAL, runBackup } from "./backup.server";
import { runPurge } from "./purge.server";
import { JOBS, type JobContext, type JobName, type JobResult } from "./jobs";
export { JOBS, JOB_LABEL, type JobName } from "./jobs";

type JobRunner = (ctx: JobContext) => Promise<JobResult>;

const RUNNERS: Record<JobName, JobRunner> = {
  backup: runBackup,
  retention: runRetention,
  purge: runPurge,
};

const HOUR = 3_600_000;
/** A run not finished after this long was cut short (a crash or a deploy) and may run again. */
export const RUN_LEASE_MS = 30 * 60_000;
/** After a failure, a job is tried again after this long at the soonest. */
const RETRY_MS = HOUR;

/**
 * Whether a job exists on this site: the backup only on SQLite, since PostgreSQL is backed up by
 * its managed service (ADR 0037). A job not offered is neither shown, run, nor recorded, so
 * /admin/health never counts a run that could not succeed (ADR 0045).
 */
export function jobOffered(job: JobName): boolean {
  return job !== "backup" || engine === "sqlite";
}

/** The jobs this site runs, in order. */
export function offeredJobs(): JobName[] {
  return JOBS.filter(jobOffered);
}

/** Why a job is not offered here, for the page; null when it is. */
export function jobNotOffered(job: JobName): string | null {
  return jobOffered(job) ? null : POSTGRES_REFUSAL;
}

/** How often a job runs; null when it does not run on this site. */
export function jobInterval(job: JobName): number | null {
  switch (job) {
    case "backup": {
      // PostgreSQL is backed up by its managed service (docs/deployment.md).
      const hours = env().BACKUP_INTERVAL_HOURS;
      return engine === "sqlite" && hours > 0 ? hours * HOUR : null;
    }
    case "retention":
      return 24 * HOUR;
    case "purge":
      return HOUR;
  }
}

export type MaintenanceOutcome =
  | { status: "done"; runId: string; result: JobResult }
  | { status: "failed"; runId: string; error: string }
  | { status: "busy" }
  | { status: "unavailable"; reason: string };

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Runs one job now, unless a run of it is already in progress. A run left unfinished past
 * RUN_LEASE_MS is closed as failed first.
 */
export async function runMaintenanceJob(
  job: JobName,
  now: Date,
  runner: JobRunner = RUNNERS[job],
): Promise<MaintenanceOutcome> {
  const unavailable = jobNotOffered(job);
  if (unavailable) return { status: "unavailable", reason: unavailable };
  const staleBefore = new Date(now.getTime() - RUN_LEASE_MS);
  await prisma.maintenanceRun.updateMany({
    where: { job, finishedAt: null, startedAt: { lt: staleBefore } },
    data: { finishedAt: now, outcome: "failed", error: "The run stopped before it finished." },
  });
  const running = await prisma.maintenanceRun.count({ where: { job, finishedAt: null } });
  if (running > 0) return { status: "busy" };
  const run = await prisma.maintenanceRun.create({
    data: { job, startedAt: now },
    select: { id: true },
  });
  const started = performance.now();
  const outcome = await runJob(run.id, now, runner);
  // One JSON line per run (docs/decisions/0036-health-and-logs.md).
  logLine({
    type: "job",
    job,
    outcome: outcome.status,
    durationMs: Math.round(performance.now() - started),
  });
  return outcome;
}

async function runJob(
  runId: string,
  now: Date,
  runner: JobRunner,
): Promise<Extract<MaintenanceOutcome, { status: "done" | "failed" }>> {
  const run = { id: runId };
  try {
    const result = await runner({ runId: run.id, now });
    await prisma.maintenanceRun.update({
      where: { id: run.id },
      data: { finishedAt: new Date(), outcome: "done", count: result.count, note: result.note },
    });
    return { status: "done", runId: run.id, result };
  } catch (error) {
    await prisma.maintenanceRun.update({
      where: { id: run.id },
      data: { finishedAt: new Date(), outcome: "failed", error: message(error).slice(0, 2000) },
    });
    return { status: "failed", runId: run.id, error: message(error) };
  }
}

/** Whether a job is due at `now`: never run, its interval passed, or a failure's retry time came. */
export async function isDue(job: JobName, now: Date): Promise<boolean> {
  const every = jobInterval(job);
  if (every === null) return false;
  const last = await prisma.maintenanceRun.findFirst({
    where: { job },
    orderBy: { startedAt: "desc" },
    select: { startedAt: true, outcome: true },
  });
  if (!last) return true;
  const wait = last.outcome === "failed" ? Math.min(every, RETRY_MS) : every;
  return last.startedAt.getTime() + wait <= now.getTime();
}

/** Runs every due job, one after the other (the scheduler's tick, under its lease). */
export async function runDueMaintenance(
  now: Date,
): Promise<Array<{ job: JobName } & MaintenanceOutcome>> {
  const runs: Array<{ job: JobName } & MaintenanceOutcome> = [];
  for (const job of offeredJobs())
    if (await isDue(job, now)) runs.push({ job, ...(await runMaintenanceJob(job, now)) });
  return runs;
}

/** The latest runs, newest first, for /admin/workflows. */
export async function maintenanceRuns(take = 30) {
  return prisma.maintenanceRun.findMany({
    where: { job: { in: offeredJobs() } },
    orderBy: { startedAt: "desc" },
    take,
    select: {
      id: true,
      job: true,
      startedAt: true,
      finishedAt: true,
      outcome: true,
      count: true,
      note: true,
      error: true,
    },
  });
}
