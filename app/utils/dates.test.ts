import { describe, expect, test } from "vitest";
import {
  formatDateTime,
  formatFee,
  formatSubmissionDate,
  toZonedInputValue,
  waitWords,
} from "./dates";
import { fromZonedInputValue } from "./zoned-input";

describe("dates in a contest's time zone", () => {
  test("a datetime-local value is read in the contest's zone and stored in UTC", () => {
    expect(fromZonedInputValue("2027-03-14T23:59", "America/New_York")?.toISOString()).toBe(
      "2027-03-15T03:59:00.000Z",
    );
    expect(fromZonedInputValue("2027-01-14T23:59", "America/New_York")?.toISOString()).toBe(
      "2027-01-15T04:59:00.000Z",
    );
    expect(fromZonedInputValue("2027-01-14T23:59", "Europe/London")?.toISOString()).toBe(
      "2027-01-14T23:59:00.000Z",
    );
    expect(fromZonedInputValue("not a date", "UTC")).toBeNull();
  });
  test("round trip and display name the zone", () => {
    const d = new Date("2027-03-15T03:59:00.000Z");
    expect(toZonedInputValue(d, "America/New_York")).toBe("2027-03-14T23:59");
    expect(formatDateTime(d, "America/New_York")).toBe("Mar 14, 2027, 11:59 PM EDT");
    expect(formatSubmissionDate(d, "UTC")).toBe("Mar 15, 2027");
    expect(toZonedInputValue(new Date("2027-01-01T00:05:00Z"), "UTC")).toBe("2027-01-01T00:05");
    expect(formatDateTime(new Date("2027-01-01T12:00:00Z"), "Asia/Kolkata")).toBe(
      "Jan 1, 2027, 5:30 PM GMT+5:30",
    );
    expect(formatDateTime(new Date("2027-07-01T00:00:00Z"), "UTC")).toBe(
      "Jul 1, 2027, 12:00 AM UTC",
    );
  });
  test("fees", () => {
    expect(formatFee(0)).toBe("Free");
    expect(formatFee(1500)).toBe("$15.00");
    expect(formatFee(5)).toBe("$0.05");
  });
});

describe("how long to wait", () => {
  test("says the honest time, rounded up, in plain words", () => {
    expect(waitWords(4 * 60_000 + 10_000)).toBe("in 5 minutes");
    expect(waitWords(4 * 60_000)).toBe("in 4 minutes");
    expect(waitWords(60_000)).toBe("in 1 minute");
    expect(waitWords(59_001)).toBe("in 1 minute");
    expect(waitWords(90 * 60_000)).toBe("in 90 minutes");
    expect(waitWords(90 * 60_000 + 1)).toBe("in 2 hours");
    expect(waitWords(23 * 3_600_000 - 5_000)).toBe("in 23 hours");
    expect(waitWords(40_000)).toBe("in 40 seconds");
    expect(waitWords(1)).toBe("in 1 second");
    expect(waitWords(-5)).toBe("in 1 second");
  });
});
