/**
 * The figures behind the judging charts (docs/decisions/0057-charts.md), counted in SQL: each
 * judge's progress per round (assigned, scored, overdue) and the spread of each judge's totals
 * beside the panel's. Neither loads entries or scores one by one into JavaScript.
 */
import { publishedJudgingWindow } from "~/features/contests/contest-snapshot";
import { Prisma } from "~/generated/prisma/client";
import { fromSql, prisma } from "~/utils/db.server";
import { overdueFrom } from "./assignment-control";
import {
  leaning,
  summarise,
  type Leaning,
  type TotalsSpread,
} from "~/features/judging/totals-spread";

type Int = bigint | number;

export type ProgressRow = {
  judgeId: string;
  name: string;
  round: number;
  roundName: string;
  assigned: number;
  scored: number;
  /** Unscored entries of a round whose reminder moment has passed (see `overdueFrom`). */
  overdue: number;
};

/**
 * Judging progress per judge and per round: assignments to submitted entries (released ones too:
 * the judge read them), those with a submitted score, and the overdue ones. Rounds in order, then
 * judges by name. Three statements: the contest, its rounds, the counts.
 */
export async function judgingProgress(contestId: string, now = new Date()): Promise<ProgressRow[]> {
  const [contest, rounds, counts] = await Promise.all([
    prisma.contest.findUnique({
      where: { id: contestId },
      select: {
        remindLeadHours: true,
        isPublished: true,
        publishedSnapshot: true,
        judgingOpen: true,
        judgingClose: true,
      },
    }),
    prisma.judgingRound.findMany({
      where: { contestId },
      select: { number: true, name: true, judgingOpen: true, judgingClose: true },
    }),
    prisma.$queryRaw<
      {
        judgeId: string;
        name: string;
        round: Int;
        assigned: Int;
        scored: Int | null;
        unscored: Int | null;
      }[]
    >`
      SELECT a."judgeId" AS "judgeId", u."displayName" AS "name", a."round" AS "round",
        COUNT(*) AS "assigned",
        SUM(CASE WHEN sc."submittedAt" IS NOT NULL THEN 1 ELSE 0 END) AS "scored",
        SUM(CASE WHEN sc."submittedAt" IS NULL AND a."releasedAt" IS NULL THEN 1 ELSE 0 END) AS "unscored"
      FROM "JudgeAssignment" a
      JOIN "Submission" s ON s."id" = a."submissionId" AND s."status" = 'submitted'
      JOIN "User" u ON u."id" = a."judgeId"
      LEFT JOIN "Score" sc ON sc."assignmentId" = a."id"
      WHERE a."contestId" = ${contestId} AND a."submissionId" IS NOT NULL
      GROUP BY a."judgeId", u."displayName", a."round"`,
  ]);
  if (!contest) return [];
  const byRound = new Map(rounds.map((r) => [r.number, r]));
  const base = publishedJudgingWindow(contest);
  const overdueAt = (round: number) =>
    overdueFrom({
      ...(byRound.get(round) ?? base),
      remindLeadHours: contest.remindLeadHours,
    }).getTime();
  return counts
    .map((c) => {
      const round = fromSql.int(c.round);
      const unscored = fromSql.int(c.unscored);
      return {
        judgeId: c.judgeId,
        name: c.name,
        round,
        roundName: byRound.get(round)?.name ?? `Round ${round}`,
        assigned: fromSql.int(c.assigned),
        scored: fromSql.int(c.scored),
        overdue: unscored && overdueAt(round) <= now.getTime() ? unscored : 0,
      };
    })
    .sort(
      (a, b) =>
        a.round - b.round ||
        a.name.localeCompare(b.name) ||
        (a.judgeId < b.judgeId ? -1 : a.judgeId > b.judgeId ? 1 : 0),
    );
}

export type JudgeSpread = TotalsSpread & { judgeId: string; name: string; leaning: Leaning };

/**
 * The spread of each judge's submitted totals (on submitted entries) in the contest, or in one
 * round, beside the panel's (every judge's totals together). One statement: window functions rank
 * each judge's totals and the panel's, and only the totals at the quartiles' ranks come back (at
 * most eight a judge), with the count and the mean.
 */
export async function judgeTotalsSpread(
  contestId: string,
  round?: number,
): Promise<{ panel: TotalsSpread | null; judges: JudgeSpread[] }> {
  const inRound = round === undefined ? Prisma.empty : Prisma.sql`AND a."round" = ${round}`;
  // The ranks a quantile reads (totalsSpread.quantileRanks), for p = ¼, ½, ¾, with the first and
  // last: integer division floors on both engines (the ranks are positive).
  const picked = Prisma.sql`("rn" = 1 OR "rn" = "n"
    OR "rn" - 1 IN (("n" - 1) / 4, ("n" - 1) / 4 + 1, ("n" - 1) / 2, ("n" - 1) / 2 + 1,
      (3 * ("n" - 1)) / 4, (3 * ("n" - 1)) / 4 + 1))`;
  const rows = await prisma.$queryRaw<
    { kind: string; judgeId: string; name: string; rn: Int; n: Int; total: number; mean: number }[]
  >`
    WITH "b" AS (
      SELECT sc."judgeId" AS "judgeId", u."displayName" AS "name", sc."total" AS "total"
      FROM "Score" sc
      JOIN "JudgeAssignment" a ON a."id" = sc."assignmentId"
      JOIN "Submission" s ON s."id" = sc."submissionId" AND s."status" = 'submitted'
      JOIN "User" u ON u."id" = sc."judgeId"
      WHERE a."contestId" = ${contestId} AND sc."submittedAt" IS NOT NULL ${inRound}
    ), "j" AS (
      SELECT "judgeId", "name", "total",
        ROW_NUMBER() OVER (PARTITION BY "judgeId" ORDER BY "total") AS "rn",
        COUNT(*) OVER (PARTITION BY "judgeId") AS "n",
        AVG("total") OVER (PARTITION BY "judgeId") AS "mean"
      FROM "b"
    ), "p" AS (
      SELECT "total", ROW_NUMBER() OVER (ORDER BY "total") AS "rn", COUNT(*) OVER () AS "n",
        AVG("total") OVER () AS "mean"
      FROM "b"
    )
    SELECT 'judge' AS "kind", "judgeId", "name", "rn", "n", "total", "mean" FROM "j" WHERE ${picked}
    UNION ALL
    SELECT 'panel' AS "kind", '' AS "judgeId", '' AS "name", "rn", "n", "total", "mean" FROM "p"
    WHERE ${picked}`;
  const groups = new Map<
    string,
    { name: string; n: number; mean: number; byRank: Map<number, number> }
  >();
  for (const r of rows) {
    const key = r.kind === "panel" ? "" : r.judgeId;
    const g = groups.get(key) ?? {
      name: r.name,
      n: fromSql.int(r.n),
      mean: Number(r.mean),
      byRank: new Map<number, number>(),
    };
    g.byRank.set(fromSql.int(r.rn), Number(r.total));
    groups.set(key, g);
  }
  const p = groups.get("");
  const panel = p ? summarise(p.byRank, p.n, p.mean) : null;
  const judges = [...groups.entries()]
    .filter(([key]) => key !== "")
    .map(([judgeId, g]) => {
      const s = summarise(g.byRank, g.n, g.mean);
      return { judgeId, name: g.name, ...s, leaning: panel ? leaning(s, panel) : "in line" };
    })
    .sort((a, b) => a.name.localeCompare(b.name) || (a.judgeId < b.judgeId ? -1 : 1));
  return { panel, judges };
}
