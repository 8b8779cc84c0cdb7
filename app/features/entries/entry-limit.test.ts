import { expect, test } from "vitest";
import {
  countsTowardLimit,
  entriesLeft,
  entriesLeftAfter,
  entryLimitMessage,
  entryLimitRule,
} from "./entry-limit";

test("withdrawn and expired entries do not count toward the limit; the others do", () => {
  expect(countsTowardLimit("submitted")).toBe(true);
  expect(countsTowardLimit("pending_payment")).toBe(true);
  expect(countsTowardLimit("disqualified")).toBe(true);
  expect(countsTowardLimit("withdrawn")).toBe(false);
  expect(countsTowardLimit("expired")).toBe(false);
});

test("entries left under a limit", () => {
  expect(entriesLeft(1, [])).toBe(1);
  expect(entriesLeft(1, ["submitted"])).toBe(0);
  expect(entriesLeft(1, ["withdrawn", "expired"])).toBe(1);
  expect(entriesLeft(3, ["submitted", "withdrawn", "pending_payment"])).toBe(1);
  expect(entriesLeft(2, ["submitted", "submitted", "submitted"])).toBe(0);
  // A count already made of counted entries only (the submit's one read).
  expect(entriesLeftAfter(1, 0)).toBe(1);
  expect(entriesLeftAfter(0, 0)).toBe(1);
  expect(entriesLeftAfter(3, 2)).toBe(1);
  expect(entriesLeftAfter(2, 3)).toBe(0);
});

test("the messages say the rule in plain words", () => {
  expect(entryLimitMessage(1)).toBe("You have already entered this contest.");
  expect(entryLimitMessage(3)).toBe("You have reached this contest's limit of 3 entries.");
  expect(entryLimitRule(1)).toBe("One entry per writer.");
  expect(entryLimitRule(4)).toBe("Up to 4 entries per writer.");
});
