import { describe, expect, test } from "vitest";
import { pageCount, pageParam } from "./paging";

describe("paging", () => {
  test("page parameter is a whole number of at least 1", () => {
    expect(pageParam("http://x/a")).toBe(1);
    expect(pageParam("http://x/a?page=3")).toBe(3);
    expect(pageParam(new URL("http://x/a?page=0"))).toBe(1);
    expect(pageParam("http://x/a?page=-2")).toBe(1);
    expect(pageParam("http://x/a?page=2.5")).toBe(1);
    expect(pageParam("http://x/a?page=abc")).toBe(1);
    expect(pageParam("http://x/a?p=4", "p")).toBe(4);
  });
  test("page count is at least 1", () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
  });
});
