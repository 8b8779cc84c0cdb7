import { describe, expect, it } from "vitest";
import { invitationStatus } from "./invitation";

const now = new Date("2026-11-22T12:00:00Z");
const later = new Date("2026-11-25T12:00:00Z");
const earlier = new Date("2026-11-20T12:00:00Z");

describe("invitationStatus", () => {
  it("is active once the judge can sign in", () => {
    expect(
      invitationStatus({ hasPassword: true, hasConnection: false, latestLink: null }, now),
    ).toBe("active");
    expect(
      invitationStatus({ hasPassword: false, hasConnection: true, latestLink: null }, now),
    ).toBe("active");
  });

  it("is invited while the newest link is unused and unexpired, else link expired", () => {
    const base = { hasPassword: false, hasConnection: false };
    expect(invitationStatus({ ...base, latestLink: { expiresAt: later, usedAt: null } }, now)).toBe(
      "invited",
    );
    expect(
      invitationStatus({ ...base, latestLink: { expiresAt: earlier, usedAt: null } }, now),
    ).toBe("link expired");
    expect(invitationStatus({ ...base, latestLink: null }, now)).toBe("link expired");
  });

  it("an existing account that has not accepted is awaiting acceptance, even with a password", () => {
    const base = { hasPassword: true, hasConnection: true, accepted: false };
    expect(invitationStatus({ ...base, latestLink: { expiresAt: later, usedAt: null } }, now)).toBe(
      "awaiting acceptance",
    );
    expect(
      invitationStatus({ ...base, latestLink: { expiresAt: earlier, usedAt: null } }, now),
    ).toBe("link expired");
  });
});
