import { describe, expect, test } from "vitest";
import { formatMeasure, judgeFitWords, reliabilityWords } from "./scale-words";
import { MIN_CHOICES_FOR_FIT } from "./model";

describe("the scale in words", () => {
  test("reliability is a figure and a plain sentence", () => {
    expect(reliabilityWords(0.9, 40)).toBe(
      "0.90: judges' choices agree well; the order is dependable.",
    );
    expect(reliabilityWords(0.83, 40)).toMatch(/^0\.83: judges' choices mostly agree/);
    expect(reliabilityWords(0.7, 40)).toMatch(/^0\.70: .*more comparisons would settle/);
    expect(reliabilityWords(0.41, 40)).toMatch(/^0\.41: the order is not settled yet/);
    expect(reliabilityWords(0, 0)).toBe("No comparisons yet: the round has no scale.");
  });

  test("a misfit is said in words; few choices are not judged", () => {
    expect(judgeFitWords({ misfit: true, count: 30 })).toBe("Disagrees with the panel's scale");
    expect(judgeFitWords({ misfit: false, count: MIN_CHOICES_FOR_FIT - 1 })).toMatch(
      /^Too few choices/,
    );
    expect(judgeFitWords({ misfit: false, count: 30 })).toBe("Agrees with the panel's scale");
  });

  test("measures in logits, with their sign", () => {
    expect(formatMeasure(1.234)).toBe("1.23");
    expect(formatMeasure(-0.001)).toBe("0.00");
    expect(formatMeasure(-1.5)).toBe("-1.50");
    expect(formatMeasure(null)).toBe("—");
  });
});
