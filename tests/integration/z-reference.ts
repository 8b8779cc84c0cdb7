/**
 * The z ranking's statement as it was before the judges' sums were kept (ADR 0062's, verbatim but
 * for its name): each judge's statistics recomputed from every submitted score of the contest.
 * The reference the kept sums' z ranking must equal row by row
 * (docs/decisions/0076-judge-score-sums.md).
 */
import { Prisma } from "~/generated/prisma/client";
import { engine, fromSql, prisma } from "~/utils/db.server";
import { type Int, roundSql, type ZRankingRow } from "~/features/judging/queries.server";
import { MIN_VARIANCE } from "~/features/judging/scoring";

export async function recomputedZRankingRows(contestId: string): Promise<ZRankingRow[]> {
  const judges = Prisma.sql`
    sc0 AS MATERIALIZED (
      SELECT sc."submissionId" AS "sid", sc."judgeId" AS "jid", sc."total" AS "total",
        CAST(ROUND(sc."total" * 100) AS BIGINT) AS "h"
      FROM "SubmissionScoreSummary" m JOIN "Score" sc ON sc."submissionId" = m."submissionId"
      WHERE m."contestId" = ${contestId} AND m."status" = 'submitted' AND sc."submittedAt" IS NOT NULL
    ),
    js AS MATERIALIZED (
      SELECT "jid", COUNT(*) AS "n", SUM("h") AS "s1",
        (COUNT(*) * SUM("h" * "h") - SUM("h") * SUM("h")) / 10000.0 / COUNT(*) / COUNT(*) AS "var"
      FROM sc0 GROUP BY "jid"
    ),
    jz AS MATERIALIZED (
      SELECT "jid", CAST("s1" / 100.0 / "n" AS DOUBLE PRECISION) AS "m",
        CAST(SQRT("var") AS DOUBLE PRECISION) AS "sd"
      FROM js WHERE "n" >= 2 AND "var" > ${MIN_VARIANCE}
    ),
    jx AS MATERIALIZED (
      SELECT "jid" FROM js WHERE NOT ("n" >= 2 AND "var" > ${MIN_VARIANCE})
    )`;
  const order = Prisma.sql`ORDER BY "average" IS NULL, "average" DESC, "raw" IS NULL, "raw" DESC,
    "createdAt" ASC, "id" ASC`;
  const rows = await prisma.$queryRaw<
    {
      id: string;
      divisionId: string | null;
      scored: Int;
      used: Int;
      average: number | null;
      raw: number | null;
    }[]
  >(
    engine === "sqlite"
      ? Prisma.sql`
    WITH ${judges}
    SELECT m."submissionId" AS "id", m."divisionId" AS "divisionId", m."createdAt" AS "createdAt",
      m."scored" AS "scored", m."average" AS "raw",
      (SELECT ${roundSql(Prisma.sql`AVG((sc."total" - jz."m") / jz."sd")`)}
        FROM "Score" sc JOIN jz ON jz."jid" = sc."judgeId"
        WHERE sc."submissionId" = m."submissionId" AND sc."submittedAt" IS NOT NULL) AS "average",
      m."scored" - (SELECT COUNT(*) FROM jx JOIN "Score" sc ON sc."submissionId" = m."submissionId"
        AND sc."judgeId" = jx."jid" AND sc."submittedAt" IS NOT NULL) AS "used"
    FROM "SubmissionScoreSummary" m
    WHERE m."contestId" = ${contestId} AND m."status" = 'submitted'
    ${order}`
      : Prisma.sql`
    WITH ${judges},
    agg AS (
      SELECT sc0."sid", ${roundSql(Prisma.sql`AVG((sc0."total" - jz."m") / jz."sd")`)} AS "val",
        COUNT(jz."jid") AS "used"
      FROM sc0 LEFT JOIN jz ON jz."jid" = sc0."jid" GROUP BY sc0."sid"
    )
    SELECT * FROM (
      SELECT m."submissionId" AS "id", m."divisionId" AS "divisionId", m."createdAt" AS "createdAt",
        m."scored" AS "scored", m."average" AS "raw", agg."val" AS "average", COALESCE(agg."used", 0) AS "used"
      FROM "SubmissionScoreSummary" m LEFT JOIN agg ON agg."sid" = m."submissionId"
      WHERE m."contestId" = ${contestId} AND m."status" = 'submitted'
    ) r
    ${order}`,
  );
  let previous: ZRankingRow | null = null;
  return rows.map((r, i) => {
    const average = fromSql.numberOrNull(r.average);
    const rank = average === null ? null : previous?.average === average ? previous.rank : i + 1;
    const row: ZRankingRow = {
      id: r.id,
      divisionId: r.divisionId,
      scored: fromSql.int(r.scored),
      used: fromSql.int(r.used),
      average,
      raw: fromSql.numberOrNull(r.raw),
      rank,
    };
    previous = row;
    return row;
  });
}

/** Each judge's count, sum and sum of squares of hundredths, recomputed from the scores. */
export async function recomputedJudgeSums(contestId: string) {
  const rows = await prisma.$queryRaw<{ judgeId: string; n: Int; s1: Int; s2: Int }[]>`
    SELECT sc."judgeId" AS "judgeId", COUNT(*) AS "n", SUM(CAST(ROUND(sc."total" * 100) AS BIGINT)) AS "s1",
      SUM(CAST(ROUND(sc."total" * 100) AS BIGINT) * CAST(ROUND(sc."total" * 100) AS BIGINT)) AS "s2"
    FROM "SubmissionScoreSummary" m JOIN "Score" sc ON sc."submissionId" = m."submissionId"
    WHERE m."contestId" = ${contestId} AND m."status" = 'submitted' AND sc."submittedAt" IS NOT NULL
    GROUP BY sc."judgeId"`;
  return rows
    .map((r) => ({ judgeId: r.judgeId, n: Number(r.n), s1: Number(r.s1), s2: Number(r.s2) }))
    .sort((a, b) => a.judgeId.localeCompare(b.judgeId));
}
