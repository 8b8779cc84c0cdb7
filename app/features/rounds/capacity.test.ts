import { describe, expect, test } from "vitest";
import { capacityReport, entriesGoingOn, type CapacityRound } from "./capacity";

const judges = (n: number, capacity: number | null, divisionIds: string[] = []) =>
  Array.from({ length: n }, (_, i) => ({ id: `j${i}`, capacity, divisionIds }));

const round = (
  number: number,
  judgesPerEntry: number,
  advanceRule: CapacityRound["advanceRule"] = null,
  advanceValue: number | null = null,
): CapacityRound => ({
  number,
  name: `Round ${number}`,
  judgesPerEntry,
  judgeIds: [],
  advanceRule,
  advanceValue,
});

describe("entries going on (an upper bound)", () => {
  test("top N, top X % rounded up, and a score lets every entry on", () => {
    expect(entriesGoingOn("top", 6, 25)).toBe(6);
    expect(entriesGoingOn("top", 40, 25)).toBe(25);
    expect(entriesGoingOn("percent", 20, 25)).toBe(5);
    expect(entriesGoingOn("percent", 10, 25)).toBe(3);
    expect(entriesGoingOn("score", 7.5, 25)).toBe(25);
    expect(entriesGoingOn(null, null, 25)).toBe(25);
  });
});

describe("the panel's capacity across rounds", () => {
  test("issue 35: capacity 14 covers round 1 but not round 2", () => {
    // 25 entries × 3 judges = 75 in round 1 (12-13 each of six judges), then top 6 × 2 = 12.
    const r = capacityReport({
      rounds: [round(1, 3, "top", 6), round(2, 2)],
      judges: judges(6, 14),
      divisions: [{ id: null, name: "All entries", entries: 25 }],
    });
    expect(r.divisions[0].rounds.map((x) => [x.entries, x.need])).toEqual([
      [25, 75],
      [6, 12],
    ]);
    expect(r.need).toBe(87);
    expect(r.room).toBe(84);
    expect(r.fits).toBe(false);
    expect(r.estimated).toBe(true);
    expect(r.problems[0]).toContain("need up to 87 assignments");
    expect(r.problems[0]).toContain("room for 84");
    // Capacity 15 is enough: 90 ≥ 87.
    expect(capacityReport({ ...inputOf(15) }).fits).toBe(true);
  });

  const inputOf = (capacity: number | null) => ({
    rounds: [round(1, 3, "top", 6), round(2, 2)],
    judges: judges(6, capacity),
    divisions: [{ id: null, name: "All entries", entries: 25 }],
  });

  test("no capacity means a judge takes at most every entry once per round", () => {
    const r = capacityReport(inputOf(null));
    expect(r.room).toBe(6 * (25 + 6));
    expect(r.fits).toBe(true);
  });

  test("per division: restricted judges count only for their divisions", () => {
    const r = capacityReport({
      rounds: [round(1, 2, "percent", 50), round(2, 2)],
      judges: [
        { id: "a", capacity: 10, divisionIds: ["d1"] },
        { id: "b", capacity: 10, divisionIds: ["d1"] },
        { id: "c", capacity: 30, divisionIds: ["d2"] },
        { id: "d", capacity: 30, divisionIds: ["d2"] },
      ],
      divisions: [
        { id: "d1", name: "Grades 3-4", entries: 8 },
        { id: "d2", name: "Grades 5-6", entries: 8 },
      ],
    });
    // 8 × 2 + 4 × 2 = 24 per division; d1's judges have 20, d2's 48 (capped at 12 each: 24).
    expect(r.divisions.map((d) => [d.name, d.need, d.room, d.fits])).toEqual([
      ["Grades 3-4", 24, 20, false],
      ["Grades 5-6", 24, 24, true],
    ]);
    expect(r.problems).toHaveLength(1);
    expect(r.problems[0]).toMatch(/^Grades 3-4: /);
  });

  test("a judge shared by two divisions is counted once for the panel", () => {
    const r = capacityReport({
      rounds: [round(1, 1)],
      judges: [{ id: "a", capacity: 10, divisionIds: [] }],
      divisions: [
        { id: "d1", name: "Grades 3-4", entries: 8 },
        { id: "d2", name: "Grades 5-6", entries: 8 },
      ],
    });
    expect(r.divisions.every((d) => d.fits)).toBe(true);
    expect(r.fits).toBe(false);
    expect(r.problems[0]).toContain("Together the divisions need up to 16 assignments");
  });

  test("too few judges for the judges per entry is named with its round", () => {
    const r = capacityReport({
      rounds: [{ ...round(1, 3), judgeIds: ["j0", "j1"] }],
      judges: judges(6, null),
      divisions: [{ id: null, name: "All entries", entries: 5 }],
    });
    expect(r.fits).toBe(false);
    expect(r.problems).toContain(
      "All entries, Round 1: each entry needs 3 judges, but only 2 judges may judge it.",
    );
  });
});
