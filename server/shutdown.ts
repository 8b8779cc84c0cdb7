// Graceful shutdown (docs/decisions/0036-health-and-logs.md): /readyz answers 503, the listening
// socket closes (a new connection is refused) and idle keep-alive connections with it; requests in
// flight finish, for SHUTDOWN_TIMEOUT_MS at most; the scheduler stops after its current step; the
// database is disconnected. Exit 0, or 1 when the timeout cut requests short.
import type { Server } from "node:http";
import type { ViteDevServer } from "vite";
import { logError, logLine, markShuttingDown } from "../app/utils/access-log";

type Stoppable = { stop(): Promise<void> | void } | undefined;

export function onShutdownSignals({
  server,
  timeoutMs,
  workflows,
  disconnectDatabase,
  vite,
}: {
  server: Server;
  timeoutMs: number;
  workflows: Stoppable;
  disconnectDatabase: (() => Promise<void>) | undefined;
  vite: ViteDevServer | undefined;
}) {
  let shuttingDown = false;
  async function shutdown(signal: NodeJS.Signals) {
    if (shuttingDown) return;
    shuttingDown = true;
    markShuttingDown();
    logLine({ type: "shutdown", signal, timeoutMs });
    const closed = new Promise<boolean>((resolve) => server.close(() => resolve(false)));
    server.closeIdleConnections();
    const idle = setInterval(() => server.closeIdleConnections(), 100);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(true), timeoutMs);
    });
    const [cut] = await Promise.all([
      Promise.race([closed, timeout]),
      Promise.resolve(workflows?.stop()).catch((error) => logError("shutdown", error)),
    ]);
    clearInterval(idle);
    clearTimeout(timer);
    if (cut) server.closeAllConnections();
    await Promise.resolve(disconnectDatabase?.()).catch((error) => logError("shutdown", error));
    await vite?.close().catch((error) => logError("shutdown", error));
    logLine({ type: "shutdown", signal, outcome: cut ? "timed out" : "done" });
    process.exit(cut ? 1 : 0);
  }
  // In development, Vite (the Remix plugin's child compiler) listens for SIGTERM to exit at once;
  // this shutdown closes the dev server itself instead.
  if (vite) process.removeAllListeners("SIGTERM");
  for (const signal of ["SIGTERM", "SIGINT"] as const)
    process.on(signal, () => void shutdown(signal));
}
