/**
 * Disagreement flags for a whole contest in SQL (docs/decisions/0033-judging-panel.md): per entry
 * and round, the highest submitted total minus the lowest, kept where at least two judges
 * submitted and the spread is above the contest's share of the round's rubric's scale. The rule
 * is spread.ts's; this asks it of every entry in one aggregated statement (never row by row), and
 * "Add a judge" gives a flagged entry one more panel judge (the assignment capability's
 * addJudgeToEntry, ADR 0051).
 */
import { Prisma } from "~/generated/prisma/client";
import { parseCriteria } from "~/features/contests/rubric";
import { fromSql, prisma } from "~/utils/db.server";
import { RANKING_PAGE_SIZE, versionedCache } from "./ranking.server";
import {
  isFlagged,
  rubricScale,
  SPREAD_DEFAULT,
  spreadLabel,
  spreadOf,
  thresholdHundredths,
} from "./spread";

type Int = bigint | number;

/** Each round's rubric scale: the round's rubric, or the contest's first (as the review uses). */
export async function roundScales(contestId: string): Promise<Map<number, number>> {
  return (await scalesAndPercent(contestId)).scales;
}

/**
 * The scales and the contest's threshold in one raw statement: the contest's row (its percent
 * and first rubric), then one row per round with its rubric (Prisma sent four statements,
 * docs/decisions/0075-signed-in-request-cpu.md). `percent` is null when there is no contest.
 */
async function scalesAndPercent(contestId: string) {
  const rows = await prisma.$queryRaw<
    { percent: Int | null; number: Int | null; criteria: string | null }[]
  >`
    SELECT c."spreadPercent" AS "percent", NULL AS "number",
      (SELECT f."criteria" FROM "Rubric" f WHERE f."contestId" = c."id"
        ORDER BY f."createdAt" ASC, f."id" ASC LIMIT 1) AS "criteria"
    FROM "Contest" c WHERE c."id" = ${contestId}
    UNION ALL
    SELECT NULL, r."number", b."criteria" FROM "JudgingRound" r
    LEFT JOIN "Rubric" b ON b."id" = r."rubricId" WHERE r."contestId" = ${contestId}`;
  const head = rows.find((r) => r.number === null);
  const fallback = head?.criteria ? rubricScale(parseCriteria(head.criteria)) : 0;
  const scales = new Map<number, number>([[1, fallback]]);
  for (const r of rows)
    if (r.number !== null)
      scales.set(
        fromSql.int(r.number),
        r.criteria ? rubricScale(parseCriteria(r.criteria)) : fallback,
      );
  return { scales, percent: head ? fromSql.int(head.percent) : null };
}

export type SpreadFlag = {
  id: string;
  title: string;
  divisionId: string | null;
  round: number;
  scored: number;
  assigned: number;
  spread: number;
  average: number;
};

/** A flagged entry of a round, as kept for the whole round (no title: titles change apart). */
type RoundFlag = {
  id: string;
  divisionId: string | null;
  scored: number;
  spread: number;
  average: number;
};

/** Each round's flagged entries, by contest, round and threshold (ADR 0048). */
const roundFlagCache = versionedCache<RoundFlag[]>(16);

/**
 * Every flagged entry of one round, most disagreement first: computed once per RankingVersion
 * (every submitted score, status and division change moves it on) and threshold, and shared; a
 * page, a division and a count are cut from it.
 *
 * While the contest has no assignment in a later round (a contest of one round, or round 1 before
 * round 2 is assigned), every submitted score of its entries is a round-1 score, so each entry's
 * spread is the one its score summary keeps (triggers, ADR 0063): the flagged entries are a range
 * of the summaries' spread index, read alone (O(flagged), docs/decisions/0063-ranking-first-load.md).
 * Otherwise it walks the round's assignments in the contest's index, in entry order (grouped
 * without a sort), each with its score from Score's covering index by entry and judge (an
 * assignment is its contest, judge and entry, unique); only the flagged entries are then read,
 * by id (docs/decisions/0062-ranking-at-scale.md).
 */
function roundFlags(contestId: string, round: number, threshold: number) {
  return roundFlagCache(contestId, `${contestId}|${round}|${threshold}`, async () => {
    // A whole number of hundredths is above the threshold when it is above its floor: an integer
    // bound, so both engines read the index as a range.
    const later =
      round === 1
        ? await prisma.judgeAssignment.findFirst({
            where: { contestId, round: { gt: 1 } },
            select: { id: true },
          })
        : null;
    const rows =
      round === 1 && !later
        ? await prisma.$queryRaw<
            { id: string; divisionId: string | null; scored: Int; spread: Int; average: number }[]
          >`
      SELECT s."id" AS "id", s."divisionId" AS "divisionId", m."scored" AS "scored",
        m."spread" / 100.0 AS "spread",
        (FLOOR(m."hundredths" * 1.0 / m."scored" + 0.5) / 100.0) AS "average"
      FROM "SubmissionScoreSummary" m
      CROSS JOIN "Submission" s
      WHERE m."contestId" = ${contestId} AND m."status" = 'submitted'
        AND m."spread" > ${Math.floor(threshold)} AND s."id" = m."submissionId"
      ORDER BY m."spread" DESC, m."createdAt" ASC, m."submissionId" ASC`
        : await prisma.$queryRaw<
            {
              id: string;
              divisionId: string | null;
              scored: Int;
              spread: number;
              average: number;
            }[]
          >`
      SELECT s."id" AS "id", s."divisionId" AS "divisionId",
        g."scored" AS "scored", g."spread" AS "spread", g."average" AS "average"
      FROM (
        SELECT a."submissionId" AS "sid", COUNT(*) AS "scored",
          (MAX(sc."total") - MIN(sc."total")) AS "spread",
          (FLOOR(SUM(ROUND(sc."total" * 100)) * 1.0 / COUNT(*) + 0.5) / 100.0) AS "average"
        FROM "JudgeAssignment" a
        JOIN "Score" sc ON sc."submissionId" = a."submissionId" AND sc."judgeId" = a."judgeId"
        WHERE a."contestId" = ${contestId} AND a."round" = ${round}
          AND sc."submittedAt" IS NOT NULL
        GROUP BY a."submissionId"
        HAVING COUNT(*) >= 2
          AND ROUND((MAX(sc."total") - MIN(sc."total")) * 100) > CAST(${threshold} AS DOUBLE PRECISION)
      ) g
      CROSS JOIN "Submission" s
      WHERE s."id" = g."sid" AND s."status" = 'submitted' AND s."contestId" = ${contestId}
      ORDER BY g."spread" DESC, s."createdAt" ASC, s."id" ASC`;
    return rows.map((r) => ({
      id: r.id,
      divisionId: r.divisionId,
      scored: fromSql.int(r.scored),
      spread: Math.round(Number(r.spread) * 100) / 100,
      average: Number(r.average),
    }));
  });
}

/** The contest's threshold and the round's rubric scale. */
async function flagRule(contestId: string, round: number) {
  const { scales, percent } = await scalesAndPercent(contestId);
  const scale = scales.get(round) ?? scales.get(1) ?? 0;
  return { exists: percent !== null, percent: percent ?? SPREAD_DEFAULT, scale };
}

/** Titles and the round's assignment counts of a page of flagged entries. */
async function flagDetails(ids: string[], round: number) {
  if (ids.length === 0) return new Map<string, { title: string; assigned: number }>();
  const rows = await prisma.$queryRaw<{ id: string; title: string; assigned: Int }[]>`
    SELECT s."id" AS "id", s."title" AS "title",
      (SELECT COUNT(*) FROM "JudgeAssignment" x
        WHERE x."submissionId" = s."id" AND x."round" = ${round}) AS "assigned"
    FROM "Submission" s WHERE s."id" IN (${Prisma.join(ids)})`;
  return new Map(rows.map((r) => [r.id, { title: r.title, assigned: fromSql.int(r.assigned) }]));
}

/** The flagged entries of a round cut to a division, some ids and a page, with their count. */
async function cutFlags(
  contestId: string,
  rule: { percent: number; scale: number },
  opts: { round: number; divisionId?: string | null; ids?: string[]; take?: number; skip?: number },
): Promise<{ rows: SpreadFlag[]; total: number }> {
  if (rule.scale <= 0 || opts.ids?.length === 0) return { rows: [], total: 0 };
  let chosen = await roundFlags(
    contestId,
    opts.round,
    thresholdHundredths(rule.scale, rule.percent),
  );
  if (opts.divisionId) chosen = chosen.filter((f) => f.divisionId === opts.divisionId);
  if (opts.ids) {
    const ids = new Set(opts.ids);
    chosen = chosen.filter((f) => ids.has(f.id));
  }
  const skip = opts.skip ?? 0;
  const take = opts.take ?? -1;
  const page = chosen.slice(skip, take < 0 ? undefined : skip + take);
  const details = await flagDetails(
    page.map((f) => f.id),
    opts.round,
  );
  return {
    rows: page.map((f) => ({
      ...f,
      round: opts.round,
      title: details.get(f.id)?.title ?? "",
      assigned: details.get(f.id)?.assigned ?? 0,
    })),
    total: chosen.length,
  };
}

/**
 * The flagged entries of one round (optionally one division or some ids), most disagreement
 * first, one page, with how many there are in all. Submitted entries only; a released
 * assignment's submitted score still counts (it still counts in the ranking). The round's flags
 * are computed once per RankingVersion (roundFlags); a call reads only its page's titles.
 */
export async function spreadFlags(
  contestId: string,
  opts: {
    round: number;
    divisionId?: string | null;
    ids?: string[];
    take?: number;
    skip?: number;
  },
): Promise<{ rows: SpreadFlag[]; total: number; scale: number; percent: number }> {
  const rule = await flagRule(contestId, opts.round);
  if (!rule.exists) return { rows: [], total: 0, scale: rule.scale, percent: rule.percent };
  const { rows, total } = await cutFlags(contestId, rule, opts);
  return { rows, total, scale: rule.scale, percent: rule.percent };
}

/** Sets the contest's threshold (1-100 %, checked by spreadPercentSchema). */
export async function setSpreadPercent(contestId: string, spreadPercent: number) {
  await prisma.contest.update({ where: { id: contestId }, data: { spreadPercent } });
}

/**
 * One entry's disagreement per round it was read in (the entry's scoring page): the same rule,
 * on its few scores. The latest round first.
 */
export async function entrySpread(submissionId: string) {
  const entry = await prisma.submission.findUnique({
    where: { id: submissionId },
    select: {
      contestId: true,
      status: true,
      contest: { select: { spreadPercent: true } },
      assignments: {
        select: { round: true, score: { select: { total: true, submittedAt: true } } },
      },
    },
  });
  if (!entry) return null;
  const scales = await roundScales(entry.contestId);
  const rounds = [...new Set(entry.assignments.map((a) => a.round))].sort((a, b) => b - a);
  const percent = entry.contest.spreadPercent;
  return {
    contestId: entry.contestId,
    counted: entry.status === "submitted",
    percent,
    /** The round "Add a judge" adds to: the latest the entry is read in. */
    round: rounds[0] ?? 1,
    rounds: rounds.map((round) => {
      const totals = entry.assignments
        .filter((a) => a.round === round && a.score?.submittedAt)
        .map((a) => a.score!.total);
      const scale = scales.get(round) ?? scales.get(1) ?? 0;
      return {
        round,
        scale,
        spread: spreadOf(totals),
        flagged: isFlagged(totals, scale, percent),
      };
    }),
  };
}

/**
 * The round's disagreements (docs/decisions/0033-judging-panel.md), aggregated in SQL: the flags of
 * the ranking page's rows, how many entries are flagged in all, and with "Only disagreements" one
 * page of them, most disagreement first.
 */
export async function disagreements(
  contestId: string,
  round: number,
  divisionId: string | null,
  rows: { id: string }[],
  only: boolean,
  page: number,
) {
  const rule = await flagRule(contestId, round);
  const none = { rows: [] as SpreadFlag[], total: 0 };
  const [cut, onPage] = rule.exists
    ? await Promise.all([
        cutFlags(contestId, rule, {
          round,
          divisionId,
          take: only ? RANKING_PAGE_SIZE : 0,
          skip: only ? (page - 1) * RANKING_PAGE_SIZE : 0,
        }),
        only ? null : cutFlags(contestId, rule, { round, divisionId, ids: rows.map((r) => r.id) }),
      ])
    : [none, null];
  const listed = { ...cut, scale: rule.scale, percent: rule.percent };
  const label = (f: { spread: number }) => spreadLabel(f.spread, listed.scale);
  return {
    only,
    percent: listed.percent,
    total: listed.total,
    flags: Object.fromEntries((onPage ?? listed).rows.map((f) => [f.id, label(f)])),
    list: only
      ? listed.rows.map((f) => ({
          id: f.id,
          title: f.title,
          divisionId: f.divisionId,
          scored: f.scored,
          assigned: f.assigned,
          average: f.average,
          label: label(f),
        }))
      : [],
  };
}
