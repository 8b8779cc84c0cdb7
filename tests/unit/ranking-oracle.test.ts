import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { averageScore, formatScore, roundScore } from "~/features/judging/scoring";
import {
  averageOfTotals,
  competitionRanks,
  judgeStats,
  rankByAverage,
  rankByZScore,
  roundHalfUp,
} from "#tests/oracles/ranking";

describe("ranking", () => {
  it("uses competition ranking: ties share a rank (1, 1, 3)", () => {
    expect(competitionRanks([9, 9, 8, 7, 7, 7, 1])).toEqual([1, 1, 3, 4, 4, 4, 7]);
    expect(competitionRanks([9.004, 9.001])).toEqual([1, 1]);
  });

  it("ranks by the average of judges' totals, two decimals, descending", () => {
    const ranked = rankByAverage([
      { submissionId: "a", judgeId: "j1", total: 8 },
      { submissionId: "a", judgeId: "j2", total: 7 },
      { submissionId: "b", judgeId: "j1", total: 9 },
      { submissionId: "c", judgeId: "j1", total: 7.5 },
      { submissionId: "d", judgeId: "j1", total: 6.333 },
      { submissionId: "d", judgeId: "j2", total: 6.334 },
    ]);
    expect(ranked).toEqual([
      { submissionId: "b", average: 9, count: 1, rank: 1 },
      { submissionId: "a", average: 7.5, count: 2, rank: 2 },
      { submissionId: "c", average: 7.5, count: 1, rank: 2 },
      { submissionId: "d", average: 6.33, count: 2, rank: 4 },
    ]);
    expect(formatScore(ranked[1].average)).toBe("7.50");
    expect(formatScore(null)).toBe("—");
  });
});

describe("z-score normalisation", () => {
  it("standardises each judge's totals, then averages", () => {
    // j1 is harsh (2, 4), j2 generous (8, 10): both rate a above b by the same margin.
    const rows = [
      { submissionId: "a", judgeId: "j1", total: 4 },
      { submissionId: "b", judgeId: "j1", total: 2 },
      { submissionId: "a", judgeId: "j2", total: 10 },
      { submissionId: "b", judgeId: "j2", total: 8 },
    ];
    const stats = judgeStats(rows);
    expect(stats.get("j1")).toEqual({ mean: 3, sd: 1, usable: true });
    const ranked = rankByZScore(rows);
    expect(ranked).toEqual([
      { submissionId: "a", average: 1, count: 2, used: 2, rank: 1, raw: 7 },
      { submissionId: "b", average: -1, count: 2, used: 2, rank: 2, raw: 5 },
    ]);
  });

  it("changes the order when one judge is harsher on some entries", () => {
    const rows = [
      // j1 scores everything low; c got only j1.
      { submissionId: "a", judgeId: "j1", total: 3 },
      { submissionId: "c", judgeId: "j1", total: 5 },
      { submissionId: "b", judgeId: "j2", total: 9 },
      { submissionId: "d", judgeId: "j2", total: 6 },
    ];
    expect(rankByAverage(rows).map((r) => r.submissionId)).toEqual(["b", "d", "c", "a"]);
    const z = rankByZScore(rows);
    expect(z.map((r) => [r.submissionId, r.average, r.rank])).toEqual([
      ["b", 1, 1],
      ["c", 1, 1],
      ["a", -1, 3],
      ["d", -1, 3],
    ]);
  });

  it("leaves out the scores of a judge with fewer than two scores or no spread, never raw", () => {
    const rows = [
      { submissionId: "a", judgeId: "single", total: 6 },
      { submissionId: "b", judgeId: "flat", total: 5 },
      { submissionId: "c", judgeId: "flat", total: 5 },
      // "spread" can be standardised: a gets +1, d gets -1.
      { submissionId: "a", judgeId: "spread", total: 9 },
      { submissionId: "d", judgeId: "spread", total: 3 },
    ];
    const stats = judgeStats(rows);
    expect(stats.get("single")?.usable).toBe(false);
    expect(stats.get("flat")?.usable).toBe(false);
    expect(stats.get("spread")?.usable).toBe(true);
    expect(
      rankByZScore(rows).map((r) => [r.submissionId, r.average, r.used, r.count, r.rank]),
    ).toEqual([
      // a's normalised average rests on one of its two scores (the single judge's 6 is left out).
      ["a", 1, 1, 2, 1],
      ["d", -1, 1, 1, 2],
      // b and c rest on none: no normalised average, unranked, after the ranked entries.
      ["b", null, 0, 1, null],
      ["c", null, 0, 1, null],
    ]);
  });

  it("never ranks a raw 0-10 total among z values (the old fallback put it first)", () => {
    const rows = [
      { submissionId: "raw", judgeId: "once", total: 4 },
      { submissionId: "x", judgeId: "j", total: 9 },
      { submissionId: "y", judgeId: "j", total: 5 },
    ];
    const z = rankByZScore(rows);
    expect(z[0].submissionId).toBe("x");
    expect(z.find((r) => r.submissionId === "raw")).toMatchObject({ average: null, rank: null });
  });
});

describe("rounding", () => {
  it("ranks on the exact average rounded half up: 7.225 → 7.23", () => {
    const ranked = rankByAverage([
      { submissionId: "a", judgeId: "j1", total: 7.22 },
      { submissionId: "a", judgeId: "j2", total: 7.23 },
      { submissionId: "b", judgeId: "j1", total: 7.23 },
    ]);
    expect(ranked.map((r) => [r.submissionId, r.average, r.rank])).toEqual([
      ["a", 7.23, 1],
      ["b", 7.23, 1],
    ]);
  });
});

describe("the oracle's own rounding", () => {
  it("rounds the ADR's examples half up to two decimals", () => {
    expect([7.225, 7.235, 8.005, -7.225, 9.004, 0.125].map(roundHalfUp)).toEqual([
      7.23, 7.24, 8.01, -7.22, 9, 0.13,
    ]);
    expect(averageOfTotals([7.22, 7.23])).toBe(7.23);
    expect(averageOfTotals([6.33, 6.33, 6.34])).toBe(6.33);
  });

  it("agrees with the site's roundScore and averageScore, which it does not import from", () => {
    fc.assert(
      fc.property(fc.integer({ min: -100_000, max: 100_000 }), (thousandths) => {
        const value = thousandths / 1000;
        expect(roundHalfUp(value)).toBe(roundScore(value));
      }),
    );
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 10_000 }), { minLength: 1, maxLength: 12 }),
        (hundredths) => {
          const totals = hundredths.map((h) => h / 100);
          expect(averageOfTotals(totals)).toBe(averageScore(totals));
        },
      ),
    );
  });
});
