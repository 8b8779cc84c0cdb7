/**
 * A contest's RankingVersion (docs/decisions/0021-performance.md): a number that moves on with
 * every change a computed ranking rests on. Triggers move it for scores and entry statuses; the
 * writers of other such changes (a comparison decided, an entry moved to another division, an
 * advancement fixed, a replacement judge) call `bumpRankingVersion` in their transaction. Caches
 * of computed rankings and of a comparison round's pairing state are good while it is unchanged.
 * A capability of its own, below judging and comparison, so both read and move it the one way.
 */
import { fromSql, prisma, type Prisma } from "~/utils/db.server";

/** The contest's RankingVersion (0 before anything moved it). */
export async function rankingVersion(
  contestId: string,
  db: Prisma.TransactionClient | typeof prisma = prisma,
) {
  // Raw: it is read on every ranking and Overview request (docs/decisions/0075-signed-in-request-cpu.md).
  const [row] = await db.$queryRaw<{ version: number | bigint }[]>`
    SELECT "version" FROM "RankingVersion" WHERE "contestId" = ${contestId}`;
  return row ? fromSql.int(row.version) : 0;
}

/**
 * Moves a contest's RankingVersion on inside the caller's transaction, for a change the triggers
 * do not see: cached rankings recompute.
 */
export async function bumpRankingVersion(tx: Prisma.TransactionClient, contestId: string) {
  await tx.$executeRaw`INSERT INTO "RankingVersion" ("contestId", "version") VALUES (${contestId}, 1)
    ON CONFLICT ("contestId") DO UPDATE SET "version" = "RankingVersion"."version" + 1`;
}
