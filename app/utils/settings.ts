// The settings the server (server/), vite.config.ts and the build script read before the app
// loads. They run outside the Remix build and cannot import env.server.ts, so these fields are
// defined here once and env.server.ts builds its schema from them (every setting is still read
// through one zod schema).
import { z } from "zod";
import { parseTrustProxy } from "./client-ip";

/** A variable set to "" counts as unset. */
const unset = <T>(v: T): T | undefined => (v === "" ? undefined : v);
export const optional = z.string().optional().transform(unset);
export const flag = z
  .enum(["0", "1", "true", "false"])
  .optional()
  .transform((v) => v === "1" || v === "true");
const address = (name: string) =>
  optional.refine(
    (v) => v === undefined || (URL.canParse(v) && /^https?:$/.test(new URL(v).protocol)),
    `${name} must be an address starting with http(s)://`,
  );

export const serverFields = {
  NODE_ENV: z.enum(["production", "development", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  /** Where `npm run build` writes and the server reads the build (parallel checkouts, the tests). */
  BUILD_DIR: z.string().min(1).default("build"),
  /** How many server processes in production; the core count when unset (docs/decisions/0021-performance.md). */
  WEB_CONCURRENCY: z.preprocess(unset, z.coerce.number().int().min(1).max(256).optional()),
  /** No access log and no console copy of e-mails (the tests). */
  QUIET_LOGS: flag,
  /** Which proxy's forwarded headers to believe (client-ip.ts, docs/decisions/0010-hardening.md). */
  TRUST_PROXY: z
    .string()
    .optional()
    .superRefine((value, ctx) => {
      try {
        parseTrustProxy(value);
      } catch (error) {
        ctx.addIssue({ code: "custom", message: (error as Error).message });
      }
    }),
  /**
   * On SIGTERM, how long requests in flight may take to finish before the process exits anyway
   * (docs/decisions/0036-health-and-logs.md). Fly waits kill_timeout (fly.toml) for it.
   */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(300_000).default(10_000),
  /**
   * Without Stripe keys a production server refuses the test-mode checkout unless this is 1. It
   * also marks a production build run by the end-to-end tests: see `testMode`.
   */
  PAYMENTS_TEST_MODE: flag,
  /**
   * The server (server/index.ts, the image's command) applies the migrations before the server starts.
   * Only the one-machine SQLite deployment sets it: Fly's release machine has no volume, so that
   * database can only be migrated by the machine that holds it (docs/decisions/0035-deployment.md).
   */
  MIGRATE_ON_START: flag,
};

/**
 * Base addresses of the local fakes that stand in for Google and Stripe in the tests. They are
 * read only in test mode (`testMode`): outside it they are not settings at all, and the
 * Content-Security-Policy never names them.
 */
export const testServiceFields = {
  GOOGLE_OAUTH_BASE_URL: address("GOOGLE_OAUTH_BASE_URL"),
  STRIPE_API_BASE_URL: address("STRIPE_API_BASE_URL"),
};

/** Test mode: NODE_ENV=test (Vitest), or PAYMENTS_TEST_MODE=1 (the end-to-end servers). */
type Mode = { NODE_ENV: string; PAYMENTS_TEST_MODE: boolean };
export type TestServices = z.output<typeof testServices>;

export const testMode = (settings: Mode) =>
  settings.NODE_ENV === "test" || settings.PAYMENTS_TEST_MODE === true;

const testServices = z.object(testServiceFields);

/** The test services' addresses in test mode; none otherwise. */
export function parseTestServices(
  source: Record<string, string | undefined>,
  settings: Mode,
): TestServices {
  return testMode(settings)
    ? testServices.parse(source)
    : { GOOGLE_OAUTH_BASE_URL: undefined, STRIPE_API_BASE_URL: undefined };
}

/** One line naming the first bad variable. */
export function settingsError(error: z.ZodError) {
  const issue = error.issues[0];
  const name = String(issue.path[0] ?? "environment");
  const message = issue.message.startsWith(name) ? issue.message : `${name}: ${issue.message}`;
  return new Error(`Invalid environment: ${message}`);
}

/** The settings the server process needs before the app loads; throws one line on a problem. */
export function serverSettings(source = process.env) {
  const result = z.object(serverFields).safeParse(source);
  if (!result.success) throw settingsError(result.error);
  let services: TestServices;
  try {
    services = parseTestServices(source, result.data);
  } catch (error) {
    throw error instanceof z.ZodError ? settingsError(error) : error;
  }
  return { ...result.data, ...services, trustProxy: parseTrustProxy(result.data.TRUST_PROXY) };
}
