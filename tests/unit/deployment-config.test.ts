// The deployment's invariants, read from the files themselves (docs/decisions/0035-deployment.md):
// the image, and the two fly.toml shapes. `npm run image:rehearse` performs the Dockerfile; this
// only checks what must never change without a decision.
import fs from "node:fs";
import { describe, expect, test } from "vitest";
import { parseCopy, parseDockerfile, stageLines } from "../../scripts/image-rehearsal.mjs";

const read = (file: string) => fs.readFileSync(new URL(`../../${file}`, import.meta.url), "utf8");
const stages = parseDockerfile(read("Dockerfile"));
const final = stageLines(stages, "final");

/** `key = "value"` or `key = value` of a fly.toml, wherever it is (the keys checked are unique). */
function tomlValue(text: string, key: string) {
  const match = new RegExp(`^\\s*${key}\\s*=\\s*"?([^"\\n]*)"?\\s*$`, "m").exec(text);
  return match?.[1];
}
const checkPaths = (text: string) =>
  [...text.matchAll(/^\s*path\s*=\s*"([^"]+)"/gm)].map((m) => m[1]);

describe("the image", () => {
  test("is built on Node 22 LTS in two stages and runs as the node user", () => {
    expect(final.image).toMatch(/^node:22-bookworm-slim$/);
    expect(stages.map((s) => s.name)).toEqual(["base", "build", "final"]);
    const ops = final.lines.map((l) => l.op);
    expect(ops.lastIndexOf("USER")).toBeGreaterThan(ops.lastIndexOf("COPY"));
    expect(final.lines.filter((l) => l.op === "USER").at(-1)?.args).toBe("node");
  });

  test("its final stage copies only from the build stage, and never sources or tests", () => {
    const copies = final.lines.filter((l) => l.op === "COPY").map((l) => parseCopy(l.args));
    expect(copies.length).toBeGreaterThan(0);
    for (const copy of copies) {
      expect(copy.from).toBe("build");
      for (const source of copy.sources)
        expect(source).not.toMatch(/\/app\/(app\/(routes|features)|tests|docs)\b|^\/app\/?$|\.ts$/);
    }
  });

  test("its command starts the server and does not migrate", () => {
    const cmd = final.lines.filter((l) => l.op === "CMD").at(-1)?.args;
    expect(JSON.parse(cmd!)).toEqual(["node", "build/node/index.js"]);
    expect(read("server/index.ts")).toMatch(/MIGRATE_ON_START && cluster\.isPrimary/);
  });
});

describe("the Fly configurations", () => {
  const sqlite = read("fly.toml");
  const postgres = read("fly.postgres.toml");

  test("one machine with SQLite: migrates at start, never auto-stops, no release step", () => {
    expect(tomlValue(sqlite, "MIGRATE_ON_START")).toBe("1");
    expect(tomlValue(sqlite, "release_command")).toBeUndefined();
    expect(tomlValue(sqlite, "auto_stop_machines")).toBe("off");
    expect(tomlValue(sqlite, "min_machines_running")).toBe("1");
    expect(tomlValue(sqlite, "destination")).toBe("/data");
    expect(tomlValue(sqlite, "DATABASE_URL")).toMatch(/^file:\/data\//);
  });

  test("several machines on PostgreSQL: the release step migrates, files in S3, no volume", () => {
    expect(tomlValue(postgres, "release_command")).toBe("node scripts/migrate.mjs");
    expect(tomlValue(postgres, "MIGRATE_ON_START")).toBeUndefined();
    expect(tomlValue(postgres, "STORAGE_DRIVER")).toBe("s3");
    expect(postgres).not.toMatch(/^\[mounts\]/m);
    // The database's address is a secret, never in the file.
    expect(tomlValue(postgres, "DATABASE_URL")).toBeUndefined();
  });

  test("both check /healthz and /readyz and wait for the shutdown's bound before SIGKILL", () => {
    for (const text of [sqlite, postgres]) {
      expect(checkPaths(text).sort()).toEqual(["/healthz", "/readyz"]);
      const shutdownMs = Number(tomlValue(text, "SHUTDOWN_TIMEOUT_MS"));
      const killSeconds = Number(/^(\d+)s$/.exec(tomlValue(text, "kill_timeout") ?? "")?.[1]);
      expect(killSeconds).toBe(shutdownMs / 1000 + 5);
      expect(tomlValue(text, "kill_signal")).toBe("SIGTERM");
    }
  });
});
