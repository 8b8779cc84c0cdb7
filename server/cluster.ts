// More than one server process (docs/decisions/0021-performance.md): the primary forks
// WEB_CONCURRENCY workers that share the port, keeps the sign-in limits for all of them
// (rate-limiter-flexible's cluster master), restarts a worker that dies, and names exactly one
// worker to run the embedded scheduler. SQLite in WAL mode lets every worker read during a write.
import cluster from "node:cluster";
import { PURGE_MESSAGE } from "./visitor-page-cache";
import os from "node:os";
import { RateLimiterClusterMaster } from "rate-limiter-flexible";
import { logLine } from "../app/utils/access-log";
import { sqliteFile } from "../app/utils/backup-files.mjs";
import { CHECKPOINT_ENV, startWalCheckpoints } from "../app/utils/wal-checkpoint";

/** The worker whose environment says so runs the workflows (startWorkflows); the others do not. */
export const WORKFLOWS_ENV = "INKWELL_RUNS_WORKFLOWS";

/** How many server processes in production: WEB_CONCURRENCY (app/utils/settings.ts), else the core count. */
export function workerCount(asked: number | undefined): number {
  return asked ?? Math.max(1, os.availableParallelism());
}

/** Whether this process should start the workflows: always without a cluster, else one worker. */
export function runsWorkflows(env: NodeJS.ProcessEnv = process.env): boolean {
  return !cluster.isWorker || env[WORKFLOWS_ENV] === "1";
}

/**
 * Runs the primary: forks the workers and resolves with the exit code once they have all
 * stopped (after SIGTERM/SIGINT, which it passes on, or when a worker dies before it listens,
 * which means the server cannot start). On SIGTERM each worker shuts down gracefully (server/shutdown.ts,
 * docs/decisions/0036-health-and-logs.md); the primary exits 1 if any of them had to cut requests.
 */
export function runPrimary(workers: number): Promise<number> {
  new RateLimiterClusterMaster();
  return new Promise((resolve) => {
    let stopping = false;
    let exitCode = 0;
    const listening = new Set<number>();
    // SQLite: the primary, which serves nothing, checkpoints the WAL for the workers (ADR 0078).
    const url = process.env.DATABASE_URL || "file:./data/inkwell.db";
    const checkpoints = url.startsWith("file:") ? startWalCheckpoints(sqliteFile(url)) : null;
    const fork = (runsWorkflowsHere: boolean) => {
      const worker = cluster.fork({
        [WORKFLOWS_ENV]: runsWorkflowsHere ? "1" : "0",
        [CHECKPOINT_ENV]: checkpoints ? "1" : "0",
      });
      worker.on("listening", () => listening.add(worker.id));
      // A worker emptied its visitor page cache: every other worker does too (ADR 0042).
      worker.on("message", (message: unknown) => {
        if ((message as { type?: unknown } | null)?.type !== PURGE_MESSAGE) return;
        for (const other of Object.values(cluster.workers ?? {}))
          if (other && other.id !== worker.id) other.send(message as object);
      });
      worker.on("exit", (code, signal) => {
        const started = listening.delete(worker.id);
        if (!stopping && started) {
          logLine(
            {
              type: "error",
              context: "cluster",
              message: `worker ${worker.process.pid} exited (${signal ?? code}); restarting`,
            },
            process.stderr,
          );
          fork(runsWorkflowsHere);
          return;
        }
        if (!stopping) {
          // It died before listening: a bad environment or build. Stop the others too.
          exitCode = code || 1;
          stop();
        } else if (code) {
          // A worker whose shutdown timed out (requests cut short) makes the whole exit 1.
          exitCode = exitCode || code;
        }
        if (Object.keys(cluster.workers ?? {}).length === 0) {
          checkpoints?.();
          resolve(exitCode);
        }
      });
    };
    const stop = () => {
      if (stopping) return;
      stopping = true;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
    };
    for (let i = 0; i < workers; i++) fork(i === 0);
    for (const signal of ["SIGTERM", "SIGINT"]) process.once(signal, stop);
  });
}
