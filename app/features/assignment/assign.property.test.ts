/**
 * Properties of the constrained solver (docs/decisions/0033-judging-panel.md), checked with
 * fast-check against an exact maximum flow: every constraint holds, the minimum is met whenever
 * it can be, the shortfall is reported exactly, loads stay balanced, and a second run adds nothing.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  solveAssignment,
  type AssignPair,
  type BarReason,
  type SolveEntry,
  type SolveInput,
} from "./assign";
import { entries, judges, loads, spread } from "./assign-fixtures";

/** An exact maximum flow (source -> entry -> judge -> sink), by plain augmenting paths. */
function maxFlow(needs: number[], allowed: boolean[][], room: number[]): number {
  const m = needs.length;
  const n = room.length;
  const flow = allowed.map((row) => row.map(() => 0));
  const sent = needs.map(() => 0);
  const used = room.map(() => 0);
  let total = 0;
  for (;;) {
    // BFS over nodes: entries 0..m-1, judges m..m+n-1.
    const prev = new Array<number>(m + n).fill(-2);
    const queue: number[] = [];
    for (let e = 0; e < m; e++)
      if (sent[e] < needs[e]) {
        prev[e] = -1;
        queue.push(e);
      }
    let end = -1;
    for (let h = 0; h < queue.length && end < 0; h++) {
      const v = queue[h];
      if (v < m) {
        for (let j = 0; j < n; j++)
          if (allowed[v][j] && flow[v][j] === 0 && prev[m + j] === -2) {
            prev[m + j] = v;
            queue.push(m + j);
          }
      } else {
        const j = v - m;
        if (used[j] < room[j]) {
          end = v;
          break;
        }
        for (let e = 0; e < m; e++)
          if (flow[e][j] === 1 && prev[e] === -2) {
            prev[e] = v;
            queue.push(e);
          }
      }
    }
    if (end < 0) return total;
    used[end - m]++;
    let v = end;
    for (;;) {
      const u = prev[v];
      if (v >= m) flow[u][v - m] = 1;
      else if (u >= 0) flow[v][u - m] = 0;
      if (u === -1) {
        sent[v]++;
        break;
      }
      v = u;
    }
    total++;
  }
}

const REASONS: BarReason[] = ["conflict", "recusal", "earlier-round"];
const DIVS = ["d0", "d1", "d2"];

const scenario = fc.record({
  n: fc.integer({ min: 0, max: 7 }),
  per: fc.integer({ min: 1, max: 4 }),
  entries: fc.array(
    fc.record({
      writer: fc.integer({ min: 0, max: 20 }),
      div: fc.integer({ min: 0, max: 3 }),
    }),
    { maxLength: 24 },
  ),
  bars: fc.array(fc.tuple(fc.nat(6), fc.nat(23), fc.constantFrom(...REASONS)), { maxLength: 30 }),
  caps: fc.array(fc.tuple(fc.nat(6), fc.integer({ min: 0, max: 12 })), { maxLength: 5 }),
  outside: fc.array(fc.tuple(fc.nat(6), fc.integer({ min: 0, max: 4 })), { maxLength: 4 }),
  restricted: fc.array(fc.tuple(fc.nat(6), fc.nat(2)), { maxLength: 4 }),
  existing: fc.array(fc.tuple(fc.integer({ min: 0, max: 8 }), fc.nat(23)), { maxLength: 12 }),
});

type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

function build(s: Scenario): SolveInput {
  const judgeIds = judges(s.n);
  const list: SolveEntry[] = s.entries.map((e, i) => ({
    id: `s${i}`,
    // Writers j0..j6 are judges on the panel for small numbers.
    writers: [e.writer < 7 ? `j${e.writer}` : `w${e.writer}`],
    divisionId: e.div === 3 ? null : DIVS[e.div],
  }));
  const existing: AssignPair[] = [];
  const seen = new Set<string>();
  for (const [j, e] of s.existing) {
    if (e >= list.length || seen.has(`${j}:${e}`)) continue;
    seen.add(`${j}:${e}`);
    // j7, j8: judges no longer on the panel.
    existing.push({ judgeId: `j${j}`, submissionId: `s${e}` });
  }
  const barred = new Map<string, Map<string, BarReason>>();
  for (const [j, e, why] of s.bars) {
    if (e >= list.length) continue;
    const map = barred.get(`j${j}`) ?? new Map<string, BarReason>();
    map.set(`s${e}`, why);
    barred.set(`j${j}`, map);
  }
  const contestLoad = new Map<string, number>();
  for (const p of existing) contestLoad.set(p.judgeId, (contestLoad.get(p.judgeId) ?? 0) + 1);
  for (const [j, k] of s.outside) contestLoad.set(`j${j}`, (contestLoad.get(`j${j}`) ?? 0) + k);
  const judgeDivisions = new Map<string, Set<string>>();
  for (const [j, d] of s.restricted) {
    const set = judgeDivisions.get(`j${j}`) ?? new Set<string>();
    set.add(DIVS[d]);
    judgeDivisions.set(`j${j}`, set);
  }
  return {
    judgeIds,
    entries: list,
    existing,
    barred,
    capacity: new Map(s.caps.map(([j, c]) => [`j${j}`, c])),
    contestLoad,
    judgeDivisions,
    perEntry: s.per,
  };
}

/** Why judge j may not take entry e (ignoring room), or null. */
function whyNot(input: SolveInput, j: string, e: SolveEntry): string | null {
  if (input.existing.some((p) => p.judgeId === j && p.submissionId === e.id)) return "already";
  if (e.writers.includes(j)) return "writer";
  const bar = input.barred?.get(j)?.get(e.id);
  if (bar) return bar;
  const divs = input.judgeDivisions?.get(j);
  if (divs?.size && !(e.divisionId && divs.has(e.divisionId))) return "division";
  return null;
}

describe("solveAssignment: properties", () => {
  it("holds every constraint, meets the minimum whenever a maximum flow can, and reports the shortfall exactly", () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const input = build(s);
        const { pairs, short } = solveAssignment(input);
        const judgeIds = [...input.judgeIds];
        const byId = new Map(input.entries.map((e) => [e.id, e]));

        // No duplicate pair, none already made, none barred, none of one's own, divisions kept.
        const keys = pairs.map((p) => `${p.judgeId}:${p.submissionId}`);
        expect(new Set(keys).size).toBe(keys.length);
        for (const p of pairs) {
          expect(judgeIds).toContain(p.judgeId);
          expect(whyNot(input, p.judgeId, byId.get(p.submissionId)!)).toBeNull();
        }

        // Capacities held (counting the judge's entries in the whole contest).
        const added = new Map<string, number>();
        for (const p of pairs) added.set(p.judgeId, (added.get(p.judgeId) ?? 0) + 1);
        const room = judgeIds.map((j) => {
          const cap = input.capacity?.get(j);
          return cap === undefined ? 1_000 : Math.max(0, cap - (input.contestLoad?.get(j) ?? 0));
        });
        judgeIds.forEach((j, i) => expect(added.get(j) ?? 0).toBeLessThanOrEqual(room[i]));

        // Quota: never more than needed; the total is the exact maximum.
        const have = new Map<string, number>();
        for (const p of input.existing)
          have.set(p.submissionId, (have.get(p.submissionId) ?? 0) + 1);
        const needs = input.entries.map((e) => Math.max(0, input.perEntry - (have.get(e.id) ?? 0)));
        const got = new Map<string, number>();
        for (const p of pairs) got.set(p.submissionId, (got.get(p.submissionId) ?? 0) + 1);
        input.entries.forEach((e, i) => expect(got.get(e.id) ?? 0).toBeLessThanOrEqual(needs[i]));
        const allowed = input.entries.map((e) => judgeIds.map((j) => whyNot(input, j, e) === null));
        expect(pairs.length).toBe(maxFlow(needs, allowed, room));

        // The shortfall: exactly the entries below the minimum, with exact reasons.
        const expectedShort = input.entries.filter((e, i) => (got.get(e.id) ?? 0) < needs[i]);
        expect(short.map((x) => x.entryId)).toEqual(expectedShort.map((e) => e.id));
        for (const x of short) {
          const e = byId.get(x.entryId)!;
          expect(x.have).toBe((have.get(e.id) ?? 0) + (got.get(e.id) ?? 0));
          expect(x.need).toBe(input.perEntry);
          const reasons = judgeIds.map((j) => whyNot(input, j, e));
          const tally = (r: string) => reasons.filter((w) => w === r).length;
          const full = judgeIds.filter(
            (j, i) =>
              whyNot(input, j, e) === null &&
              !pairs.some((p) => p.judgeId === j && p.submissionId === e.id) &&
              (added.get(j) ?? 0) >= room[i],
          ).length;
          expect(x.why).toEqual({
            panel: judgeIds.length,
            writer: tally("writer"),
            conflict: tally("conflict"),
            recusal: tally("recusal"),
            earlierRound: tally("earlier-round"),
            division: tally("division"),
            capacity: full,
          });
        }

        // Balance: no judge with room is 2+ below a judge holding a new pair they could take.
        const load = new Map(judgeIds.map((j) => [j, 0]));
        for (const p of [...input.existing, ...pairs])
          if (load.has(p.judgeId)) load.set(p.judgeId, load.get(p.judgeId)! + 1);
        judgeIds.forEach((light, li) => {
          if ((added.get(light) ?? 0) >= room[li]) return;
          for (const p of pairs) {
            if (load.get(p.judgeId)! < load.get(light)! + 2) continue;
            const e = byId.get(p.submissionId)!;
            const onIt = pairs.some((q) => q.judgeId === light && q.submissionId === e.id);
            expect(whyNot(input, light, e) !== null || onIt).toBe(true);
          }
        });
      }),
      { numRuns: 400 },
    );
  });

  it("keeps loads within one and meets the minimum when nothing constrains the judges", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9 }),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 0, max: 40 }),
        (n, per, m) => {
          fc.pre(n >= per);
          const js = judges(n);
          const { pairs, short } = solveAssignment({
            judgeIds: js,
            entries: entries(m),
            existing: [],
            perEntry: per,
          });
          expect(short).toEqual([]);
          expect(pairs).toHaveLength(m * per);
          expect(spread(loads(pairs, js))).toBeLessThanOrEqual(1);
        },
      ),
    );
  });

  it("is idempotent: a second run over its own pairs adds nothing", () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const input = build(s);
        const first = solveAssignment(input);
        const contestLoad = new Map(input.contestLoad);
        for (const p of first.pairs)
          contestLoad.set(p.judgeId, (contestLoad.get(p.judgeId) ?? 0) + 1);
        const again = solveAssignment({
          ...input,
          existing: [...input.existing, ...first.pairs],
          contestLoad,
        });
        expect(again.pairs).toEqual([]);
        expect(again.short.map((x) => x.entryId)).toEqual(first.short.map((x) => x.entryId));
      }),
      { numRuns: 200 },
    );
  });
});
