/**
 * A comparison round's ranking and who goes on (docs/decisions/0055-comparative-judgement-model.md),
 * by the same rules as a rubric round's (ADR 0032): the top N, or the top X % rounded up, of the
 * ranked entries; ties at the cut all go on. Entries never compared have no measure to speak of:
 * they are ranked after every compared entry (sharing the last rank) and never go on by the rule.
 */
import type { Scale } from "./model";

export type RankedByMeasure = {
  id: string;
  rank: number;
  measure: number;
  se: number;
  advances: boolean;
};

/** Measures closer than this are a tie (they differ by rounding only). */
const TIE = 1e-9;

export function rankByMeasure(
  scale: Scale,
  opts: { topN?: number; topPercent?: number },
): RankedByMeasure[] {
  const compared = scale.measures
    .filter((m) => m.comparisons > 0)
    .sort((x, y) => y.measure - x.measure || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
  const rest = scale.measures
    .filter((m) => !(m.comparisons > 0))
    .sort((x, y) => (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));

  const out: RankedByMeasure[] = [];
  compared.forEach((m, i) => {
    const previous = out[i - 1];
    const tied = previous !== undefined && Math.abs(previous.measure - m.measure) <= TIE;
    out.push({
      id: m.id,
      rank: tied ? previous.rank : i + 1,
      measure: m.measure,
      se: m.se,
      advances: false,
    });
  });

  // The cut: the smaller of the two when both are given.
  const cuts: number[] = [];
  if (opts.topN !== undefined && Number.isFinite(opts.topN))
    cuts.push(Math.max(0, Math.floor(opts.topN)));
  if (opts.topPercent !== undefined && Number.isFinite(opts.topPercent))
    cuts.push(
      Math.ceil((Math.min(100, Math.max(0, opts.topPercent)) / 100) * compared.length - 1e-9),
    );
  const size = cuts.length ? Math.min(...cuts) : 0;
  if (size > 0 && out.length > 0) {
    const cutRank = out[Math.min(size, out.length) - 1].rank;
    for (const r of out) r.advances = r.rank <= cutRank;
  }

  const lastRank = compared.length + 1;
  for (const m of rest)
    out.push({ id: m.id, rank: lastRank, measure: m.measure, se: m.se, advances: false });
  return out;
}
