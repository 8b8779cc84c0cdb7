/**
 * Every SQL statement the judging capability writes by hand, for both engines
 * (docs/decisions/0028-postgresql.md). Written once in the SQL both speak (quoted identifiers
 * and aliases, `true`/`false`, standard functions); where they differ, `dialect` spells it per
 * engine. Each function returns typed rows: no bigint, text date or 0/1 boolean leaves here.
 * The callers (ranking.server.ts, recusal.server.ts, rounds' advancement) hold the rules. This
 * module is the ranking's SQL; the judge's queue, the review's read and the bulk insert of
 * assignments are in assignment-queries.server.ts.
 */
import { Prisma } from "~/generated/prisma/client";
import { dialect, fromSql, prisma } from "~/utils/db.server";
import { MIN_VARIANCE, ROUND_NUDGE } from "./scoring";
import { adminWriterFromRow } from "./writer";

export type Int = bigint | number;

/** scoring.ts roundScore() in SQL: round half up to two decimals (docs/decisions/0016). */
export const roundSql = (expr: Prisma.Sql) =>
  Prisma.sql`(FLOOR((${expr}) * 100 + 0.5 + ${ROUND_NUDGE}) / 100.0)`;
const assignedCount = Prisma.sql`(SELECT COUNT(*) FROM "JudgeAssignment" a WHERE a."submissionId" = m."submissionId")`;

export type RawRankingRow = {
  id: string;
  title: string;
  scored: number;
  average: number | null;
  assigned: number;
};

/** A raw ranking row as either engine returns it, typed. */
const rawRankingRow = (r: {
  id: string;
  title: string;
  scored: Int;
  average: number | null;
  assigned: Int;
}): RawRankingRow => ({
  id: r.id,
  title: r.title,
  scored: fromSql.int(r.scored),
  average: fromSql.numberOrNull(r.average),
  assigned: fromSql.int(r.assigned),
});

/** One division's summaries (an index range in the same order, ADR 0068); undefined: all. */
const inDivision = (divisionId: string | undefined) =>
  divisionId === undefined ? Prisma.empty : Prisma.sql`AND m."divisionId" = ${divisionId}`;

/** One page of the raw ranking, in the summaries' index order (ADR 0021). take < 0: all. */
export async function rawRankingPage(
  contestId: string,
  take: number,
  skip: number,
  divisionId?: string,
): Promise<RawRankingRow[]> {
  const rows = await prisma.$queryRaw<
    { id: string; title: string; scored: Int; average: number | null; assigned: Int }[]
  >`
    SELECT m."submissionId" AS "id", s."title" AS "title", m."scored" AS "scored",
      m."average" AS "average", ${assignedCount} AS "assigned"
    FROM "SubmissionScoreSummary" m JOIN "Submission" s ON s."id" = m."submissionId"
    WHERE m."contestId" = ${contestId} AND m."status" = 'submitted' ${inDivision(divisionId)}
    ORDER BY m."average" DESC NULLS LAST, m."createdAt" ASC, m."submissionId" ASC
    ${dialect.page(take, skip)}`;
  return rows.map(rawRankingRow);
}

/**
 * Where a walk of the raw ranking stopped: its last row's order key, the date as the database
 * gave it (bound back unchanged, so it compares exactly as stored).
 */
export type RawRankingCursor = { average: number | null; createdAt: Date | string; id: string };

/**
 * The next `take` rows of the raw ranking after `after` (null: from the top), for the CSV: a seek
 * in the summaries' index (average descending, then entry order), never an OFFSET, so each page
 * costs its own rows however deep it is (docs/decisions/0058-story-rows.md). The titles and
 * assignment counts are read for the page's rows only.
 */
export async function rawRankingAfter(
  contestId: string,
  after: RawRankingCursor | null,
  take: number,
  divisionId?: string,
): Promise<(RawRankingRow & { cursor: RawRankingCursor })[]> {
  // Rows with an average come first; within equal averages, and among the unscored, entry order.
  // Each part of what follows the cursor is one range of the summaries' index, read in its order
  // and cut at `take` (a single OR of the three is no index range: it read every row above).
  const contest = Prisma.sql`m."contestId" = ${contestId} AND m."status" = 'submitted' ${inDivision(divisionId)}`;
  const part = (where: Prisma.Sql, order: Prisma.Sql) => Prisma.sql`SELECT * FROM (
      SELECT m."submissionId" AS "submissionId", m."scored" AS "scored", m."average" AS "average",
        m."createdAt" AS "createdAt"
      FROM "SubmissionScoreSummary" m WHERE ${contest} AND ${where}
      ORDER BY ${order} LIMIT ${take}) x`;
  // Every part is ordered as the index is, average included (on PostgreSQL `DESC` alone is NULLS
  // FIRST and `IS NULL` fixes no order: either sorted every row of its range, ADR 0074).
  const entryOrder = Prisma.sql`m."average" DESC NULLS LAST, m."createdAt" ASC, m."submissionId" ASC`;
  // The entries after the cursor's among equal averages: the rest of its date, then later dates
  // (two ranges: an OR of them read every entry of the average, ADR 0068).
  const afterEntry = (same: Prisma.Sql, a: RawRankingCursor) => [
    part(
      Prisma.sql`${same} AND m."createdAt" = ${a.createdAt} AND m."submissionId" > ${a.id}`,
      entryOrder,
    ),
    part(Prisma.sql`${same} AND m."createdAt" > ${a.createdAt}`, entryOrder),
  ];
  const unscored = Prisma.sql`m."average" IS NULL`;
  const parts = !after
    ? [part(Prisma.sql`true`, entryOrder)]
    : after.average === null
      ? afterEntry(unscored, after)
      : [
          ...afterEntry(Prisma.sql`m."average" = ${after.average}`, after),
          part(Prisma.sql`m."average" < ${after.average}`, entryOrder),
          part(unscored, entryOrder),
        ];
  const rows = await prisma.$queryRaw<
    {
      id: string;
      title: string;
      scored: Int;
      average: number | null;
      assigned: Int;
      createdAt: Date | string;
    }[]
  >`
    WITH p AS (
      SELECT * FROM (${Prisma.join(parts, " UNION ALL ")}) u
      ORDER BY "average" DESC NULLS LAST, "createdAt" ASC, "submissionId" ASC
      LIMIT ${take}
    )
    SELECT p."submissionId" AS "id", s."title" AS "title", p."scored" AS "scored",
      p."average" AS "average", p."createdAt" AS "createdAt",
      (SELECT COUNT(*) FROM "JudgeAssignment" a WHERE a."submissionId" = p."submissionId") AS "assigned"
    FROM p JOIN "Submission" s ON s."id" = p."submissionId"
    ORDER BY p."average" DESC NULLS LAST, p."createdAt" ASC, p."submissionId" ASC`;
  return rows.map((r) => ({
    ...rawRankingRow(r),
    cursor: { average: fromSql.numberOrNull(r.average), createdAt: r.createdAt, id: r.id },
  }));
}

/**
 * Where each page of the raw ranking starts, for pages of `take` rows after the first: the
 * cursor of the row before it (rawRankingAfter seeks on from there) and its first row's rank.
 * One walk of the summaries' index per RankingVersion (docs/decisions/0062-ranking-at-scale.md),
 * returning one row a page, so a deep page then costs its own rows, not an OFFSET over the rows
 * above it and a count of them.
 */
export async function rawPageStarts(
  contestId: string,
  take: number,
  divisionId?: string,
): Promise<{ page: number; rank: number | null; cursor: RawRankingCursor }[]> {
  // One window in the index's own order (no sort), and how many entries share each average (a
  // GROUP BY in the index's order): a page's first rank is one more than the entries above it.
  const [rows, groups] = await Promise.all([
    prisma.$queryRaw<
      {
        rn: Int;
        average: number | null;
        pAverage: number | null;
        pCreatedAt: Date | string;
        pId: string;
      }[]
    >`
    SELECT "rn", "average", "pAverage", "pCreatedAt", "pId" FROM (
      SELECT ROW_NUMBER() OVER w AS "rn", m."average" AS "average",
        LAG(m."average") OVER w AS "pAverage", LAG(m."createdAt") OVER w AS "pCreatedAt",
        LAG(m."submissionId") OVER w AS "pId"
      FROM "SubmissionScoreSummary" m
      WHERE m."contestId" = ${contestId} AND m."status" = 'submitted' ${inDivision(divisionId)}
      WINDOW w AS (ORDER BY m."average" DESC NULLS LAST, m."createdAt" ASC, m."submissionId" ASC)
    ) x
    WHERE "rn" > 1 AND ("rn" - 1) % ${take} = 0
    ORDER BY "rn"`,
    prisma.$queryRaw<{ average: number; n: Int }[]>`
    SELECT m."average" AS "average", COUNT(*) AS "n" FROM "SubmissionScoreSummary" m
    WHERE m."contestId" = ${contestId} AND m."status" = 'submitted' ${inDivision(divisionId)}
      AND m."average" IS NOT NULL
    GROUP BY m."average"`,
  ]);
  const above = new Map<number, number>();
  let count = 0;
  for (const g of groups
    .map((g) => ({ average: Number(g.average), n: fromSql.int(g.n) }))
    .sort((a, b) => b.average - a.average)) {
    above.set(g.average, count);
    count += g.n;
  }
  return rows.map((r) => {
    const average = fromSql.numberOrNull(r.average);
    return {
      page: (fromSql.int(r.rn) - 1) / take,
      rank: average === null ? null : (above.get(average) ?? 0) + 1,
      cursor: { average: fromSql.numberOrNull(r.pAverage), createdAt: r.pCreatedAt, id: r.pId },
    };
  });
}

/**
 * The writer facts an admin's CSV names for some entries, in one statement (the relations as
 * Prisma reads them took six a page, ADR 0058): the entrant, their school when they are an
 * educator, and the pupil of a class entry.
 */
export async function writerFactRows(ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await prisma.$queryRaw<
    {
      id: string;
      displayName: string;
      email: string;
      schoolName: string | null;
      firstName: string | null;
      lastInitial: string | null;
    }[]
  >`
    SELECT s."id" AS "id", u."displayName" AS "displayName", u."email" AS "email",
      sch."name" AS "schoolName",
      p."firstName" AS "firstName", p."lastInitial" AS "lastInitial"
    FROM "Submission" s
    JOIN "User" u ON u."id" = s."entrantId"
    LEFT JOIN "Educator" e ON e."userId" = u."id"
    LEFT JOIN "School" sch ON sch."id" = e."schoolId"
    LEFT JOIN "Pupil" p ON p."id" = s."pupilId"
    WHERE s."id" IN (${Prisma.join(ids)})`;
  return rows.map((r) => ({ id: r.id, ...adminWriterFromRow(r) }));
}

/** How many submitted entries of the contest have an average above `average`. */
export async function countAbove(
  contestId: string,
  average: number,
  divisionId?: string,
): Promise<number> {
  const [row] = await prisma.$queryRaw<{ n: Int }[]>`
    SELECT COUNT(*) AS "n" FROM "SubmissionScoreSummary" m
    WHERE m."contestId" = ${contestId} AND m."status" = 'submitted' ${inDivision(divisionId)}
      AND m."average" > ${average}`;
  return fromSql.int(row?.n);
}

export type ZRankingRow = {
  id: string;
  divisionId?: string | null;
  scored: number;
  used: number;
  average: number | null;
  raw: number | null;
  rank: number | null;
};

/** Titles and assignment counts of some submitted entries (all of the contest's when ids is null). */
export async function entryDetailRows(contestId: string, ids: string[] | null) {
  const rows = await prisma.$queryRaw<{ id: string; title: string; assigned: Int }[]>`
    SELECT m."submissionId" AS "id", s."title" AS "title", ${assignedCount} AS "assigned"
    FROM "SubmissionScoreSummary" m JOIN "Submission" s ON s."id" = m."submissionId"
    WHERE m."contestId" = ${contestId} AND m."status" = 'submitted'
      ${ids ? Prisma.sql`AND m."submissionId" IN (${Prisma.join(ids)})` : Prisma.empty}`;
  return rows.map((r) => ({ id: r.id, title: r.title, assigned: fromSql.int(r.assigned) }));
}

/** Submitted entries of a contest, and how many have at least one submitted score. */
export async function rankingCountsRow(contestId: string, divisionId?: string) {
  const [row] = await prisma.$queryRaw<{ entries: Int; scored: Int }[]>`
    SELECT COUNT(*) AS "entries", COUNT(m."average") AS "scored" FROM "SubmissionScoreSummary" m
    WHERE m."contestId" = ${contestId} AND m."status" = 'submitted' ${inDivision(divisionId)}`;
  return { entries: fromSql.int(row?.entries), scored: fromSql.int(row?.scored) };
}

export type StageRankingRow = ZRankingRow & {
  title: string;
  assigned: number;
  divisionId: string | null;
};

/**
 * The ranking of one round of a contest with divisions or rounds (docs/decisions/0032): the
 * round's entries (round 1: every submitted entry; a later round: those that advanced into it)
 * ranked within their division (one partition when the contest has none) on the round's submitted
 * scores only, raw or z. A judge's mean and spread for z-scores come from all their scores of the
 * round (every division), as in ADR 0016. Ties share a rank; unscored entries last, unranked.
 *
 * The one-pass shape of the z ranking (docs/decisions/0062-ranking-at-scale.md,
 * 0063-ranking-first-load.md): no score is materialised. Each judge's count, sum and sum of
 * squares of the round's totals in hundredths come from one walk of the round's assignments with
 * their scores (integers: the variance is exact, no second pass; z only); each entry's counts,
 * raw sum and normalised average from a second walk of the same index in entry order (grouped
 * without a sort); the entries are then read once from their list index and ordered. Ranks
 * within a division are given from that order in JS (the same competition ranking as `RANK()`).
 */
export async function stageRankingRows(
  contestId: string,
  stage: { round: number; mode: "raw" | "z" },
): Promise<StageRankingRow[]> {
  const advanced =
    stage.round > 1
      ? Prisma.sql`AND EXISTS (SELECT 1 FROM "Advancement" v WHERE v."contestId" = ${contestId}
          AND v."round" = ${stage.round} AND v."submissionId" = s."id")`
      : Prisma.empty;
  const z = stage.mode === "z";
  // The round's submitted scores of submitted entries: an assignment is its contest, judge and
  // entry (unique), its score found in Score's covering index by entry and judge.
  const roundScores = Prisma.sql`"JudgeAssignment" a
      JOIN "Score" sc ON sc."submissionId" = a."submissionId" AND sc."judgeId" = a."judgeId"
        AND sc."submittedAt" IS NOT NULL
      JOIN "Submission" s0 ON s0."id" = a."submissionId" AND s0."status" = 'submitted'
      WHERE a."contestId" = ${contestId} AND a."round" = ${stage.round}`;
  // The judge is grouped on as an expression (`|| ''`): grouped on the column, SQLite walked the
  // contest's (contestId, judgeId, submissionId) key to skip a sort and read each assignment's
  // row for its round (600,000 random reads); this way, the round's covering index and a sort.
  const judges = z
    ? Prisma.sql`
    js AS MATERIALIZED (
      SELECT "jid", COUNT(*) AS "n", SUM("h") AS "s1",
        (COUNT(*) * SUM("h" * "h") - SUM("h") * SUM("h")) / 10000.0 / COUNT(*) / COUNT(*) AS "var"
      FROM (
        SELECT a."judgeId" || '' AS "jid", CAST(ROUND(sc."total" * 100) AS BIGINT) AS "h"
        FROM ${roundScores}
      ) t GROUP BY "jid"
    ),
    jz AS MATERIALIZED (
      SELECT "jid", CAST("s1" / 100.0 / "n" AS DOUBLE PRECISION) AS "m",
        CAST(SQRT("var") AS DOUBLE PRECISION) AS "sd"
      FROM js WHERE "n" >= 2 AND "var" > ${MIN_VARIANCE}
    ),`
    : Prisma.empty;
  const rows = await prisma.$queryRaw<
    {
      id: string;
      title: string;
      divisionId: string | null;
      assigned: Int;
      scored: Int;
      used: Int;
      average: number | null;
      raw: number | null;
    }[]
  >`
    WITH ${judges}
    agg AS MATERIALIZED (
      SELECT a."submissionId" AS "sid", COUNT(*) AS "assigned", COUNT(sc."total") AS "n",
        SUM(ROUND(sc."total" * 100)) AS "hs",
        ${
          z
            ? Prisma.sql`${roundSql(Prisma.sql`AVG((sc."total" - jz."m") / jz."sd")`)} AS "val",
        COUNT(jz."jid") AS "used"`
            : Prisma.sql`NULL AS "val", 0 AS "used"`
        }
      FROM "JudgeAssignment" a
      LEFT JOIN "Score" sc ON sc."submissionId" = a."submissionId" AND sc."judgeId" = a."judgeId"
        AND sc."submittedAt" IS NOT NULL
      ${z ? Prisma.sql`LEFT JOIN jz ON jz."jid" = sc."judgeId"` : Prisma.empty}
      WHERE a."contestId" = ${contestId} AND a."round" = ${stage.round}
        AND a."submissionId" IS NOT NULL
      GROUP BY a."submissionId"
    ),
    r AS (
      SELECT s."id" AS "id", s."title" AS "title", s."divisionId" AS "divisionId",
        s."createdAt" AS "createdAt", COALESCE(agg."assigned", 0) AS "assigned",
        COALESCE(agg."n", 0) AS "scored",
        ${z ? Prisma.sql`COALESCE(agg."used", 0)` : Prisma.sql`COALESCE(agg."n", 0)`} AS "used",
        CASE WHEN agg."n" > 0
          THEN (FLOOR(agg."hs" * 1.0 / agg."n" + 0.5 + ${ROUND_NUDGE}) / 100.0) END AS "raw",
        ${z ? Prisma.sql`agg."val"` : Prisma.sql`NULL`} AS "zval"
      FROM "Submission" s LEFT JOIN agg ON agg."sid" = s."id"
      WHERE s."contestId" = ${contestId} AND s."status" = 'submitted' ${advanced}
    )
    SELECT * FROM (
      SELECT "id", "title", "divisionId", "createdAt", "assigned", "scored", "used",
        ${z ? Prisma.sql`"zval"` : Prisma.sql`"raw"`} AS "average", "raw"
      FROM r
    ) o
    ORDER BY "average" IS NULL, "average" DESC, "raw" IS NULL, "raw" DESC, "createdAt" ASC, "id" ASC`;
  // Competition ranking within each division, from the order (as RANK() would give it).
  const seen = new Map<
    string | null,
    { position: number; average: number | null; rank: number | null }
  >();
  return rows.map((r) => {
    const average = fromSql.numberOrNull(r.average);
    const before = seen.get(r.divisionId);
    const position = (before?.position ?? 0) + 1;
    const rank =
      average === null ? null : before && before.average === average ? before.rank : position;
    seen.set(r.divisionId, { position, average, rank });
    return {
      id: r.id,
      title: r.title,
      divisionId: r.divisionId,
      assigned: fromSql.int(r.assigned),
      scored: fromSql.int(r.scored),
      used: fromSql.int(r.used),
      average,
      raw: fromSql.numberOrNull(r.raw),
      rank,
    };
  });
}
