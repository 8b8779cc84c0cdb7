import path from "node:path";
import { z } from "zod";
import {
  flag,
  optional,
  parseTestServices,
  serverFields,
  settingsError,
  type TestServices,
} from "./settings";

/**
 * Every setting the server reads, validated once at start-up. Embedded defaults need no variables:
 * SQLite in ./data, files on local disk, e-mail logged. The settings the server (server/) also reads before
 * the app loads (NODE_ENV, PORT, BUILD_DIR, WEB_CONCURRENCY, QUIET_LOGS, TRUST_PROXY,
 * PAYMENTS_TEST_MODE) and the test services' addresses are defined in settings.ts.
 */
const schema = z
  .object({
    ...serverFields,
    /**
     * The engine (docs/decisions/0028-postgresql.md): file: → SQLite (the embedded default),
     * postgres:// or postgresql:// → PostgreSQL, for several server instances on one database.
     */
    DATABASE_URL: z
      .string()
      .regex(
        /^(file:|postgres(ql)?:\/\/)/,
        "DATABASE_URL must start with file: (SQLite) or postgres:// (PostgreSQL)",
      )
      .default("file:./data/inkwell.db"),
    /** PostgreSQL: connections each server process keeps open. */
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
    SESSION_SECRET: optional,
    /** The one origin every link we send is built from (docs/decisions/0023-privacy-and-links.md). */
    SITE_URL: optional.refine(
      (v) => v === undefined || (URL.canParse(v) && /^https?:$/.test(new URL(v).protocol)),
      "SITE_URL must be an address like https://inkwell.example, starting with http(s)://",
    ),
    SITE_TIME_ZONE: z.string().default("America/New_York"),
    FLY_APP_NAME: optional,
    /** Only for serving a production build over plain HTTP on a LAN address (never on Fly). */
    INSECURE_COOKIES: flag,
    GOOGLE_CLIENT_ID: optional,
    GOOGLE_CLIENT_SECRET: optional,
    RESEND_API_KEY: optional,
    RESEND_BASE_URL: optional,
    EMAIL_FROM: z.string().default("Inkwell <no-reply@inkwell.test>"),
    /**
     * Without an e-mail provider, 1 keeps every message whole in the marked test mailbox
     * (/test-mailbox) of a production server, as the quick start does; refused on Fly and with
     * RESEND_API_KEY (docs/decisions/0043-test-mailbox.md).
     */
    EMAIL_TEST_MODE: flag,
    STORAGE_DRIVER: z.enum(["local", "s3"]).default("local"),
    UPLOAD_DIR: z.string().default("./data/uploads"),
    S3_BUCKET: optional,
    S3_REGION: optional,
    S3_ENDPOINT: optional,
    AWS_ACCESS_KEY_ID: optional,
    AWS_SECRET_ACCESS_KEY: optional,
    LOGIN_MAX_FAILURES_PER_EMAIL: z.coerce.number().int().positive().default(5),
    // A class of thirty behind one school address may each mistype a few times (ADR 0031).
    LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().positive().default(100),
    /** Workflows (docs/decisions/0017-contest-lifecycle.md): Inngest Cloud keys, or INNGEST_DEV=1. */
    INNGEST_EVENT_KEY: optional,
    INNGEST_SIGNING_KEY: optional,
    INNGEST_DEV: optional,
    /** How often the embedded scheduler looks for due steps (docs/decisions/0018-embedded-scheduler.md). */
    SCHEDULER_INTERVAL_MS: z.coerce.number().int().min(100).max(60_000).default(30_000),
    /** Stripe (docs/decisions/0020-payments.md): both keys together, or neither. */
    STRIPE_SECRET_KEY: optional,
    STRIPE_WEBHOOK_SECRET: optional,
    PAYMENT_CURRENCY: z
      .string()
      .regex(/^[a-z]{3}$/)
      .default("usd"),
    /**
     * A full garbage collection after each uploaded document (memory.server.ts); off unless set,
     * on in the deployment (fly.toml, docs/decisions/0021-performance.md).
     */
    FORCE_GC: flag,
    SIGNUP_MAX_PER_IP: z.coerce.number().int().positive().default(10),
    /** Account e-mails asked for by visitors (docs/decisions/0025-accounts-and-tokens.md). */
    RESET_MAX_PER_IP: z.coerce.number().int().positive().default(10),
    /**
     * Unknown or closed class join codes one address may try in 15 minutes
     * (docs/decisions/0041-class-joining-at-class-size.md): a class mistyping its code once each.
     */
    JOIN_CODE_MAX_WRONG_PER_IP: z.coerce.number().int().positive().default(40),
    /** Price previews with a discount code, per minute, per user and per address. */
    PRICE_PREVIEW_MAX_PER_MINUTE: z.coerce.number().int().positive().default(20),
    /**
     * SQLite's online backup to the storage driver (docs/decisions/0037-backups-and-maintenance.md):
     * every this many hours (0: never), keeping this many copies. PostgreSQL is backed up by its
     * managed service instead.
     */
    BACKUP_INTERVAL_HOURS: z.coerce
      .number()
      .min(0)
      .max(24 * 30)
      .default(24),
    BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(14),
    /**
     * With local storage, the folder of the backups (0700, each backup 0600): default `backups`
     * beside the database; never inside UPLOAD_DIR (docs/decisions/0047-backup-location-and-file-modes.md).
     */
    BACKUP_DIR: optional,
    /**
     * The data retention policy (docs/decisions/0038-data-retention.md), in days: the story text
     * and files of entries that did not win (or whose writer did not agree to publication) after
     * the contest's results; a child's account without a sign-in (then removed after a warning
     * e-mail and the notice period); the e-mail log.
     */
    RETENTION_ENTRY_DAYS: z.coerce.number().int().min(1).max(3650).default(365),
    RETENTION_INACTIVE_CHILD_DAYS: z.coerce.number().int().min(30).max(3650).default(730),
    RETENTION_NOTICE_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    RETENTION_EMAIL_LOG_DAYS: z.coerce.number().int().min(1).max(3650).default(180),
    /** /readyz fails while an outbox event has waited longer than this (docs/decisions/0036-health-and-logs.md). */
    READY_OUTBOX_MAX_AGE_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
    /** The bearer token for /metrics (Prometheus); without it /metrics answers 404. */
    METRICS_TOKEN: optional.refine(
      (v) => v === undefined || v.length >= 16,
      "METRICS_TOKEN must be at least 16 characters",
    ),
  })
  .superRefine((env, ctx) => {
    const need = (name: keyof typeof env, why: string) => {
      if (!env[name])
        ctx.addIssue({ code: "custom", path: [name], message: `${name} is required ${why}` });
    };
    if (env.FLY_APP_NAME) need("SESSION_SECRET", "in a deployment (FLY_APP_NAME is set)");
    // Every instance on one PostgreSQL database signs cookies with the same secret.
    if (/^postgres/.test(env.DATABASE_URL))
      need("SESSION_SECRET", "with PostgreSQL: every server instance must share it");
    // Links are never built from a request (docs/decisions/0023-privacy-and-links.md).
    if (env.FLY_APP_NAME) need("SITE_URL", "in a deployment (FLY_APP_NAME is set)");
    if (env.NODE_ENV === "production")
      need("SITE_URL", "in production: every link in e-mails is built from it");
    if (env.INNGEST_EVENT_KEY && !env.INNGEST_DEV)
      need("INNGEST_SIGNING_KEY", "when INNGEST_EVENT_KEY is set");
    if (env.GOOGLE_CLIENT_ID) need("GOOGLE_CLIENT_SECRET", "when GOOGLE_CLIENT_ID is set");
    if (env.GOOGLE_CLIENT_SECRET) need("GOOGLE_CLIENT_ID", "when GOOGLE_CLIENT_SECRET is set");
    if (env.STRIPE_SECRET_KEY) need("STRIPE_WEBHOOK_SECRET", "when STRIPE_SECRET_KEY is set");
    if (env.STRIPE_WEBHOOK_SECRET) need("STRIPE_SECRET_KEY", "when STRIPE_WEBHOOK_SECRET is set");
    if (env.FLY_APP_NAME && env.PAYMENTS_TEST_MODE)
      ctx.addIssue({
        code: "custom",
        path: ["PAYMENTS_TEST_MODE"],
        message: "PAYMENTS_TEST_MODE is refused in a deployment (FLY_APP_NAME is set)",
      });
    if (env.FLY_APP_NAME && env.EMAIL_TEST_MODE)
      ctx.addIssue({
        code: "custom",
        path: ["EMAIL_TEST_MODE"],
        message: "EMAIL_TEST_MODE is refused in a deployment (FLY_APP_NAME is set)",
      });
    if (env.RESEND_API_KEY && env.EMAIL_TEST_MODE)
      ctx.addIssue({
        code: "custom",
        path: ["EMAIL_TEST_MODE"],
        message: "EMAIL_TEST_MODE is refused with RESEND_API_KEY: messages are sent, not kept",
      });
    if (env.STORAGE_DRIVER === "s3") need("S3_BUCKET", "when STORAGE_DRIVER is s3");
    if (env.BACKUP_DIR) {
      const uploads = path.resolve(env.UPLOAD_DIR);
      const backups = path.resolve(env.BACKUP_DIR);
      if (backups === uploads || backups.startsWith(uploads + path.sep))
        ctx.addIssue({
          code: "custom",
          path: ["BACKUP_DIR"],
          message:
            "BACKUP_DIR must be outside UPLOAD_DIR (the database's backups are kept apart from uploaded files)",
        });
    }
    // The dev server's mode runs functions on unsigned calls: never in production
    // (docs/decisions/0025-accounts-and-tokens.md).
    if (env.NODE_ENV === "production" && env.INNGEST_DEV)
      ctx.addIssue({
        code: "custom",
        path: ["INNGEST_DEV"],
        message:
          "INNGEST_DEV is refused in production (unsigned calls would run functions); use INNGEST_EVENT_KEY and INNGEST_SIGNING_KEY",
      });
  });

export type Env = z.infer<typeof schema> & TestServices;

/** Every variable the schema reads; `.env.example` lists exactly these (env-example.test.ts). */
export const SETTING_NAMES = Object.keys(schema.innerType().shape);

let cached: Env | undefined;

/** Parses process.env; on a problem, throws one line naming the variable. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = schema.safeParse(source);
  if (!result.success) throw settingsError(result.error);
  // The fakes' addresses are settings only in test mode (settings.ts).
  let services: TestServices;
  try {
    services = parseTestServices(source, result.data);
  } catch (error) {
    throw settingsError(error as z.ZodError);
  }
  return { ...result.data, ...services };
}

export function env(): Env {
  // The first read may come from a module loaded before entry.server (the database client):
  // a bad environment stops the server there too, with the same one line.
  if (!cached) initEnv();
  return cached!;
}

/** Called once by entry.server at start-up: a bad environment stops the server with one line. */
export function initEnv() {
  try {
    cached = parseEnv();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  const warning = startupWarning(cached);
  if (warning) console.warn(warning);
}

/**
 * A shape that works on one machine and silently breaks on several: uploads on local disk with
 * a shared PostgreSQL database (another instance cannot read the file). One line at start-up.
 */
export function startupWarning(e: Env): string | null {
  if (e.STORAGE_DRIVER === "local" && /^postgres/.test(e.DATABASE_URL))
    return `Warning: uploads are stored on this machine's disk (${e.UPLOAD_DIR}) while the database is PostgreSQL; with more than one server machine set STORAGE_DRIVER=s3, or entries' files uploaded through one machine will be missing on the others.`;
  return null;
}

export const isProduction = () => env().NODE_ENV === "production";

/**
 * The site's origin, the only base for absolute links (e-mails, OAuth callback, Stripe return
 * URLs): SITE_URL, or in development and tests http://localhost:$PORT. Never the request's Host.
 */
export function siteOrigin(e: Env = env()) {
  return e.SITE_URL ? new URL(e.SITE_URL).origin : `http://localhost:${e.PORT}`;
}

/** Inngest runs the workflows when a dev server or Cloud keys are configured; else the embedded scheduler. */
export const inngestConfigured = () => Boolean(env().INNGEST_DEV || env().INNGEST_EVENT_KEY);

/** /api/inngest exists only for a dev server or with a signing key (unsigned calls are refused). */
export const inngestServed = () => Boolean(env().INNGEST_DEV || env().INNGEST_SIGNING_KEY);

/**
 * The test mailbox (docs/decisions/0043-test-mailbox.md): with no e-mail provider, outside
 * production or with EMAIL_TEST_MODE=1, every message is kept whole (its links working) for
 * /test-mailbox. Never with a provider, never on Fly (the setting is refused there).
 */
export function testMailbox(e: Env = env()): boolean {
  if (e.RESEND_API_KEY) return false;
  return e.NODE_ENV !== "production" || e.EMAIL_TEST_MODE;
}

/** Stripe when its keys are set; else the test-mode checkout, except in production mode. */
export function paymentsMode(e: Env = env()): "stripe" | "test" | "off" {
  if (e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET) return "stripe";
  if (e.NODE_ENV !== "production" || e.PAYMENTS_TEST_MODE) return "test";
  return "off";
}
