// TEMPORARY model (replaced by cjmodel's at merge): a plain Bradley-Terry fit by a few
// Newton steps, enough for the desk and its tests to compile and run.
export type Choice = { winnerId: string; loserId: string; judgeId: string };
export type Measure = {
  id: string;
  measure: number;
  se: number;
  comparisons: number;
  wins: number;
};
export type JudgeFit = {
  judgeId: string;
  infit: number;
  outfit: number;
  count: number;
  misfit: boolean;
};
export type Scale = { measures: Measure[]; reliability: number; judges: JudgeFit[] };

export function fitScale(entryIds: readonly string[], choices: readonly Choice[]): Scale {
  const index = new Map(entryIds.map((id, i) => [id, i]));
  const n = entryIds.length;
  const theta = new Array<number>(n).fill(0);
  const wins = new Array<number>(n).fill(0);
  const count = new Array<number>(n).fill(0);
  const used = choices.filter((c) => index.has(c.winnerId) && index.has(c.loserId));
  for (const c of used) {
    wins[index.get(c.winnerId)!]++;
    count[index.get(c.winnerId)!]++;
    count[index.get(c.loserId)!]++;
  }
  const info = new Array<number>(n).fill(0);
  for (let iter = 0; iter < 30; iter++) {
    const grad = new Array<number>(n).fill(0);
    info.fill(0);
    for (const c of used) {
      const w = index.get(c.winnerId)!;
      const l = index.get(c.loserId)!;
      const p = 1 / (1 + Math.exp(theta[l]! - theta[w]!));
      grad[w]! += 1 - p;
      grad[l]! -= 1 - p;
      info[w]! += p * (1 - p);
      info[l]! += p * (1 - p);
    }
    for (let i = 0; i < n; i++) {
      // a weak prior keeps all-win / all-lose entries finite
      const g = grad[i]! - theta[i]! * 0.1;
      const h = info[i]! + 0.1;
      theta[i] = Math.max(-6, Math.min(6, theta[i]! + g / h));
    }
    const mean = theta.reduce((a, b) => a + b, 0) / (n || 1);
    for (let i = 0; i < n; i++) theta[i]! -= mean;
  }
  const measures = entryIds.map((id, i) => ({
    id,
    measure: theta[i]!,
    se: 1 / Math.sqrt(info[i]! + 0.1),
    comparisons: count[i]!,
    wins: wins[i]!,
  }));
  const variance = measures.reduce((a, m) => a + m.measure ** 2, 0) / (n || 1);
  const mse = measures.reduce((a, m) => a + m.se ** 2, 0) / (n || 1);
  const reliability = variance > 0 ? Math.max(0, (variance - mse) / variance) : 0;
  const byJudge = new Map<string, { sq: number; w: number; k: number }>();
  for (const c of used) {
    const p = 1 / (1 + Math.exp(theta[index.get(c.loserId)!]! - theta[index.get(c.winnerId)!]!));
    const v = p * (1 - p);
    const s = byJudge.get(c.judgeId) ?? { sq: 0, w: 0, k: 0 };
    s.sq += (1 - p) ** 2;
    s.w += v;
    s.k += 1;
    byJudge.set(c.judgeId, s);
  }
  const judges = [...byJudge].map(([judgeId, s]) => {
    const infit = s.w > 0 ? s.sq / s.w : 1;
    const outfit = infit;
    return { judgeId, infit, outfit, count: s.k, misfit: infit > 1.3 };
  });
  return { measures, reliability, judges };
}
