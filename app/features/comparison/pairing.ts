// TEMPORARY pairing (replaced by cjmodel's at merge): the least compared entry with the closest
// measure that this judge has not judged with it and nobody holds.
export type Candidate = { id: string; measure: number; se: number; comparisons: number };

export function pairKey(a: string, b: string): string {
  return a < b ? `${a}:${b}` : `${b}:${a}`;
}

export function choosePair(input: {
  candidates: readonly Candidate[];
  target: number;
  judgedByThisJudge: ReadonlySet<string>;
  reserved: ReadonlySet<string>;
  judgeSeenCounts?: ReadonlyMap<string, number>;
  random?: () => number;
}): { a: string; b: string } | null {
  const open = (x: Candidate, y: Candidate) =>
    x.id !== y.id &&
    !input.judgedByThisJudge.has(pairKey(x.id, y.id)) &&
    !input.reserved.has(pairKey(x.id, y.id));
  const order = [...input.candidates].sort(
    (x, y) => x.comparisons - y.comparisons || x.id.localeCompare(y.id),
  );
  for (const first of order) {
    if (first.comparisons >= input.target) break;
    let best: Candidate | null = null;
    for (const other of order) {
      if (!open(first, other)) continue;
      if (!best || Math.abs(other.measure - first.measure) < Math.abs(best.measure - first.measure))
        best = other;
    }
    if (best) return { a: first.id, b: best.id };
  }
  return null;
}
