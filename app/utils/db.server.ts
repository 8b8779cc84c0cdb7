import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaClient } from "~/generated/prisma/client";
import { env } from "./env.server";

export type { Prisma } from "~/generated/prisma/client";

declare global {
  var __inkwellPrisma: PrismaClient | undefined;
}

function createClient(url: string) {
  const adapter = new PrismaBetterSqlite3({ url });
  return new PrismaClient({ adapter });
}

/** One client per process (kept across dev reloads). */
export const prisma: PrismaClient = (globalThis.__inkwellPrisma ??= createClient(
  env().DATABASE_URL,
));
