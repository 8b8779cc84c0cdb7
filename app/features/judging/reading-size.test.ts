import { describe, expect, it } from "vitest";
import { isReadingSize, readingBackPath } from "./reading-size";

describe("reading sizes", () => {
  it("knows its three sizes only", () => {
    expect(isReadingSize("standard")).toBe(true);
    expect(isReadingSize("larger")).toBe(true);
    expect(isReadingSize("huge")).toBe(false);
    expect(isReadingSize(undefined)).toBe(false);
  });
});

describe("readingBackPath", () => {
  it("keeps a judge's page with its query and fragment", () => {
    expect(readingBackPath("/judge/review/abc")).toBe("/judge/review/abc");
    expect(readingBackPath("/judge/review/abc?x=1#p-3")).toBe("/judge/review/abc?x=1#p-3");
  });
  it("sends anything else to the queue", () => {
    for (const bad of [
      undefined,
      "",
      "/judge",
      "/admin/submissions",
      "https://evil.test/judge/review/a",
      "//evil.test/judge/",
      "/\\evil.test",
      "/judge/\\evil.test",
      "/judge/review/a\r\nSet-Cookie: x=1",
      "javascript:alert(1)",
      "/judge/../admin",
    ])
      expect(readingBackPath(bad)).toBe("/judge");
  });
});
