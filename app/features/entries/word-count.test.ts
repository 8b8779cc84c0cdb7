import { describe, expect, test } from "vitest";
import { countWords, withinWordRange } from "./word-count";

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
