import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { env } from "./env.server";

let secrets: string[] | undefined;

/**
 * SESSION_SECRET (comma-separated for rotation) in deployments; for the embedded defaults a random
 * secret is generated once and kept beside the database, so sessions survive restarts.
 */
export function sessionSecrets(): string[] {
  if (secrets) return secrets;
  const fromEnv = env().SESSION_SECRET;
  if (fromEnv)
    return (secrets = fromEnv
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean));
  const dbFile = env().DATABASE_URL.slice("file:".length);
  const file = path.join(path.dirname(path.resolve(dbFile)), ".session-secret");
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, randomBytes(32).toString("hex"), { mode: 0o600, flag: "wx" });
  }
  return (secrets = [fs.readFileSync(file, "utf8").trim()]);
}
