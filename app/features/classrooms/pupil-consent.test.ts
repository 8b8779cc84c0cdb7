import { describe, expect, test } from "vitest";
import { contestConsent, needsSchoolPermission, pupilConsentKind } from "./pupil-consent";

const NOW = new Date("2026-11-27T12:00:00Z");
const account = (dob: string | null, consented = false) => ({
  account: { dateOfBirth: dob ? new Date(dob) : null, parentConsentAt: consented ? NOW : null },
});

describe("which consent a class entry rests on (ADR 0044)", () => {
  test("each kind of pupil", () => {
    expect(pupilConsentKind({ account: null }, NOW)).toBe("roster");
    expect(pupilConsentKind(account("2012-01-01"), NOW)).toBe("own");
    expect(pupilConsentKind(account("2016-01-01", true), NOW)).toBe("parent");
    expect(pupilConsentKind(account("2016-01-01"), NOW)).toBe("awaiting-parent");
    expect(pupilConsentKind(account(null), NOW)).toBe("no-date-of-birth");
  });

  test("the school's permission covers whoever their own account does not", () => {
    expect(
      ["roster", "awaiting-parent", "no-date-of-birth"].every((k) =>
        needsSchoolPermission(k as Parameters<typeof needsSchoolPermission>[0]),
      ),
    ).toBe(true);
    expect(needsSchoolPermission("own") || needsSchoolPermission("parent")).toBe(false);
    expect(contestConsent("awaiting-parent", false)).toMatchObject({ ready: false });
    expect(contestConsent("awaiting-parent", true)).toEqual({
      ready: true,
      label: "School's permission recorded",
    });
    expect(contestConsent("parent", false)).toEqual({ ready: true, label: "Parent consented" });
  });
});
