import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { assignRound, type RoundEntry, type RoundPair } from "./round-assign";

const DIVS = ["d1", "d2", "d3", "d4"];

function loadsWithinOne(pairs: { judgeId: string }[], judges: string[]) {
  const load = new Map(judges.map((j) => [j, 0]));
  for (const p of pairs) load.set(p.judgeId, (load.get(p.judgeId) ?? 0) + 1);
  const values = [...load.values()];
  return values.length === 0 || Math.max(...values) - Math.min(...values) <= 1;
}

const scenario = fc.record({
  judges: fc.integer({ min: 1, max: 14 }),
  entries: fc.array(
    fc.record({ div: fc.integer({ min: 0, max: 3 }), writer: fc.integer({ min: 0, max: 30 }) }),
    { maxLength: 60 },
  ),
  per: fc.integer({ min: 1, max: 4 }),
  per2: fc.integer({ min: 1, max: 3 }),
  restricted: fc.array(fc.tuple(fc.nat(13), fc.nat(3)), { maxLength: 6 }),
  advance: fc.array(fc.boolean(), { maxLength: 60 }),
});

describe("assignRound", () => {
  it("respects divisions, loads, own entries and never repeats a pair across rounds", () => {
    fc.assert(
      fc.property(scenario, (s) => {
        // Writers 0..judges-1 are judges, so some entries are a judge's own.
        const judgeIds = Array.from({ length: s.judges }, (_, i) => `u${i}`);
        const entries: RoundEntry[] = s.entries.map((e, i) => ({
          id: `s${i}`,
          entrantId: `u${e.writer}`,
          divisionId: DIVS[e.div],
        }));
        const judgeDivisions = new Map<string, Set<string>>();
        for (const [j, d] of s.restricted) {
          if (j >= s.judges) continue;
          const set = judgeDivisions.get(`u${j}`) ?? new Set();
          set.add(DIVS[d]);
          judgeDivisions.set(`u${j}`, set);
        }
        const allowed = (j: string, d: string | null) =>
          !judgeDivisions.get(j) || judgeDivisions.get(j)!.has(d!);

        const r1 = assignRound({
          round: 1,
          judgeIds,
          entries,
          existing: [],
          judgeDivisions,
          judgesPerEntry: s.per,
        });
        const existing: RoundPair[] = r1.map((p) => ({ ...p, round: 1 }));
        const entry = new Map(entries.map((e) => [e.id, e]));
        for (const p of r1) {
          const e = entry.get(p.submissionId)!;
          expect(p.judgeId).not.toBe(e.entrantId);
          expect(allowed(p.judgeId, e.divisionId)).toBe(true);
        }
        for (const d of DIVS) {
          const eligible = judgeIds.filter((j) => allowed(j, d));
          const pairs = r1.filter((p) => entry.get(p.submissionId)!.divisionId === d);
          // Loads within one when no judge wrote an entry of the division (else they may lag).
          const writers = new Set(
            entries.filter((e) => e.divisionId === d).map((e) => e.entrantId),
          );
          if (!eligible.some((j) => writers.has(j)))
            expect(loadsWithinOne(pairs, eligible)).toBe(true);
          for (const e of entries.filter((x) => x.divisionId === d)) {
            const can = eligible.filter((j) => j !== e.entrantId).length;
            expect(pairs.filter((p) => p.submissionId === e.id).length).toBe(Math.min(s.per, can));
          }
        }
        // Round 2: some entries go on; no pair repeats; each gets min(per2, never-had) judges.
        const next = entries.filter((_, i) => s.advance[i]);
        const r2 = assignRound({
          round: 2,
          judgeIds,
          entries: next,
          existing,
          judgeDivisions,
          judgesPerEntry: s.per2,
        });
        const seen = new Set(r1.map((p) => `${p.judgeId}|${p.submissionId}`));
        for (const p of r2) {
          expect(seen.has(`${p.judgeId}|${p.submissionId}`)).toBe(false);
          const e = entry.get(p.submissionId)!;
          expect(p.judgeId).not.toBe(e.entrantId);
          expect(allowed(p.judgeId, e.divisionId)).toBe(true);
        }
        for (const e of next) {
          const can = judgeIds.filter(
            (j) => allowed(j, e.divisionId) && j !== e.entrantId && !seen.has(`${j}|${e.id}`),
          ).length;
          expect(r2.filter((p) => p.submissionId === e.id).length).toBe(Math.min(s.per2, can));
        }
        // Running a round again adds nothing.
        const again = assignRound({
          round: 2,
          judgeIds,
          entries: next,
          existing: [...existing, ...r2.map((p) => ({ ...p, round: 2 }))],
          judgeDivisions,
          judgesPerEntry: s.per2,
        });
        expect(again).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  // With earlier pairs barred, even loads may be impossible (every entry going on may have had the
  // same judges), so the promise is: loads within one among the judges barred from none of them.
  it("keeps round-2 loads within one per division among the judges free for every entry", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 6, max: 12 }),
        fc.integer({ min: 0, max: 80 }),
        fc.integer({ min: 1, max: 100 }),
        (n, count, seed) => {
          const judgeIds = Array.from({ length: n }, (_, i) => `j${i}`);
          const entries = Array.from({ length: count }, (_, i) => ({
            id: `s${i}`,
            entrantId: `w${i}`,
            divisionId: DIVS[(i * seed) % 4],
          }));
          const opts = { judgeIds, judgeDivisions: new Map(), judgesPerEntry: 2 };
          const r1 = assignRound({ ...opts, round: 1, entries, existing: [] });
          const next = entries.filter((_, i) => (i + seed) % 3 === 0);
          const r2 = assignRound({
            ...opts,
            round: 2,
            entries: next,
            existing: r1.map((p) => ({ ...p, round: 1 })),
          });
          for (const d of DIVS) {
            const ids = new Set(next.filter((e) => e.divisionId === d).map((e) => e.id));
            const barred = new Set(r1.filter((p) => ids.has(p.submissionId)).map((p) => p.judgeId));
            const free = judgeIds.filter((j) => !barred.has(j));
            const pairs = r2.filter((p) => ids.has(p.submissionId) && free.includes(p.judgeId));
            expect(loadsWithinOne(pairs, free)).toBe(true);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
