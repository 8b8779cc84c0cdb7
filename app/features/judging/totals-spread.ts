/**
 * The spread of a judge's totals (docs/decisions/0057-charts.md), pure: the five-number summary
 * and mean from the few ranked totals SQL picks (`judgeTotalsSpread` reads, per judge, only the
 * totals at the quartiles' ranks), and whether a judge scores lower or higher than the panel.
 */

/** A judge's (or the panel's) totals summarised. */
export type TotalsSpread = {
  count: number;
  min: number;
  q1: number;
  median: number;
  q3: number;
  max: number;
  mean: number;
};

/**
 * The ranks (1-based, totals in ascending order) a quantile at `p` of `n` totals reads: the
 * linear interpolation between the totals at ⌊(n−1)p⌋+1 and the next (R's and NumPy's default),
 * or that one total when (n−1)p is whole. The SQL picks these ranks with integer division.
 */
export function quantileRanks(n: number, p: number): [number, number] {
  const h = (n - 1) * p;
  const lo = Math.floor(h);
  return [lo + 1, h > lo ? lo + 2 : lo + 1];
}

/** The quantile at `p` from the totals picked by rank (every rank `quantileRanks` names). */
export function quantile(byRank: ReadonlyMap<number, number>, n: number, p: number): number {
  const h = (n - 1) * p;
  const [a, b] = quantileRanks(n, p);
  const x = byRank.get(a);
  const y = byRank.get(b) ?? x;
  if (x === undefined || y === undefined) throw new Error(`rank ${a} of ${n} was not picked`);
  return x + (h - Math.floor(h)) * (y - x);
}

/** The summary of `n` totals from the picked ranks and their mean. */
export function summarise(
  byRank: ReadonlyMap<number, number>,
  n: number,
  mean: number,
): TotalsSpread {
  return {
    count: n,
    min: quantile(byRank, n, 0),
    q1: quantile(byRank, n, 0.25),
    median: quantile(byRank, n, 0.5),
    q3: quantile(byRank, n, 0.75),
    max: quantile(byRank, n, 1),
    mean,
  };
}

export type Leaning = "lower" | "higher" | "in line";

/**
 * A judge compared with the panel: "lower" when the judge's median is below the panel's lower
 * quartile, "higher" when above its upper quartile, otherwise "in line".
 */
export function leaning(judge: TotalsSpread, panel: TotalsSpread): Leaning {
  if (judge.median < panel.q1) return "lower";
  if (judge.median > panel.q3) return "higher";
  return "in line";
}

/** The words for a leaning, said beside the judge on the chart and in its table. */
export function leaningLabel(l: Leaning): string {
  return l === "lower"
    ? "Scores lower than the panel"
    : l === "higher"
      ? "Scores higher than the panel"
      : "In line with the panel";
}
