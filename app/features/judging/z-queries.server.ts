/**
 * The z-score ranking's SQL (docs/decisions/0016-ranking-rounding-and-z-scores.md,
 * 0062-ranking-at-scale.md), for both engines; the rest of the ranking's SQL is in
 * queries.server.ts.
 */
import { Prisma } from "~/generated/prisma/client";
import { engine, fromSql, prisma } from "~/utils/db.server";
import { type Int, roundSql, type ZRankingRow } from "./queries.server";
import { MIN_VARIANCE } from "./scoring";

/**
 * The whole z-score ranking of a contest (ADR 0016), without titles and assignment counts, in
 * its order; ranks are given by the caller from that order (docs/decisions/0062-ranking-at-scale.md).
 *
 * As cheap as a whole-contest computation can be: no story row is read, only the summaries' index
 * and Score's covering index by entry. Each judge's mean and spread come from their row of
 * JudgeScoreSums (count, sum and sum of squares of the totals in hundredths, kept by triggers:
 * integers, so the variance is exact; docs/decisions/0076-judge-score-sums.md), not from a walk
 * of the contest's scores. Each entry's raw average and
 * number of scores are the trigger-kept summary's (ADR 0021); only its normalised average is
 * computed, and its count of standardised scores is the summary's count less the scores of
 * judges who cannot be standardised (usually none: SQLite walks those judges first, so with none
 * it asks nothing). SQLite asks each entry's few scores in its index (no sort of every score);
 * PostgreSQL joins and aggregates by hash.
 */
export async function zRankingRows(contestId: string): Promise<ZRankingRow[]> {
  return rankedRows((await zRowsOf(prisma, contestId)).map((r) => r.row));
}

/** A row of `zRowsOf`: the ranking's row (its rank not yet given) and its entry's `createdAt` as
 * the statement orders it (SQLite: the stored value, a number or text; PostgreSQL: milliseconds). */
export type ZRowWithKey = { row: ZRankingRow; created: number | string | null };

/**
 * The z statement of `zRankingRows` on `db` (a transaction's client, for a consistent read),
 * in its order; with `only`, the same statement for those entries and the entries scored (a
 * submitted score) by those judges, in no order (docs/decisions/0088-z-ranking-incremental.md):
 * each entry's values are computed by the same expressions, from the same judges' rows.
 */
export async function zRowsOf(
  db: Pick<typeof prisma, "$queryRaw">,
  contestId: string,
  only?: { ids: string[]; judges: string[] },
): Promise<ZRowWithKey[]> {
  // Each judge's count, sum and sum of squares of totals in hundredths, kept by triggers
  // (JudgeScoreSums, ADR 0076): a row per judge. The types are the old aggregates' (PostgreSQL:
  // COUNT a bigint, the SUMs numeric), so mean and variance are the same numbers to the last bit.
  const sums =
    engine === "sqlite"
      ? Prisma.sql`SELECT "judgeId" AS "jid", "n", "s1", "s2"`
      : Prisma.sql`SELECT "judgeId" AS "jid", CAST("n" AS BIGINT) AS "n", CAST("s1" AS NUMERIC) AS "s1",
          CAST("s2" AS NUMERIC) AS "s2"`;
  const judges = Prisma.sql`
    js AS MATERIALIZED (
      SELECT "jid", "n", "s1", ("n" * "s2" - "s1" * "s1") / 10000.0 / "n" / "n" AS "var"
      FROM (${sums} FROM "JudgeScoreSums" WHERE "contestId" = ${contestId} AND "n" > 0) k
    ),
    jz AS MATERIALIZED (
      SELECT "jid", CAST("s1" / 100.0 / "n" AS DOUBLE PRECISION) AS "m",
        CAST(SQRT("var") AS DOUBLE PRECISION) AS "sd"
      FROM js WHERE "n" >= 2 AND "var" > ${MIN_VARIANCE}
    ),
    jx AS MATERIALIZED (
      SELECT "jid" FROM js WHERE NOT ("n" >= 2 AND "var" > ${MIN_VARIANCE})
    )`;
  const order = only
    ? Prisma.empty
    : Prisma.sql`ORDER BY "average" IS NULL, "average" DESC, "raw" IS NULL, "raw" DESC,
    "createdAt" ASC, "id" ASC`;
  // The entries to compute: all the contest's, or (`only`) the named ones and the judges' ones.
  const parts: Prisma.Sql[] = [];
  if (only?.ids.length)
    parts.push(Prisma.sql`SELECT "submissionId" AS "sid" FROM "SubmissionScoreSummary"
      WHERE "submissionId" IN (${Prisma.join(only.ids)})`);
  if (only?.judges.length)
    parts.push(Prisma.sql`SELECT sc."submissionId" AS "sid" FROM "Score" sc
      WHERE sc."judgeId" IN (${Prisma.join(only.judges)}) AND sc."submittedAt" IS NOT NULL`);
  if (only && parts.length === 0) return [];
  const picked = only
    ? Prisma.sql`, u AS MATERIALIZED (${Prisma.join(parts, " UNION ")})`
    : Prisma.empty;
  const from = only
    ? Prisma.sql`u JOIN "SubmissionScoreSummary" m ON m."submissionId" = u."sid"`
    : Prisma.sql`"SubmissionScoreSummary" m`;
  const rows = await db.$queryRaw<
    {
      id: string;
      createdAt: Date | string | number | null;
      createdType?: string;
      divisionId: string | null;
      scored: Int;
      used: Int;
      average: number | null;
      raw: number | null;
    }[]
  >(
    engine === "sqlite"
      ? Prisma.sql`
    WITH ${judges}${picked}
    SELECT m."submissionId" AS "id", m."divisionId" AS "divisionId",
      CAST(m."createdAt" AS TEXT) AS "createdAt", typeof(m."createdAt") AS "createdType",
      m."scored" AS "scored", m."average" AS "raw",
      (SELECT ${roundSql(Prisma.sql`AVG((sc."total" - jz."m") / jz."sd")`)}
        FROM "Score" sc JOIN jz ON jz."jid" = sc."judgeId"
        WHERE sc."submissionId" = m."submissionId" AND sc."submittedAt" IS NOT NULL) AS "average",
      m."scored" - (SELECT COUNT(*) FROM jx CROSS JOIN "Score" sc ON sc."submissionId" = m."submissionId"
        AND sc."judgeId" = jx."jid" AND sc."submittedAt" IS NOT NULL) AS "used"
    FROM ${from}
    WHERE m."contestId" = ${contestId} AND m."status" = 'submitted'
    ${order}`
      : Prisma.sql`
    WITH ${judges}${picked},
    sc0 AS (
      SELECT sc."submissionId" AS "sid", sc."judgeId" AS "jid", sc."total" AS "total"
      FROM ${from} JOIN "Score" sc ON sc."submissionId" = m."submissionId"
      WHERE m."contestId" = ${contestId} AND m."status" = 'submitted' AND sc."submittedAt" IS NOT NULL
    ),
    agg AS MATERIALIZED (
      SELECT sc0."sid", ${roundSql(Prisma.sql`AVG((sc0."total" - jz."m") / jz."sd")`)} AS "val",
        COUNT(jz."jid") AS "used"
      FROM sc0 LEFT JOIN jz ON jz."jid" = sc0."jid" GROUP BY sc0."sid"
    )
    SELECT * FROM (
      SELECT m."submissionId" AS "id", m."divisionId" AS "divisionId", m."createdAt" AS "createdAt",
        m."scored" AS "scored", m."average" AS "raw", agg."val" AS "average", COALESCE(agg."used", 0) AS "used"
      FROM ${from} LEFT JOIN agg ON agg."sid" = m."submissionId"
      WHERE m."contestId" = ${contestId} AND m."status" = 'submitted'
    ) r
    ${order}`,
  );
  return rows.map((r) => ({
    row: {
      id: r.id,
      divisionId: r.divisionId,
      scored: fromSql.int(r.scored),
      used: fromSql.int(r.used),
      average: fromSql.numberOrNull(r.average),
      raw: fromSql.numberOrNull(r.raw),
      rank: null,
    },
    created: createdKey(r.createdAt, r.createdType),
  }));
}

/** `createdAt` as the statement compares it: SQLite's stored number or text, PostgreSQL's time. */
function createdKey(value: Date | string | number | null, type?: string) {
  if (value === null) return null;
  if (value instanceof Date) return value.getTime();
  if (type === "integer" || type === "real") return Number(value);
  return String(value);
}

/** Competition ranking over the normalised average, from the order (as RANK() would give it);
 * a row whose rank is already right is kept as it is (rows are shared read-only). */
export function rankedRows(rows: ZRankingRow[]): ZRankingRow[] {
  let previous: ZRankingRow | null = null;
  return rows.map((r, i) => {
    const average = r.average;
    const rank = average === null ? null : previous?.average === average ? previous.rank : i + 1;
    const row = r.rank === rank ? r : { ...r, rank };
    previous = row;
    return row;
  });
}
