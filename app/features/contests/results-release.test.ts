import { describe, expect, test } from "vitest";
import { resultsDate, resultsOut } from "./results-release";

const published = new Date("2027-03-10T00:00:00Z");
const draft = new Date("2027-03-12T00:00:00Z");

describe("are results out? (ADR 0045)", () => {
  test("a published contest follows its published date, never the draft", () => {
    const c = { isPublished: true, resultsAt: draft, publishedResultsAt: published };
    expect(resultsDate(c)).toEqual(published);
    expect(resultsOut(c, new Date("2027-03-09T23:59:59Z"))).toBe(false);
    expect(resultsOut(c, published)).toBe(true);
    expect(resultsOut(c, new Date("2027-03-11T00:00:00Z"))).toBe(true);
  });
  test("a view read from the snapshot, or a row published before the column, uses its own date", () => {
    expect(resultsOut({ isPublished: true, resultsAt: "2027-03-10T00:00:00Z" }, published)).toBe(
      true,
    );
    expect(
      resultsOut({ isPublished: true, resultsAt: published, publishedResultsAt: null }, draft),
    ).toBe(true);
  });
  test("a draft is read by its own date", () => {
    const c = { isPublished: false, resultsAt: draft, publishedResultsAt: published };
    expect(resultsDate(c)).toEqual(draft);
    expect(resultsOut(c, new Date("2027-03-11T00:00:00Z"))).toBe(false);
  });
});
