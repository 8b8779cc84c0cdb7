import { describe, expect, test } from "vitest";
import { parseEnv, siteOrigin, startupWarning } from "./env.server";

describe("environment", () => {
  test("embedded defaults need no variables at all", () => {
    const env = parseEnv({});
    expect(env.DATABASE_URL).toBe("file:./data/inkwell.db");
    expect(env.STORAGE_DRIVER).toBe("local");
    expect(env.RESEND_API_KEY).toBeUndefined();
  });
  test("a missing required variable is named in one line", () => {
    expect(() => parseEnv({ FLY_APP_NAME: "inkwell" })).toThrow(
      /^Invalid environment: SESSION_SECRET is required in a deployment \(FLY_APP_NAME is set\)$/,
    );
    expect(() => parseEnv({ GOOGLE_CLIENT_ID: "x" })).toThrow(/GOOGLE_CLIENT_SECRET is required/);
    expect(() => parseEnv({ FLY_APP_NAME: "inkwell", SESSION_SECRET: "s" })).toThrow(
      /^Invalid environment: SITE_URL is required in a deployment/,
    );
    expect(() => parseEnv({ INNGEST_EVENT_KEY: "k" })).toThrow(/INNGEST_SIGNING_KEY is required/);
    expect(parseEnv({ INNGEST_EVENT_KEY: "k", INNGEST_DEV: "1" }).INNGEST_DEV).toBe("1");
    expect(() => parseEnv({ STORAGE_DRIVER: "s3" })).toThrow(/S3_BUCKET is required/);
    expect(() => parseEnv({ DATABASE_URL: "mysql://x" })).toThrow(
      /^Invalid environment: DATABASE_URL must start with file: \(SQLite\) or postgres:\/\//,
    );
    // PostgreSQL is accepted (docs/decisions/0028-postgresql.md); its instances share one secret.
    expect(() => parseEnv({ DATABASE_URL: "postgres://x" })).toThrow(
      /^Invalid environment: SESSION_SECRET is required with PostgreSQL/,
    );
    expect(
      parseEnv({ DATABASE_URL: "postgresql://u@db/inkwell", SESSION_SECRET: "s" }).DATABASE_URL,
    ).toBe("postgresql://u@db/inkwell");
    expect(() => parseEnv({ TRUST_PROXY: "yes" })).toThrow(/^Invalid environment: TRUST_PROXY/);
    expect(parseEnv({ TRUST_PROXY: "fly" }).TRUST_PROXY).toBe("fly");
  });
  test("BACKUP_DIR inside UPLOAD_DIR is refused (ADR 0047)", () => {
    for (const BACKUP_DIR of ["/data/uploads", "/data/uploads/backups"])
      expect(() => parseEnv({ UPLOAD_DIR: "/data/uploads", BACKUP_DIR })).toThrow(
        /BACKUP_DIR must be outside UPLOAD_DIR/,
      );
    expect(parseEnv({ UPLOAD_DIR: "/data/uploads", BACKUP_DIR: "/data/backups" }).BACKUP_DIR).toBe(
      "/data/backups",
    );
  });
  test("uploads on local disk beside PostgreSQL are warned about in one line", () => {
    const pg = { DATABASE_URL: "postgres://u@db/inkwell", SESSION_SECRET: "s" };
    expect(startupWarning(parseEnv(pg))).toMatch(
      /^Warning: uploads are stored on this machine's disk .* set STORAGE_DRIVER=s3/,
    );
    expect(startupWarning(parseEnv({ ...pg, STORAGE_DRIVER: "s3", S3_BUCKET: "b" }))).toBeNull();
    expect(startupWarning(parseEnv({}))).toBeNull();
  });
  test("INNGEST_DEV is refused in production with one line (unsigned calls would run functions)", () => {
    const site = { SITE_URL: "https://inkwell.example" };
    expect(() => parseEnv({ NODE_ENV: "production", ...site, INNGEST_DEV: "1" })).toThrow(
      /^Invalid environment: INNGEST_DEV is refused in production/,
    );
    expect(parseEnv({ NODE_ENV: "development", INNGEST_DEV: "1" }).INNGEST_DEV).toBe("1");
    expect(parseEnv({ NODE_ENV: "production", ...site }).INNGEST_DEV).toBeUndefined();
  });
  test("production refuses to start without SITE_URL, in one line naming it", () => {
    expect(() => parseEnv({ NODE_ENV: "production" })).toThrow(
      /^Invalid environment: SITE_URL is required in production/,
    );
    expect(() => parseEnv({ NODE_ENV: "production", SITE_URL: "inkwell.example" })).toThrow(
      /^Invalid environment: SITE_URL must be an address/,
    );
    expect(() => parseEnv({ NODE_ENV: "production", SITE_URL: "ftp://inkwell.example" })).toThrow(
      /^Invalid environment: SITE_URL must be an address/,
    );
  });
  test("every link's origin: SITE_URL, else http://localhost:$PORT outside production", () => {
    expect(siteOrigin(parseEnv({ NODE_ENV: "production", SITE_URL: "https://ink.example/" }))).toBe(
      "https://ink.example",
    );
    expect(siteOrigin(parseEnv({ NODE_ENV: "development", PORT: "4123" }))).toBe(
      "http://localhost:4123",
    );
    expect(siteOrigin(parseEnv({ NODE_ENV: "test" }))).toBe("http://localhost:3000");
  });
});
