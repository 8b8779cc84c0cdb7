/**
 * A division's raw ranking of round 1 read from the score summaries, as the whole contest's raw
 * ranking is (docs/decisions/0068-division-ranking.md).
 */
import { prisma } from "~/utils/db.server";
import { ranking, rankingCounts, type RankingRow } from "./ranking.server";

/**
 * One page of a division's raw ranking of round 1 (undefined: a staged contest without divisions,
 * whose round 1 is one list), with its counts, read as the whole contest's raw ranking is: a
 * range of the score summaries' division index (each entry's division kept there by triggers), one page at a time,
 * never the round's computation. The summaries are the round's while the contest has no
 * assignment in a later round: every submitted score and every assignment of its entries is
 * then a round-1 one, so each entry's average, score count and assignment count are the round's,
 * and the order (average, then entry order) and the competition ranks within the division are
 * those `stageRanking` gives. Null otherwise: the caller computes the round.
 */
export async function divisionRawPage(
  contestId: string,
  divisionId: string | undefined,
  opts: { take: number; skip: number },
): Promise<{ rows: RankingRow[]; counts: { entries: number; scored: number } } | null> {
  // One probe of the contest's (contestId, round, …) index: any assignment past round 1.
  const later = await prisma.judgeAssignment.findFirst({
    where: { contestId, round: { gt: 1 } },
    select: { id: true },
  });
  if (later) return null;
  const [rows, counts] = await Promise.all([
    ranking(contestId, { mode: "raw", take: opts.take, skip: opts.skip, divisionId }),
    rankingCounts(contestId, "raw", divisionId),
  ]);
  return { rows, counts };
}
