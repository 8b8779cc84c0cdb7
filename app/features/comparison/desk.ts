/**
 * The comparison desk's pure rules (docs/decisions/0056-comparison-rounds.md): how long a pair is
 * held for a judge, the form a choice is posted with, and what a number of comparisons per entry
 * means for each judge's load.
 */
import { z } from "zod";
import { RECUSAL_REASONS, type RecusalReason } from "~/features/panel/panel-rules";

/** A pair handed out and not decided within this time goes back to the pool. */
export const RESERVATION_MINUTES = 30;
export const RESERVATION_MS = RESERVATION_MINUTES * 60_000;

/**
 * The measures the desk pairs by are refitted once this share of the round's choices (at least
 * one choice) is new since the last fit (docs/decisions/0056-comparison-rounds.md, "Speed of the
 * desk"): a fit of 5,000 entries costs far more than choosing a pair, and one choice among
 * thousands moves the measures less than the pairing rule's window of neighbours.
 */
export const REFIT_SHARE = 0.05;

/** Whether the pairing measures fitted at `fitted` decided choices are due a refit at `decided`. */
export function refitDue(fitted: number, decided: number) {
  return Math.abs(decided - fitted) >= Math.max(1, Math.ceil(fitted * REFIT_SHARE));
}

export const ROUND_METHODS = ["rubric", "comparison"] as const;
export type RoundMethod = (typeof ROUND_METHODS)[number];
export const ROUND_METHOD_LABEL: Record<RoundMethod, string> = {
  rubric: "Rubric: judges score each entry",
  comparison: "Comparison: judges choose the better of two entries",
};
export const asMethod = (value: string | null | undefined): RoundMethod =>
  value === "comparison" ? "comparison" : "rubric";

export const COMPARISON_QUESTION = "Which is the better piece of writing?";
export const NOTE_MAX = 2000;

const note = z.preprocess(
  (v) => (typeof v === "string" ? v.trim() || undefined : v),
  z.string().max(NOTE_MAX, `A note can be at most ${NOTE_MAX} characters.`).optional(),
);

/** The desk's form: which of the two pieces is better, and an optional note for each. */
export const choiceSchema = z.object({
  intent: z.literal("choose"),
  comparisonId: z.string().min(1),
  winner: z.enum(["A", "B"], {
    errorMap: () => ({ message: "Choose the better piece of writing." }),
  }),
  noteA: note,
  noteB: note,
});

/**
 * Each judge's load for a comparison round: every comparison reads two entries, so entries ×
 * comparisons per entry / 2 comparisons are shared by the judges (rounded up).
 */
export function comparisonLoad(entries: number, perEntry: number, judges: number) {
  const comparisons = Math.ceil((entries * perEntry) / 2);
  return { comparisons, perJudge: judges > 0 ? Math.ceil(comparisons / judges) : null };
}

const REASONS = Object.keys(RECUSAL_REASONS) as [RecusalReason, ...RecusalReason[]];

/** Stepping back from one piece of the pair held (the review page's reasons, ADR 0033). */
export const stepBackSchema = z.object({
  intent: z.literal("step-back"),
  comparisonId: z.string().min(1),
  piece: z.enum(["A", "B"], {
    errorMap: () => ({ message: "Choose the piece you are stepping back from." }),
  }),
  reason: z.enum(REASONS, {
    errorMap: () => ({ message: "Choose why you are stepping back." }),
  }),
});
