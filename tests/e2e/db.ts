import path from "node:path";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaClient } from "~/generated/prisma/client";
import { E2E_PORT } from "./utils";

/**
 * The end-to-end server's database, for setting up what a test needs and checking what it did,
 * through the app's own generated Prisma client: typed by the schema, so a renamed column or a
 * wrong type fails the type check rather than a run (docs/decisions/0030-one-error-style-and-checked-promises.md).
 * One client per Playwright worker. Unlike the app's (20 ms, retried), its statements wait up to
 * 5 s for the server's writes: a test's setup may run while the server writes.
 */
let client: PrismaClient | undefined;
export function e2ePrisma(): PrismaClient {
  client ??= new PrismaClient({
    adapter: new PrismaBetterSqlite3({
      url: `file:${path.resolve(`tests/.data/e2e-${E2E_PORT}/e2e.db`)}`,
      timeout: 5_000,
    }),
  });
  return client;
}
