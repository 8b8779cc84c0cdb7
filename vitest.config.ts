import { defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";

// TEST_DATABASE=postgres runs the integration suite again on PostgreSQL (tests/setup); the
// pure rules and unit tests, which touch no database, run once.
const onPostgres = process.env.TEST_DATABASE === "postgres";

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: onPostgres
      ? ["tests/integration/**/*.test.{ts,tsx}"]
      : [
          "app/**/*.test.{ts,tsx}",
          "server/**/*.test.ts",
          "tests/unit/**/*.test.{ts,tsx}",
          "tests/integration/**/*.test.{ts,tsx}",
        ],
    globalSetup: ["tests/setup/global-setup.ts"],
    setupFiles: ["tests/setup/setup-test-env.ts"],
    pool: "forks",
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
    testTimeout: 20_000,
  },
});
