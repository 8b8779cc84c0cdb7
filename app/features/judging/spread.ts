import { z } from "zod";
import type { Criterion } from "~/features/contests/rubric";
import { roundScore } from "./scoring";

/**
 * Disagreement between judges (docs/decisions/0033-judging-panel.md): an entry is flagged when at
 * least two judges submitted a score in a round and the highest total minus the lowest is more
 * than the contest's share (`Contest.spreadPercent`, default 33) of the round's rubric's scale,
 * the most a total can be (Σ maxPoints × weight, as scoring.ts's weightedTotal adds). Totals have
 * two decimals, so the comparison is in whole hundredths: no floating-point edge flags an entry.
 * judging/spread.server.ts asks the same question in SQL for a whole contest at once.
 */
export const SPREAD_DEFAULT = 33;

/** The highest total the rubric allows: every criterion at its maximum. */
export function rubricScale(criteria: Pick<Criterion, "maxPoints" | "weight">[]) {
  return roundScore(criteria.reduce((sum, c) => sum + c.maxPoints * c.weight, 0));
}

/** The threshold in hundredths of a point: a spread above it is flagged. */
export function thresholdHundredths(scale: number, percent: number) {
  return scale * percent;
}

/** The spread of some submitted totals (highest minus lowest), or null with fewer than two. */
export function spreadOf(totals: readonly number[]): number | null {
  if (totals.length < 2) return null;
  return roundScore(Math.max(...totals) - Math.min(...totals));
}

/** Whether these submitted totals disagree by more than `percent` % of `scale`. */
export function isFlagged(totals: readonly number[], scale: number, percent: number) {
  const spread = spreadOf(totals);
  if (spread === null || scale <= 0) return false;
  return Math.round(spread * 100) > thresholdHundredths(scale, percent);
}

/** What the admin reads beside a flagged entry: "Judges disagree (spread 14 of 40)". */
export function spreadLabel(spread: number, scale: number) {
  return `Judges disagree (spread ${String(roundScore(spread))} of ${String(roundScore(scale))})`;
}

/** The scoring page's form for the contest's threshold. */
export const spreadPercentSchema = z.object({
  intent: z.literal("spread"),
  spreadPercent: z.coerce
    .number({ required_error: "Enter a percent", invalid_type_error: "Enter a whole number" })
    .int("Enter a whole number")
    .min(1, "Enter a number from 1 to 100")
    .max(100, "Enter a number from 1 to 100"),
});
