import { describe, expect, it } from "vitest";
import { findIdentityHits, needles, paragraphs, passage, textForJudges } from "./identity-hits";

const mia = [
  { kind: "name" as const, value: "Mia Rivers" },
  { kind: "email" as const, value: "mia.rivers@example.com" },
  { kind: "school" as const, value: "Hillside Primary" },
  { kind: "educator" as const, value: "Ms Dana Okafor" },
];

describe("findIdentityHits", () => {
  it("finds names, e-mails, schools and teachers as whole words, with offsets into the text", () => {
    const text = "By MIA  RIVERS\nof Hillside Primary (ask Ms Dana Okafor): mia.rivers@example.com";
    const hits = findIdentityHits(text, mia);
    expect(hits.map((h) => [h.kind, text.slice(h.start, h.end)])).toEqual([
      ["name", "MIA  RIVERS"],
      ["school", "Hillside Primary"],
      ["educator", "Ms Dana Okafor"],
      ["email", "mia.rivers@example.com"],
    ]);
  });

  it("ignores accents, case and line breaks, and finds a surname alone", () => {
    const text = "Written by Zoë\nRivers. Rivers is my name. The riverside was cold.";
    const hits = findIdentityHits(text, [{ kind: "name", value: "Zoe Rivers" }]);
    expect(hits.map((h) => text.slice(h.start, h.end))).toEqual(["Zoë\nRivers", "Rivers"]);
  });

  it("never matches inside a longer word or a name too short to tell", () => {
    expect(findIdentityHits("The Riversides went home.", mia)).toEqual([]);
    expect(needles({ kind: "name", value: "Mia R." })).toEqual(["mia r."]);
    expect(needles({ kind: "name", value: "Al B" })).toEqual([]);
    expect(findIdentityHits("Mia ran.", [{ kind: "name", value: "Mia" }])).toEqual([]);
  });

  it("merges overlapping hits", () => {
    const text = "Mia Rivers";
    expect(findIdentityHits(text, mia)).toEqual([{ kind: "name", start: 0, end: 10 }]);
  });
});

describe("textForJudges", () => {
  it("replaces every hit that is not cleared, and only those", () => {
    const text = "I am Mia Rivers from Hillside Primary.";
    const hits = [
      { start: 5, end: 15, status: "redacted" },
      { start: 21, end: 37, status: "cleared" },
    ];
    expect(textForJudges(text, hits)).toBe("I am [removed] from Hillside Primary.");
    expect(textForJudges(text, [{ start: 5, end: 15, status: "pending" }])).toBe(
      "I am [removed] from Hillside Primary.",
    );
    expect(textForJudges(text, [{ start: 0, end: 0, status: "pending" }])).toBe(text);
  });
});

describe("passage", () => {
  it("gives words around the hit", () => {
    const text = `${"word ".repeat(40)}Mia Rivers ${"more ".repeat(40)}`;
    const p = passage(text, { start: 200, end: 210 }, 20);
    expect(p.match).toBe("Mia Rivers");
    expect(p.before.startsWith("…")).toBe(true);
    expect(p.after.endsWith("…")).toBe(true);
  });
});

describe("paragraphs", () => {
  it("splits on blank lines and keeps line breaks inside", () => {
    expect(paragraphs("Roses are red,\nviolets blue.\n\n\nSecond one.\r\n\r\nThird")).toEqual([
      "Roses are red,\nviolets blue.",
      "Second one.",
      "Third",
    ]);
  });
});

describe("disguised names (ADR 0046)", () => {
  const quentin = [{ kind: "name" as const, value: "Quentin Marchbanks" }];
  const found = (text: string) =>
    findIdentityHits(text, quentin).map((h) => [h.kind, text.slice(h.start, h.end)]);

  it("finds a name with zero-width characters inside it, and removes exactly its characters", () => {
    const text = "A story by Quen\u200btin Ma\u200drch\u2060banks\u00ad, age 12.";
    expect(found(text)).toEqual([["name", "Quen\u200btin Ma\u200drch\u2060banks"]]);
    const hits = findIdentityHits(text, quentin).map((h) => ({ ...h, status: "pending" }));
    expect(textForJudges(text, hits)).toBe("A story by [removed]\u00ad, age 12.");
    // A byte-order mark is white space to JavaScript: it must not split the name either.
    expect(found("by Quent\ufeffin Marchbanks")).toEqual([["name", "Quent\ufeffin Marchbanks"]]);
  });

  it("finds a name written with Cyrillic and Greek look-alike letters, and full-width ones", () => {
    // Q-u-е(Cyrillic)-n-t-і(Cyrillic) n, M-а(Cyrillic)-r-с(Cyrillic)-h-b-а-n-k-ѕ
    expect(found("by Qu\u0435nt\u0456n M\u0430r\u0441hb\u0430nk\u0455.")).toEqual([
      ["name", "Qu\u0435nt\u0456n M\u0430r\u0441hb\u0430nk\u0455"],
    ]);
    // Capital Greek Μ (mu) and Α (alpha); the surname alone is enough.
    expect(found("\u039c\u0391RCHBANKS wrote this")).toEqual([["name", "\u039c\u0391RCHBANKS"]]);
    expect(found("\uff31\uff55\uff45\uff4e\uff54\uff49\uff4e Marchbanks")).toHaveLength(1);
  });

  it("finds a name written backwards behind a right-to-left override, and flags every override", () => {
    const text = "The end. \u202eskn\u0430bhcraM nitneuQ\u202c Thanks.";
    expect(found(text)).toEqual([["name", "\u202eskn\u0430bhcraM nitneuQ\u202c"]]);
    // An override that hides no name is still flagged for the admin.
    const other = "Plain words \u202eenola\u202c and more \u2067isolated\u2069.";
    expect(found(other)).toEqual([
      ["hidden", "\u202eenola\u202c"],
      ["hidden", "\u2067isolated\u2069"],
    ]);
    // An override left open runs to the end of its line.
    expect(found("x \u202dopen\nnext")).toEqual([["hidden", "\u202dopen"]]);
  });

  it("keeps ordinary text and ordinary look-alike words alone", () => {
    expect(found("The march banks were steep; Quentinn was not there.")).toEqual([]);
    expect(found("Москва is a city.")).toEqual([]);
  });
});
