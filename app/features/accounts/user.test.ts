import { describe, expect, test } from "vitest";
import {
  ageOn,
  canJudge,
  defaultDisplayName,
  isAdmin,
  needsParentalConsent,
  safeRedirect,
  submitEligibility,
} from "./user";

const d = (s: string) => new Date(`${s}T00:00:00Z`);

describe("ages and parental consent", () => {
  test("ageOn counts whole years, turning over on the birthday", () => {
    expect(ageOn(d("2013-06-15"), d("2026-06-14"))).toBe(12);
    expect(ageOn(d("2013-06-15"), d("2026-06-15"))).toBe(13);
    expect(ageOn(d("2013-06-15"), d("2026-12-31"))).toBe(13);
  });
  test("under 13 needs consent; 13 and over does not", () => {
    expect(needsParentalConsent(d("2013-06-15"), d("2026-06-14"))).toBe(true);
    expect(needsParentalConsent(d("2013-06-15"), d("2026-06-15"))).toBe(false);
    expect(needsParentalConsent(null)).toBe(false);
  });
  test("submit eligibility blocks unconfirmed children and missing birth dates", () => {
    const now = d("2026-11-22");
    expect(submitEligibility({ dateOfBirth: d("2016-01-01"), parentConsentAt: null }, now)).toEqual(
      {
        ok: false,
        reason: "awaiting-parental-consent",
      },
    );
    expect(submitEligibility({ dateOfBirth: d("2016-01-01"), parentConsentAt: now }, now)).toEqual({
      ok: true,
    });
    expect(submitEligibility({ dateOfBirth: d("2000-01-01"), parentConsentAt: null }, now)).toEqual(
      { ok: true },
    );
    expect(submitEligibility({ dateOfBirth: null, parentConsentAt: null }, now)).toEqual({
      ok: false,
      reason: "no-date-of-birth",
    });
  });
});

describe("roles and redirects", () => {
  test("judge portal admits judges and admins", () => {
    expect(canJudge({ roles: ["judge"] })).toBe(true);
    expect(canJudge({ roles: ["admin"] })).toBe(true);
    expect(canJudge({ roles: [] })).toBe(false);
    expect(isAdmin({ roles: ["judge"] })).toBe(false);
  });
  test("display name defaults to the part before @", () => {
    expect(defaultDisplayName("jane.doe@example.com")).toBe("jane.doe");
  });
  test("safeRedirect follows only same-site paths", () => {
    expect(safeRedirect("/admin")).toBe("/admin");
    expect(safeRedirect("//evil.com")).toBe("/dashboard");
    expect(safeRedirect("https://evil.com")).toBe("/dashboard");
    expect(safeRedirect("/\\evil.com")).toBe("/dashboard");
    expect(safeRedirect(null)).toBe("/dashboard");
  });
});
