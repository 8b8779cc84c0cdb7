import { describe, expect, test } from "vitest";
import {
  HOUR,
  MAX_ATTEMPTS,
  STEPS,
  backoffMs,
  isStepDue,
  nextAttemptAt,
  shouldSendReminders,
  stepDueAt,
} from "./steps";

const DAY = 24 * HOUR;
const base = Date.parse("2026-03-01T12:00:00Z");
const contest = {
  submissionsOpen: new Date(base),
  submissionsClose: new Date(base + 10 * DAY),
  judgingOpen: new Date(base + 11 * DAY),
  judgingClose: new Date(base + 20 * DAY),
  resultsAt: new Date(base + 21 * DAY),
};

describe("lifecycle steps", () => {
  test("each step is due at its date; close just after the inclusive close instant", () => {
    expect(STEPS.map((s) => stepDueAt(s, contest).toISOString())).toEqual([
      "2026-03-01T12:00:00.000Z",
      "2026-03-11T12:00:00.001Z",
      "2026-03-12T12:00:00.000Z",
      "2026-03-19T12:00:00.000Z",
      "2026-03-22T12:00:00.000Z",
    ]);
    expect(isStepDue("close", contest, contest.submissionsClose)).toBe(false);
    expect(isStepDue("close", contest, new Date(base + 10 * DAY + 1))).toBe(true);
    expect(isStepDue("open", contest, new Date(base - 1))).toBe(false);
  });

  test("the reminder is never due before judging opens, and is skipped for short windows", () => {
    const short = { ...contest, judgingClose: new Date(base + 12 * DAY) };
    expect(stepDueAt("remind", short)).toEqual(short.judgingOpen);
    expect(shouldSendReminders(short, short.judgingOpen)).toBe(false);
    expect(shouldSendReminders(contest, stepDueAt("remind", contest))).toBe(true);
    expect(shouldSendReminders(contest, contest.judgingClose)).toBe(false);
  });

  test("backoff doubles from 30 seconds up to an hour, then attempts run out", () => {
    expect([1, 2, 3, 4].map(backoffMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(backoffMs(20)).toBe(HOUR);
    const now = new Date(base);
    expect(nextAttemptAt(1, now)?.getTime()).toBe(base + 30_000);
    expect(nextAttemptAt(MAX_ATTEMPTS, now)).toBeNull();
  });
});
