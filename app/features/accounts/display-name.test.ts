import { describe, expect, it } from "vitest";
import { profileFields } from "./account-schemas";
import { signUpSchema } from "./auth-schemas";
import { cleanDisplayName } from "./display-name";

describe("display names", () => {
  it("drop the marks that reorder text, and control characters", () => {
    expect(cleanDisplayName("Sam\u202eolleh")).toBe("Samolleh");
    expect(cleanDisplayName("\u2067Ana\u2069 \u200fB.")).toBe("Ana B.");
    expect(cleanDisplayName("Tab\tand\nline")).toBe("Tabandline");
  });

  it("keep every letter of every script, and the joiners some need", () => {
    for (const name of [
      "Zoë Ødegaard",
      "محمد",
      "अनु\u200dराधा",
      "فاطمه\u200cای",
      "李小龙",
      "Łukasz",
    ])
      expect(cleanDisplayName(name)).toBe(name);
  });

  it("are cleaned by sign-up and by the profile form", () => {
    const signUp = signUpSchema.safeParse({
      intent: "signup",
      email: "a@example.com",
      password: "secret-pass",
      displayName: " \u202eAna ",
      dateOfBirth: "2000-01-01",
    });
    expect(signUp.success && signUp.data.displayName).toBe("Ana");
    const profile = profileFields.safeParse({ intent: "profile", displayName: "\u202e\u2066" });
    expect(profile.success).toBe(false);
  });
});
