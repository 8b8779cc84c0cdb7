import { describe, expect, test } from "vitest";
import {
  GRADE_MESSAGE,
  INITIAL_MESSAGE,
  JOIN_CODE_ALPHABET,
  checkPupil,
  gradeLabel,
  joinCodeFrom,
  lastInitialOf,
  nameFromDisplayName,
  normalizeJoinCode,
  parseGrade,
  placesLeft,
  pupilKey,
} from "./roster";

describe("grades", () => {
  test("K, 0 and 1 to 12 are grades; empty is none; anything else is not", () => {
    expect(parseGrade("K")).toBe(0);
    expect(parseGrade("k")).toBe(0);
    expect(parseGrade("0")).toBe(0);
    expect(parseGrade(" 5 ")).toBe(5);
    expect(parseGrade("Grade 12")).toBe(12);
    expect(parseGrade("")).toBeNull();
    expect(parseGrade(undefined)).toBeNull();
    for (const bad of ["13", "-1", "5.5", "five", "1st"]) expect(parseGrade(bad)).toBeUndefined();
  });
  test("read back as K or the number", () => {
    expect(gradeLabel(0)).toBe("K");
    expect(gradeLabel(7)).toBe("7");
    expect(gradeLabel(null)).toBe("");
  });
});

describe("a pupil as typed", () => {
  test("tidies the values", () => {
    expect(
      checkPupil({
        firstName: "  Mia   Rose ",
        lastInitial: "r.",
        grade: "5",
        parentEmail: " A@B.CO ",
      }),
    ).toEqual({
      ok: true,
      pupil: { firstName: "Mia Rose", lastInitial: "R", grade: 5, parentEmail: "a@b.co" },
    });
  });
  test("names every problem", () => {
    const r = checkPupil({ firstName: "", lastInitial: "Ro", grade: "14", parentEmail: "nope" });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(Object.keys(r.errors).sort()).toEqual([
      "firstName",
      "grade",
      "lastInitial",
      "parentEmail",
    ]);
    expect(r.errors.grade).toBe(GRADE_MESSAGE);
    expect(r.errors.lastInitial).toBe(INITIAL_MESSAGE);
  });
  test("a first name is at most 40 characters", () => {
    expect(checkPupil({ firstName: "a".repeat(40), lastInitial: "B" }).ok).toBe(true);
    expect(checkPupil({ firstName: "a".repeat(41), lastInitial: "B" }).ok).toBe(false);
  });
  test("a whole last name gives its initial where allowed (the CSV)", () => {
    expect(checkPupil({ firstName: "Noah", lastInitial: "Tran" }).ok).toBe(false);
    expect(
      checkPupil({ firstName: "Noah", lastInitial: "tran" }, { fullLastName: true }),
    ).toMatchObject({
      ok: true,
      pupil: { lastInitial: "T" },
    });
    expect(lastInitialOf("Édith")).toBe("É");
    expect(lastInitialOf("3")).toBeNull();
  });
  test("the same pupil in any case", () => {
    expect(pupilKey({ firstName: "MIA", lastInitial: "r" })).toBe(
      pupilKey({ firstName: "mia", lastInitial: "R" }),
    );
  });
});

describe("a joined pupil's name", () => {
  test("first word, and the last word's first letter", () => {
    expect(nameFromDisplayName("Leo Park")).toEqual({ firstName: "Leo", lastInitial: "P" });
    expect(nameFromDisplayName("  ana  maria lópez ")).toEqual({
      firstName: "ana",
      lastInitial: "L",
    });
  });
  test("one word: its own first letter", () => {
    expect(nameFromDisplayName("Zed")).toEqual({ firstName: "Zed", lastInitial: "Z" });
    expect(nameFromDisplayName("Writer 4821")).toEqual({ firstName: "Writer", lastInitial: "W" });
  });
});

describe("join codes", () => {
  test("six characters of the unambiguous alphabet, as XXX-XXX", () => {
    let i = 0;
    const code = joinCodeFrom((n) => i++ % n);
    expect(code).toBe("ABC-DEF");
    for (let k = 0; k < 50; k++) {
      const random = joinCodeFrom((n) => Math.floor(Math.random() * n));
      expect(random).toMatch(/^[A-Z2-9]{3}-[A-Z2-9]{3}$/);
      expect(random).not.toMatch(/[IO01]/);
    }
    expect(JOIN_CODE_ALPHABET).toHaveLength(32);
  });
  test("typed codes are capitals; junk is empty", () => {
    expect(normalizeJoinCode(" maple-12 ")).toBe("MAPLE-12");
    expect(normalizeJoinCode("k7q-4px")).toBe("K7Q-4PX");
    expect(normalizeJoinCode("a/b")).toBe("");
    expect(normalizeJoinCode("x".repeat(13))).toBe("");
  });
  test("places left never go below zero", () => {
    expect(placesLeft(30, 1)).toBe(29);
    expect(placesLeft(2, 3)).toBe(0);
  });
});
