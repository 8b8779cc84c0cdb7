/**
 * The embedded scheduler (docs/decisions/0018-embedded-scheduler.md). With no Inngest configured,
 * it runs the due lifecycle steps and delivers the outbox to the local services; with Inngest
 * configured it only dispatches the outbox to Inngest. Its state is the database, so it survives
 * restarts; a lease row makes one process per database run a tick; tick() takes the clock as an
 * argument, so tests drive it without waiting.
 */
import { backfillEntryDocuments } from "~/features/entries/entry-document.server";
import { runDueMaintenance } from "~/features/operations/maintenance.server";
import { sendContestMessage } from "./contest-message.server";
import { checkContest, checkEntries, checkEntry } from "~/features/originality/copies.server";
import {
  copyCheckDecision,
  type CopyCheckDecision,
  type CopyCheckHold,
} from "~/features/originality/hold";
import { tellCopyDisqualified } from "./originality-mail.server";
import { hostname } from "node:os";
import { randomBytes } from "node:crypto";
import { logLine } from "~/utils/access-log";
import { prisma } from "~/utils/db.server";
import type { WorkflowEvent } from "~/utils/workflow-events";
import { finalizePaidSession, tellRefund } from "./payment-mail.server";
import {
  confirmEntry,
  contestSteps,
  runStep,
  syncSteps,
  type RunOutcome,
} from "./lifecycle.server";
import {
  deliverDueEvents,
  queuedSpan,
  type BatchDeliveries,
  type OutboxDelivery,
} from "./outbox.server";
import {
  errorMessage,
  nextTickDelay,
  SCHEDULER_LEASE_MS,
  schedulerTiming,
  STEP_HEARTBEAT_MS,
} from "./steps";

const LEASE = "scheduler";

export type SchedulerOptions = {
  /** Names this process in the lease row. */
  holder: string;
  /** How long a tick's lease lasts (SCHEDULER_LEASE_MS); another process takes over after it expires. */
  leaseMs?: number;
  /** With Inngest configured, outbox events go there and Inngest runs the steps. */
  dispatch?: OutboxDelivery;
  /**
   * Whether the tick also runs the due maintenance jobs (on unless false). Tests that drive the
   * contest steps with a clock years ahead turn it off: the purge would take that clock at its word.
   */
  maintenance?: boolean;
  /**
   * How long the copy checks wait for a quiet stream of entries, and at most (ADR 0054;
   * COPY_CHECK_HOLD unless given).
   */
  copyCheckHold?: CopyCheckHold;
};

export function newHolderId() {
  return `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
}

/** Takes or renews the lease; false while another live process holds it. */
export async function acquireLease(holder: string, now: Date, leaseMs: number) {
  const expiresAt = new Date(now.getTime() + leaseMs);
  const { count } = await prisma.schedulerLease.updateMany({
    where: { name: LEASE, OR: [{ holder }, { expiresAt: { lt: now } }] },
    data: { holder, expiresAt },
  });
  if (count === 1) return true;
  try {
    await prisma.schedulerLease.create({ data: { name: LEASE, holder, expiresAt } });
    return true;
  } catch {
    return false; // the row exists and another live holder has it
  }
}

/** When the lease held by someone else runs out (null: free, or ours). */
async function leaseFreeAt(holder: string) {
  const row = await prisma.schedulerLease.findUnique({
    where: { name: LEASE },
    select: { holder: true, expiresAt: true },
  });
  return row && row.holder !== holder ? row.expiresAt : null;
}

/** The earliest moment a due step held by a run's lease becomes free (null: none). */
async function stepLeaseFreeAt(now: Date) {
  const row = await prisma.lifecycleStep.findFirst({
    where: {
      finishedAt: null,
      dueAt: { lte: now },
      lockedUntil: { gte: now },
      contest: { isPublished: true },
    },
    orderBy: { lockedUntil: "asc" },
    select: { lockedUntil: true },
  });
  return row?.lockedUntil ?? null;
}

export async function releaseLease(holder: string) {
  await prisma.schedulerLease.deleteMany({ where: { name: LEASE, holder } });
}

/** Delivers one outbox event to the services of this process. */
export async function handleLocally(event: WorkflowEvent) {
  switch (event.name) {
    case "contest/schedule.changed":
    case "contest/unpublished":
      // Unpublished contests keep their rows; every step re-checks isPublished before it runs.
      await syncSteps(event.data.contestId);
      return;
    case "entry/submitted":
      await confirmEntry(event.data.submissionId);
      return;
    case "payment/checkout.completed":
      await finalizePaidSession(event.data.sessionId);
      return;
    case "payment/refunded":
      await tellRefund(event.data.submissionId);
      return;
    case "contest/message.send":
      await sendContestMessage(event.data.messageId);
      return;
    case "entry/copies.check":
      await checkEntry(event.data.submissionId);
      return;
    case "contest/copies.check":
      await checkContest(event.data.contestId);
      return;
    case "entry/copy.disqualified":
      await tellCopyDisqualified(event.data.submissionId);
      return;
  }
}

/**
 * The events this process delivers several at a time: a tick's copy checks are indexed in one
 * short write, not one per entry (docs/decisions/0054-copied-entries.md).
 */
export const localBatches: BatchDeliveries = {
  "entry/copies.check": (events) =>
    checkEntries(
      events.flatMap((e) => (e.name === "entry/copies.check" ? [e.data.submissionId] : [])),
    ),
};

export type StepRun = { contestId: string; step: string; round: number; outcome: RunOutcome };

/**
 * Runs every due step, per contest in order (a contest whose dates have all passed goes through
 * its steps in one tick, round after round), stopping at a contest's first step that does not
 * finish.
 */
export async function runDueSteps(now: Date): Promise<StepRun[]> {
  const due = await prisma.lifecycleStep.findMany({
    where: {
      finishedAt: null,
      dueAt: { lte: now },
      nextAttemptAt: { lte: now },
      OR: [{ lockedUntil: null }, { lockedUntil: { lt: now } }],
      contest: { isPublished: true },
    },
    select: { contestId: true },
    orderBy: [{ dueAt: "asc" }, { id: "asc" }],
  });
  const runs: StepRun[] = [];
  for (const contestId of new Set(due.map((d) => d.contestId))) {
    const rows = await prisma.lifecycleStep.findMany({
      where: { contestId, finishedAt: null },
      select: { step: true, round: true, nextAttemptAt: true, attempts: true },
    });
    const order = await contestSteps(contestId);
    for (const { step, round } of order) {
      const row = rows.find((r) => r.step === step && r.round === round);
      if (!row) continue;
      if (!row.nextAttemptAt || row.nextAttemptAt > now) break; // backing off, or given up
      const started = performance.now();
      const outcome = await runStep(contestId, step, now, round);
      // One JSON line per step run (docs/decisions/0036-health-and-logs.md): ids and names only.
      logLine({
        type: "job",
        contest: contestId,
        step,
        round,
        outcome: outcome.status,
        durationMs: Math.round(performance.now() - started),
        attempt: row.attempts + 1,
      });
      runs.push({ contestId, step, round, outcome });
      if (outcome.status !== "finished") break;
    }
  }
  return runs;
}

export type TickReport = {
  leased: boolean;
  /** When something this tick waited for (another instance's lease, a step's) runs out. */
  wakeAt: Date | null;
  events: { delivered: number; failed: number };
  /** Whether this tick ran the queued copy checks or held them (null: not leased). */
  copyChecks: CopyCheckDecision | null;
  steps: StepRun[];
};

/** One round: take the lease, deliver the outbox, run due steps (embedded mode only). */
export async function tick(now: Date, opts: SchedulerOptions): Promise<TickReport> {
  const leaseMs = opts.leaseMs ?? SCHEDULER_LEASE_MS;
  if (!(await acquireLease(opts.holder, now, leaseMs)))
    return {
      leased: false,
      wakeAt: await leaseFreeAt(opts.holder),
      events: { delivered: 0, failed: 0 },
      copyChecks: null,
      steps: [],
    };
  // The lease's heartbeat while the tick works, on the tick's clock (a test's fake one too).
  const started = Date.now();
  const heartbeat = setInterval(() => {
    const at = new Date(now.getTime() + (Date.now() - started));
    acquireLease(opts.holder, at, leaseMs).catch(() => {});
  }, STEP_HEARTBEAT_MS);
  heartbeat.unref?.();
  try {
    return await tickWork(now, opts);
  } finally {
    clearInterval(heartbeat);
  }
}

/**
 * What waits while entries arrive (ADR 0054): their copy checks (a batch's claim, index write,
 * pairs and delivered mark). Every entry of a checked contest queues one, so the newest is the
 * last entry received: the first tick 10 s after it delivers them all, and none waits longer
 * than the hold's bound (5 minutes after the oldest was queued), however steady the stream. A
 * writer's confirmation e-mail never waits: it is what tells a child the story arrived.
 */
const HELD_WHILE_ENTRIES_ARRIVE = ["entry/copies.check"] as const;

async function tickWork(now: Date, opts: SchedulerOptions): Promise<TickReport> {
  // While entries arrive, the work they queue that can wait does, for a bounded time (ADR 0054):
  // on SQLite each commit of this process sends the other server process's open entry
  // transaction back to start, and a rush's entrants ran out of retries (503).
  const copyChecks = copyCheckDecision(
    now,
    await queuedSpan(now, HELD_WHILE_ENTRIES_ARRIVE),
    opts.copyCheckHold,
  );
  const held = copyChecks.run ? [] : HELD_WHILE_ENTRIES_ARRIVE;
  const events = opts.dispatch
    ? await deliverDueEvents(now, opts.dispatch, 50, {}, held)
    : await deliverDueEvents(now, handleLocally, 50, localBatches, held);
  const steps = opts.dispatch ? [] : await runDueSteps(now);
  // Entries received before documents were read get their text, a few a tick, under the lease
  // (docs/decisions/0034-reading-desk.md). A failure waits for the next tick.
  await backfillEntryDocuments().catch((error) =>
    console.error(`[scheduler] document backfill failed: ${errorMessage(error)}`),
  );
  // Backups, the retention policy and the purge, when due (docs/decisions/0037-backups-and-maintenance.md).
  if (opts.maintenance !== false)
    await runDueMaintenance(now).catch((error) =>
      console.error(`[scheduler] maintenance failed: ${errorMessage(error)}`),
    );
  const wakeAt = opts.dispatch ? null : await stepLeaseFreeAt(now);
  return { leased: true, wakeAt, events, copyChecks, steps };
}

export type RunningScheduler = { stop(): Promise<void> };

const g = globalThis as { __inkwellScheduler?: RunningScheduler };

/**
 * Starts the loop (once per process): a tick now and then every `intervalMs` (at most half the
 * lease), sooner when a lease it waits for runs out first (ADR 0045). stop() waits for a running
 * tick, releases the lease and stops the loop.
 */
export function startScheduler(
  opts: Partial<SchedulerOptions> & { intervalMs?: number; log?: (m: string) => void } = {},
): RunningScheduler {
  if (g.__inkwellScheduler) return g.__inkwellScheduler;
  const holder = opts.holder ?? newHolderId();
  const timing = schedulerTiming(opts.intervalMs);
  const intervalMs = timing.intervalMs;
  const log = opts.log ?? ((m: string) => console.error(m));
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const loop = () => {
    if (stopped) return;
    let delay = intervalMs;
    running = tick(new Date(), { ...opts, holder, leaseMs: opts.leaseMs ?? timing.leaseMs })
      .then((report) => {
        for (const run of report.steps)
          if (run.outcome.status === "failed")
            log(`[scheduler] ${run.step} ${run.contestId} failed: ${run.outcome.error}`);
        delay = nextTickDelay(new Date(), intervalMs, report.wakeAt);
      })
      .catch((error) => log(`[scheduler] tick failed: ${errorMessage(error)}`))
      .finally(() => {
        if (!stopped) timer = setTimeout(loop, delay);
      });
  };
  loop();
  const handle: RunningScheduler = {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
      await releaseLease(holder).catch(() => {});
      if (g.__inkwellScheduler === handle) g.__inkwellScheduler = undefined;
    },
  };
  g.__inkwellScheduler = handle;
  return handle;
}
