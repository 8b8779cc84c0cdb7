// Starts everything the end-to-end tests talk to: a fresh migrated and seeded database, the local
// fakes for external services, and the built site in production mode.
//
// By default: SQLite, files on local disk, one server (playwright.config.ts). With
// E2E_DATABASE=postgres (playwright.postgres.config.ts): a private PostgreSQL cluster, files in a
// local S3-protocol server (s3rver), and two server instances on PORT and PORT + 10 sharing both,
// as several machines behind a load balancer would (docs/decisions/0028-postgresql.md).
import { spawn } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import path from "node:path";
import S3rver from "s3rver";
import { migrate } from "../scripts/migrate.mjs";
import { startPostgres } from "../scripts/postgres.mjs";
import { startFakeGoogle } from "./fakes/google-oauth.mjs";
import { startFakeResend } from "./fakes/resend.mjs";

const PORT = Number(process.env.E2E_PORT ?? 3200);
const GOOGLE_PORT = PORT + 1;
const RESEND_PORT = PORT + 2;
const SECOND_PORT = PORT + 10;
const onPostgres = process.env.E2E_DATABASE === "postgres";
const dir = path.resolve(`tests/.data/e2e-${PORT}`);
fs.rmSync(dir, { recursive: true, force: true });
fs.mkdirSync(dir, { recursive: true });

const cleanups = [];
let database = `file:${path.join(dir, "e2e.db")}`;
let storage = { UPLOAD_DIR: path.join(dir, "uploads") };
if (onPostgres) {
  const pg = await startPostgres();
  cleanups.push(() => pg.stop());
  await pg.admin("CREATE DATABASE inkwell");
  database = pg.url("inkwell");
  fs.mkdirSync(path.join(dir, "s3"));
  const s3 = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory: path.join(dir, "s3"),
    configureBuckets: [{ name: "entries" }],
  });
  const { port } = await s3.run();
  cleanups.push(() => s3.close());
  storage = {
    STORAGE_DRIVER: "s3",
    S3_BUCKET: "entries",
    S3_REGION: "us-east-1",
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    AWS_ACCESS_KEY_ID: "S3RVER",
    AWS_SECRET_ACCESS_KEY: "S3RVER",
  };
}

const env = {
  ...process.env,
  NODE_ENV: "production",
  PORT: String(PORT),
  DATABASE_URL: database,
  ...storage,
  SESSION_SECRET: "e2e-secret",
  SITE_URL: `http://localhost:${PORT}`,
  GOOGLE_CLIENT_ID: "test-client",
  GOOGLE_CLIENT_SECRET: "test-secret",
  GOOGLE_OAUTH_BASE_URL: `http://localhost:${GOOGLE_PORT}`,
  RESEND_API_KEY: "re_test_key",
  RESEND_BASE_URL: `http://localhost:${RESEND_PORT}`,
  // The servers' JSON log goes to server.log, checked after the run (scripts/test.mjs,
  // docs/decisions/0036-health-and-logs.md); /metrics exists and wants this token.
  METRICS_TOKEN: "e2e-metrics-token-0123456789",
  LOGIN_MAX_FAILURES_PER_IP: "10000",
  // The embedded scheduler looks for due steps every half second (docs/decisions/0018-embedded-scheduler.md).
  SCHEDULER_INTERVAL_MS: "500",
  SIGNUP_MAX_PER_IP: "10000",
  RESET_MAX_PER_IP: "10000",
  PRICE_PREVIEW_MAX_PER_MINUTE: "10000",
  JOIN_CODE_MAX_WRONG_PER_IP: "10000",
  // No Stripe keys: the test-mode checkout stands in (docs/decisions/0020-payments.md).
  PAYMENTS_TEST_MODE: "1",
};

await migrate(env.DATABASE_URL);
// Seeded asynchronously: the seed stores its demo documents in the S3-protocol server that runs in
// this process, which a blocking spawn would keep from answering.
const seed = spawn(path.resolve("node_modules/.bin/tsx"), ["prisma/seed.ts"], {
  env,
  stdio: "inherit",
});
const [seedStatus] = await once(seed, "exit");
if (seedStatus !== 0) process.exit(seedStatus ?? 1);

const google = await startFakeGoogle({ port: GOOGLE_PORT });
const resend = await startFakeResend({ port: RESEND_PORT });
cleanups.push(
  () => google.server.close(),
  () => resend.server.close(),
);
// Both servers append to one file (each line is one write); the terminal stays quiet.
const log = fs.openSync(path.join(dir, "server.log"), "a");
const logged = ["ignore", log, log];
const apps = [spawn(process.execPath, ["build/node/index.js"], { env, stdio: logged })];
if (onPostgres)
  apps.push(
    spawn(process.execPath, ["build/node/index.js"], {
      env: { ...env, PORT: String(SECOND_PORT) },
      stdio: logged,
    }),
  );
let exiting = false;
const finish = (code) => {
  if (exiting) return;
  exiting = true;
  for (const app of apps) app.kill("SIGTERM");
  for (const cleanup of cleanups) {
    try {
      cleanup();
    } catch {
      // Stopping is best effort: the folder goes with the next run.
    }
  }
  process.exit(code ?? 0);
};
process.on("SIGTERM", () => finish(0));
process.on("SIGINT", () => finish(0));
for (const app of apps) app.on("exit", (code) => finish(code));
