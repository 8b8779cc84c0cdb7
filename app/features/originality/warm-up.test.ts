import { describe, expect, it } from "vitest";
import { warmUpCopyCheck } from "./warm-up";

describe("warming the copy check up", () => {
  it("runs the near-identical and the copied-paragraph paths each round, and nothing else", () => {
    expect(warmUpCopyCheck(3)).toBe(6);
  });
});
