/**
 * Comparative judgement (docs/decisions/0055-comparative-judgement-model.md), in process, no
 * database: fitting the Bradley-Terry scale to 5,000 entries × 10 comparisons (25,000 choices,
 * 40 judges, the graph an adaptive round makes: three random rounds, then seven rounds of
 * neighbours by a noisy estimate), and choosing the next pair for a judge among 5,000 entries.
 *
 *   npx tsx bench/comparison.ts [--entries 5000] [--runs 5]
 *   npm run bench -- --only comparison --db sqlite     (the same cases, as rows of the table)
 */
import { fitScale, type Choice } from "../app/features/comparison/model";
import { choosePair, pairKey } from "../app/features/comparison/pairing";
import { normal, seededRandom, spearman } from "../app/features/comparison/simulation";

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export function comparisonTimings(entries = 5000, runs = 5) {
  const random = seededRandom(55);
  const ids = Array.from({ length: entries }, (_, i) => `s${i}`);
  const truth = ids.map(() => 1.5 * normal(random));
  const choices: Choice[] = [];
  for (let round = 0; round < 10; round++) {
    const estimate = truth.map((t) => t + (round < 3 ? 100 : 0.7) * normal(random));
    const order = ids.map((_, i) => i).sort((a, b) => estimate[a] - estimate[b]);
    for (let k = 0; k + 1 < order.length; k += 2) {
      const [a, b] = [order[k], order[k + 1]];
      const aWins = random() < 1 / (1 + Math.exp(truth[b] - truth[a]));
      choices.push({
        winnerId: ids[aWins ? a : b],
        loserId: ids[aWins ? b : a],
        judgeId: `j${(round * 7 + k) % 40}`,
      });
    }
  }
  const fitMs: number[] = [];
  let scale = fitScale(ids, choices);
  for (let r = 0; r < runs; r++) {
    const t0 = performance.now();
    scale = fitScale(ids, choices);
    fitMs.push(performance.now() - t0);
  }
  const byId = new Map(scale.measures.map((m) => [m.id, m.measure]));
  const rho = spearman(
    ids.map((id) => byId.get(id)!),
    truth,
  );

  // Half-way through a round: every entry 5 comparisons; this judge has judged 200 pairs and
  // 40 other judges hold a pair each.
  const candidates = scale.measures.map((m) => ({ ...m, comparisons: Math.min(m.comparisons, 5) }));
  const judged = new Set(choices.slice(0, 200).map((c) => pairKey(c.winnerId, c.loserId)));
  const reserved = new Set(choices.slice(200, 240).map((c) => pairKey(c.winnerId, c.loserId)));
  const seen = new Map<string, number>();
  for (const c of choices.slice(0, 200))
    for (const id of [c.winnerId, c.loserId]) seen.set(id, (seen.get(id) ?? 0) + 1);
  const pairMs: number[] = [];
  for (let r = 0; r < runs * 20; r++) {
    const t0 = performance.now();
    choosePair({
      candidates,
      target: 10,
      judgedByThisJudge: judged,
      reserved,
      judgeSeenCounts: seen,
      random,
    });
    pairMs.push(performance.now() - t0);
  }
  return {
    entries,
    choices: choices.length,
    fitMs: median(fitMs),
    pairMs: median(pairMs),
    pairP99Ms: [...pairMs].sort((a, b) => a - b)[Math.floor(pairMs.length * 0.99)],
    reliability: scale.reliability,
    rho,
    misfits: scale.judges.filter((j) => j.misfit).length,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name: string, fallback: number) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? Number(process.argv[i + 1]) : fallback;
  };
  const r = comparisonTimings(arg("entries", 5000), arg("runs", 5));
  console.log(
    `| case | median ms | target |\n|---|---|---|\n` +
      `| fit ${r.entries} entries, ${r.choices} choices | ${r.fitMs.toFixed(0)} | ≤ 2,000 |\n` +
      `| choose the next pair among ${r.entries} | ${r.pairMs.toFixed(1)} (p99 ${r.pairP99Ms.toFixed(1)}) | ≤ 50 |\n\n` +
      `reliability ${r.reliability.toFixed(3)}, Spearman with the true abilities ${r.rho.toFixed(3)}, ${r.misfits} judges flagged`,
  );
}
