import { describe, expect, test } from "vitest";
import {
  GRADE_MESSAGE,
  INITIAL_MESSAGE,
  JOIN_CODE_ALPHABET,
  checkPupil,
  gradeLabel,
  joinCodeFrom,
  cleanName,
  isOneInitial,
  lastInitialOf,
  pupilLabel,
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
  test("one word gives no initial: never its own first letter (Liam L. beside Liam O.)", () => {
    expect(nameFromDisplayName("Liam")).toEqual({ firstName: "Liam", lastInitial: "" });
    expect(nameFromDisplayName("Writer 4821")).toEqual({ firstName: "Writer", lastInitial: "" });
    expect(nameFromDisplayName("Leo van Park")).toEqual({ firstName: "Leo", lastInitial: "P" });
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

describe("names in any script (ADR 0041)", () => {
  test("an initial is the first grapheme of the last name, after its particles", () => {
    expect(lastInitialOf("van der Berg")).toBe("B");
    expect(lastInitialOf("de la Cruz")).toBe("C");
    expect(lastInitialOf("al-Farsi")).toBe("F");
    expect(lastInitialOf("El-Amin")).toBe("A");
    // Arabic: the article written onto the word is not the initial ("ا." was).
    expect(lastInitialOf("الفارسي")).toBe("ف");
    expect(lastInitialOf("محمد")).toBe("م");
    expect(lastInitialOf("Ó Súilleabháin")).toBe("Ó");
    // A decomposed É and an Indic conjunct stay whole.
    expect(lastInitialOf("E\u0301tienne")).toBe("É");
    expect(lastInitialOf("क्षत्रिय")).toBe("क्ष");
    expect(lastInitialOf("Van")).toBe("V");
    expect(lastInitialOf("李")).toBe("李");
    expect(lastInitialOf("-")).toBeNull();
  });
  test("a typed initial is one grapheme", () => {
    expect(isOneInitial("م")).toBe(true);
    expect(isOneInitial("E\u0301.")).toBe(true);
    expect(isOneInitial("Ro")).toBe(false);
    expect(checkPupil({ firstName: "Omar", lastInitial: "م" })).toMatchObject({ ok: true });
  });
  test("the CSV's whole Arabic surname gives its letter, not the surname", () => {
    expect(
      checkPupil({ firstName: "عمر", lastInitial: "الحسن" }, { fullLastName: true }),
    ).toMatchObject({ ok: true, pupil: { firstName: "عمر", lastInitial: "ح" } });
  });
  test("a name with no initial reads as the first name alone", () => {
    expect(pupilLabel({ firstName: "Liam", lastInitial: "" })).toBe("Liam");
    expect(pupilLabel({ firstName: "Liam", lastInitial: "O" })).toBe("Liam O.");
  });
});

describe("invisible characters in names (issue 35)", () => {
  test("right-to-left overrides, isolates and marks are removed", () => {
    expect(cleanName("\u202EaiM")).toBe("aiM");
    expect(cleanName("Mia\u202E \u2066R\u2069")).toBe("Mia R");
    expect(cleanName("\u200FMia\u200E")).toBe("Mia");
  });
  test("zero-width characters inside a Latin name are removed", () => {
    expect(cleanName("M\u200Bi\u200Ca\u200D\u2060\uFEFF")).toBe("Mia");
    expect(cleanName("Mi\u00ADa")).toBe("Mia");
  });
  test("a joiner between two letters of a script that needs it stays", () => {
    expect(cleanName("می\u200Cخواهم")).toBe("می\u200Cخواهم");
    expect(cleanName("Mia\u200Cمی")).toBe("Miaمی");
  });
  test("the roster form and the CSV import store the cleaned name", () => {
    expect(checkPupil({ firstName: "\u202EMia\u200B", lastInitial: "\u200BR" })).toEqual({
      ok: true,
      pupil: { firstName: "Mia", lastInitial: "R", grade: null, parentEmail: null },
    });
    expect(checkPupil({ firstName: "\u200B\u202E", lastInitial: "R" }).ok).toBe(false);
  });
});
