import fs from "node:fs";
import path from "node:path";
import { migrate } from "../../scripts/migrate.mjs";
import { startPostgres } from "../../scripts/postgres.mjs";

/**
 * Builds one migrated template database per run; each test file gets its own copy of it
 * (tests/setup/setup-test-env.ts). TEST_DATABASE=postgres runs the same files on a private
 * PostgreSQL cluster started here and stopped at the end (docs/decisions/0028-postgresql.md);
 * the default is SQLite.
 */
export default async function setup() {
  if (process.env.TEST_DATABASE === "postgres") {
    const pg = await startPostgres();
    await pg.admin("CREATE DATABASE inkwell_template");
    await migrate(pg.url("inkwell_template"));
    process.env.INKWELL_TEMPLATE_PG = pg.url("inkwell_template");
    return () => pg.stop();
  }
  const dir = path.resolve("tests/.data");
  fs.mkdirSync(dir, { recursive: true });
  const template = path.join(dir, `template-${process.pid}.db`);
  await migrate(`file:${template}`);
  process.env.INKWELL_TEMPLATE_DB = template;
  return () => {
    for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(template + suffix, { force: true });
  };
}
