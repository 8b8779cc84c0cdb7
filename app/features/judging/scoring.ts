import { z } from "zod";
import { round2, weightedTotal, type Criterion } from "~/features/contests/rubric";

/**
 * Scoring rules (docs/decisions/0007-judging.md): score inputs, the weighted total,
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

/** A score input: non-numeric (or empty) becomes 0. */
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
