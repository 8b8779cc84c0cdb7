import { describe, expect, test } from "vitest";
import { createTextValidator } from "~/features/documents/file-sniff";
import { countWords, entryLengthLabel, withinWordRange, wordRangeStatus } from "./word-count";

describe("word counting", () => {
  test("counts whitespace-separated tokens of the trimmed text", () => {
    expect(countWords("one two three")).toBe(3);
    expect(countWords("  one   two\nthree\tfour  ")).toBe(4);
    expect(countWords("don't stop — now")).toBe(4);
    expect(countWords("line\r\n\r\nnext")).toBe(2);
  });
  test("blank or missing text counts zero", () => {
    expect(countWords("")).toBe(0);
    expect(countWords("   \n\t ")).toBe(0);
    expect(countWords(undefined)).toBe(0);
    expect(countWords(null)).toBe(0);
  });
  test("non-breaking and other Unicode spaces separate words", () => {
    expect(countWords("a\u00a0b\u2003c")).toBe(3);
  });
  test("the range is inclusive", () => {
    expect(withinWordRange(100, 100, 1000)).toBe(true);
    expect(withinWordRange(1000, 100, 1000)).toBe(true);
    expect(withinWordRange(99, 100, 1000)).toBe(false);
    expect(withinWordRange(1001, 100, 1000)).toBe(false);
  });
});

describe("the live count against the range, in words", () => {
  test("below, inside and above the range read differently, not only by colour", () => {
    expect(wordRangeStatus(0, 100, 1000)).toEqual({
      state: "empty",
      message: "Write 100 to 1000 words.",
    });
    expect(wordRangeStatus(50, 100, 1000)).toEqual({
      state: "short",
      message: "Too short: add at least 50 words.",
    });
    expect(wordRangeStatus(99, 100, 1000).message).toBe("Too short: add at least 1 word.");
    expect(wordRangeStatus(100, 100, 1000).state).toBe("ok");
    expect(wordRangeStatus(1000, 100, 1000)).toEqual({
      state: "ok",
      message: "Good: between 100 and 1000 words.",
    });
    expect(wordRangeStatus(1003, 100, 1000)).toEqual({
      state: "long",
      message: "Too long: remove 3 words.",
    });
  });
});

test("the streamed text validator's word counter splits on exactly the whitespace countWords splits on", () => {
  const all = Array.from({ length: 0x10000 }, (_, c) => String.fromCharCode(c))
    .filter((ch) => ch !== "\u0000" && !/[\ud800-\udfff]/.test(ch))
    .join("x");
  const v = createTextValidator();
  expect(v.push(new TextEncoder().encode(all))).toBe(true);
  expect(v.end()).toBe(true);
  expect(v.words()).toBe(countWords(all));
});

describe("entryLengthLabel", () => {
  test("typed and document entries both show their counted words", () => {
    expect(entryLengthLabel({ wordCount: 540, fileName: null })).toBe("540 words");
    expect(entryLengthLabel({ wordCount: 203, fileName: "story.docx" })).toBe(
      "203 words, story.docx",
    );
    expect(entryLengthLabel({ wordCount: 1, fileName: null })).toBe("1 word");
  });
  test("a document never counted is named by its file", () => {
    expect(entryLengthLabel({ wordCount: 0, fileName: "old.pdf" })).toBe("File: old.pdf");
  });
});
