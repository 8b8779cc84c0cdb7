#!/usr/bin/env node
// The whole test suite, as the README's second command: typecheck, lint, formatting, unit and integration
// tests (Vitest, real SQLite, then the integration suite again on PostgreSQL), then a production build and end-to-end tests (Playwright in
// Debian's Chromium, JavaScript on and off). Installs what is missing first.
import { spawnSync } from "node:child_process";
import fs from "node:fs";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

function run(label, cmd, args, opts = {}) {
  console.log(`\n▶ ${label}`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: "inherit", ...opts });
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  if (r.status !== 0) {
    console.error(`✖ ${label} failed after ${secs}s`);
    process.exit(r.status ?? 1);
  }
  console.log(`✔ ${label} (${secs}s)`);
}

if (!fs.existsSync("node_modules/.package-lock.json"))
  run("npm install", "npm", ["install", "--no-audit", "--no-fund"]);
if (!fs.existsSync("app/generated/prisma/client.ts"))
  run("prisma generate", "npm", ["run", "db:generate"]);

if (!fs.existsSync(CHROMIUM)) {
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      "Chromium is missing: run `sudo apt-get update && sudo apt-get install -y chromium`, then `npm test` again.",
    );
    process.exit(1);
  }
  run("apt-get update", "apt-get", ["update", "-qq"]);
  run("install Debian's chromium", "apt-get", ["install", "-y", "-qq", "chromium"], {
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
}

const bin = (name) => `node_modules/.bin/${name}`;
const REPORTS = "test-results/reports";
fs.rmSync(REPORTS, { recursive: true, force: true });
fs.mkdirSync(REPORTS, { recursive: true });

run("typecheck", bin("tsc"), ["--noEmit"]);
// `npm run lint`: ESLint, the declared dependency graph (dependency-cruiser) and dead code (knip).
run("lint", "npm", ["run", "lint"]);
run("formatting (prettier --check)", bin("prettier"), ["--check", "."]);
run("unit and integration tests on SQLite (vitest)", bin("vitest"), [
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${REPORTS}/vitest.json`,
]);
// The integration suite again on a private PostgreSQL cluster from Debian's package, installed
// here when missing (scripts/postgres.mjs, docs/decisions/0028-postgresql.md).
run("PostgreSQL (Debian's package)", process.execPath, [
  "-e",
  'import("./scripts/postgres.mjs").then((m) => m.ensurePostgresInstalled())',
]);
run(
  "integration tests on PostgreSQL (vitest)",
  bin("vitest"),
  ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${REPORTS}/vitest-pg.json`],
  { env: { ...process.env, TEST_DATABASE: "postgres" } },
);
// `npm run build`: the Remix bundles and the document inspection worker beside them (ADR 0024).
run("build", "npm", ["run", "build"], { env: { ...process.env, NODE_ENV: "production" } });
run(
  "end-to-end tests (playwright, js and no-js)",
  bin("playwright"),
  ["test", "--reporter=list,json"],
  {
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: `${REPORTS}/playwright.json` },
  },
);

// Every line the servers logged during that run: JSON, route ids, job steps, and no password,
// token, cookie, e-mail address or story text (docs/decisions/0036-health-and-logs.md).
run("the e2e run's server log", process.execPath, [
  "tests/log/check-server-log.mjs",
  `tests/.data/e2e-${process.env.E2E_PORT ?? 3200}/server.log`,
]);

// The PostgreSQL smoke: two server instances on one database and one S3-protocol store
// (playwright.postgres.config.ts, docs/decisions/0028-postgresql.md).
run(
  "end-to-end smoke on PostgreSQL with two instances (playwright)",
  bin("playwright"),
  ["test", "-c", "playwright.postgres.config.ts", "--reporter=list,json"],
  {
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: `${REPORTS}/playwright-pg.json` },
  },
);

// One closing line with the counts of both runners.
const vitest = JSON.parse(fs.readFileSync(`${REPORTS}/vitest.json`, "utf8"));
const vitestPg = JSON.parse(fs.readFileSync(`${REPORTS}/vitest-pg.json`, "utf8"));
const pwMain = JSON.parse(fs.readFileSync(`${REPORTS}/playwright.json`, "utf8")).stats;
const pwPg = JSON.parse(fs.readFileSync(`${REPORTS}/playwright-pg.json`, "utf8")).stats;
const pw = Object.fromEntries(
  ["expected", "unexpected", "skipped", "flaky"].map((k) => [k, (pwMain[k] ?? 0) + (pwPg[k] ?? 0)]),
);
const passed = vitest.numPassedTests + vitestPg.numPassedTests + pw.expected + (pw.flaky ?? 0);
const failed = vitest.numFailedTests + vitestPg.numFailedTests + pw.unexpected;
const skipped =
  (vitest.numPendingTests ?? 0) +
  (vitest.numTodoTests ?? 0) +
  (vitestPg.numPendingTests ?? 0) +
  (vitestPg.numTodoTests ?? 0) +
  pw.skipped;
console.log(
  `\nvitest: ${vitest.numPassedTests} passed on SQLite, ${vitestPg.numPassedTests} on PostgreSQL; playwright: ${pw.expected} passed (${pwPg.expected} of them on PostgreSQL), ${pw.skipped} skipped, ${pw.flaky ?? 0} passed only on retry`,
);
console.log(`total: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
