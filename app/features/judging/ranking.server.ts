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
 * The ranking: for each submitted entry the average of its judges' submitted totals (exact,
 * rounded half up to two decimals), the number of scores in and of judges assigned; descending,
 * ties share a rank (competition ranking over the rounded average). Entries without a score come
 * last, unranked; equal averages in entry order (oldest first).
 *
 * Mode "raw" reads the per-entry summaries (SubmissionScoreSummary, kept by triggers in the same
 * statement as every score and status change) in index order, one page at a time; the rank of
 * the page's first row is one more than the entries above it, the rest follow from the order.
 *
 * Mode "z" averages each judge's standardised totals instead, z = (total − judge's mean) /
 * judge's population standard deviation. Only a judge with at least two submitted scores in the
 * contest and a non-zero spread can be standardised; other scores are left out of the normalised
 * average (never mixed in raw), `used` says how many it rests on, and an entry whose scores are
 * all left out has no normalised average and no rank. The raw average is given beside it. Every
 * score moves a judge's mean, so the whole contest is computed in SQL and kept per process while
 * the contest's RankingVersion is unchanged.
 * See docs/decisions/0016-ranking-rounding-and-z-scores.md and 0021-performance.md.
 */
export async function ranking(
  contestId: string,
  opts: { mode?: RankingMode; take?: number; skip?: number } = {},
): Promise<RankingRow[]> {
  const take = opts.take ?? RANKING_PAGE_SIZE;
  const skip = opts.skip ?? 0;
  if (opts.mode === "z") {
    const all = await zRanking(contestId);
    const page = all.slice(skip, take < 0 ? undefined : skip + take);
    const details = await entryDetails(
      contestId,
      take < 0 && skip === 0 ? null : page.map((r) => r.id),
    );
    return page.map((r) => ({
      ...r,
      title: details.get(r.id)?.title ?? "",
      assigned: details.get(r.id)?.assigned ?? 0,
    }));
  }
  const rows = await prisma.$queryRaw<
    {
      id: string;
      title: string;
      scored: bigint | number;
      average: number | null;
      assigned: bigint | number;
    }[]
  >`
    SELECT m."submissionId" AS id, s."title" AS title, m."scored" AS scored, m."average" AS average,
      (SELECT COUNT(*) FROM "JudgeAssignment" a WHERE a."submissionId" = m."submissionId") AS assigned
    FROM "SubmissionScoreSummary" m JOIN "Submission" s ON s."id" = m."submissionId"
    WHERE m."contestId" = ${contestId} AND m."status" = 'submitted'
    ORDER BY m."average" DESC, m."createdAt" ASC, m."submissionId" ASC
    LIMIT ${take} OFFSET ${skip}`;
  const first = rows[0];
  let above = 0;
  if (first && first.average !== null && skip > 0) {
    const [{ n }] = await prisma.$queryRaw<{ n: bigint | number }[]>`
      SELECT COUNT(*) AS n FROM "SubmissionScoreSummary"
      WHERE "contestId" = ${contestId} AND "status" = 'submitted' AND "average" > ${first.average}`;
    above = Number(n);
  }
  let previous: RankingRow | null = null;
  return rows.map((r, i) => {
    const average = r.average === null ? null : Number(r.average);
    const rank =
      average === null
        ? null
        : previous && previous.average === average
          ? previous.rank
          : i === 0
            ? above + 1
            : skip + i + 1;
    const row: RankingRow = {
      id: r.id,
      title: r.title,
      assigned: Number(r.assigned),
      scored: Number(r.scored),
      average,
      raw: average,
      used: Number(r.scored),
      rank,
    };
    previous = row;
    return row;
  });
}

type ZRow = Omit<RankingRow, "title" | "assigned">;
/** Computed z rankings by contest, each with the RankingVersion it was computed at. */
const zCache = new Map<string, { version: number; rows: ZRow[] }>();
const Z_CACHE_CONTESTS = 8;

async function rankingVersion(contestId: string) {
  const row = await prisma.rankingVersion.findUnique({
    where: { contestId },
    select: { version: true },
  });
  return row?.version ?? 0;
}

/** The whole z ranking of a contest, without titles and assignment counts (they change apart). */
async function zRanking(contestId: string): Promise<ZRow[]> {
  // Read the version first: what is computed next is at least that new.
  const version = await rankingVersion(contestId);
  const cached = zCache.get(contestId);
  if (cached && cached.version === version) return cached.rows;
  const rows = await prisma.$queryRaw<RawRankingRow[]>`
    WITH sc0 AS (
      SELECT sc."submissionId" AS sid, sc."judgeId" AS jid, sc."total" AS total
      FROM "SubmissionScoreSummary" m JOIN "Score" sc ON sc."submissionId" = m."submissionId"
      WHERE m."contestId" = ${contestId} AND m."status" = 'submitted' AND sc."submittedAt" IS NOT NULL
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
    ),
    ranked AS (
      SELECT m."submissionId" AS id, '' AS title, m."createdAt" AS createdAt,
        0 AS assigned, COALESCE(agg.n, 0) AS scored, COALESCE(agg.used, 0) AS used,
        agg.val AS average, agg.raw AS raw,
        CASE WHEN agg.val IS NULL THEN NULL ELSE RANK() OVER (ORDER BY agg.val DESC NULLS LAST) END AS rank
      FROM "SubmissionScoreSummary" m LEFT JOIN agg ON agg.sid = m."submissionId"
      WHERE m."contestId" = ${contestId} AND m."status" = 'submitted'
    )
    SELECT id, title, assigned, scored, used, average, raw, rank FROM ranked
    ORDER BY average IS NULL, average DESC, raw IS NULL, raw DESC, createdAt ASC, id ASC`;
  const computed = rows.map((r) => {
    const { title: _title, assigned: _assigned, ...row } = toRow(r);
    return row;
  });
  zCache.delete(contestId);
  if (zCache.size >= Z_CACHE_CONTESTS) zCache.delete(zCache.keys().next().value!);
  zCache.set(contestId, { version, rows: computed });
  return computed;
}

/** Titles and assignment counts of some submitted entries (all of the contest's when ids is null). */
async function entryDetails(contestId: string, ids: string[] | null) {
  if (ids?.length === 0) return new Map<string, { title: string; assigned: number }>();
  const rows = await prisma.$queryRaw<{ id: string; title: string; assigned: bigint | number }[]>`
    SELECT m."submissionId" AS id, s."title" AS title,
      (SELECT COUNT(*) FROM "JudgeAssignment" a WHERE a."submissionId" = m."submissionId") AS assigned
    FROM "SubmissionScoreSummary" m JOIN "Submission" s ON s."id" = m."submissionId"
    WHERE m."contestId" = ${contestId} AND m."status" = 'submitted'
      ${ids ? Prisma.sql`AND m."submissionId" IN (${Prisma.join(ids)})` : Prisma.empty}`;
  return new Map(rows.map((r) => [r.id, { title: r.title, assigned: Number(r.assigned) }]));
}

/** Counts for the scoring page: submitted entries, and how many have at least one submitted score. */
export async function rankingCounts(contestId: string) {
  const [row] = await prisma.$queryRaw<{ entries: bigint | number; scored: bigint | number }[]>`
    SELECT COUNT(*) AS entries, COUNT("average") AS scored FROM "SubmissionScoreSummary"
    WHERE "contestId" = ${contestId} AND "status" = 'submitted'`;
  return { entries: Number(row?.entries ?? 0), scored: Number(row?.scored ?? 0) };
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
