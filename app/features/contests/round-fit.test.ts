import { describe, expect, test } from "vitest";
import { judgingSummary, roundsMisfit } from "./round-fit";

const at = (s: string) => new Date(`2027-03-${s}:00Z`);
const rounds = [
  { number: 1, name: "Heats", judgingOpen: at("10T09:00"), judgingClose: at("15T09:00") },
  { number: 2, name: "Final", judgingOpen: at("16T09:00"), judgingClose: at("20T09:00") },
];

describe("rounds against the dates being saved", () => {
  test("fit, open too early, close too late", () => {
    expect(
      roundsMisfit(rounds, { submissionsClose: at("09T09:00"), resultsAt: at("25T09:00") }),
    ).toEqual([]);
    expect(
      roundsMisfit(rounds, { submissionsClose: at("11T09:00"), resultsAt: at("19T09:00") }),
    ).toEqual([
      "Round 1 must open after submissions close.",
      "Round 2 must close before results are published.",
    ]);
    expect(
      roundsMisfit([], { submissionsClose: at("30T09:00"), resultsAt: at("01T09:00") }),
    ).toEqual([]);
  });

  test("the summary names every round, or the one round", () => {
    const judging = { judgingOpen: at("10T09:00"), judgingClose: at("20T09:00") };
    expect(judgingSummary(rounds, judging, "UTC")).toMatch(
      /^2 judging rounds: round 1 \(Heats\) from .+ to .+; round 2 \(Final\) from .+ to .+\.$/,
    );
    expect(judgingSummary([], judging, "UTC")).toMatch(/^One judging round from .+ to .+\.$/);
  });
});
