/**
 * The ranking of a contest's entries (raw averages or z-score normalised), computed in SQL,
 * and the per-entry scores page. See docs/decisions/0007.
 */
import { parseCriteria } from "~/features/contests/rubric";
import { Prisma } from "~/generated/prisma/client";
import { prisma } from "~/utils/db.server";
import { averageScore, MIN_VARIANCE, parseScores, ROUND_NUDGE } from "./scoring";

export const RANKING_PAGE_SIZE = 50;

export type RankingMode = "raw" | "z";
export type RankingRow = {
  id: string;
  title: string;
  assigned: number;
  scored: number;
  /** The value ranked on (raw average, or normalised average in mode "z"); null when unranked. */
  average: number | null;
  raw: number | null;
  /** How many scores the average uses: all submitted ones (raw), the standardised ones (z). */
  used: number;
  rank: number | null;
};

type RawRankingRow = {
  id: string;
  title: string;
  assigned: bigint | number;
  scored: bigint | number;
  average: number | null;
  raw: number | null;
  used: bigint | number;
  rank: bigint | number | null;
};

const num = (v: bigint | number | null) => (v === null ? null : Number(v));

function toRow(r: RawRankingRow): RankingRow {
  return {
    id: r.id,
    title: r.title,
    assigned: Number(r.assigned),
    scored: Number(r.scored),
    average: r.average === null ? null : Number(r.average),
    raw: r.raw === null ? null : Number(r.raw),
    used: Number(r.used),
    rank: num(r.rank),
  };
}

/** scoring.ts roundScore() in SQL: round half up to two decimals (docs/decisions/0016). */
const roundSql = (expr: Prisma.Sql) =>
  Prisma.sql`(FLOOR((${expr}) * 100 + 0.5 + ${ROUND_NUDGE}) / 100.0)`;
/** scoring.ts averageScore() in SQL: the exact average of two-decimal totals, rounded. */
const averageSql = (total: Prisma.Sql) =>
  Prisma.sql`(FLOOR(SUM(ROUND(${total} * 100)) * 1.0 / COUNT(*) + 0.5 + ${ROUND_NUDGE}) / 100.0)`;

/**
 * The ranking, computed in SQL: for each submitted entry the average of its judges' submitted
 * totals (exact, rounded half up to two decimals), the number of scores in and of judges
 * assigned; descending, ties share a rank (RANK() over the rounded average). Entries without a
 * score come last, unranked.
 *
 * Mode "z" averages each judge's standardised totals instead, z = (total − judge's mean) /
 * judge's population standard deviation. Only a judge with at least two submitted scores in the
 * contest and a non-zero spread can be standardised; other scores are left out of the normalised
 * average (never mixed in raw), `used` says how many it rests on, and an entry whose scores are
 * all left out has no normalised average and no rank. The raw average is given beside it.
 * See docs/decisions/0016-ranking-rounding-and-z-scores.md.
 */
export async function ranking(
  contestId: string,
  opts: { mode?: RankingMode; take?: number; skip?: number } = {},
) {
  const take = opts.take ?? RANKING_PAGE_SIZE;
  const skip = opts.skip ?? 0;
  // agg: per entry, the value ranked on (val), the raw average (raw), the number of scores (n)
  // and how many of them the value uses (used).
  const agg =
    opts.mode === "z"
      ? Prisma.sql`
          sc0 AS (
            SELECT sc."submissionId" AS sid, sc."judgeId" AS jid, sc."total" AS total
            ${submittedScores(contestId)}
          ),
          jm AS (SELECT jid, AVG(total) AS m, COUNT(*) AS n FROM sc0 GROUP BY jid),
          js AS (
            SELECT jm.jid, jm.m, jm.n, AVG((sc0.total - jm.m) * (sc0.total - jm.m)) AS var
            FROM jm JOIN sc0 ON sc0.jid = jm.jid GROUP BY jm.jid
          ),
          zs AS (
            SELECT sc0.sid, sc0.total,
              CASE WHEN js.n >= 2 AND js.var > ${MIN_VARIANCE}
                THEN (sc0.total - js.m) / SQRT(js.var) END AS z
            FROM sc0 JOIN js ON js.jid = sc0.jid
          ),
          agg AS (
            SELECT zs.sid, ${roundSql(Prisma.sql`AVG(zs.z)`)} AS val,
              ${averageSql(Prisma.sql`zs.total`)} AS raw,
              COUNT(*) AS n, COUNT(zs.z) AS used
            FROM zs GROUP BY zs.sid
          )`
      : Prisma.sql`
          agg AS (
            SELECT sc."submissionId" AS sid, ${averageSql(Prisma.sql`sc."total"`)} AS val,
              ${averageSql(Prisma.sql`sc."total"`)} AS raw,
              COUNT(*) AS n, COUNT(*) AS used
            ${submittedScores(contestId)}
            GROUP BY sc."submissionId"
          )`;
  const rows = await prisma.$queryRaw<RawRankingRow[]>`
    WITH ${agg},
    asg AS (
      SELECT "submissionId" AS sid, COUNT(*) AS n FROM "JudgeAssignment"
      WHERE "contestId" = ${contestId} AND "submissionId" IS NOT NULL GROUP BY "submissionId"
    ),
    ranked AS (
      SELECT s."id" AS id, s."title" AS title, s."createdAt" AS createdAt,
        COALESCE(asg.n, 0) AS assigned, COALESCE(agg.n, 0) AS scored, COALESCE(agg.used, 0) AS used,
        agg.val AS average, agg.raw AS raw,
        CASE WHEN agg.val IS NULL THEN NULL ELSE RANK() OVER (ORDER BY agg.val DESC NULLS LAST) END AS rank
      FROM "Submission" s LEFT JOIN agg ON agg.sid = s."id" LEFT JOIN asg ON asg.sid = s."id"
      WHERE s."contestId" = ${contestId} AND s."status" = 'submitted'
    )
    SELECT id, title, assigned, scored, used, average, raw, rank FROM ranked
    ORDER BY average IS NULL, average DESC, raw IS NULL, raw DESC, createdAt ASC, id ASC
    LIMIT ${take} OFFSET ${skip}`;
  return rows.map(toRow);
}

/** FROM/WHERE for the submitted scores of a contest's submitted entries (alias sc, entry s). */
function submittedScores(contestId: string) {
  return Prisma.sql`FROM "Score" sc JOIN "Submission" s ON s."id" = sc."submissionId"
    WHERE s."contestId" = ${contestId} AND s."status" = 'submitted' AND sc."submittedAt" IS NOT NULL`;
}

/** Counts for the scoring page: submitted entries, and how many have at least one submitted score. */
export async function rankingCounts(contestId: string) {
  const [entries, scoredRows] = await Promise.all([
    prisma.submission.count({ where: { contestId, status: "submitted" } }),
    prisma.$queryRaw<{ n: bigint | number }[]>`
      SELECT COUNT(DISTINCT sc."submissionId") AS n ${submittedScores(contestId)}`,
  ]);
  return { entries, scored: Number(scoredRows[0]?.n ?? 0) };
}

/** Entrant names of a contest's submitted entries (admins only: the CSV export). */
export async function entrantsForContest(contestId: string) {
  const rows = await prisma.submission.findMany({
    where: { contestId, status: "submitted" },
    select: { id: true, entrant: { select: { displayName: true, email: true } } },
  });
  return new Map(rows.map((r) => [r.id, r.entrant]));
}

type StoredValues = { scores: Record<string, number>; comment: string; total: number };
/** A history row's before/after JSON; unreadable parts read as empty. */
function storedValues(json: string): StoredValues {
  try {
    const v = JSON.parse(json) as Partial<StoredValues> | null;
    return {
      scores:
        v?.scores && typeof v.scores === "object" ? parseScores(JSON.stringify(v.scores)) : {},
      comment: typeof v?.comment === "string" ? v.comment : "",
      total: typeof v?.total === "number" ? v.total : 0,
    };
  } catch {
    return { scores: {}, comment: "", total: 0 };
  }
}

/**
 * The admin's per-entry view: every judge's submitted criterion scores and comments, whether a
 * draft is in progress, and the history of changes to each submitted score (who, when, before,
 * after). The average uses the one rounding rule (scoring.ts averageScore).
 */
export async function entryScores(submissionId: string) {
  const submission = await prisma.submission.findUnique({
    where: { id: submissionId },
    select: {
      id: true,
      title: true,
      status: true,
      wordCount: true,
      contest: { select: { id: true, title: true, timeZone: true } },
      entrant: { select: { displayName: true, email: true } },
      assignments: {
        select: {
          id: true,
          judge: { select: { email: true, displayName: true } },
          draft: { select: { updatedAt: true } },
          score: {
            select: {
              scores: true,
              comment: true,
              total: true,
              submittedAt: true,
              rubric: { select: { name: true, criteria: true } },
              history: {
                select: {
                  id: true,
                  changedAt: true,
                  before: true,
                  after: true,
                  changedBy: { select: { displayName: true, email: true } },
                },
                orderBy: [{ changedAt: "asc" }, { id: "asc" }],
              },
            },
          },
        },
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      },
    },
  });
  if (!submission) return null;
  const judges = submission.assignments.map((a) => {
    const criteria = a.score ? parseCriteria(a.score.rubric.criteria) : [];
    const labelled = (values: Record<string, number>) =>
      criteria.map((c) => ({ key: c.key, label: c.label, value: values[c.key] ?? null }));
    return {
      id: a.id,
      judge: a.judge,
      draftInProgress: Boolean(a.draft),
      score: a.score
        ? {
            total: a.score.total,
            submitted: Boolean(a.score.submittedAt),
            comment: a.score.comment,
            rubricName: a.score.rubric.name,
            criteria: criteria.map((c) => ({
              key: c.key,
              label: c.label,
              maxPoints: c.maxPoints,
              weight: c.weight,
              value: parseScores(a.score!.scores)[c.key] ?? 0,
            })),
            history: a.score.history.map((h) => {
              const before = storedValues(h.before);
              const after = storedValues(h.after);
              return {
                id: h.id,
                changedAt: h.changedAt,
                changedBy: h.changedBy,
                before: { ...before, criteria: labelled(before.scores) },
                after: { ...after, criteria: labelled(after.scores) },
              };
            }),
          }
        : null,
    };
  });
  const submitted = judges.filter((j) => j.score?.submitted).map((j) => j.score!.total);
  return {
    submission: { ...submission, assignments: undefined },
    judges,
    average: averageScore(submitted),
  };
}
