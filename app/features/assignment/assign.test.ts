import { describe, expect, it } from "vitest";
import {
  parseJudgesPerSubmission,
  shortfallReason,
  solveAssignment,
  type BarReason,
  type SolveInput,
} from "./assign";
import { entries, judges, loads, spread } from "./assign-fixtures";

const run = (input: Omit<SolveInput, "perEntry"> & { perEntry: number }) =>
  solveAssignment(input).pairs;

describe("solveAssignment: the rotation", () => {
  it("with one judge per entry, follows the rotation (i + k) mod n", () => {
    const js = judges(3);
    const pairs = run({ judgeIds: js, entries: entries(7), existing: [], perEntry: 1 });
    expect(
      pairs.sort((a, b) => Number(a.submissionId.slice(1)) - Number(b.submissionId.slice(1))),
    ).toEqual(Array.from({ length: 7 }, (_, i) => ({ judgeId: js[i % 3], submissionId: `s${i}` })));
  });

  it("rotates by the number of judges given to each entry: entry i gets (i·per + k) mod n", () => {
    const js = judges(5);
    const pairs = run({ judgeIds: js, entries: entries(6), existing: [], perEntry: 3 });
    for (let i = 0; i < 6; i++) {
      const got = pairs.filter((p) => p.submissionId === `s${i}`).map((p) => p.judgeId);
      expect(new Set(got)).toEqual(new Set([0, 1, 2].map((k) => js[(i * 3 + k) % 5])));
    }
  });

  it("keeps judge loads within one of each other when nothing constrains them", () => {
    for (const n of [3, 4, 5, 7]) {
      for (const per of [1, 2, 3]) {
        for (const m of [1, 5, 11, 23]) {
          const js = judges(n);
          const { pairs, short } = solveAssignment({
            judgeIds: js,
            entries: entries(m),
            existing: [],
            perEntry: per,
          });
          expect(short).toEqual([]);
          expect(pairs).toHaveLength(m * per);
          expect(spread(loads(pairs, js)), `n=${n} per=${per} m=${m}`).toBeLessThanOrEqual(1);
        }
      }
    }
  });

  it("is a hard minimum: with fewer judges than needed, every entry is short and says why", () => {
    const { short } = solveAssignment({
      judgeIds: judges(2),
      entries: entries(4),
      existing: [],
      perEntry: 3,
    });
    expect(short.map((s) => s.entryId)).toEqual(["s0", "s1", "s2", "s3"]);
    expect(short[0]).toMatchObject({ need: 3, have: 2 });
    expect(shortfallReason(short[0])).toBe(
      "needs 3 judges and can have only 2: the panel has only 2 judges",
    );
  });

  it("never gives a judge their own entry (nor a pupil's entry to the pupil), and stays balanced", () => {
    const js = judges(4);
    const list = entries(8, (i) => (i % 2 ? `j${i % 4}` : `w${i}`));
    list[0] = { id: "s0", writers: ["teacher", "j2"] };
    const pairs = run({ judgeIds: js, entries: list, existing: [], perEntry: 2 });
    expect(pairs).toHaveLength(16);
    for (const p of pairs)
      expect(list.find((e) => e.id === p.submissionId)!.writers).not.toContain(p.judgeId);
    expect(spread(loads(pairs, js))).toBeLessThanOrEqual(1);
  });

  it("counts every existing pair towards the quota, also from a judge not on the panel", () => {
    const existing = [
      { judgeId: "j0", submissionId: "s0" },
      { judgeId: "gone", submissionId: "s0" },
    ];
    const pairs = run({ judgeIds: judges(4), entries: entries(1), existing, perEntry: 3 });
    expect(pairs).toHaveLength(1);
    expect(pairs[0].judgeId).not.toBe("j0");
    expect(
      run({
        judgeIds: judges(4),
        entries: entries(1),
        existing: [...existing, { judgeId: "other", submissionId: "s0" }],
        perEntry: 2,
      }),
    ).toEqual([]);
  });

  it("is idempotent, and tops up new entries without unbalancing the loads", () => {
    const js = judges(3);
    const first = run({ judgeIds: js, entries: entries(5), existing: [], perEntry: 2 });
    expect(run({ judgeIds: js, entries: entries(5), existing: first, perEntry: 2 })).toEqual([]);
    const more = run({ judgeIds: js, entries: entries(8), existing: first, perEntry: 2 });
    expect(more.every((p) => ["s5", "s6", "s7"].includes(p.submissionId))).toBe(true);
    expect(spread(loads([...first, ...more], js))).toBeLessThanOrEqual(1);
  });

  it("finds the assignment the greedy rotation misses (augmenting paths)", () => {
    // j0 may judge anything; j1 only s0 (capacity 1). Greedy gives s0 to j0 first (rotation);
    // s1 is then short unless j0 hands s0 to j1.
    const barred = new Map([["j1", new Map<string, BarReason>([["s1", "conflict"]])]]);
    const capacity = new Map([
      ["j0", 1],
      ["j1", 1],
    ]);
    const { pairs, short } = solveAssignment({
      judgeIds: ["j0", "j1"],
      entries: entries(2),
      existing: [],
      barred,
      capacity,
      perEntry: 1,
    });
    expect(short).toEqual([]);
    expect(new Set(pairs.map((p) => `${p.judgeId}:${p.submissionId}`))).toEqual(
      new Set(["j1:s0", "j0:s1"]),
    );
  });

  it("returns nothing without judges, and every entry short", () => {
    const { pairs, short } = solveAssignment({
      judgeIds: [],
      entries: entries(3),
      existing: [],
      perEntry: 3,
    });
    expect(pairs).toEqual([]);
    expect(short).toHaveLength(3);
    expect(shortfallReason(short[0])).toBe(
      "needs 3 judges and can have only 0: the panel has no judges",
    );
  });
});

describe("parseJudgesPerSubmission", () => {
  it("defaults to 3 and needs a whole number of at least 1", () => {
    expect(parseJudgesPerSubmission("")).toBe(3);
    expect(parseJudgesPerSubmission(undefined)).toBe(3);
    expect(parseJudgesPerSubmission("2")).toBe(2);
    expect(parseJudgesPerSubmission("0")).toBeNull();
    expect(parseJudgesPerSubmission("1.5")).toBeNull();
    expect(parseJudgesPerSubmission("abc")).toBeNull();
  });
});
