import { describe, expect, it } from "vitest";
import { rankByMeasure } from "./advancement";
import type { Measure, Scale } from "./model";

const m = (id: string, measure: number, comparisons = 10): Measure => ({
  id,
  measure,
  se: 0.5,
  comparisons,
  wins: 5,
});
const scale = (measures: Measure[]): Scale => ({ measures, reliability: 0.9, judges: [] });

describe("rankByMeasure", () => {
  const s = scale([m("a", 2), m("b", 1), m("c", 1), m("d", 0), m("e", -1), m("never", 0, 0)]);

  it("ranks by measure, highest first; equal measures share a rank (1, 2, 2, 4)", () => {
    const r = rankByMeasure(s, {});
    expect(r.map((x) => [x.id, x.rank])).toEqual([
      ["a", 1],
      ["b", 2],
      ["c", 2],
      ["d", 4],
      ["e", 5],
      ["never", 6],
    ]);
    expect(r.every((x) => !x.advances)).toBe(true);
    expect(r[0]).toEqual({ id: "a", rank: 1, measure: 2, se: 0.5, advances: false });
  });

  it("top N: ties at the cut all go on", () => {
    const r = rankByMeasure(s, { topN: 2 });
    expect(r.filter((x) => x.advances).map((x) => x.id)).toEqual(["a", "b", "c"]);
    expect(
      rankByMeasure(s, { topN: 1 })
        .filter((x) => x.advances)
        .map((x) => x.id),
    ).toEqual(["a"]);
    expect(rankByMeasure(s, { topN: 0 }).some((x) => x.advances)).toBe(false);
  });

  it("top X %: of the compared entries, rounded up", () => {
    // 5 compared entries: 20 % is 1, 30 % is 2 (ties → 3), 100 % is all 5 but never the uncompared.
    expect(rankByMeasure(s, { topPercent: 20 }).filter((x) => x.advances)).toHaveLength(1);
    expect(rankByMeasure(s, { topPercent: 30 }).filter((x) => x.advances)).toHaveLength(3);
    const all = rankByMeasure(s, { topPercent: 100 });
    expect(all.filter((x) => x.advances).map((x) => x.id)).toEqual(["a", "b", "c", "d", "e"]);
  });

  it("both given: the smaller cut", () => {
    expect(rankByMeasure(s, { topN: 4, topPercent: 20 }).filter((x) => x.advances)).toHaveLength(1);
  });

  it("an empty scale ranks nothing", () => {
    expect(rankByMeasure(scale([]), { topN: 3 })).toEqual([]);
  });
});
