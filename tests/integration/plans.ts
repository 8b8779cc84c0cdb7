/**
 * Each engine's own plan of a statement a page sent (docs/decisions/0048-performance-budgets.md):
 * the scale tests ask it what a statement reads, so a page that starts to grow with the contest
 * fails without a timing. PostgreSQL runs the statement again under EXPLAIN ANALYZE (its rows as
 * counted); SQLite gives its EXPLAIN QUERY PLAN lines.
 */
import { prisma, type Prisma, type SqlEvent } from "~/utils/db.server";

/** One node of PostgreSQL's JSON plan, with what EXPLAIN ANALYZE counted. */
export type PgNode = {
  "Node Type": string;
  "Relation Name"?: string;
  "CTE Name"?: string;
  "Actual Rows": number;
  "Actual Loops": number;
  "Rows Removed by Filter"?: number;
  "Rows Removed by Index Recheck"?: number;
  Plans?: PgNode[];
};

/** Every node of a plan. */
export const planNodes = (n: PgNode): PgNode[] => [n, ...(n.Plans ?? []).flatMap(planNodes)];

/** PostgreSQL: the statement run again under EXPLAIN ANALYZE (on `db`: a transaction's settings). */
export async function pgPlan(
  event: SqlEvent,
  db: Pick<Prisma.TransactionClient, "$queryRawUnsafe"> = prisma,
): Promise<PgNode> {
  const [row] = await db.$queryRawUnsafe<{ "QUERY PLAN": unknown }[]>(
    `EXPLAIN (ANALYZE, FORMAT JSON) ${event.sql}`,
    ...event.args,
  );
  const plan = row!["QUERY PLAN"];
  return ((typeof plan === "string" ? JSON.parse(plan) : plan) as { Plan: PgNode }[])[0]!.Plan;
}

/** SQLite: the statement's EXPLAIN QUERY PLAN lines. */
export function sqlitePlan(event: SqlEvent) {
  return prisma.$queryRawUnsafe<{ parent: number | bigint; detail: string }[]>(
    `EXPLAIN QUERY PLAN ${event.sql}`,
    ...event.args,
  );
}
