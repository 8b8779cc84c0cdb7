import { defineConfig } from "@playwright/test";
import base from "./playwright.config";

/**
 * The PostgreSQL smoke (docs/decisions/0028-postgresql.md): two server instances on one private
 * PostgreSQL cluster and one S3-protocol store (tests/e2e-server.mjs with E2E_DATABASE=postgres).
 * Its own ports, so it can run beside the main suite's server.
 */
const PORT = Number(process.env.E2E_PG_PORT ?? 3300);
export const BASE_URL = `http://localhost:${PORT}`;
export const SECOND_URL = `http://localhost:${PORT + 10}`;

export default defineConfig({
  ...base,
  testDir: "tests/e2e-postgres",
  fullyParallel: false,
  workers: 1,
  outputDir: `test-results/${PORT}`,
  use: { ...base.use, baseURL: BASE_URL },
  projects: [base.projects![0]],
  webServer: {
    command: "node tests/e2e-server.mjs",
    env: { E2E_PORT: String(PORT), E2E_DATABASE: "postgres" },
    url: `${SECOND_URL}/`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
