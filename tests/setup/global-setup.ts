import fs from "node:fs";
import path from "node:path";
import { migrate } from "../../scripts/migrate.mjs";

export const DATA_DIR = path.resolve("tests/.data");
export const TEMPLATE_DB = path.join(DATA_DIR, "template.db");

/** Builds one migrated template database; each test file gets its own copy. */
export default function setup() {
  fs.mkdirSync(DATA_DIR, { recursive: true });
  for (const f of fs.readdirSync(DATA_DIR)) if (f.startsWith("template.db") || f.startsWith("unit-")) fs.rmSync(path.join(DATA_DIR, f));
  migrate(`file:${TEMPLATE_DB}`);
}
