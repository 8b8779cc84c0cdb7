import { describe, expect, test } from "vitest";
import { isJudgingOpen, isSubmissionWindowOpen, publicPhase } from "./phase";

const c = {
  submissionsOpen: new Date("2027-01-01T00:00:00Z"),
  submissionsClose: new Date("2027-02-01T04:59:59Z"),
  judgingOpen: new Date("2027-02-02T00:00:00Z"),
  judgingClose: new Date("2027-03-01T00:00:00Z"),
  resultsAt: new Date("2027-03-10T00:00:00Z"),
};
const at = (iso: string) => new Date(iso);

describe("contest phases at the exact boundaries", () => {
  test("coming soon until the open instant, open through the close instant, closed after", () => {
    expect(publicPhase(c, at("2026-12-31T23:59:59.999Z"))).toBe("coming_soon");
    expect(publicPhase(c, at("2027-01-01T00:00:00.000Z"))).toBe("open");
    expect(publicPhase(c, at("2027-02-01T04:59:59.000Z"))).toBe("open");
    expect(publicPhase(c, at("2027-02-01T04:59:59.001Z"))).toBe("closed");
  });
  test("the submission window is inclusive at both ends", () => {
    expect(isSubmissionWindowOpen(c, at("2027-01-01T00:00:00.000Z"))).toBe(true);
    expect(isSubmissionWindowOpen(c, at("2027-02-01T04:59:59.000Z"))).toBe(true);
    expect(isSubmissionWindowOpen(c, at("2027-02-01T04:59:59.001Z"))).toBe(false);
  });
  test("judging window", () => {
    expect(isJudgingOpen(c, at("2027-02-01T23:59:59Z"))).toBe(false);
    expect(isJudgingOpen(c, at("2027-02-02T00:00:00Z"))).toBe(true);
    expect(isJudgingOpen(c, at("2027-03-01T00:00:00Z"))).toBe(true);
    expect(isJudgingOpen(c, at("2027-03-01T00:00:00.001Z"))).toBe(false);
  });
});
