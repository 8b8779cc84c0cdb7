import { describe, expect, test } from "vitest";
import { choiceSchema, comparisonLoad, refitDue } from "./desk";

describe("comparison desk rules", () => {
  test("a judge's load is entries × comparisons / 2 / judges, rounded up", () => {
    expect(comparisonLoad(30, 10, 4)).toEqual({ comparisons: 150, perJudge: 38 });
    expect(comparisonLoad(31, 10, 3)).toEqual({ comparisons: 155, perJudge: 52 });
    expect(comparisonLoad(30, 10, 0)).toEqual({ comparisons: 150, perJudge: null });
  });

  test("a choice needs a winner; notes are optional and trimmed", () => {
    expect(choiceSchema.safeParse({ intent: "choose", comparisonId: "c" }).success).toBe(false);
    const ok = choiceSchema.parse({
      intent: "choose",
      comparisonId: "c",
      winner: "B",
      noteA: "  ",
      noteB: " Lovely ending. ",
    });
    expect(ok).toEqual({
      intent: "choose",
      comparisonId: "c",
      winner: "B",
      noteB: "Lovely ending.",
    });
  });

  test("the pairing measures are refitted once 5 % of the choices (at least one) are new", () => {
    expect(refitDue(0, 0)).toBe(false);
    expect(refitDue(0, 1)).toBe(true);
    expect(refitDue(10, 11)).toBe(true);
    expect(refitDue(120, 125)).toBe(false);
    expect(refitDue(120, 126)).toBe(true);
    expect(refitDue(20_000, 20_999)).toBe(false);
    expect(refitDue(20_000, 21_000)).toBe(true);
    // Fewer choices than at the fit (an entry deleted with its comparisons): refitted as well.
    expect(refitDue(120, 110)).toBe(true);
  });
});
