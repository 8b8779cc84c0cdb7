/**
 * Every SQL statement the judging capability writes by hand, for both engines
 * (docs/decisions/0028-postgresql.md). Written once in the SQL both speak (quoted identifiers
 * and aliases, `true`/`false`, standard functions); where they differ, `dialect` spells it per
 * engine. Each function returns typed rows: no bigint, text date or 0/1 boolean leaves here.
 * The callers (ranking.server.ts, review.server.ts, assignments.server.ts) hold the rules.
 */
import { Prisma } from "~/generated/prisma/client";
import { dialect, fromSql, prisma } from "~/utils/db.server";
import { MIN_VARIANCE, ROUND_NUDGE } from "./scoring";

type Tx = Prisma.TransactionClient;
type Int = bigint | number;

/** scoring.ts roundScore() in SQL: round half up to two decimals (docs/decisions/0016). */
const roundSql = (expr: Prisma.Sql) =>
  Prisma.sql`(FLOOR((${expr}) * 100 + 0.5 + ${ROUND_NUDGE}) / 100.0)`;
/** scoring.ts averageScore() in SQL: the exact average of two-decimal totals, rounded. */
const averageSql = (total: Prisma.Sql) =>
  Prisma.sql`(FLOOR(SUM(ROUND(${total} * 100)) * 1.0 / COUNT(*) + 0.5 + ${ROUND_NUDGE}) / 100.0)`;

const assignedCount = Prisma.sql`(SELECT COUNT(*) FROM "JudgeAssignment" a WHERE a."submissionId" = m."submissionId")`;

export type RawRankingRow = {
  id: string;
  title: string;
  scored: number;
  average: number | null;
  assigned: number;
};

/** One page of the raw ranking, in the summaries' index order (ADR 0021). take < 0: all. */
export async function rawRankingPage(
  contestId: string,
  take: number,
  skip: number,
): Promise<RawRankingRow[]> {
  const rows = await prisma.$queryRaw<
    { id: string; title: string; scored: Int; average: number | null; assigned: Int }[]
  >`
    SELECT m."submissionId" AS "id", s."title" AS "title", m."scored" AS "scored",
      m."average" AS "average", ${assignedCount} AS "assigned"
    FROM "SubmissionScoreSummary" m JOIN "Submission" s ON s."id" = m."submissionId"
    WHERE m."contestId" = ${contestId} AND m."status" = 'submitted'
    ORDER BY m."average" DESC NULLS LAST, m."createdAt" ASC, m."submissionId" ASC
    ${dialect.page(take, skip)}`;
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    scored: fromSql.int(r.scored),
    average: fromSql.numberOrNull(r.average),
    assigned: fromSql.int(r.assigned),
  }));
}

/** How many submitted entries of the contest have an average above `average`. */
export async function countAbove(contestId: string, average: number): Promise<number> {
  const [row] = await prisma.$queryRaw<{ n: Int }[]>`
    SELECT COUNT(*) AS "n" FROM "SubmissionScoreSummary"
    WHERE "contestId" = ${contestId} AND "status" = 'submitted' AND "average" > ${average}`;
  return fromSql.int(row?.n);
}

export type ZRankingRow = {
  id: string;
  scored: number;
  used: number;
  average: number | null;
  raw: number | null;
  rank: number | null;
};

/** The whole z-score ranking of a contest (ADR 0016), without titles and assignment counts. */
export async function zRankingRows(contestId: string): Promise<ZRankingRow[]> {
  const rows = await prisma.$queryRaw<
    {
      id: string;
      scored: Int;
      used: Int;
      average: number | null;
      raw: number | null;
      rank: Int | null;
    }[]
  >`
    WITH sc0 AS (
      SELECT sc."submissionId" AS "sid", sc."judgeId" AS "jid", sc."total" AS "total"
      FROM "SubmissionScoreSummary" m JOIN "Score" sc ON sc."submissionId" = m."submissionId"
      WHERE m."contestId" = ${contestId} AND m."status" = 'submitted' AND sc."submittedAt" IS NOT NULL
    ),
    jm AS (SELECT "jid", AVG("total") AS "m", COUNT(*) AS "n" FROM sc0 GROUP BY "jid"),
    js AS (
      SELECT jm."jid", jm."m", jm."n", AVG((sc0."total" - jm."m") * (sc0."total" - jm."m")) AS "var"
      FROM jm JOIN sc0 ON sc0."jid" = jm."jid" GROUP BY jm."jid", jm."m", jm."n"
    ),
    zs AS (
      SELECT sc0."sid", sc0."total",
        CASE WHEN js."n" >= 2 AND js."var" > ${MIN_VARIANCE}
          THEN (sc0."total" - js."m") / SQRT(js."var") END AS "z"
      FROM sc0 JOIN js ON js."jid" = sc0."jid"
    ),
    agg AS (
      SELECT zs."sid", ${roundSql(Prisma.sql`AVG(zs."z")`)} AS "val",
        ${averageSql(Prisma.sql`zs."total"`)} AS "raw",
        COUNT(*) AS "n", COUNT(zs."z") AS "used"
      FROM zs GROUP BY zs."sid"
    ),
    ranked AS (
      SELECT m."submissionId" AS "id", m."createdAt" AS "createdAt",
        COALESCE(agg."n", 0) AS "scored", COALESCE(agg."used", 0) AS "used",
        agg."val" AS "average", agg."raw" AS "raw",
        CASE WHEN agg."val" IS NULL THEN NULL
          ELSE RANK() OVER (ORDER BY agg."val" DESC NULLS LAST) END AS "rank"
      FROM "SubmissionScoreSummary" m LEFT JOIN agg ON agg."sid" = m."submissionId"
      WHERE m."contestId" = ${contestId} AND m."status" = 'submitted'
    )
    SELECT "id", "scored", "used", "average", "raw", "rank" FROM ranked
    ORDER BY "average" IS NULL, "average" DESC, "raw" IS NULL, "raw" DESC, "createdAt" ASC, "id" ASC`;
  return rows.map((r) => ({
    id: r.id,
    scored: fromSql.int(r.scored),
    used: fromSql.int(r.used),
    average: fromSql.numberOrNull(r.average),
    raw: fromSql.numberOrNull(r.raw),
    rank: fromSql.intOrNull(r.rank),
  }));
}

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
export async function rankingCountsRow(contestId: string) {
  const [row] = await prisma.$queryRaw<{ entries: Int; scored: Int }[]>`
    SELECT COUNT(*) AS "entries", COUNT("average") AS "scored" FROM "SubmissionScoreSummary"
    WHERE "contestId" = ${contestId} AND "status" = 'submitted'`;
  return { entries: fromSql.int(row?.entries), scored: fromSql.int(row?.scored) };
}

export type QueueItem = {
  submissionId: string;
  title: string;
  wordCount: number;
  contestTitle: string;
  judgingClose: Date;
  timeZone: string;
  submittedAt: Date | null;
  total: number | null;
  draft: boolean;
};

/**
 * One page of a judge's queue (pending first, then by due date and assignment order), with the
 * queue's size and pending count from the same scan (null when the page is empty). The page is
 * chosen from the indexes, then only its rows are read (ADR 0021). No entrant field is selected.
 */
export async function judgeQueuePage(
  judgeId: string,
  take: number,
  skip: number,
): Promise<{ items: QueueItem[]; counts: { total: number; left: number } | null }> {
  const rows = await prisma.$queryRaw<
    {
      submissionId: string;
      title: string;
      wordCount: Int;
      contestTitle: string;
      judgingClose: Date | string;
      timeZone: string;
      submittedAt: Date | string | null;
      total: number | null;
      draft: boolean | Int;
      queued: Int;
      pending: Int | null;
    }[]
  >`
    WITH page AS (
      SELECT a."id" AS "id", a."submissionId" AS "submissionId", a."contestId" AS "contestId",
        a."createdAt" AS "createdAt", sc."submittedAt" AS "submittedAt", sc."total" AS "total",
        COALESCE(jr."judgingClose", c."judgingClose") AS "judgingClose", COUNT(*) OVER () AS "queued",
        SUM(CASE WHEN sc."submittedAt" IS NULL THEN 1 ELSE 0 END) OVER () AS "pending"
      FROM "JudgeAssignment" a
      JOIN "Submission" s ON s."id" = a."submissionId" AND s."status" = 'submitted'
      JOIN "Contest" c ON c."id" = a."contestId"
      LEFT JOIN "JudgingRound" jr ON jr."contestId" = a."contestId" AND jr."number" = a."round"
      LEFT JOIN "Score" sc ON sc."assignmentId" = a."id"
      WHERE a."judgeId" = ${judgeId} AND a."submissionId" IS NOT NULL AND a."releasedAt" IS NULL
      ORDER BY sc."submittedAt" IS NOT NULL, sc."submittedAt" ASC,
        COALESCE(jr."judgingClose", c."judgingClose") ASC,
        a."createdAt" ASC, a."id" ASC
      LIMIT ${take} OFFSET ${skip}
    )
    SELECT p."submissionId", s."title" AS "title", s."wordCount" AS "wordCount",
      c."title" AS "contestTitle", p."judgingClose", c."timeZone" AS "timeZone",
      p."submittedAt", p."total", (d."id" IS NOT NULL) AS "draft",
      p."queued", p."pending"
    FROM page p
    JOIN "Submission" s ON s."id" = p."submissionId"
    JOIN "Contest" c ON c."id" = p."contestId"
    LEFT JOIN "ScoreDraft" d ON d."assignmentId" = p."id"
    ORDER BY p."submittedAt" IS NOT NULL, p."submittedAt" ASC, p."judgingClose" ASC,
      p."createdAt" ASC, p."id" ASC`;
  const first = rows[0];
  return {
    counts: first ? { total: fromSql.int(first.queued), left: fromSql.int(first.pending) } : null,
    items: rows.map((r) => ({
      submissionId: r.submissionId,
      title: r.title,
      wordCount: fromSql.int(r.wordCount),
      contestTitle: r.contestTitle,
      judgingClose: fromSql.date(r.judgingClose),
      timeZone: r.timeZone,
      submittedAt: fromSql.dateOrNull(r.submittedAt),
      total: r.total,
      draft: fromSql.bool(r.draft),
    })),
  };
}

/** A judge's queue size and pending count (for a page past the end, where no row carries them). */
export async function judgeQueueCounts(judgeId: string) {
  const [c] = await prisma.$queryRaw<{ total: Int; left: Int | null }[]>`
    SELECT COUNT(*) AS "total", SUM(CASE WHEN sc."submittedAt" IS NULL THEN 1 ELSE 0 END) AS "left"
    FROM "JudgeAssignment" a
    JOIN "Submission" s ON s."id" = a."submissionId" AND s."status" = 'submitted'
    LEFT JOIN "Score" sc ON sc."assignmentId" = a."id"
    WHERE a."judgeId" = ${judgeId} AND a."submissionId" IS NOT NULL AND a."releasedAt" IS NULL`;
  return { total: fromSql.int(c?.total), left: fromSql.int(c?.left) };
}

export type AssignmentRow = {
  assignmentId: string;
  contest: {
    id: string;
    title: string;
    anonymous: boolean;
    timeZone: string;
    judgingOpen: Date;
    judgingClose: Date;
    isPublished: boolean;
    publishedSnapshot: string | null;
  };
  /**
   * The assignment's judging round when the contest has rounds (its window is the one judges score
   * in); null for a contest of one round (docs/decisions/0032-divisions-and-rounds.md).
   */
  round: { number: number; judgingOpen: Date; judgingClose: Date } | null;
  rubric: { id: string; name: string; criteria: string } | null;
  submission: {
    id: string;
    title: string;
    body: string | null;
    wordCount: number;
    filePath: string | null;
    /** Whether a place in the entry names its writer and waits for the admin (ADR 0034). */
    mentionsEntrant: boolean;
    /** The document's reading text and how it was read; null before it was read. */
    document: { text: string; status: string } | null;
  };
  score: {
    scores: string;
    comment: string | null;
    total: number;
    submittedAt: Date | null;
  } | null;
  draft: { scores: string; comment: string | null; total: number; updatedAt: Date } | null;
};

/**
 * The judge's assignment to a submitted entry with what the review needs, in one statement: the
 * contest, its first rubric, the entry without its writer, the submitted score and the draft
 * (a query per relation cost more than the page, ADR 0021).
 */
export async function assignmentForReview(
  judgeId: string,
  submissionId: string,
): Promise<AssignmentRow | null> {
  const [r] = await prisma.$queryRaw<
    {
      aid: string;
      cid: string;
      ctitle: string;
      anonymous: boolean | Int;
      timeZone: string;
      judgingOpen: Date | string;
      judgingClose: Date | string;
      isPublished: boolean | Int;
      publishedSnapshot: string | null;
      rid: string | null;
      rname: string | null;
      rcriteria: string | null;
      sid: string;
      stitle: string;
      body: string | null;
      wordCount: Int;
      filePath: string | null;
      mentions: boolean | Int;
      docText: string | null;
      docStatus: string | null;
      scId: string | null;
      scScores: string | null;
      scComment: string | null;
      scTotal: number | null;
      scSubmittedAt: Date | string | null;
      dId: string | null;
      dScores: string | null;
      dComment: string | null;
      dTotal: number | null;
      dUpdatedAt: Date | string | null;
      rnum: Int | null;
      rOpen: Date | string | null;
      rClose: Date | string | null;
    }[]
  >`
    SELECT a."id" AS "aid", jr."number" AS "rnum", jr."judgingOpen" AS "rOpen",
      jr."judgingClose" AS "rClose", c."id" AS "cid", c."title" AS "ctitle", c."anonymous" AS "anonymous",
      c."timeZone" AS "timeZone", c."judgingOpen" AS "judgingOpen", c."judgingClose" AS "judgingClose",
      c."isPublished" AS "isPublished", c."publishedSnapshot" AS "publishedSnapshot",
      r."id" AS "rid", r."name" AS "rname", r."criteria" AS "rcriteria",
      s."id" AS "sid", s."title" AS "stitle", s."body" AS "body", s."wordCount" AS "wordCount",
      s."filePath" AS "filePath", s."mentionsEntrant" AS "mentions",
      ed."text" AS "docText", ed."status" AS "docStatus",
      sc."id" AS "scId", sc."scores" AS "scScores", sc."comment" AS "scComment",
      sc."total" AS "scTotal", sc."submittedAt" AS "scSubmittedAt",
      d."id" AS "dId", d."scores" AS "dScores", d."comment" AS "dComment", d."total" AS "dTotal",
      d."updatedAt" AS "dUpdatedAt"
    FROM "JudgeAssignment" a
    JOIN "Submission" s ON s."id" = a."submissionId"
    JOIN "Contest" c ON c."id" = a."contestId"
    LEFT JOIN "JudgingRound" jr ON jr."contestId" = a."contestId" AND jr."number" = a."round"
    LEFT JOIN "Rubric" r ON r."id" = COALESCE(jr."rubricId", (
      SELECT "id" FROM "Rubric" WHERE "contestId" = c."id" ORDER BY "createdAt" ASC, "id" ASC LIMIT 1
    ))
    LEFT JOIN "EntryDocument" ed ON ed."submissionId" = s."id"
    LEFT JOIN "Score" sc ON sc."assignmentId" = a."id"
    LEFT JOIN "ScoreDraft" d ON d."assignmentId" = a."id"
    WHERE a."judgeId" = ${judgeId} AND a."submissionId" = ${submissionId} AND s."status" = 'submitted'
      AND a."releasedAt" IS NULL
    LIMIT 1`;
  if (!r) return null;
  return {
    assignmentId: r.aid,
    contest: {
      id: r.cid,
      title: r.ctitle,
      anonymous: fromSql.bool(r.anonymous),
      timeZone: r.timeZone,
      judgingOpen: fromSql.date(r.judgingOpen),
      judgingClose: fromSql.date(r.judgingClose),
      isPublished: fromSql.bool(r.isPublished),
      publishedSnapshot: r.publishedSnapshot,
    },
    round:
      r.rnum !== null && r.rOpen !== null && r.rClose !== null
        ? {
            number: fromSql.int(r.rnum),
            judgingOpen: fromSql.date(r.rOpen),
            judgingClose: fromSql.date(r.rClose),
          }
        : null,
    rubric:
      r.rid !== null ? { id: r.rid, name: r.rname ?? "", criteria: r.rcriteria ?? "[]" } : null,
    submission: {
      id: r.sid,
      title: r.stitle,
      body: r.body,
      wordCount: fromSql.int(r.wordCount),
      filePath: r.filePath,
      mentionsEntrant: fromSql.bool(r.mentions),
      document: r.docStatus !== null ? { text: r.docText ?? "", status: r.docStatus } : null,
    },
    score:
      r.scId !== null
        ? {
            scores: r.scScores ?? "{}",
            comment: r.scComment,
            total: Number(r.scTotal),
            submittedAt: fromSql.dateOrNull(r.scSubmittedAt),
          }
        : null,
    draft:
      r.dId !== null
        ? {
            scores: r.dScores ?? "{}",
            comment: r.dComment,
            total: Number(r.dTotal),
            updatedAt: fromSql.date(r.dUpdatedAt!),
          }
        : null,
  };
}

/**
 * Writes assignments with multi-row INSERTs, 500 rows a statement (createMany costs several
 * times more per row; ADR 0021). Inside the caller's transaction. A pair that another run wrote
 * first is skipped, not an error: on PostgreSQL a serializable transaction that read its
 * contest's assignments through another index than the unique one would otherwise fail with a
 * plain unique violation instead of the serialization failure that is retried (ADR 0028); a run
 * whose new pairs clash with another's is still aborted by the serializable check, and retried.
 * Returns how many rows were written.
 */
export async function insertAssignments(
  tx: Tx,
  rows: { id: string; contestId: string; judgeId: string; submissionId: string }[],
  createdAt: Date,
  /** The judging round the pairs belong to (docs/decisions/0032-divisions-and-rounds.md). */
  round = 1,
): Promise<number> {
  let written = 0;
  for (let i = 0; i < rows.length; i += 500) {
    const values = rows
      .slice(i, i + 500)
      .map(
        (p) =>
          Prisma.sql`(${p.id}, ${p.contestId}, ${p.judgeId}, ${p.submissionId}, ${round}, ${createdAt})`,
      );
    written +=
      await tx.$executeRaw`INSERT INTO "JudgeAssignment" ("id", "contestId", "judgeId", "submissionId", "round", "createdAt")
      VALUES ${Prisma.join(values)}
      ON CONFLICT ("contestId", "judgeId", "submissionId") DO NOTHING`;
  }
  return written;
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
 * round (every division), as in ADR 0016. One statement for every division: the round's scores are
 * read once, through the covering index of Score by entry (ADR 0021), and materialised.
 * Ties share a rank; unscored entries last, unranked.
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
  const value = stage.mode === "z" ? Prisma.sql`agg."val"` : Prisma.sql`agg."raw"`;
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
      rank: Int | null;
    }[]
  >`
    WITH ent AS MATERIALIZED (
      SELECT s."id" AS "id", s."title" AS "title", s."divisionId" AS "divisionId",
        s."createdAt" AS "createdAt"
      FROM "Submission" s
      WHERE s."contestId" = ${contestId} AND s."status" = 'submitted' ${advanced}
    ),
    ra AS MATERIALIZED (
      SELECT a."submissionId" AS "sid", a."judgeId" AS "jid" FROM "JudgeAssignment" a
      WHERE a."contestId" = ${contestId} AND a."round" = ${stage.round}
    ),
    sc0 AS MATERIALIZED (
      SELECT sc."submissionId" AS "sid", sc."judgeId" AS "jid", sc."total" AS "total"
      FROM "Submission" s
      JOIN "Score" sc ON sc."submissionId" = s."id"
      JOIN ra ON ra."sid" = sc."submissionId" AND ra."jid" = sc."judgeId"
      WHERE s."contestId" = ${contestId} AND s."status" = 'submitted' AND sc."submittedAt" IS NOT NULL
    ),
    jm AS (SELECT "jid", AVG("total") AS "m", COUNT(*) AS "n" FROM sc0 GROUP BY "jid"),
    js AS MATERIALIZED (
      SELECT jm."jid", jm."m", jm."n", AVG((sc0."total" - jm."m") * (sc0."total" - jm."m")) AS "var"
      FROM jm JOIN sc0 ON sc0."jid" = jm."jid" GROUP BY jm."jid", jm."m", jm."n"
    ),
    zs AS (
      SELECT sc0."sid", sc0."total",
        CASE WHEN js."n" >= 2 AND js."var" > ${MIN_VARIANCE}
          THEN (sc0."total" - js."m") / SQRT(js."var") END AS "z"
      FROM sc0 JOIN js ON js."jid" = sc0."jid"
    ),
    agg AS MATERIALIZED (
      SELECT zs."sid", ${roundSql(Prisma.sql`AVG(zs."z")`)} AS "val",
        ${averageSql(Prisma.sql`zs."total"`)} AS "raw",
        COUNT(*) AS "n", COUNT(zs."z") AS "used"
      FROM zs GROUP BY zs."sid"
    ),
    asg AS MATERIALIZED (SELECT "sid", COUNT(*) AS "n" FROM ra GROUP BY "sid"),
    ranked AS (
      SELECT ent."id", ent."title", ent."divisionId", ent."createdAt",
        COALESCE(asg."n", 0) AS "assigned",
        COALESCE(agg."n", 0) AS "scored",
        ${stage.mode === "z" ? Prisma.sql`COALESCE(agg."used", 0)` : Prisma.sql`COALESCE(agg."n", 0)`} AS "used",
        ${value} AS "average", agg."raw" AS "raw",
        CASE WHEN ${value} IS NULL THEN NULL
          ELSE RANK() OVER (PARTITION BY ent."divisionId" ORDER BY ${value} DESC NULLS LAST) END AS "rank"
      FROM ent LEFT JOIN agg ON agg."sid" = ent."id" LEFT JOIN asg ON asg."sid" = ent."id"
    )
    SELECT "id", "title", "divisionId", "assigned", "scored", "used", "average", "raw", "rank"
    FROM ranked
    ORDER BY "average" IS NULL, "average" DESC, "raw" IS NULL, "raw" DESC, "createdAt" ASC, "id" ASC`;
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    divisionId: r.divisionId,
    assigned: fromSql.int(r.assigned),
    scored: fromSql.int(r.scored),
    used: fromSql.int(r.used),
    average: fromSql.numberOrNull(r.average),
    raw: fromSql.numberOrNull(r.raw),
    rank: fromSql.intOrNull(r.rank),
  }));
}

/**
 * Bumps a contest's RankingVersion inside the caller's transaction, for a change the triggers do
 * not see (an entry moved to another division, an advancement fixed): cached rankings recompute.
 */
export async function bumpRankingVersion(tx: Tx, contestId: string) {
  await tx.$executeRaw`INSERT INTO "RankingVersion" ("contestId", "version") VALUES (${contestId}, 1)
    ON CONFLICT ("contestId") DO UPDATE SET "version" = "RankingVersion"."version" + 1`;
}
