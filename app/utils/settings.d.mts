import type { z } from "zod";
import type { TrustProxy } from "./client-ip.mjs";

type Optional = z.ZodEffects<z.ZodOptional<z.ZodString>, string | undefined, string | undefined>;
type Flag = z.ZodEffects<
  z.ZodOptional<z.ZodEnum<["0", "1", "true", "false"]>>,
  boolean,
  "0" | "1" | "true" | "false" | undefined
>;
type Address = z.ZodEffects<Optional, string | undefined, string | undefined>;

export const optional: Optional;
export const flag: Flag;
export const serverFields: {
  NODE_ENV: z.ZodDefault<z.ZodEnum<["production", "development", "test"]>>;
  PORT: z.ZodDefault<z.ZodNumber>;
  BUILD_DIR: z.ZodDefault<z.ZodString>;
  WEB_CONCURRENCY: z.ZodEffects<z.ZodOptional<z.ZodNumber>, number | undefined, unknown>;
  QUIET_LOGS: Flag;
  TRUST_PROXY: z.ZodEffects<z.ZodOptional<z.ZodString>, string | undefined, string | undefined>;
  SHUTDOWN_TIMEOUT_MS: z.ZodDefault<z.ZodNumber>;
  PAYMENTS_TEST_MODE: Flag;
  MIGRATE_ON_START: Flag;
};
export const testServiceFields: { GOOGLE_OAUTH_BASE_URL: Address; STRIPE_API_BASE_URL: Address };
export type TestServices = {
  GOOGLE_OAUTH_BASE_URL: string | undefined;
  STRIPE_API_BASE_URL: string | undefined;
};
type ServerFields = { [K in keyof typeof serverFields]: z.output<(typeof serverFields)[K]> };
export function testMode(settings: { NODE_ENV: string; PAYMENTS_TEST_MODE: boolean }): boolean;
export function parseTestServices(
  source: Record<string, string | undefined>,
  settings: { NODE_ENV: string; PAYMENTS_TEST_MODE: boolean },
): TestServices;
export function settingsError(error: z.ZodError): Error;
export function serverSettings(
  source?: Record<string, string | undefined>,
): ServerFields & TestServices & { trustProxy: TrustProxy };
