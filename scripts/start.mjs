#!/usr/bin/env node
// The image's command (Dockerfile CMD, docs/decisions/0035-deployment.md): starts server.mjs,
// first applying the migrations when MIGRATE_ON_START=1. Only the one-machine SQLite deployment
// (fly.toml) sets it: Fly's release machine has no volume, so that database can only be migrated
// by the machine that holds it. Several machines on PostgreSQL migrate once, in Fly's release
// step (fly.postgres.toml: `node scripts/migrate.mjs`), never at the start of each machine.
import cluster from "node:cluster";
import { serverSettings } from "../app/utils/settings.mjs";
import { migrate } from "./migrate.mjs";

let settings;
try {
  settings = serverSettings();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}

/** One JSON line, in the shape of the server's log (docs/decisions/0036-health-and-logs.md). */
const logLine = (fields, out = process.stdout) =>
  out.write(`${JSON.stringify({ time: new Date().toISOString(), ...fields })}\n`);

// With several server processes the workers run this file again (node:cluster forks argv[1]):
// only the primary migrates, before it forks them.
if (settings.MIGRATE_ON_START && cluster.isPrimary) {
  const url = process.env.DATABASE_URL || "file:./data/inkwell.db";
  const engine = url.startsWith("file:") ? "sqlite" : "postgres";
  try {
    const names = [];
    await migrate(url, { log: (message) => names.push(message.replace(/^applied /, "")) });
    logLine({ type: "migration", engine, applied: names.length, migrations: names });
  } catch (error) {
    logLine({ type: "error", context: "migration", message: error.message }, process.stderr);
    process.exit(1);
  }
}

await import("../server.mjs");
