import { z } from "zod";
import type { Criterion } from "~/features/contests/rubric";

/**
 * Scoring rules (docs/decisions/0007-judging.md and 0015-score-drafts-and-history.md): score inputs, the weighted total, the one rounding rule, and
 * the judge form's schemas. The SQL in ranking.server.ts computes the ranking with the same
 * rounding; tests/oracles/ranking.ts is the reference it is tested against.
 */
export { csvSafe } from "~/utils/csv-export";

export const SCORE_STEP = 0.5;
export const COMMENT_MAX = 2000;
export const AUTOSAVE_DELAY_MS = 2000;

/**
 * The one rounding rule for scores shown anywhere (totals, averages, ranking, CSV, dashboard):
 * round half up to two decimals. Binary floating point stores 7.225 as 7.22499999…, so the
 * value in hundredths is nudged by a billionth before flooring: 7.225 → 7.23, 8.005 → 8.01.
 * ranking.server.ts writes the same expression in SQL (docs/decisions/0016-ranking-rounding-and-z-scores.md).
 */
export const ROUND_NUDGE = 1e-9;
export function roundScore(value: number) {
  return Math.floor(value * 100 + 0.5 + ROUND_NUDGE) / 100;
}

/** A judge's totals are standardised only with a spread: variance above this (z-scores). */
export const MIN_VARIANCE = 1e-9;

/**
 * The exact average of two-decimal totals, rounded by the rule above: summed in whole hundredths
 * (no drift from adding floats), divided once.
 */
export function averageScore(totals: number[]): number | null {
  if (totals.length === 0) return null;
  const hundredths = totals.reduce((sum, t) => sum + Math.round(t * 100), 0);
  return Math.floor(hundredths / totals.length + 0.5 + ROUND_NUDGE) / 100;
}

/**
 * The scores that decided an entry in a contest of several rounds (docs/decisions/0032): those of
 * the last round it was read in. A contest of one round has them all.
 */
export function decidingRound<T extends { round: number }>(scores: readonly T[]): T[] {
  const last = Math.max(...scores.map((s) => s.round));
  return scores.filter((s) => s.round === last);
}

/** How an entrant reads a judge's scores: "Judge 2", or "Round 1 · Judge 2" across rounds. */
export function judgeLabels(scores: readonly { round: number }[]): string[] {
  const several = new Set(scores.map((s) => s.round)).size > 1;
  const seen = new Map<number, number>();
  return scores.map((s) => {
    const n = (seen.get(s.round) ?? 0) + 1;
    seen.set(s.round, n);
    return several ? `Round ${s.round} · Judge ${n}` : `Judge ${n}`;
  });
}

/** Total = Σ score × weight, rounded by the rule above. Missing scores count as 0. */
export function weightedTotal(
  criteria: Pick<Criterion, "key" | "weight">[],
  scores: Record<string, number | undefined>,
) {
  return roundScore(
    criteria.reduce((sum, c) => {
      const v = Number(scores[c.key]);
      return sum + (Number.isFinite(v) ? v : 0) * c.weight;
    }, 0),
  );
}

/**
 * A score input: blank is "no value" (null); other non-numeric text becomes 0.
 * A final score needs a value for every criterion; a draft may leave some blank.
 */
export function parseScoreValue(raw: unknown): number | null {
  if (typeof raw === "number") return Number.isFinite(raw) ? raw : 0;
  if (raw === undefined || raw === null) return null;
  if (typeof raw !== "string") return 0;
  const trimmed = raw.trim();
  if (trimmed === "") return null;
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

export const SCORE_REQUIRED = "Enter a score";

/**
 * The first problem with a whole set of scores against a rubric's criteria, or null: each value
 * 0..max in steps of 0.5 (never "11 / 10"), every criterion scored when `complete`, and no key the
 * rubric does not have. The score write checks it against the rubric as stored (ADR 0045).
 */
export function scoresProblem(
  criteria: Pick<Criterion, "key" | "label" | "maxPoints">[],
  scores: Record<string, unknown>,
  { complete }: { complete: boolean },
): string | null {
  const keys = new Set(criteria.map((c) => c.key));
  for (const key of Object.keys(scores))
    if (!keys.has(key)) return "A score was given for a criterion this rubric does not have.";
  for (const c of criteria) {
    const value = scores[c.key];
    if (value === undefined || value === null) {
      if (complete) return `${c.label}: ${SCORE_REQUIRED}`;
      continue;
    }
    if (typeof value !== "number" || !Number.isFinite(value))
      return `${c.label}: ${SCORE_REQUIRED}`;
    const problem = scoreProblem(value, c.maxPoints);
    if (problem) return `${c.label}: ${problem}`;
  }
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

/** Final intents: "submit" returns to the queue, "submit-next" opens the next pending entry. */
export const FINAL_INTENTS = ["submit", "submit-next"] as const;
export type ScoreIntent = "autosave" | "discard" | (typeof FINAL_INTENTS)[number];

function scoreField(c: Criterion, final: boolean) {
  return z.preprocess(
    parseScoreValue,
    z
      .number()
      .nullable()
      .superRefine((value, ctx) => {
        if (value === null) {
          if (final) ctx.addIssue({ code: "custom", message: SCORE_REQUIRED });
          return;
        }
        const problem = scoreProblem(value, c.maxPoints);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      }),
  );
}

function scoreShape(criteria: Criterion[], final: boolean) {
  const shape = Object.fromEntries(criteria.map((c) => [c.key, scoreField(c, final)]));
  const comment = z
    .string()
    .trim()
    .max(COMMENT_MAX, `Comments must be at most ${COMMENT_MAX} characters`)
    .optional()
    .transform((v) => v || "");
  return {
    scores: z.preprocess((v) => v ?? {}, z.object(shape)),
    comment:
      final && criteriaNeedingComment(criteria).length > 0
        ? comment.refine((v) => v !== "", commentRequiredMessage(criteria))
        : comment,
  };
}

/**
 * The review page's schema for one rubric: `scores.<key>` per criterion and a comment, by intent.
 * "autosave" keeps a draft, which may be partial; "submit" / "submit-next" need a value for every
 * criterion (blank is not 0) and the comment when a criterion requires one; "discard" drops the
 * draft.
 */
export function scoreFormSchema(criteria: Criterion[]) {
  return z.discriminatedUnion("intent", [
    z.object({ intent: z.literal("autosave"), ...scoreShape(criteria, false) }),
    z.object({ intent: z.enum(FINAL_INTENTS), ...scoreShape(criteria, true) }),
    z.object({ intent: z.literal("discard") }),
  ]);
}

/** The numbers of a parsed form, without blanks. */
export function enteredScores(scores: Record<string, number | null | undefined>) {
  return Object.fromEntries(
    Object.entries(scores).filter((e): e is [string, number] => typeof e[1] === "number"),
  );
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

/** Two decimals for display, by the one rounding rule: 7.225 → "7.23". */
export function formatScore(value: number | null | undefined) {
  return value === null || value === undefined ? "—" : roundScore(value).toFixed(2);
}
