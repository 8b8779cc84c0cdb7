import { describe, expect, test } from "vitest";
import { matchRoster } from "./roster-match";

const roster = [
  { id: "1", firstName: "Liam", lastInitial: "O" },
  { id: "2", firstName: "Mia", lastInitial: "R" },
  { id: "3", firstName: "Mia", lastInitial: "S" },
  { id: "4", firstName: "Éloïse", lastInitial: "B" },
];

describe("matching a joining pupil to the roster (ADR 0041)", () => {
  test("first name and initial, in any case: that row", () => {
    expect(matchRoster(roster, { firstName: "liam", lastInitial: "o" })).toEqual({
      kind: "claim",
      row: roster[0],
    });
    expect(matchRoster(roster, { firstName: "ÉLOÏSE", lastInitial: "B" })).toMatchObject({
      kind: "claim",
      row: { id: "4" },
    });
    expect(matchRoster(roster, { firstName: "Mia", lastInitial: "S" })).toMatchObject({
      kind: "claim",
      row: { id: "3" },
    });
  });
  test("unsure: no initial, another initial, or two rows: the pupil chooses", () => {
    expect(matchRoster(roster, { firstName: "Liam", lastInitial: "" })).toEqual({
      kind: "choose",
      candidates: [roster[0]],
    });
    // "Liam L." typed beside roster "Liam O.": asked, never a second Liam made silently.
    expect(matchRoster(roster, { firstName: "Liam", lastInitial: "L" })).toEqual({
      kind: "choose",
      candidates: [roster[0]],
    });
    expect(matchRoster(roster, { firstName: "Mia", lastInitial: "" })).toEqual({
      kind: "choose",
      candidates: [roster[1], roster[2]],
    });
  });
  test("a choice claims its row; none of these, or no such first name, is a new row", () => {
    expect(matchRoster(roster, { firstName: "Mia", lastInitial: "", choice: "3" })).toEqual({
      kind: "claim",
      row: roster[2],
    });
    expect(matchRoster(roster, { firstName: "Mia", lastInitial: "", choice: "none" })).toEqual({
      kind: "new",
    });
    expect(matchRoster(roster, { firstName: "Zara", lastInitial: "K" })).toEqual({ kind: "new" });
  });
  test("a chosen row that is gone or not the pupil's first name: ask again", () => {
    expect(matchRoster(roster, { firstName: "Mia", lastInitial: "", choice: "1" })).toEqual({
      kind: "choose",
      candidates: [roster[1], roster[2]],
    });
    expect(matchRoster([], { firstName: "Mia", lastInitial: "", choice: "2" })).toEqual({
      kind: "new",
    });
  });
});
