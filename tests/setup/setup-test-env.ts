import fs from "node:fs";
import path from "node:path";
import { afterAll } from "vitest";

// One database per test file (and so per worker): a copy of the migrated template.
const dir = path.resolve("tests/.data");
const file = path.join(
  dir,
  `unit-${process.env.VITEST_POOL_ID ?? "0"}-${process.pid}-${Date.now()}.db`,
);
fs.copyFileSync(process.env.INKWELL_TEMPLATE_DB ?? path.join(dir, "template.db"), file);
process.env.DATABASE_URL = `file:${file}`;
process.env.NODE_ENV = "test";
process.env.SESSION_SECRET = "test-secret";
process.env.QUIET_LOGS = "1";

afterAll(async () => {
  const g = globalThis as { __inkwellPrisma?: { $disconnect(): Promise<void> } };
  await g.__inkwellPrisma?.$disconnect();
  g.__inkwellPrisma = undefined;
  for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(file + suffix, { force: true });
});
