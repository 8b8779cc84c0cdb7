/** Inputs and measures shared by the solver's tests (assign.test.ts, assign.property.test.ts). */
import type { AssignPair, SolveEntry } from "./assign";

/** n judges: j0, j1, … */
export const judges = (n: number) => Array.from({ length: n }, (_, i) => `j${i}`);
export const entries = (m: number, writer = (i: number) => `w${i}`): SolveEntry[] =>
  Array.from({ length: m }, (_, i) => ({ id: `s${i}`, writers: [writer(i)] }));

export function loads(pairs: AssignPair[], judgeIds: string[]) {
  const map = new Map(judgeIds.map((j) => [j, 0]));
  for (const p of pairs) map.set(p.judgeId, (map.get(p.judgeId) ?? 0) + 1);
  return [...map.values()];
}
export const spread = (values: number[]) => Math.max(...values) - Math.min(...values);
