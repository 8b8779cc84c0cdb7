/**
 * Test oracles for the ranking: the rules of docs/decisions/0007-judging.md written as plain,
 * obviously-correct TypeScript over score rows. The site computes the ranking in SQL
 * (app/features/judging/ranking.server.ts); tests compare the two.
 */
import { round2 } from "~/features/contests/rubric";

/** Competition ranking ("1, 1, 3"): equal values (to two decimals) share a rank. Input sorted descending. */
export function competitionRanks(values: number[]): number[] {
  const ranks: number[] = [];
  values.forEach((v, i) => {
    if (i > 0 && round2(v) === round2(values[i - 1])) ranks.push(ranks[i - 1]);
    else ranks.push(i + 1);
  });
  return ranks;
}

export type ScoreRow = { submissionId: string; judgeId: string; total: number };
export type RankedEntry = { submissionId: string; average: number; count: number; rank: number };

/** Ranking = average of the judges' totals, two decimals, descending; ties share a rank. */
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
      value: mean(totals),
      count: totals.length,
    })),
  );
}

function rank(items: { submissionId: string; value: number; count: number }[]): RankedEntry[] {
  const sorted = items
    .map((i) => ({ ...i, value: round2(i.value) }))
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
 * (population) standard deviation, z = (total − mean) / sd. A judge with fewer than two scores
 * or no spread cannot be standardised; their raw totals are used instead.
 */
export function judgeStats(rows: ScoreRow[]) {
  const byJudge = new Map<string, number[]>();
  for (const r of rows) byJudge.set(r.judgeId, [...(byJudge.get(r.judgeId) ?? []), r.total]);
  const stats = new Map<string, { mean: number; sd: number; usable: boolean }>();
  for (const [judgeId, totals] of byJudge) {
    const m = mean(totals);
    const sd = Math.sqrt(mean(totals.map((t) => (t - m) ** 2)));
    stats.set(judgeId, { mean: m, sd, usable: totals.length >= 2 && sd * sd > 1e-9 });
  }
  return stats;
}

export function normalisedTotal(row: ScoreRow, stats: ReturnType<typeof judgeStats>) {
  const s = stats.get(row.judgeId);
  return s?.usable ? (row.total - s.mean) / s.sd : row.total;
}

/** Ranking by the average of z-normalised totals (raw fallback per judge, as above). */
export function rankByZScore(rows: ScoreRow[]): (RankedEntry & { raw: number })[] {
  const stats = judgeStats(rows);
  const bySubmission = new Map<string, { z: number[]; raw: number[] }>();
  for (const r of rows) {
    const entry = bySubmission.get(r.submissionId) ?? { z: [], raw: [] };
    entry.z.push(normalisedTotal(r, stats));
    entry.raw.push(r.total);
    bySubmission.set(r.submissionId, entry);
  }
  const raw = new Map([...bySubmission].map(([id, v]) => [id, round2(mean(v.raw))]));
  return rank(
    [...bySubmission].map(([submissionId, v]) => ({
      submissionId,
      value: mean(v.z),
      count: v.z.length,
    })),
  ).map((r) => ({
    ...r,
    raw: raw.get(r.submissionId)!,
  }));
}
