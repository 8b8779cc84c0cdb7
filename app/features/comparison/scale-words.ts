/**
 * The words the admin reads beside a comparison round's ranking
 * (docs/decisions/0056-comparison-rounds.md): the scale separation reliability explained plainly,
 * and each judge's fit said in words (never by colour alone). Pure.
 */
import { MIN_CHOICES_FOR_FIT } from "./model";

/** A reliability as the admin reads it: the figure (two decimals) and what it means. */
export function reliabilityWords(reliability: number, comparisons: number): string {
  if (comparisons === 0) return "No comparisons yet: the round has no scale.";
  const figure = reliability.toFixed(2);
  if (reliability >= 0.9) return `${figure}: judges' choices agree well; the order is dependable.`;
  if (reliability >= 0.8)
    return `${figure}: judges' choices mostly agree; the order is dependable near the top and bottom.`;
  if (reliability >= 0.7)
    return `${figure}: judges' choices agree in part; more comparisons would settle the order.`;
  return `${figure}: the order is not settled yet; more comparisons are needed.`;
}

/** A judge's fit in words: a misfit is said, a judge with too few choices is not judged. */
export function judgeFitWords(judge: { misfit: boolean; count: number }): string {
  if (judge.misfit) return "Disagrees with the panel's scale";
  if (judge.count < MIN_CHOICES_FOR_FIT)
    return `Too few choices to judge (fewer than ${MIN_CHOICES_FOR_FIT})`;
  return "Agrees with the panel's scale";
}

/** A measure in logits with its sign, two decimals. */
export function formatMeasure(value: number | null | undefined): string {
  if (value === null || value === undefined) return "—";
  const fixed = (Math.round(value * 100) / 100).toFixed(2);
  return fixed === "-0.00" ? "0.00" : fixed;
}
