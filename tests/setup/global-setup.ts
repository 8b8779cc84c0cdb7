import fs from "node:fs";
import path from "node:path";
import { migrate } from "../../scripts/migrate.mjs";

/** Builds one migrated template database per run; each test file gets its own copy of it. */
export default function setup() {
  const dir = path.resolve("tests/.data");
  fs.mkdirSync(dir, { recursive: true });
  const template = path.join(dir, `template-${process.pid}.db`);
  migrate(`file:${template}`);
  process.env.INKWELL_TEMPLATE_DB = template;
  return () => {
    for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(template + suffix, { force: true });
  };
}
