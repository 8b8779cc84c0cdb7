/**
 * Choosing the next pair for one judge in a comparison round
 * (docs/decisions/0055-comparative-judgement-model.md). Pure; the caller passes the entries
 * this judge may see (conflicts, recusals and their own entries already removed), the pairs this
 * judge has judged and the pairs handed to other judges right now.
 *
 * - The first entry: one still below the target number of comparisons, fewest comparisons
 *   first, then the one this judge has seen least (a judge spread across the scale), then the
 *   highest standard error, then at random.
 * - Its partner: while the first entry has fewer than SWISS_COMPARISONS comparisons its measure
 *   says little, so a partner at random (preferring entries below the target); after that the
 *   nearest measures (a window of the entries sorted by measure), preferring entries below the
 *   target and ones this judge has seen least.
 * - Never a pair this judge already judged, never a reserved pair; null when no pair is left.
 *
 * Cost: one sort by measure (n log n) and, per first entry tried, a walk outwards that skips
 * only pairs that are taken, so no n² work at any size.
 */

export type Candidate = { id: string; measure: number; se: number; comparisons: number };

/** Random pairing until an entry has this many comparisons; then pairs by measure. */
export const SWISS_COMPARISONS = 3;
/** How many available partners nearest in measure are weighed against each other. */
const WINDOW = 8;
/** Random draws tried for a partner in the random phase before the nearest are used. */
const RANDOM_DRAWS = 24;

/** The same key for (a, b) and (b, a). */
export function pairKey(a: string, b: string): string {
  return a < b ? `${a}|${b}` : `${b}|${a}`;
}

export function choosePair(input: {
  candidates: readonly Candidate[];
  target: number;
  judgedByThisJudge: ReadonlySet<string>;
  reserved: ReadonlySet<string>;
  judgeSeenCounts?: ReadonlyMap<string, number>;
  random?: () => number;
}): { a: string; b: string } | null {
  const random = input.random ?? Math.random;
  const seen = (id: string) => input.judgeSeenCounts?.get(id) ?? 0;
  // One candidate per id (the first), ordered by measure (ties by id, for a stable order).
  const unique = new Map<string, Candidate>();
  for (const c of input.candidates) if (!unique.has(c.id)) unique.set(c.id, c);
  const byMeasure = [...unique.values()].sort((x, y) =>
    x.measure !== y.measure ? x.measure - y.measure : x.id < y.id ? -1 : x.id > y.id ? 1 : 0,
  );
  const n = byMeasure.length;
  if (n < 2) return null;
  const below = (c: Candidate) => c.comparisons < input.target;
  const free = (x: string, y: string) => {
    const key = pairKey(x, y);
    return !input.judgedByThisJudge.has(key) && !input.reserved.has(key);
  };

  const jitter = new Float64Array(n);
  const seenAt = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    jitter[i] = random();
    seenAt[i] = seen(byMeasure[i].id);
  }
  const anchors: number[] = [];
  for (let i = 0; i < n; i++) if (byMeasure[i].comparisons < input.target) anchors.push(i);
  if (anchors.length === 0) return null;
  const anchorOrder = (i: number, j: number) =>
    byMeasure[i].comparisons - byMeasure[j].comparisons ||
    seenAt[i] - seenAt[j] ||
    byMeasure[j].se - byMeasure[i].se ||
    jitter[i] - jitter[j];
  // The best anchor by one pass; the full order only if it has no partner left (rare).
  let first = anchors[0];
  for (const i of anchors) if (anchorOrder(i, first) < 0) first = i;
  const rest = () => anchors.filter((i) => i !== first).sort(anchorOrder);

  // Lower is better: entries below the target first, then the least seen by this judge.
  const partnerCost = (c: Candidate) => (below(c) ? 0 : 1000) + seen(c.id);

  const tryAnchor = (ai: number): { a: string; b: string } | null => {
    const anchor = byMeasure[ai];
    let partner: Candidate | null = null;
    if (anchor.comparisons < SWISS_COMPARISONS) {
      let best: Candidate | null = null;
      for (let k = 0; k < RANDOM_DRAWS; k++) {
        const c = byMeasure[Math.min(n - 1, Math.floor(random() * n))];
        if (c.id === anchor.id || !free(anchor.id, c.id)) continue;
        if (!best || partnerCost(c) < partnerCost(best)) best = c;
        if (below(c) && seen(c.id) === 0) break;
      }
      partner = best;
    }
    if (!partner) {
      // Walk outwards from the anchor's place by measure, nearest first, collecting up to
      // WINDOW available partners; taken pairs are skipped (each costs one step).
      const window: { c: Candidate; distance: number }[] = [];
      let lo = ai - 1;
      let hi = ai + 1;
      while (window.length < WINDOW && (lo >= 0 || hi < n)) {
        const dLo = lo >= 0 ? anchor.measure - byMeasure[lo].measure : Infinity;
        const dHi = hi < n ? byMeasure[hi].measure - anchor.measure : Infinity;
        const i = dLo <= dHi ? lo-- : hi++;
        const c = byMeasure[i];
        if (free(anchor.id, c.id))
          window.push({ c, distance: Math.abs(c.measure - anchor.measure) });
      }
      // Closeness in units of the anchor's uncertainty, plus the preferences above.
      const unit = Math.max(anchor.se, 0.1);
      let bestScore = Infinity;
      for (const { c, distance } of window) {
        const score = partnerCost(c) + distance / unit + 0.01 * random();
        if (score < bestScore) {
          bestScore = score;
          partner = c;
        }
      }
    }
    if (!partner) return null;
    return random() < 0.5 ? { a: anchor.id, b: partner.id } : { a: partner.id, b: anchor.id };
  };

  const pair = tryAnchor(first);
  if (pair) return pair;
  for (const ai of rest()) {
    const next = tryAnchor(ai);
    if (next) return next;
  }
  return null;
}
