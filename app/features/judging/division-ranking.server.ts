/**
 * A division's ranking of round 1 read as the whole contest's ranking is: raw from the score
 * summaries a page at a time (docs/decisions/0068-division-ranking.md), z cut from the contest's
 * per-version z ranking (docs/decisions/0074-division-z-ranking.md).
 */
import { prisma } from "~/utils/db.server";
import { ranking, rankingCounts, type RankingMode, type RankingRow } from "./ranking.server";

/**
 * Whether the contest's summaries and its z ranking are round 1's: no assignment in a later
 * round (one probe of the contest's (contestId, round, …) index). Every submitted score and every
 * assignment of its entries is then a round-1 one, so each entry's average, score count and
 * assignment count are the round's, and each judge's mean and spread (z) rest on the round's
 * scores of every division, as `stageRankingRows` computes them.
 */
export async function roundOneIsTheContest(contestId: string): Promise<boolean> {
  const later = await prisma.judgeAssignment.findFirst({
    where: { contestId, round: { gt: 1 } },
    select: { id: true },
  });
  return later === null;
}

/**
 * One page of a division's ranking of round 1 (undefined: a staged contest without divisions,
 * whose round 1 is one list), with its counts, never the round's computation. Raw: a range of
 * the score summaries' division index (each entry's division kept there by triggers), one page
 * at a time. z: the contest's z ranking (computed once per RankingVersion, shared with the whole
 * contest's page) cut to the division. The order (average, then raw, then entry order) and the
 * competition ranks within the division are those `stageRanking` gives. Null when the contest has
 * an assignment in a later round: the caller computes the round.
 */
export async function divisionPage(
  contestId: string,
  divisionId: string | undefined,
  mode: RankingMode,
  opts: { take: number; skip: number },
): Promise<{ rows: RankingRow[]; counts: { entries: number; scored: number } } | null> {
  if (!(await roundOneIsTheContest(contestId))) return null;
  const [rows, counts] = await Promise.all([
    ranking(contestId, { mode, take: opts.take, skip: opts.skip, divisionId }),
    rankingCounts(contestId, mode, divisionId),
  ]);
  return { rows, counts };
}
