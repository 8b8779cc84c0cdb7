import { describe, expect, test } from "vitest";
import { choiceSchema, comparisonLoad } from "./desk";

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
});
