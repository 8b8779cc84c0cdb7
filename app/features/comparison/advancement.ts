// TEMPORARY ranking (replaced by cjmodel's at merge): rank by measure, ties share a rank.
import type { Scale } from "./model";

export function rankByMeasure(
  scale: Scale,
  opts: { topN?: number; topPercent?: number },
): { id: string; rank: number; measure: number; se: number; advances: boolean }[] {
  const sorted = [...scale.measures].sort(
    (a, b) => b.measure - a.measure || a.id.localeCompare(b.id),
  );
  const cut =
    opts.topN !== undefined
      ? opts.topN
      : opts.topPercent !== undefined
        ? Math.ceil((sorted.length * opts.topPercent) / 100)
        : 0;
  let rank = 0;
  return sorted.map((m, i) => {
    if (i === 0 || m.measure !== sorted[i - 1]!.measure) rank = i + 1;
    return { id: m.id, rank, measure: m.measure, se: m.se, advances: rank <= cut };
  });
}
