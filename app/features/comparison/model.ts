/**
 * The comparison round's scale (docs/decisions/0055-comparative-judgement-model.md): a
 * Bradley-Terry (Rasch paired-comparison) model fitted to judges' choices, "which of these two
 * is the better piece of writing?".
 *
 * P(i beats j) = 1 / (1 + exp(-(θi − θj))), θ in logits. The fit maximises the likelihood times
 * a weak normal prior θ ~ N(0, PRIOR_SD²) (a penalised, MAP fit): an entry that won or lost
 * every comparison gets a finite measure, disconnected groups of entries are each anchored near
 * 0, and the Hessian is always positive definite. Newton's method with the step solved by
 * preconditioned conjugate gradients over the comparison graph's edges (never a dense matrix)
 * and a backtracking line search, so every step increases the penalised likelihood.
 *
 * Pure: no database, no clock, deterministic for the same input.
 */

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
export type Scale = {
  /** Sorted by measure, highest first (ties by id). */
  measures: Measure[];
  /** Scale separation reliability, 0..1. */
  reliability: number;
  judges: JudgeFit[];
};

/** The prior's standard deviation in logits: weak (one comparison carries at most 0.25 of information). */
export const PRIOR_SD = 3;
/** A judge's fit is judged (and enters the panel's mean and SD) from this many choices on. */
export const MIN_CHOICES_FOR_FIT = 10;

const PRIOR_PRECISION = 1 / (PRIOR_SD * PRIOR_SD);
const MAX_NEWTON = 60;
const MAX_CG = 500;
const TOLERANCE = 1e-7;

/** log(1 + e^x) without overflow. */
function softplus(x: number) {
  return x > 0 ? x + Math.log1p(Math.exp(-x)) : Math.log1p(Math.exp(x));
}
function logistic(x: number) {
  return x >= 0 ? 1 / (1 + Math.exp(-x)) : Math.exp(x) / (1 + Math.exp(x));
}

/** The choices aggregated per unordered pair: edge e joins a[e] < b[e], n[e] times, a winning w[e]. */
type Graph = {
  count: number;
  a: Int32Array;
  b: Int32Array;
  n: Float64Array;
  w: Float64Array;
  wins: Float64Array;
  comparisons: Float64Array;
};

function buildGraph(size: number, pairs: readonly [number, number][]): Graph {
  const index = new Map<number, number>();
  const a: number[] = [];
  const b: number[] = [];
  const n: number[] = [];
  const w: number[] = [];
  const wins = new Float64Array(size);
  const comparisons = new Float64Array(size);
  for (const [winner, loser] of pairs) {
    const lo = Math.min(winner, loser);
    const hi = Math.max(winner, loser);
    const key = lo * size + hi;
    let e = index.get(key);
    if (e === undefined) {
      e = a.length;
      index.set(key, e);
      a.push(lo);
      b.push(hi);
      n.push(0);
      w.push(0);
    }
    n[e]++;
    if (winner === lo) w[e]++;
    wins[winner]++;
    comparisons[winner]++;
    comparisons[loser]++;
  }
  return {
    count: a.length,
    a: Int32Array.from(a),
    b: Int32Array.from(b),
    n: Float64Array.from(n),
    w: Float64Array.from(w),
    wins,
    comparisons,
  };
}

/** The penalised log-likelihood at θ. */
function objective(g: Graph, theta: Float64Array) {
  let f = 0;
  for (let e = 0; e < g.count; e++) {
    const x = theta[g.a[e]] - theta[g.b[e]];
    // w·log σ(x) + (n − w)·log σ(−x)
    f -= g.w[e] * softplus(-x) + (g.n[e] - g.w[e]) * softplus(x);
  }
  for (let i = 0; i < theta.length; i++) f -= 0.5 * PRIOR_PRECISION * theta[i] * theta[i];
  return f;
}

/**
 * The penalised maximum-likelihood measures of `size` entries from `pairs` ([winner, loser]
 * indices), and each entry's information (Fisher information of its own measure plus the prior's).
 * `start`, when given, is where Newton's method begins (one value per entry).
 */
export function fitMeasures(
  size: number,
  pairs: readonly [number, number][],
  start?: ArrayLike<number>,
) {
  const g = buildGraph(size, pairs);
  // A warm start (the measures of an earlier fit) needs fewer Newton steps; the maximum is the
  // same from any start (the penalised likelihood is strictly concave).
  const theta = start ? Float64Array.from(start) : new Float64Array(size);
  if (theta.length !== size) throw new RangeError("start must have one measure per entry");
  const grad = new Float64Array(size);
  const weight = new Float64Array(g.count);
  const diag = new Float64Array(size);
  const step = new Float64Array(size);
  const r = new Float64Array(size);
  const z = new Float64Array(size);
  const p = new Float64Array(size);
  const ap = new Float64Array(size);
  const trial = new Float64Array(size);

  // Edge weights n·p·(1 − p), the gradient and the Hessian's diagonal at θ.
  const linearise = () => {
    for (let i = 0; i < size; i++) {
      grad[i] = -PRIOR_PRECISION * theta[i];
      diag[i] = PRIOR_PRECISION;
    }
    for (let e = 0; e < g.count; e++) {
      const i = g.a[e];
      const j = g.b[e];
      const q = logistic(theta[i] - theta[j]);
      const residual = g.w[e] - g.n[e] * q;
      grad[i] += residual;
      grad[j] -= residual;
      const c = g.n[e] * q * (1 - q);
      weight[e] = c;
      diag[i] += c;
      diag[j] += c;
    }
  };
  // out = H·v for the negative Hessian H = prior + the weighted graph Laplacian.
  const multiply = (v: Float64Array, out: Float64Array) => {
    for (let i = 0; i < size; i++) out[i] = PRIOR_PRECISION * v[i];
    for (let e = 0; e < g.count; e++) {
      const i = g.a[e];
      const j = g.b[e];
      const d = weight[e] * (v[i] - v[j]);
      out[i] += d;
      out[j] -= d;
    }
  };
  const dot = (x: Float64Array, y: Float64Array) => {
    let s = 0;
    for (let i = 0; i < size; i++) s += x[i] * y[i];
    return s;
  };

  let f = objective(g, theta);
  let iterations = 0;
  for (; iterations < MAX_NEWTON && size > 0; iterations++) {
    linearise();
    let gradMax = 0;
    for (let i = 0; i < size; i++) gradMax = Math.max(gradMax, Math.abs(grad[i]));
    if (gradMax < TOLERANCE) break;
    // Solve H·step = grad by conjugate gradients, preconditioned by H's diagonal.
    step.fill(0);
    r.set(grad);
    for (let i = 0; i < size; i++) z[i] = r[i] / diag[i];
    p.set(z);
    let rz = dot(r, z);
    const stop = 1e-10 * dot(grad, grad);
    for (let k = 0; k < MAX_CG && dot(r, r) > stop; k++) {
      multiply(p, ap);
      const alpha = rz / dot(p, ap);
      for (let i = 0; i < size; i++) {
        step[i] += alpha * p[i];
        r[i] -= alpha * ap[i];
      }
      for (let i = 0; i < size; i++) z[i] = r[i] / diag[i];
      const rzNext = dot(r, z);
      const beta = rzNext / rz;
      rz = rzNext;
      for (let i = 0; i < size; i++) p[i] = z[i] + beta * p[i];
    }
    // Backtracking: the penalised likelihood is concave, a shorter step along an ascent
    // direction always increases it.
    let scale = 1;
    let fTrial = -Infinity;
    for (let halvings = 0; halvings < 40; halvings++, scale /= 2) {
      for (let i = 0; i < size; i++) trial[i] = theta[i] + scale * step[i];
      fTrial = objective(g, trial);
      if (fTrial >= f) break;
    }
    if (!(fTrial >= f)) break;
    let moved = 0;
    for (let i = 0; i < size; i++) moved = Math.max(moved, Math.abs(trial[i] - theta[i]));
    theta.set(trial);
    f = fTrial;
    if (moved < TOLERANCE) break;
  }
  linearise();
  // The prior centres the measures already (the gradient's sum is −Σθ/PRIOR_SD²); remove any
  // rounding left so they sit at 0 exactly.
  let mean = 0;
  for (let i = 0; i < size; i++) mean += theta[i] / size;
  for (let i = 0; i < size; i++) theta[i] -= mean;
  let gradient = 0;
  for (let i = 0; i < size; i++) gradient = Math.max(gradient, Math.abs(grad[i]));
  // `gradient`: the largest gradient left (near 0 when converged), for tests and the benchmark.
  return {
    theta,
    information: diag,
    wins: g.wins,
    comparisons: g.comparisons,
    iterations,
    gradient,
  };
}

/**
 * Scale separation reliability: (observed variance − mean error variance) / observed variance,
 * clamped to [0, 1], over the entries that were compared at least once.
 */
export function separationReliability(measures: readonly Measure[]): number {
  const compared = measures.filter((m) => m.comparisons > 0);
  if (compared.length < 2) return 0;
  const mean = compared.reduce((s, m) => s + m.measure, 0) / compared.length;
  const observed = compared.reduce((s, m) => s + (m.measure - mean) ** 2, 0) / compared.length;
  const error = compared.reduce((s, m) => s + m.se * m.se, 0) / compared.length;
  if (!(observed > 0)) return 0;
  return Math.min(1, Math.max(0, (observed - error) / observed));
}

/**
 * Each judge's fit to the panel's scale from the residuals of their choices. For a choice the
 * model gave the probability p to (winner over loser): outfit is the mean of (1 − p)/p (the
 * squared standardised residual), infit Σ(1 − p)² / Σ p(1 − p) (information-weighted). About 1
 * when a judge agrees with the scale as much as the model expects; higher is more surprising.
 *
 * Misfit rule: a judge with at least MIN_CHOICES_FOR_FIT choices whose infit is above the mean
 * plus two (population) standard deviations of the infits of the judges with at least that many
 * choices. A judge with fewer choices is reported, never flagged. (No floor at 1: the fitted
 * scale follows its own data, so a round's good judges sit well below 1, about 0.6 at 10
 * comparisons per entry, and a judge choosing at random only just above it.)
 */
export function judgeFits(choices: readonly { judgeId: string; p: number }[]): JudgeFit[] {
  const sums = new Map<string, { count: number; out: number; num: number; den: number }>();
  for (const c of choices) {
    let s = sums.get(c.judgeId);
    if (!s) sums.set(c.judgeId, (s = { count: 0, out: 0, num: 0, den: 0 }));
    // Keep p off 0 and 1 so one choice against a certain outcome stays finite.
    const p = Math.min(1 - 1e-9, Math.max(1e-9, c.p));
    s.count++;
    s.out += (1 - p) / p;
    s.num += (1 - p) * (1 - p);
    s.den += p * (1 - p);
  }
  const fits = [...sums].map(([judgeId, s]) => ({
    judgeId,
    infit: s.den > 0 ? s.num / s.den : 0,
    outfit: s.out / s.count,
    count: s.count,
    misfit: false,
  }));
  const judged = fits.filter((j) => j.count >= MIN_CHOICES_FOR_FIT);
  if (judged.length >= 2) {
    const mean = judged.reduce((s, j) => s + j.infit, 0) / judged.length;
    const sd = Math.sqrt(judged.reduce((s, j) => s + (j.infit - mean) ** 2, 0) / judged.length);
    const limit = mean + 2 * sd;
    for (const j of judged) j.misfit = j.infit > limit;
  }
  return fits.sort((x, y) => (x.judgeId < y.judgeId ? -1 : x.judgeId > y.judgeId ? 1 : 0));
}

/**
 * The round's scale from its choices. `entryIds` are the entries on the scale (duplicates
 * counted once); a choice naming an entry not among them, or the same entry twice, is ignored.
 */
export function fitScale(entryIds: readonly string[], choices: readonly Choice[]): Scale {
  const ids = [...new Set(entryIds)];
  const index = new Map(ids.map((id, i) => [id, i]));
  const used: { winner: number; loser: number; judgeId: string }[] = [];
  for (const c of choices) {
    const winner = index.get(c.winnerId);
    const loser = index.get(c.loserId);
    if (winner === undefined || loser === undefined || winner === loser) continue;
    used.push({ winner, loser, judgeId: c.judgeId });
  }
  const fit = fitMeasures(
    ids.length,
    used.map((c) => [c.winner, c.loser]),
  );
  const measures: Measure[] = ids.map((id, i) => ({
    id,
    measure: fit.theta[i],
    se: 1 / Math.sqrt(fit.information[i]),
    comparisons: fit.comparisons[i],
    wins: fit.wins[i],
  }));
  measures.sort((x, y) =>
    y.measure !== x.measure ? y.measure - x.measure : x.id < y.id ? -1 : x.id > y.id ? 1 : 0,
  );
  const judges = judgeFits(
    used.map((c) => ({
      judgeId: c.judgeId,
      p: logistic(fit.theta[c.winner] - fit.theta[c.loser]),
    })),
  );
  return { measures, reliability: separationReliability(measures), judges };
}
