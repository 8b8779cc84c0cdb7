// Inkwell's HTTP server: Express in front of Remix (server/app.ts), in TypeScript, bundled by
// `npm run build` into build/node/index.js, which the image runs (docs/decisions/0040-server-in-typescript.md);
// `npm run dev` runs this file with tsx. In production it runs one process per core
// (server/cluster.ts, docs/decisions/0021-performance.md).
import cluster from "node:cluster";
import { format } from "node:util";
import { logLine } from "../app/utils/access-log";
import { serverSettings } from "../app/utils/settings";
import { migrate } from "../scripts/migrate.mjs";
import { createApp, loadBuild } from "./app";
import { runPrimary, runsWorkflows, workerCount } from "./cluster";
import { onShutdownSignals } from "./shutdown";

// The settings this process needs before the app loads, checked by the same zod fields as
// env.server.ts (app/utils/settings.ts); a bad one stops the server with one line.
let settings: ReturnType<typeof serverSettings>;
try {
  settings = serverSettings();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
const production = settings.NODE_ENV === "production";

// In production every line on stdout and stderr is JSON (docs/decisions/0036-health-and-logs.md):
// what the app or a library prints through the console becomes one line of its own type.
if (production) {
  const asLine =
    (type: string, out: NodeJS.WriteStream) =>
    (...args: unknown[]) =>
      logLine({ type, message: format(...args) }, out);
  console.log = asLine("log", process.stdout);
  console.info = asLine("log", process.stdout);
  console.warn = asLine("warning", process.stderr);
  console.error = asLine("error", process.stderr);
}

// MIGRATE_ON_START=1 (the one-machine SQLite deployment, fly.toml) applies the migrations before
// the server starts: Fly's release machine has no volume, so that database can only be migrated by
// the machine that holds it. Several machines on PostgreSQL migrate once, in Fly's release step
// (fly.postgres.toml: `node scripts/migrate.mjs`). With several processes only the primary
// migrates, before it forks the workers (docs/decisions/0035-deployment.md).
if (settings.MIGRATE_ON_START && cluster.isPrimary) {
  const url = process.env.DATABASE_URL || "file:./data/inkwell.db";
  const engine = url.startsWith("file:") ? "sqlite" : "postgres";
  try {
    const names: string[] = [];
    await migrate(url, { log: (message) => names.push(message.replace(/^applied /, "")) });
    logLine({ type: "migration", engine, applied: names.length, migrations: names });
  } catch (error) {
    logLine(
      { type: "error", context: "migration", message: (error as Error).message },
      process.stderr,
    );
    process.exit(1);
  }
}

// The primary of a multi-process server only forks and watches the workers; it never serves.
const workers = production ? workerCount(settings.WEB_CONCURRENCY) : 1;
if (cluster.isPrimary && workers > 1) process.exit(await runPrimary(workers));

const vite = production
  ? undefined
  : await import("vite").then((v) => v.createServer({ server: { middlewareMode: true } }));
const { build, current } = await loadBuild(settings, vite);
const app = createApp({ settings, vite, build });

const server = app.listen(settings.PORT, () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : settings.PORT;
  logLine({ type: "start", message: `Inkwell is listening on http://localhost:${port}` });
});

// The workflows' in-process part: the embedded scheduler, or the outbox dispatcher to Inngest
// (docs/decisions/0018-embedded-scheduler.md). With several workers, exactly one runs them
// (server/cluster.ts); stopped before exiting.
const entry = (await current()).entry.module;
const workflows = runsWorkflows() ? entry.startWorkflows?.() : undefined;

onShutdownSignals({
  server,
  timeoutMs: settings.SHUTDOWN_TIMEOUT_MS,
  workflows,
  disconnectDatabase: entry.disconnectDatabase,
  vite,
});
