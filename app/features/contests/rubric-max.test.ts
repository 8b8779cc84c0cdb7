import { describe, expect, test } from "vitest";
import { rubricMaxTotal } from "./rubric";

describe("a rubric's highest total", () => {
  test("Σ maxPoints × weight: a 1-10 and a 1-20 rubric", () => {
    const ten = [
      { key: "a", label: "A", maxPoints: 10, weight: 0.5, requireComment: false },
      { key: "b", label: "B", maxPoints: 10, weight: 0.5, requireComment: false },
    ];
    const twenty = ten.map((c) => ({ ...c, maxPoints: 20 }));
    expect(rubricMaxTotal(JSON.stringify(ten))).toBe(10);
    expect(rubricMaxTotal(JSON.stringify(twenty))).toBe(20);
    expect(rubricMaxTotal("not json")).toBeNull();
  });

  test("each rubric's answer is kept: the same text gives the same maximum, many texts stay right", () => {
    const rubric = (max: number) =>
      JSON.stringify([{ key: "a", label: "A", maxPoints: max, weight: 1, requireComment: false }]);
    for (let round = 0; round < 2; round++)
      for (let max = 1; max <= 100; max++) expect(rubricMaxTotal(rubric(max))).toBe(max);
    expect(rubricMaxTotal("[]")).toBeNull();
    expect(rubricMaxTotal("[]")).toBeNull();
  });
});
