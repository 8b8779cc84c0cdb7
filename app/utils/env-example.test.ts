// `.env.example` lists exactly the variables of the settings schema, each with a comment above
// it, and its values are accepted by that schema in production (docs/decisions/0035-deployment.md).
import fs from "node:fs";
import { parseEnv as readDotenv } from "node:util";
import { describe, expect, test } from "vitest";
import { SETTING_NAMES, parseEnv } from "./env.server";
import { testServiceFields } from "./settings";

const text = fs.readFileSync(new URL("../../.env.example", import.meta.url), "utf8");
const lines = text.split(/\r?\n/);
const variableLine = /^([A-Za-z_][A-Za-z0-9_]*)=/;
const names = lines.flatMap((line) => variableLine.exec(line)?.[1] ?? []);
const values = readDotenv(text);

describe(".env.example", () => {
  test("names every setting of the schema, and nothing else", () => {
    const schema = new Set(SETTING_NAMES);
    const example = new Set(names);
    expect(
      SETTING_NAMES.filter((name) => !example.has(name)),
      "in the schema, missing from .env.example",
    ).toEqual([]);
    expect(
      names.filter((name) => !schema.has(name)),
      "in .env.example, not in the schema",
    ).toEqual([]);
    expect(names.length, "a variable listed twice").toBe(example.size);
    // The parser reads the same variables the lines show (no line it reads differently).
    expect(Object.keys(values).sort()).toEqual([...example].sort());
  });

  test("leaves out the test fakes' addresses, which are not settings outside test mode", () => {
    for (const name of Object.keys(testServiceFields)) expect(names).not.toContain(name);
  });

  test("has a comment on the line above every variable", () => {
    const bare = lines
      .map((line, i) => ({ line, above: lines[i - 1] ?? "" }))
      .filter(({ line, above }) => variableLine.test(line) && !/^#\s*\S/.test(above))
      .map(({ line }) => line);
    expect(bare, "variables without a comment above them").toEqual([]);
  });

  test("its values are accepted in production, as they are and with the secrets filled in", () => {
    expect(values.NODE_ENV).toBe("production");
    expect(() => parseEnv(values)).not.toThrow();
    const deployed = parseEnv({
      ...values,
      FLY_APP_NAME: "inkwell",
      SESSION_SECRET: "a-session-secret-of-some-length",
      STORAGE_DRIVER: "s3",
      S3_BUCKET: "inkwell-uploads",
      GOOGLE_CLIENT_ID: "id",
      GOOGLE_CLIENT_SECRET: "secret",
      STRIPE_SECRET_KEY: "sk_live_x",
      STRIPE_WEBHOOK_SECRET: "whsec_x",
      INNGEST_EVENT_KEY: "event-key",
      INNGEST_SIGNING_KEY: "signkey-prod-x",
      METRICS_TOKEN: "a-metrics-token-long-enough",
    });
    expect(deployed.SITE_URL).toBe("https://inkwell.example.org");
    expect(deployed.MIGRATE_ON_START).toBe(true);
  });

  test("holds no secret: every secret's value is empty", () => {
    const secrets = [
      "SESSION_SECRET",
      "AWS_SECRET_ACCESS_KEY",
      "RESEND_API_KEY",
      "GOOGLE_CLIENT_SECRET",
      "STRIPE_SECRET_KEY",
      "STRIPE_WEBHOOK_SECRET",
      "INNGEST_EVENT_KEY",
      "INNGEST_SIGNING_KEY",
      "METRICS_TOKEN",
    ];
    for (const name of secrets) expect(values[name], name).toBe("");
  });
});
