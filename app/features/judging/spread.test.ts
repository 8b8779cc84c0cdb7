import { describe, expect, it } from "vitest";
import {
  isFlagged,
  rubricScale,
  spreadLabel,
  spreadOf,
  spreadPercentSchema,
  thresholdHundredths,
} from "./spread";

const fourByTen = [0.25, 0.25, 0.25, 0.25].map((weight) => ({ maxPoints: 10, weight }));

describe("spread rule", () => {
  it("the scale is the highest weighted total", () => {
    expect(rubricScale(fourByTen)).toBe(10);
    expect(rubricScale([{ maxPoints: 40, weight: 1 }])).toBe(40);
    expect(rubricScale([])).toBe(0);
  });

  it("needs two submitted totals", () => {
    expect(spreadOf([])).toBeNull();
    expect(spreadOf([7])).toBeNull();
    expect(isFlagged([1], 10, 1)).toBe(false);
    expect(spreadOf([7.25, 3, 5])).toBe(4.25);
  });

  it("flags a spread strictly above the share of the scale", () => {
    // 33 % of 10 is 3.3: a spread of exactly 3.3 is not flagged, 3.31 is.
    expect(isFlagged([7.3, 4], 10, 33)).toBe(false);
    expect(isFlagged([7.31, 4], 10, 33)).toBe(true);
    expect(isFlagged([9, 2, 5], 10, 33)).toBe(true);
    expect(isFlagged([6, 5], 10, 33)).toBe(false);
    // Floating-point sums never decide: 0.1 + 0.2 style totals compare in hundredths.
    expect(isFlagged([0.3, 0], 1, 30)).toBe(false);
  });

  it("the threshold moves with the percent", () => {
    expect(isFlagged([8, 4], 10, 50)).toBe(false);
    expect(isFlagged([8, 4], 10, 39)).toBe(true);
    expect(thresholdHundredths(40, 33)).toBe(1320);
    expect(isFlagged([4, 4], 0, 1)).toBe(false);
  });

  it("says the spread in words, not only colour", () => {
    expect(spreadLabel(14, 40)).toBe("Judges disagree (spread 14 of 40)");
    expect(spreadLabel(3.5, 10)).toBe("Judges disagree (spread 3.5 of 10)");
  });

  it("the threshold form takes 1 to 100", () => {
    expect(spreadPercentSchema.safeParse({ intent: "spread", spreadPercent: "25" }).success).toBe(
      true,
    );
    for (const bad of ["0", "101", "2.5", "x"])
      expect(spreadPercentSchema.safeParse({ intent: "spread", spreadPercent: bad }).success).toBe(
        false,
      );
  });
});
