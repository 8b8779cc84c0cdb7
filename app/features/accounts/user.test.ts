import { describe, expect, test } from "vitest";
import {
  ageOn,
  canJudge,
  defaultDisplayName,
  greetingName,
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
  test("the default display name is neutral: Writer and four digits, nothing from the e-mail", () => {
    const names = new Set(Array.from({ length: 50 }, () => defaultDisplayName()));
    for (const name of names) expect(name).toMatch(/^Writer \d{4}$/);
    expect(names.size).toBeGreaterThan(1);
  });
  test("safeRedirect follows only same-site paths", () => {
    expect(safeRedirect("/admin")).toBe("/admin");
    expect(safeRedirect("//evil.com")).toBe("/dashboard");
    expect(safeRedirect("https://evil.com")).toBe("/dashboard");
    expect(safeRedirect("/\\evil.com")).toBe("/dashboard");
    expect(safeRedirect(null)).toBe("/dashboard");
  });
  test("safeRedirect resolves as a browser does: control characters, backslashes and dot segments cannot leave the site", () => {
    const attacks = [
      "/\t/evil.example/phish",
      "/\t\t/evil.example",
      "/\n/evil.example",
      "/\r/evil.example",
      "/\r\nSet-Cookie: a=b",
      "/\u000b/evil.example",
      "/\u0000/evil.example",
      "/\\/evil.example",
      "\\/evil.example",
      "/\\\\evil.example",
      "/./\\evil.example",
      "/.//evil.example",
      "/../\\evil.example",
      " //evil.example",
      "///evil.example",
      "https:evil.example",
      "javascript:alert(1)",
      "/\u007f/evil.example",
      `/${"a".repeat(3000)}`,
    ];
    for (const target of attacks) {
      const result = safeRedirect(target);
      expect(new URL(result, "https://inkwell.test").origin, JSON.stringify(target)).toBe(
        "https://inkwell.test",
      );
      // eslint-disable-next-line no-control-regex
      expect(result, JSON.stringify(target)).not.toMatch(/[\u0000-\u001f\u007f\\]/);
    }
    expect(safeRedirect("/\t/evil.example/phish")).toBe("/dashboard");
  });
  test("safeRedirect keeps ordinary paths, queries and encoded characters", () => {
    expect(safeRedirect("/contests/winter/enter")).toBe("/contests/winter/enter");
    expect(safeRedirect("/admin?x=1#top")).toBe("/admin?x=1#top");
    expect(safeRedirect("/%2F%2Fevil.example")).toBe("/%2F%2Fevil.example");
    expect(new URL(safeRedirect("/%2F%2Fevil.example"), "https://inkwell.test").origin).toBe(
      "https://inkwell.test",
    );
    expect(safeRedirect("/é")).toBe("/%C3%A9");
  });
});

describe("greetingName", () => {
  test("a pupil is greeted by the name they gave, never by their login address", () => {
    expect(greetingName({ displayName: "Liam", email: "kidmwzf6us093@kids.test" })).toBe("Liam");
    expect(greetingName({ displayName: "  ", email: "kid@kids.test" })).toBe("kid@kids.test");
  });
});
