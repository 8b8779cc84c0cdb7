/**
 * Test oracles for the ranking: the rules of docs/decisions/0007-judging.md and
 * 0016-ranking-rounding-and-z-scores.md written as plain, obviously-correct TypeScript over score
 * rows. The site computes the ranking in SQL (app/features/judging/ranking.server.ts); tests
 * compare the two.
 */
import { averageScore, MIN_VARIANCE, roundScore } from "~/features/judging/scoring";

/** Competition ranking ("1, 1, 3"): equal values (to two decimals) share a rank. Input sorted descending. */
export function competitionRanks(values: number[]): number[] {
  const ranks: number[] = [];
  values.forEach((v, i) => {
    if (i > 0 && roundScore(v) === roundScore(values[i - 1])) ranks.push(ranks[i - 1]);
    else ranks.push(i + 1);
  });
  return ranks;
}

export type ScoreRow = { submissionId: string; judgeId: string; total: number };
export type RankedEntry = { submissionId: string; average: number; count: number; rank: number };

/** Ranking = exact average of the judges' totals, rounded half up to two decimals, descending; ties share a rank. */
export function rankByAverage(rows: ScoreRow[]): RankedEntry[] {
  const bySubmission = new Map<string, number[]>();
  for (const r of rows) {
    const list = bySubmission.get(r.submissionId) ?? [];
    list.push(r.total);
    bySubmission.set(r.submissionId, list);
  }
  return rank(
    [...bySubmission].map(([submissionId, totals]) => ({
      submissionId,
      value: averageScore(totals)!,
      count: totals.length,
    })),
  );
}

function rank(items: { submissionId: string; value: number; count: number }[]): RankedEntry[] {
  const sorted = items
    .map((i) => ({ ...i, value: roundScore(i.value) }))
    .sort((a, b) => b.value - a.value || a.submissionId.localeCompare(b.submissionId));
  const ranks = competitionRanks(sorted.map((s) => s.value));
  return sorted.map((s, i) => ({
    submissionId: s.submissionId,
    average: s.value,
    count: s.count,
    rank: ranks[i],
  }));
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/**
 * Per-judge calibration: each judge's totals are standardised with that judge's mean and
 * (population) standard deviation, z = (total − mean) / sd. Only a judge with at least two
 * scores and a spread can be standardised ("usable").
 */
export function judgeStats(rows: ScoreRow[]) {
  const byJudge = new Map<string, number[]>();
  for (const r of rows) byJudge.set(r.judgeId, [...(byJudge.get(r.judgeId) ?? []), r.total]);
  const stats = new Map<string, { mean: number; sd: number; usable: boolean }>();
  for (const [judgeId, totals] of byJudge) {
    const m = mean(totals);
    const sd = Math.sqrt(mean(totals.map((t) => (t - m) ** 2)));
    stats.set(judgeId, { mean: m, sd, usable: totals.length >= 2 && sd * sd > MIN_VARIANCE });
  }
  return stats;
}

/** The standardised total, or null when the judge cannot be standardised (left out). */
export function normalisedTotal(row: ScoreRow, stats: ReturnType<typeof judgeStats>) {
  const s = stats.get(row.judgeId);
  return s?.usable ? (row.total - s.mean) / s.sd : null;
}

export type ZRankedEntry = {
  submissionId: string;
  /** The normalised average, or null when none of the entry's scores could be standardised. */
  average: number | null;
  /** How many scores the normalised average uses. */
  used: number;
  count: number;
  rank: number | null;
  raw: number;
};

/**
 * Ranking by the average of z-normalised totals. Scores of judges who cannot be standardised are
 * left out (never mixed in raw); an entry left with none is unranked, after the ranked ones.
 */
export function rankByZScore(rows: ScoreRow[]): ZRankedEntry[] {
  const stats = judgeStats(rows);
  const bySubmission = new Map<string, { z: number[]; raw: number[] }>();
  for (const r of rows) {
    const entry = bySubmission.get(r.submissionId) ?? { z: [], raw: [] };
    const z = normalisedTotal(r, stats);
    if (z !== null) entry.z.push(z);
    entry.raw.push(r.total);
    bySubmission.set(r.submissionId, entry);
  }
  const info = new Map(
    [...bySubmission].map(([id, v]) => [
      id,
      { raw: averageScore(v.raw)!, used: v.z.length, count: v.raw.length },
    ]),
  );
  const ranked: ZRankedEntry[] = rank(
    [...bySubmission]
      .filter(([, v]) => v.z.length > 0)
      .map(([submissionId, v]) => ({ submissionId, value: mean(v.z), count: v.raw.length })),
  ).map((r) => ({ ...r, ...info.get(r.submissionId)! }));
  const unranked: ZRankedEntry[] = [...bySubmission]
    .filter(([, v]) => v.z.length === 0)
    .map(([submissionId]) => ({
      submissionId,
      average: null,
      rank: null,
      ...info.get(submissionId)!,
    }))
    .sort((a, b) => b.raw - a.raw || a.submissionId.localeCompare(b.submissionId));
  return [...ranked, ...unranked];
}
