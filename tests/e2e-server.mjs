// Starts everything the end-to-end tests talk to: a fresh migrated and seeded SQLite database,
// the local fakes for external services, and the built site in production mode.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { migrate } from "../scripts/migrate.mjs";
import { startFakeGoogle } from "./fakes/google-oauth.mjs";
import { startFakeResend } from "./fakes/resend.mjs";

const PORT = Number(process.env.E2E_PORT ?? 3200);
const GOOGLE_PORT = PORT + 1;
const RESEND_PORT = PORT + 2;
const dir = path.resolve(`tests/.data/e2e-${PORT}`);
fs.rmSync(dir, { recursive: true, force: true });
fs.mkdirSync(dir, { recursive: true });

const env = {
  ...process.env,
  NODE_ENV: "production",
  PORT: String(PORT),
  DATABASE_URL: `file:${path.join(dir, "e2e.db")}`,
  UPLOAD_DIR: path.join(dir, "uploads"),
  SESSION_SECRET: "e2e-secret",
  SITE_URL: `http://localhost:${PORT}`,
  GOOGLE_CLIENT_ID: "test-client",
  GOOGLE_CLIENT_SECRET: "test-secret",
  GOOGLE_OAUTH_BASE_URL: `http://localhost:${GOOGLE_PORT}`,
  RESEND_API_KEY: "re_test_key",
  RESEND_BASE_URL: `http://localhost:${RESEND_PORT}`,
  QUIET_LOGS: "1",
  LOGIN_MAX_FAILURES_PER_IP: "10000",
  // The embedded scheduler looks for due steps every half second (docs/decisions/0018-embedded-scheduler.md).
  SCHEDULER_INTERVAL_MS: "500",
  SIGNUP_MAX_PER_IP: "10000",
  RESET_MAX_PER_IP: "10000",
  PRICE_PREVIEW_MAX_PER_MINUTE: "10000",
  // No Stripe keys: the test-mode checkout stands in (docs/decisions/0020-payments.md).
  PAYMENTS_TEST_MODE: "1",
};

await migrate(env.DATABASE_URL);
const seeded = spawnSync(path.resolve("node_modules/.bin/tsx"), ["prisma/seed.ts"], {
  env,
  stdio: "inherit",
});
if (seeded.status !== 0) process.exit(seeded.status ?? 1);

const google = await startFakeGoogle({ port: GOOGLE_PORT });
const resend = await startFakeResend({ port: RESEND_PORT });
const app = spawn(process.execPath, ["server.mjs"], { env, stdio: "inherit" });
const stop = () => {
  app.kill("SIGTERM");
  google.server.close();
  resend.server.close();
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
app.on("exit", (code) => {
  google.server.close();
  resend.server.close();
  process.exit(code ?? 0);
});
