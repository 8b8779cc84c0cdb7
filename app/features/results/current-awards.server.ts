/**
 * The awards as they stand (docs/decisions/0019-results.md): the stored ContestAward rows when an
 * admin has saved them, otherwise computed from the ranking (the frozen one once results are out,
 * else live; per division's final round for a staged contest, ADR 0032). Shared by the admin's
 * review, freezing at publication and the pages that read the results.
 */
import { ranking } from "~/features/judging/ranking.server";
import { resultsDate, resultsReleaseSelect } from "~/features/contests/results-release";
import { prisma } from "~/utils/db.server";
import { defaultAwards, defaultAwardsByDivision, type Award } from "./awards";
import { contestStage, roundRanking, type ContestStage } from "./stage.server";

/** A published contest with what its results need, by id or slug (null when not found). */
export async function contestForResults(where: { id: string } | { slug: string }) {
  const row = await prisma.contest.findFirst({
    where: { ...where, isPublished: true },
    select: {
      id: true,
      slug: true,
      title: true,
      timeZone: true,
      places: true,
      honourableMentions: true,
      ...resultsReleaseSelect,
    },
  });
  // `resultsAt` is the published date, the one every page shows and asks about (ADR 0045).
  return row ? { ...row, resultsAt: resultsDate(row) } : null;
}

/**
 * The ranked top of a contest, enough rows to cover its places, mentions and ties. A staged
 * contest (docs/decisions/0032-divisions-and-rounds.md): the final round's ranking, the top of
 * each division (ranked within it).
 */
export async function rankedTop(
  contest: { id: string; places: number; honourableMentions: number },
  stage?: ContestStage,
) {
  const take = contest.places + contest.honourableMentions + 20;
  if (stage?.staged) {
    const rows = await roundRanking(contest.id, stage, { round: stage.finalRound });
    const seen = new Map<string | null, number>();
    return rows.filter((r) => {
      const key = r.divisionId ?? null;
      const n = (seen.get(key) ?? 0) + 1;
      seen.set(key, n);
      return n <= take;
    });
  }
  const rows = await ranking(contest.id, { mode: "raw", take });
  return rows;
}

/** The default awards of ranked rows: per division for a staged contest, else contest-wide. */
export function computedAwards(
  rows: { id: string; rank: number | null; divisionId?: string | null }[],
  contest: { places: number; honourableMentions: number },
  stage?: ContestStage,
) {
  const ranked = rows.map((r) => ({
    submissionId: r.id,
    rank: r.rank,
    divisionId: r.divisionId ?? null,
  }));
  return stage?.staged ? defaultAwardsByDivision(ranked, contest) : defaultAwards(ranked, contest);
}

/** The awards as they stand: the saved list when there is one, otherwise computed. */
export async function currentAwards(contest: {
  id: string;
  places: number;
  honourableMentions: number;
}) {
  const saved = await prisma.contestAward.findMany({
    where: { contestId: contest.id },
    select: { submissionId: true, kind: true, place: true, note: true },
  });
  if (saved.length) {
    return { awards: saved as Award[], saved: true, adjusted: saved.some((a) => a.note) };
  }
  const stage = await contestStage(contest.id);
  const ranked = await rankedForAwards(contest, stage);
  return {
    awards: stage.staged
      ? defaultAwardsByDivision(ranked, contest)
      : defaultAwards(ranked, contest),
    saved: false,
    adjusted: false,
  };
}

/** The ranking awards are computed from: the frozen one once results are out, else live. */
async function rankedForAwards(
  contest: {
    id: string;
    places: number;
    honourableMentions: number;
  },
  stage: ContestStage,
) {
  const take = contest.places + contest.honourableMentions + 20;
  if (stage.staged) {
    // Frozen ranks are within each division: the top of every division.
    const frozen = await prisma.frozenResult.findMany({
      where: { contestId: contest.id, rank: { not: null, lte: take } },
      orderBy: [{ rank: "asc" }, { submissionId: "asc" }],
      select: { submissionId: true, rank: true },
    });
    if (frozen.length) {
      const divisions = new Map(
        (
          await prisma.submission.findMany({
            where: { id: { in: frozen.map((f) => f.submissionId) } },
            select: { id: true, divisionId: true },
          })
        ).map((d) => [d.id, d.divisionId]),
      );
      return frozen.map((f) => ({ ...f, divisionId: divisions.get(f.submissionId) ?? null }));
    }
    const live = await rankedTop(contest, stage);
    return live.map((r) => ({
      submissionId: r.id,
      rank: r.rank,
      divisionId: r.divisionId ?? null,
    }));
  }
  const frozen = await prisma.frozenResult.findMany({
    where: { contestId: contest.id, rank: { not: null } },
    orderBy: [{ rank: "asc" }, { submissionId: "asc" }],
    select: { submissionId: true, rank: true },
    take,
  });
  if (frozen.length) return frozen.map((f) => ({ ...f, divisionId: null }));
  const live = await rankedTop(contest);
  return live.map((r) => ({ submissionId: r.id, rank: r.rank, divisionId: null }));
}
