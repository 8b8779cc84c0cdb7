/**
 * The ranking of a contest's entries (raw averages or z-score normalised), computed in SQL,
 * and the per-entry scores page. See docs/decisions/0007.
 */
import { parseCriteria, round2 } from "~/features/contests/rubric";
import { Prisma } from "~/generated/prisma/client";
import { prisma } from "~/utils/db.server";
import { parseScores } from "./scoring";

export const RANKING_PAGE_SIZE = 50;

export type RankingMode = "raw" | "z";
export type RankingRow = {
  id: string;
  title: string;
  assigned: number;
  scored: number;
  average: number | null;
  raw: number | null;
  rank: number | null;
};

type RawRankingRow = {
  id: string;
  title: string;
  assigned: bigint | number;
  scored: bigint | number;
  average: number | null;
  raw: number | null;
  rank: bigint | number | null;
};

const num = (v: bigint | number | null) => (v === null ? null : Number(v));

function toRow(r: RawRankingRow): RankingRow {
  return {
    id: r.id,
    title: r.title,
    assigned: Number(r.assigned),
    scored: Number(r.scored),
    average: r.average === null ? null : round2(Number(r.average)),
    raw: r.raw === null ? null : round2(Number(r.raw)),
    rank: num(r.rank),
  };
}

/**
 * The ranking, computed in SQL: for each submitted entry the average of its judges' submitted
 * totals (two decimals), the number of scores in and of judges assigned; descending, ties share
 * a rank (RANK() over the two-decimal average). Entries without a score come last, unranked.
 * Mode "z" averages each judge's standardised totals instead (population standard deviation
 * per judge; a judge with fewer than two scores or no spread keeps raw totals), raw beside.
 */
export async function ranking(
  contestId: string,
  opts: { mode?: RankingMode; take?: number; skip?: number } = {},
) {
  const take = opts.take ?? RANKING_PAGE_SIZE;
  const skip = opts.skip ?? 0;
  // agg: per entry, the value ranked on (val), the raw average (raw) and the number of scores (n).
  const agg =
    opts.mode === "z"
      ? Prisma.sql`
          sc AS (
            SELECT sc."submissionId" AS sid, sc."judgeId" AS jid, sc."total" AS total
            ${submittedScores(contestId)}
          ),
          jm AS (SELECT jid, AVG(total) AS m, COUNT(*) AS n FROM sc GROUP BY jid),
          js AS (
            SELECT jm.jid, jm.m, jm.n, AVG((sc.total - jm.m) * (sc.total - jm.m)) AS var
            FROM jm JOIN sc ON sc.jid = jm.jid GROUP BY jm.jid
          ),
          agg AS (
            SELECT sc.sid,
              AVG(CASE WHEN js.n >= 2 AND js.var > 1e-9 THEN (sc.total - js.m) / SQRT(js.var) ELSE sc.total END) AS val,
              AVG(sc.total) AS raw, COUNT(*) AS n
            FROM sc JOIN js ON js.jid = sc.jid GROUP BY sc.sid
          )`
      : Prisma.sql`
          agg AS (
            SELECT sc."submissionId" AS sid, AVG(sc."total") AS val, AVG(sc."total") AS raw, COUNT(*) AS n
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
        COALESCE(asg.n, 0) AS assigned, COALESCE(agg.n, 0) AS scored,
        ROUND(agg.val, 2) AS average, ROUND(agg.raw, 2) AS raw,
        CASE WHEN agg.val IS NULL THEN NULL ELSE RANK() OVER (ORDER BY ROUND(agg.val, 2) DESC NULLS LAST) END AS rank
      FROM "Submission" s LEFT JOIN agg ON agg.sid = s."id" LEFT JOIN asg ON asg.sid = s."id"
      WHERE s."contestId" = ${contestId} AND s."status" = 'submitted'
    )
    SELECT id, title, assigned, scored, average, raw, rank FROM ranked
    ORDER BY average IS NULL, average DESC, createdAt ASC, id ASC
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

/** The admin's per-entry view: every judge's criterion scores and comments. */
export async function entryScores(submissionId: string) {
  const submission = await prisma.submission.findUnique({
    where: { id: submissionId },
    select: {
      id: true,
      title: true,
      status: true,
      wordCount: true,
      contest: { select: { id: true, title: true } },
      entrant: { select: { displayName: true, email: true } },
      assignments: {
        select: {
          id: true,
          judge: { select: { email: true, displayName: true } },
          score: {
            select: {
              scores: true,
              comment: true,
              total: true,
              submittedAt: true,
              rubric: { select: { name: true, criteria: true } },
            },
          },
        },
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      },
    },
  });
  if (!submission) return null;
  const judges = submission.assignments.map((a) => ({
    id: a.id,
    judge: a.judge,
    score: a.score
      ? {
          total: a.score.total,
          submitted: Boolean(a.score.submittedAt),
          comment: a.score.comment,
          rubricName: a.score.rubric.name,
          criteria: parseCriteria(a.score.rubric.criteria).map((c) => ({
            key: c.key,
            label: c.label,
            maxPoints: c.maxPoints,
            weight: c.weight,
            value: parseScores(a.score!.scores)[c.key] ?? 0,
          })),
        }
      : null,
  }));
  const submitted = judges.filter((j) => j.score?.submitted).map((j) => j.score!.total);
  return {
    submission: { ...submission, assignments: undefined },
    judges,
    average: submitted.length
      ? round2(submitted.reduce((a, b) => a + b, 0) / submitted.length)
      : null,
  };
}
