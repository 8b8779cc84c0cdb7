import { describe, expect, test } from "vitest";
import { leaning, quantile, quantileRanks, summarise } from "./totals-spread";

/** Every total by rank, as if SQL had picked them all. */
const ranks = (totals: number[]) =>
  new Map([...totals].sort((a, b) => a - b).map((t, i) => [i + 1, t] as const));

describe("quantiles from picked ranks", () => {
  test("the same as linear interpolation over every total", () => {
    const totals = [3, 9, 4, 12, 7, 10, 15];
    const s = summarise(ranks(totals), totals.length, 60 / 7);
    expect(s).toEqual({ count: 7, min: 3, q1: 5.5, median: 9, q3: 11, max: 15, mean: 60 / 7 });
  });

  test("only the ranks quantileRanks names are needed", () => {
    const all = ranks([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const picked = new Map<number, number>();
    for (const p of [0, 0.25, 0.5, 0.75, 1])
      for (const r of quantileRanks(10, p)) picked.set(r, all.get(r)!);
    expect(picked.size).toBeLessThanOrEqual(8);
    expect(quantile(picked, 10, 0.25)).toBe(3.25);
    expect(quantile(picked, 10, 0.5)).toBe(5.5);
    expect(quantile(picked, 10, 1)).toBe(10);
  });

  test("one total is every quantile", () => {
    expect(summarise(ranks([8]), 1, 8)).toMatchObject({ min: 8, q1: 8, median: 8, q3: 8, max: 8 });
  });

  test("a missing rank is an error, never a wrong figure", () => {
    expect(() => quantile(new Map([[1, 2]]), 5, 0.5)).toThrow();
  });
});

describe("leaning", () => {
  const panel = summarise(ranks([4, 6, 8, 10, 12]), 5, 8);
  test("below the panel's lower quartile is lower, above its upper is higher", () => {
    expect(leaning(summarise(ranks([2, 3, 5]), 3, 10 / 3), panel)).toBe("lower");
    expect(leaning(summarise(ranks([11, 13]), 2, 12), panel)).toBe("higher");
    expect(leaning(summarise(ranks([6, 8, 10]), 3, 8), panel)).toBe("in line");
  });
});
