import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll } from "vitest";

// One database per test file (and so per worker): a copy of the migrated template, on the engine
// the run was started for (tests/setup/global-setup.ts).
const name = `t_${process.env.VITEST_POOL_ID ?? "0"}_${process.pid}_${Date.now()}`;
const templatePg = process.env.INKWELL_TEMPLATE_PG;

async function onServer(sql: string) {
  const url = new URL(templatePg!);
  url.pathname = "/postgres";
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

let cleanup: () => Promise<void>;
if (templatePg) {
  // CREATE DATABASE … TEMPLATE copies the migrated database in a few milliseconds.
  await onServer(`CREATE DATABASE "${name}" TEMPLATE inkwell_template`);
  const url = new URL(templatePg);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
  cleanup = () => onServer(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
} else {
  const dir = path.resolve("tests/.data");
  const file = path.join(dir, `unit-${name}.db`);
  fs.copyFileSync(process.env.INKWELL_TEMPLATE_DB ?? path.join(dir, "template.db"), file);
  process.env.DATABASE_URL = `file:${file}`;
  cleanup = async () => {
    for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(file + suffix, { force: true });
  };
}
process.env.NODE_ENV = "test";
process.env.SESSION_SECRET = "test-secret";
process.env.QUIET_LOGS = "1";

afterAll(async () => {
  const g = globalThis as {
    __inkwellPrisma?: { $disconnect(): Promise<void> };
    __inkwellStorePool?: { end(): Promise<void> };
  };
  await g.__inkwellPrisma?.$disconnect();
  g.__inkwellPrisma = undefined;
  await g.__inkwellStorePool?.end();
  g.__inkwellStorePool = undefined;
  await cleanup();
});
