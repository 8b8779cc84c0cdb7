import { describe, expect, test } from "vitest";
import {
  accountRemovalDate,
  accountStep,
  entryContentCutoff,
  isChildAccount,
  keepsStory,
  lastActivity,
  storyRemovalDate,
} from "./retention-policy";

const DAY = 86_400_000;
const now = new Date("2027-06-15T12:00:00Z");
const periods = { entryDays: 365, inactiveChildDays: 730, noticeDays: 30, emailLogDays: 180 };
const ago = (days: number) => new Date(now.getTime() - days * DAY);

describe("entries", () => {
  test("the cutoff is the period before now; removal is results plus the period", () => {
    expect(entryContentCutoff(now, periods)).toEqual(ago(365));
    expect(storyRemovalDate(ago(365), periods)).toEqual(now);
  });

  test("only a winner who agreed to publication keeps the story", () => {
    expect(keepsStory({ awarded: true, showIfAwarded: true })).toBe(true);
    expect(keepsStory({ awarded: true, showIfAwarded: false })).toBe(false);
    expect(keepsStory({ awarded: false, showIfAwarded: true })).toBe(false);
    expect(keepsStory({ awarded: false, showIfAwarded: false })).toBe(false);
  });
});

describe("who is a child", () => {
  test("under 18 by date of birth today", () => {
    const born = (iso: string) => ({ dateOfBirth: new Date(iso), isPupil: false, isStaff: false });
    expect(isChildAccount(born("2009-06-16T00:00:00Z"), now)).toBe(true); // 18 tomorrow
    expect(isChildAccount(born("2009-06-15T00:00:00Z"), now)).toBe(false); // 18 today
    expect(isChildAccount(born("2015-01-01T00:00:00Z"), now)).toBe(true);
  });

  test("a pupil is a child whatever the date of birth; staff never are; no date is an adult", () => {
    expect(isChildAccount({ dateOfBirth: null, isPupil: true, isStaff: false }, now)).toBe(true);
    expect(
      isChildAccount({ dateOfBirth: new Date("2015-01-01"), isPupil: true, isStaff: true }, now),
    ).toBe(false);
    expect(isChildAccount({ dateOfBirth: null, isPupil: false, isStaff: false }, now)).toBe(false);
  });
});

describe("an inactive child's account", () => {
  const user = (lastActiveDays: number | null, createdDays: number, warnedDays: number | null) => ({
    lastActiveAt: lastActiveDays === null ? null : ago(lastActiveDays),
    createdAt: ago(createdDays),
    retentionWarnedAt: warnedDays === null ? null : ago(warnedDays),
  });

  test("last activity falls back to creation", () => {
    expect(lastActivity(user(null, 800, null))).toEqual(ago(800));
    expect(lastActivity(user(3, 800, null))).toEqual(ago(3));
  });

  test("is warned once inactive for the period, not before", () => {
    expect(accountStep(user(730, 900, null), now, periods)).toBe("warn");
    expect(accountStep(user(729, 900, null), now, periods)).toBeNull();
    expect(accountStep(user(null, 731, null), now, periods)).toBe("warn");
  });

  test("is removed when the notice period after the warning passed", () => {
    expect(accountStep(user(800, 900, 30), now, periods)).toBe("remove");
    expect(accountStep(user(800, 900, 29), now, periods)).toBeNull();
    expect(accountRemovalDate(ago(30), periods)).toEqual(now);
  });

  test("activity after the warning cancels it", () => {
    expect(accountStep(user(10, 900, 20), now, periods)).toBeNull();
    // Active after an old warning, then inactive for the whole period again: a new warning.
    expect(accountStep(user(740, 2000, 800), now, periods)).toBe("warn");
  });
});
