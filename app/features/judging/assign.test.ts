import { describe, expect, it } from "vitest";
import { autoAssign, parseJudgesPerSubmission, type AssignEntry, type AssignPair } from "./assign";

const judges = (n: number) => Array.from({ length: n }, (_, i) => `j${i}`);
const entries = (m: number, entrant = (i: number) => `w${i}`): AssignEntry[] =>
  Array.from({ length: m }, (_, i) => ({
    id: `s${i}`,
    entrantId: entrant(i),
    status: "submitted",
  }));

function loads(pairs: AssignPair[], judgeIds: string[]) {
  const map = new Map(judgeIds.map((j) => [j, 0]));
  for (const p of pairs) map.set(p.judgeId, (map.get(p.judgeId) ?? 0) + 1);
  return [...map.values()];
}
const spread = (values: number[]) => Math.max(...values) - Math.min(...values);

describe("autoAssign", () => {
  it("with one judge per entry, follows the rotation (i + k) mod n", () => {
    const js = judges(3);
    const pairs = autoAssign({
      judgeIds: js,
      entries: entries(7),
      existing: [],
      judgesPerSubmission: 1,
    });
    expect(pairs).toEqual(
      Array.from({ length: 7 }, (_, i) => ({ judgeId: js[i % 3], submissionId: `s${i}` })),
    );
  });

  it("rotates by the number of judges given to each entry: entry i gets (i·per + k) mod n", () => {
    const js = judges(5);
    const pairs = autoAssign({
      judgeIds: js,
      entries: entries(6),
      existing: [],
      judgesPerSubmission: 3,
    });
    for (let i = 0; i < 6; i++) {
      const got = pairs.filter((p) => p.submissionId === `s${i}`).map((p) => p.judgeId);
      expect(got).toEqual([0, 1, 2].map((k) => js[(i * 3 + k) % 5]));
    }
  });

  it("gives each entry min(judges per submission, judge count) distinct judges", () => {
    const pairs = autoAssign({
      judgeIds: judges(2),
      entries: entries(4),
      existing: [],
      judgesPerSubmission: 3,
    });
    for (let i = 0; i < 4; i++) {
      const got = pairs.filter((p) => p.submissionId === `s${i}`).map((p) => p.judgeId);
      expect(new Set(got).size).toBe(2);
      expect(got).toHaveLength(2);
    }
  });

  it("keeps judge loads within one of each other, where the literal formula does not", () => {
    for (const n of [2, 3, 4, 5, 7]) {
      for (const per of [1, 2, 3, 4]) {
        for (const m of [1, 5, 11, 23]) {
          const js = judges(n);
          const pairs = autoAssign({
            judgeIds: js,
            entries: entries(m),
            existing: [],
            judgesPerSubmission: per,
          });
          expect(pairs).toHaveLength(m * Math.min(per, n));
          expect(spread(loads(pairs, js)), `n=${n} per=${per} m=${m}`).toBeLessThanOrEqual(1);
        }
      }
    }
    // The rotation read literally, (i + k) mod n, with 5 judges, 3 per entry and 2 entries, gives
    // loads 1, 2, 2, 1, 0; the rotation advanced by the judges given gives 2, 1, 1, 1, 1.
    const literal = Array.from({ length: 2 }, (_, i) => [0, 1, 2].map((k) => (i + k) % 5)).flat();
    const counts = [0, 1, 2, 3, 4].map((j) => literal.filter((x) => x === j).length);
    expect(spread(counts)).toBe(2);
    const ours = autoAssign({
      judgeIds: judges(5),
      entries: entries(2),
      existing: [],
      judgesPerSubmission: 3,
    });
    expect(loads(ours, judges(5))).toEqual([2, 1, 1, 1, 1]);
  });

  it("never gives a judge their own entry, and stays balanced", () => {
    const js = judges(3);
    // Every entry is written by j0, who is also a judge.
    const pairs = autoAssign({
      judgeIds: js,
      entries: entries(6, () => "j0"),
      existing: [],
      judgesPerSubmission: 3,
    });
    expect(pairs.some((p) => p.judgeId === "j0")).toBe(false);
    for (let i = 0; i < 6; i++)
      expect(pairs.filter((p) => p.submissionId === `s${i}`)).toHaveLength(2);
    const list = entries(8, (i) => (i % 2 ? `j${i % 4}` : `w${i}`));
    const mixed = autoAssign({
      judgeIds: judges(4),
      entries: list,
      existing: [],
      judgesPerSubmission: 2,
    });
    expect(mixed).toHaveLength(16);
    for (const p of mixed)
      expect(p.judgeId).not.toBe(list.find((e) => e.id === p.submissionId)!.entrantId);
    expect(spread(loads(mixed, judges(4)))).toBeLessThanOrEqual(1);
  });

  it("assigns only submitted entries", () => {
    const list: AssignEntry[] = [
      { id: "a", entrantId: "w1", status: "submitted" },
      { id: "b", entrantId: "w2", status: "pending_payment" },
      { id: "c", entrantId: "w3", status: "withdrawn" },
      { id: "d", entrantId: "w4", status: "disqualified" },
      { id: "e", entrantId: "w5", status: "expired" },
    ];
    const pairs = autoAssign({
      judgeIds: judges(2),
      entries: list,
      existing: [],
      judgesPerSubmission: 1,
    });
    expect(pairs).toEqual([{ judgeId: "j0", submissionId: "a" }]);
  });

  it("skips pairs that already exist and counts them towards the quota", () => {
    const existing = [{ judgeId: "j1", submissionId: "s0" }];
    const pairs = autoAssign({
      judgeIds: judges(3),
      entries: entries(1),
      existing,
      judgesPerSubmission: 2,
    });
    expect(pairs).toHaveLength(1);
    expect(pairs[0].judgeId).not.toBe("j1");
  });

  it("is idempotent: a second run adds nothing", () => {
    const js = judges(4);
    const list = entries(9, (i) => (i === 3 ? "j2" : `w${i}`));
    const first = autoAssign({ judgeIds: js, entries: list, existing: [], judgesPerSubmission: 3 });
    const second = autoAssign({
      judgeIds: js,
      entries: list,
      existing: first,
      judgesPerSubmission: 3,
    });
    expect(second).toEqual([]);
  });

  it("tops up new entries without unbalancing the loads", () => {
    const js = judges(3);
    const first = autoAssign({
      judgeIds: js,
      entries: entries(5),
      existing: [],
      judgesPerSubmission: 2,
    });
    const more = autoAssign({
      judgeIds: js,
      entries: entries(8),
      existing: first,
      judgesPerSubmission: 2,
    });
    expect(more.every((p) => ["s5", "s6", "s7"].includes(p.submissionId))).toBe(true);
    expect(spread(loads([...first, ...more], js))).toBeLessThanOrEqual(1);
  });

  it("returns nothing without judges", () => {
    expect(
      autoAssign({ judgeIds: [], entries: entries(3), existing: [], judgesPerSubmission: 3 }),
    ).toEqual([]);
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
