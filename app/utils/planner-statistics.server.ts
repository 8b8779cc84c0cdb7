import { engine, prisma } from "./db.server";

/**
 * Keeps SQLite's query planner statistics (sqlite_stat1) true to the tables' sizes: an index with
 * none, or a table that grew from a few rows to 200,000, leads the planner to a plan that sorts a
 * whole contest for a page of 25 (docs/decisions/0060-story-text-last.md). `optimize=0x10002`
 * analyses every table whose statistics are missing or stale, each with a bounded sample, and
 * does nothing when they are fresh. PostgreSQL's autovacuum keeps its own statistics.
 */
export async function refreshPlannerStatistics(): Promise<void> {
  if (engine === "sqlite") await prisma.$queryRawUnsafe("PRAGMA optimize=0x10002");
}
