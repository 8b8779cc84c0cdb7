import { describe, expect, test } from "vitest";
import { progressLabel } from "./progress";

describe("how far an entry went", () => {
  test("a contest of one round says nothing", () => {
    expect(progressLabel(1, 1)).toBeNull();
  });
  test("round 1 only, a middle round, the final round", () => {
    expect(progressLabel(1, 3)).toBe("Read in round 1");
    expect(progressLabel(2, 3)).toBe("Reached round 2 of 3");
    expect(progressLabel(3, 3)).toBe("Advanced to the final round");
    expect(progressLabel(2, 2)).toBe("Advanced to the final round");
  });
});
