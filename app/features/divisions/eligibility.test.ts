import { describe, expect, it } from "vitest";
import {
  ageOn,
  divisionWordRange,
  gradeLabel,
  missingFact,
  placeWriter,
  type DivisionRule,
} from "./eligibility";
import { divisionFor, divisionNotice, divisionRangeLabel, DivisionRefused } from "./placement";

const day = (s: string) => new Date(`${s}T00:00:00.000Z`);
const rule = (over: Partial<DivisionRule> & Pick<DivisionRule, "id">): DivisionRule => ({
  name: over.id,
  position: 0,
  basis: "grade",
  min: 0,
  max: 12,
  ageOn: null,
  wordMin: null,
  wordMax: null,
  ...over,
});
const grades = [
  rule({ id: "Grades 3-5", position: 0, min: 3, max: 5 }),
  rule({ id: "Grades 6-8", position: 1, min: 6, max: 8, wordMin: 500, wordMax: 2000 }),
];
const ages = [
  rule({ id: "Young", basis: "age", min: 8, max: 11, ageOn: day("2026-09-01") }),
  rule({ id: "Teens", basis: "age", min: 12, max: 16, ageOn: day("2026-09-01"), position: 1 }),
];
const now = day("2026-03-01");

describe("ageOn", () => {
  it("counts a birthday on the date itself", () => {
    expect(ageOn(day("2014-09-01"), day("2026-09-01"))).toBe(12);
    expect(ageOn(day("2014-09-02"), day("2026-09-01"))).toBe(11);
    expect(ageOn(day("2014-08-31"), day("2026-09-01"))).toBe(12);
  });
  it("handles 29 February", () => {
    expect(ageOn(day("2012-02-29"), day("2026-02-28"))).toBe(13);
    expect(ageOn(day("2012-02-29"), day("2026-03-01"))).toBe(14);
  });
});

describe("placeWriter", () => {
  it("places by grade, kindergarten being 0", () => {
    expect(placeWriter(grades, { grade: 4, dateOfBirth: null }, now)?.id).toBe("Grades 3-5");
    expect(placeWriter(grades, { grade: 8, dateOfBirth: null }, now)?.id).toBe("Grades 6-8");
    expect(placeWriter(grades, { grade: 0, dateOfBirth: null }, now)).toBeNull();
    const k = [rule({ id: "K-2", min: 0, max: 2 })];
    expect(placeWriter(k, { grade: 0, dateOfBirth: null }, now)?.id).toBe("K-2");
  });
  it("places by age on the division's date, not today", () => {
    // 11 today (March), 12 on 1 September.
    const dob = day("2014-09-01");
    expect(placeWriter(ages, { grade: null, dateOfBirth: dob }, now)?.id).toBe("Teens");
    expect(placeWriter(ages, { grade: null, dateOfBirth: day("2014-09-02") }, now)?.id).toBe(
      "Young",
    );
  });
  it("takes the first by position", () => {
    const two = [rule({ id: "b", position: 2 }), rule({ id: "a", position: 1 })];
    expect(placeWriter(two, { grade: 5, dateOfBirth: null }, now)?.id).toBe("a");
  });
  it("places nobody without the fact", () => {
    expect(placeWriter(grades, { grade: null, dateOfBirth: day("2014-01-01") }, now)).toBeNull();
  });
});

describe("missingFact", () => {
  it("names the fact the divisions need", () => {
    expect(missingFact(grades, { grade: null, dateOfBirth: day("2014-01-01") })).toBe("grade");
    expect(missingFact(ages, { grade: 5, dateOfBirth: null })).toBe("dateOfBirth");
    expect(missingFact(grades, { grade: 13, dateOfBirth: null })).toBeNull();
  });
  it("with mixed bases, misses something only when both are unknown", () => {
    const mixed = [grades[0], ages[1]];
    expect(missingFact(mixed, { grade: null, dateOfBirth: null })).toBe("grade");
    expect(missingFact(mixed, { grade: 4, dateOfBirth: null })).toBeNull();
  });
});

describe("labels and refusals", () => {
  it("says who a division is for", () => {
    expect(divisionRangeLabel(grades[0])).toBe("Grades 3-5");
    expect(divisionRangeLabel(rule({ id: "k", min: 0, max: 2 }))).toBe("Kindergarten-Grade 2");
    expect(divisionRangeLabel(rule({ id: "k", min: 0, max: 0 }))).toBe("Kindergarten");
    expect(divisionRangeLabel(ages[1])).toBe("Ages 12-16 on 1 September 2026");
    expect(gradeLabel(4)).toBe("Grade 4");
  });
  it("refuses a writer without a grade, pointing at the account page", () => {
    expect(() => divisionFor(grades, { grade: null, dateOfBirth: null }, now)).toThrow(
      "This contest puts writers in groups by school grade. Add your grade on your account page, then send your story.",
    );
    const n = divisionNotice(grades, { grade: null, dateOfBirth: null }, now);
    expect(n).toMatchObject({ kind: "refused", fix: "account" });
  });
  it("refuses a writer who fits none, naming the divisions", () => {
    expect(() => divisionFor(grades, { grade: 10, dateOfBirth: null }, now)).toThrow(
      "This contest is for Grades 3-5 and Grades 6-8. Your grade doesn't fit any of them, so you can't enter this one.",
    );
    try {
      divisionFor(ages, { grade: null, dateOfBirth: day("2000-01-01") }, now, {
        pupilName: "Mia R.",
        hasAccount: false,
      });
    } catch (e) {
      expect(e).toBeInstanceOf(DivisionRefused);
      expect((e as Error).message).toMatch(/Mia R\.'s age doesn't fit/);
    }
  });
  it("a contest without divisions places nobody and refuses nobody", () => {
    expect(divisionFor([], { grade: null, dateOfBirth: null }, now)).toBeNull();
    expect(divisionNotice([], { grade: null, dateOfBirth: null }, now)).toEqual({ kind: "none" });
  });
  it("uses the division's word range where it has one", () => {
    const contest = { wordMin: 100, wordMax: 3000 };
    expect(divisionWordRange(contest, grades[1])).toEqual({ wordMin: 500, wordMax: 2000 });
    expect(divisionWordRange(contest, grades[0])).toEqual(contest);
    expect(divisionWordRange(contest, null)).toEqual(contest);
  });
});
