import { z } from "zod";
import { round2, weightedTotal, type Criterion } from "~/features/contests/rubric";

/**
 * Scoring rules (spec §5 and §9, decisions.md points 1 and 9): score inputs, the weighted total,
 * the ranking with shared ranks, and z-score normalisation per judge. The SQL in
 * judging.server.ts computes the same ranking for the admin screen; these functions are the
 * reference it is tested against.
 */
export { weightedTotal, round2 };
export { csvSafe } from "~/utils/csv-export";

export const SCORE_STEP = 0.5;
export const COMMENT_MAX = 2000;
export const AUTOSAVE_DELAY_MS = 2000;
/** Rows per page on the judging lists (judges, assignments, queue, ranking). */
export const PAGE_SIZE = 50;

/** A score input: non-numeric (or empty) becomes 0 (spec §5). */
export function parseScoreValue(raw: unknown): number {
  if (typeof raw === "number") return Number.isFinite(raw) ? raw : 0;
  if (typeof raw !== "string") return 0;
  const trimmed = raw.trim();
  if (trimmed === "") return 0;
  const n = Number(trimmed);
  return Number.isFinite(n) ? n : 0;
}

/** The problem with a score value for a criterion, or null: 0..max in steps of 0.5. */
export function scoreProblem(value: number, maxPoints: number): string | null {
  if (value < 0 || value > maxPoints) return `Score must be between 0 and ${maxPoints}`;
  if (Math.abs(value / SCORE_STEP - Math.round(value / SCORE_STEP)) > 1e-9)
    return "Score must be a multiple of 0.5";
  return null;
}

/** Criteria that need a comment before a final score can be submitted. */
export function criteriaNeedingComment(criteria: Pick<Criterion, "label" | "requireComment">[]) {
  return criteria.filter((c) => c.requireComment);
}

export function commentRequiredMessage(criteria: Pick<Criterion, "label" | "requireComment">[]) {
  const labels = criteriaNeedingComment(criteria).map((c) => c.label);
  return `A comment is required for this rubric (${labels.join(", ")})`;
}

export type ScoreIntent = "autosave" | "submit";

/**
 * The judge form's schema for one rubric: `scores.<key>` per criterion, a comment, and the intent.
 * A final submission ("submit") needs a comment when a criterion says so; an autosaved draft does
 * not, unless `final` (the score was submitted before and stays final).
 */
export function scoreFormSchema(criteria: Criterion[], opts: { alreadySubmitted?: boolean } = {}) {
  const scoreShape = Object.fromEntries(
    criteria.map((c) => [
      c.key,
      z.preprocess(parseScoreValue, z.number()).superRefine((value, ctx) => {
        const problem = scoreProblem(value, c.maxPoints);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      }),
    ]),
  );
  return z
    .object({
      intent: z.enum(["autosave", "submit"]),
      scores: z.preprocess((v) => v ?? {}, z.object(scoreShape)),
      comment: z
        .string()
        .trim()
        .max(COMMENT_MAX, `Comments must be at most ${COMMENT_MAX} characters`)
        .optional()
        .transform((v) => v || ""),
    })
    .superRefine((value, ctx) => {
      const final = value.intent === "submit" || opts.alreadySubmitted;
      if (final && criteriaNeedingComment(criteria).length > 0 && !value.comment) {
        ctx.addIssue({
          code: "custom",
          path: ["comment"],
          message: commentRequiredMessage(criteria),
        });
      }
    });
}

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

/** A stored score's criterion values (JSON), numbers only; {} when unreadable. */
export function parseScores(json: string): Record<string, number> {
  try {
    const value = JSON.parse(json) as unknown;
    if (!value || typeof value !== "object") return {};
    return Object.fromEntries(
      Object.entries(value).filter(([, v]) => typeof v === "number"),
    ) as Record<string, number>;
  } catch {
    return {};
  }
}

/** Two decimals for display: 7.5 → "7.50". */
export function formatScore(value: number | null | undefined) {
  return value === null || value === undefined ? "—" : round2(value).toFixed(2);
}
