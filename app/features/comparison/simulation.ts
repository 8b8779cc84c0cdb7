/**
 * Simulated judges whose true scale is known, for the model's tests and the benchmark
 * (docs/decisions/0055-comparative-judgement-model.md). Deterministic for a seed.
 */
import { fitScale, type Choice, type Scale } from "./model";
import { choosePair, pairKey, type Candidate } from "./pairing";

/** A small seeded generator (mulberry32): uniform in [0, 1). */
export function seededRandom(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A standard normal draw (Box-Muller). */
export function normal(random: () => number): number {
  const u = 1 - random();
  const v = random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** Spearman's rank correlation (average ranks for ties). */
export function spearman(x: readonly number[], y: readonly number[]): number {
  const ranks = (v: readonly number[]) => {
    const order = v.map((value, i) => ({ value, i })).sort((a, b) => a.value - b.value);
    const r = new Array<number>(v.length);
    for (let k = 0; k < order.length;) {
      let end = k;
      while (end + 1 < order.length && order[end + 1].value === order[k].value) end++;
      for (let m = k; m <= end; m++) r[order[m].i] = (k + end) / 2 + 1;
      k = end + 1;
    }
    return r;
  };
  const rx = ranks(x);
  const ry = ranks(y);
  const mean = (v: number[]) => v.reduce((s, a) => s + a, 0) / v.length;
  const mx = mean(rx);
  const my = mean(ry);
  let num = 0;
  let dx = 0;
  let dy = 0;
  for (let i = 0; i < rx.length; i++) {
    num += (rx[i] - mx) * (ry[i] - my);
    dx += (rx[i] - mx) ** 2;
    dy += (ry[i] - my) ** 2;
  }
  return dx > 0 && dy > 0 ? num / Math.sqrt(dx * dy) : 0;
}

export type SimulatedJudge = { id: string; erratic?: boolean };

/**
 * A round judged by simulated judges through `choosePair`: entries with true abilities drawn
 * from normal(0, trueSd), judges taking turns, each choice drawn from the Bradley-Terry
 * probability of the true abilities (an erratic judge chooses at random), the scale refitted
 * every `refitEvery` choices, until every entry has `target` comparisons or no pair is left.
 */
export function simulateRound(opts: {
  entries: number;
  target: number;
  judges: readonly SimulatedJudge[];
  seed: number;
  trueSd?: number;
  refitEvery?: number;
}): { truth: Map<string, number>; choices: Choice[]; scale: Scale } {
  const random = seededRandom(opts.seed);
  const trueSd = opts.trueSd ?? 1.5;
  const refitEvery = opts.refitEvery ?? 20;
  const ids = Array.from({ length: opts.entries }, (_, i) => `e${String(i).padStart(4, "0")}`);
  const truth = new Map(ids.map((id) => [id, trueSd * normal(random)]));
  const choices: Choice[] = [];
  const judged = new Map(opts.judges.map((j) => [j.id, new Set<string>()]));
  const seenBy = new Map(opts.judges.map((j) => [j.id, new Map<string, number>()]));
  let scale = fitScale(ids, choices);
  let turn = 0;
  let idle = 0;
  const limit = opts.entries * opts.target; // more than enough turns
  for (let step = 0; step < limit * 2 && idle < opts.judges.length; step++) {
    const judge = opts.judges[turn++ % opts.judges.length];
    const candidates: Candidate[] = scale.measures.map((m) => ({
      id: m.id,
      measure: m.measure,
      se: m.se,
      comparisons: m.comparisons,
    }));
    const pair = choosePair({
      candidates,
      target: opts.target,
      judgedByThisJudge: judged.get(judge.id)!,
      reserved: new Set(),
      judgeSeenCounts: seenBy.get(judge.id)!,
      random,
    });
    if (!pair) {
      idle++;
      continue;
    }
    idle = 0;
    const pA = 1 / (1 + Math.exp(-(truth.get(pair.a)! - truth.get(pair.b)!)));
    const aWins = judge.erratic ? random() < 0.5 : random() < pA;
    choices.push({
      winnerId: aWins ? pair.a : pair.b,
      loserId: aWins ? pair.b : pair.a,
      judgeId: judge.id,
    });
    judged.get(judge.id)!.add(pairKey(pair.a, pair.b));
    const seen = seenBy.get(judge.id)!;
    for (const id of [pair.a, pair.b]) seen.set(id, (seen.get(id) ?? 0) + 1);
    // Counts move with every choice; measures with every refit.
    if (choices.length % refitEvery === 0) scale = fitScale(ids, choices);
    else
      scale = {
        ...scale,
        measures: scale.measures.map((m) =>
          m.id === pair.a || m.id === pair.b
            ? {
                ...m,
                comparisons: m.comparisons + 1,
                wins: m.wins + (m.id === (aWins ? pair.a : pair.b) ? 1 : 0),
              }
            : m,
        ),
      };
  }
  return { truth, choices, scale: fitScale(ids, choices) };
}
