import { describe, expect, test } from "vitest";
import { pageCount, pageParam, parsePage } from "./paging";

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
  test("a page from a form field is a small whole number or 1, never the raw input", () => {
    expect(parsePage("7")).toBe(7);
    expect(parsePage("999999")).toBe(999999);
    expect(parsePage("1000000")).toBe(1);
    expect(parsePage("x".repeat(1_000_000))).toBe(1);
    expect(parsePage("2\r\nSet-Cookie: a=b")).toBe(1);
    expect(parsePage(null)).toBe(1);
    expect(parsePage(new File(["3"], "3"))).toBe(1);
  });
  test("page count is at least 1", () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
  });
});
