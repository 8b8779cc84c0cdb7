/**
 * Test oracles for the ranking: the rules of docs/decisions/0007-judging.md and
 * 0016-ranking-rounding-and-z-scores.md written as plain, obviously-correct TypeScript over score
 * rows. The site computes the ranking in SQL (app/features/judging/ranking.server.ts); tests
 * compare the two. Nothing here is imported from the site: the rounding is written out again,
 * another way, so a mistake in production's rounding cannot also be the oracle's.
 */

/**
 * Round half up (towards +∞) to two decimals, on the value as written in decimal: the value in
 * hundredths is first read to 12 significant digits, which drops the binary noise (7.225 is stored
 * as 7.22499999…, ×100 gives 722.4999999999999, read as 722.5), then Math.round takes halves up:
 * 7.225 → 7.23, 8.005 → 8.01, −7.225 → −7.22 (docs/decisions/0016-ranking-rounding-and-z-scores.md).
 */
export function roundHalfUp(value: number): number {
  return halfUpHundredths(value * 100);
}

/** A value in hundredths, rounded half up to a whole hundredth, in units (−0 reads as 0). */
function halfUpHundredths(hundredths: number) {
  return Math.round(Number(hundredths.toPrecision(12))) / 100 + 0;
}

/**
 * The average of judges' totals, which are two-decimal values: added up as whole hundredths
 * (exact integers), divided once, then rounded half up (ADR 0016).
 */
export function averageOfTotals(totals: number[]): number {
  const hundredths = totals.reduce((sum, t) => sum + Math.round(t * 100), 0);
  return halfUpHundredths(hundredths / totals.length);
}

/** A judge is standardised only with a spread: variance above this (ADR 0016). */
const MIN_VARIANCE = 1e-9;

/** Competition ranking ("1, 1, 3"): equal values (to two decimals) share a rank. Input sorted descending. */
export function competitionRanks(values: number[]): number[] {
  const ranks: number[] = [];
  values.forEach((v, i) => {
    if (i > 0 && roundHalfUp(v) === roundHalfUp(values[i - 1])) ranks.push(ranks[i - 1]);
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
      value: averageOfTotals(totals),
      count: totals.length,
    })),
  );
}

function rank(items: { submissionId: string; value: number; count: number }[]): RankedEntry[] {
  const sorted = items
    .map((i) => ({ ...i, value: roundHalfUp(i.value) }))
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
      { raw: averageOfTotals(v.raw), used: v.z.length, count: v.raw.length },
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
