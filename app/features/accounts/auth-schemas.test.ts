import { describe, expect, test } from "vitest";
import { signInSchema, signUpSchema } from "./auth-schemas";

const adult = {
  intent: "signup",
  email: "A@Example.com",
  password: "123456",
  dateOfBirth: "2000-01-01",
};
const firstError = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues[0]?.message;

describe("sign-up", () => {
  test("password minimum is 6 characters (the screen's rule)", () => {
    expect(firstError(signUpSchema.safeParse({ ...adult, password: "12345" }))).toBe(
      "Password must be at least 6 characters",
    );
    const ok = signUpSchema.safeParse(adult);
    expect(ok.success && ok.data.email).toBe("a@example.com");
  });
  test("e-mail is required and must be an e-mail", () => {
    expect(firstError(signUpSchema.safeParse({ ...adult, email: "" }))).toBe("Email is required");
    expect(firstError(signUpSchema.safeParse({ ...adult, email: "nope" }))).toBe(
      "Please enter a valid email address",
    );
  });
  test("under 13 requires a parent or guardian e-mail, which is not the child's own", () => {
    const year = new Date().getUTCFullYear() - 9;
    const child = { ...adult, dateOfBirth: `${year}-01-01` };
    expect(firstError(signUpSchema.safeParse(child))).toBe(
      "A parent or guardian email is required for writers under 13",
    );
    expect(firstError(signUpSchema.safeParse({ ...child, parentEmail: "a@example.com" }))).toBe(
      "Please enter a parent or guardian email that is not your own",
    );
    expect(signUpSchema.safeParse({ ...child, parentEmail: "mum@example.com" }).success).toBe(true);
  });
  test("date of birth is required and not in the future", () => {
    expect(signUpSchema.safeParse({ ...adult, dateOfBirth: undefined }).success).toBe(false);
    expect(firstError(signUpSchema.safeParse({ ...adult, dateOfBirth: "2999-01-01" }))).toBe(
      "Date of birth cannot be in the future",
    );
  });
});

describe("sign-in", () => {
  test("needs an e-mail and a password of any length", () => {
    expect(
      signInSchema.safeParse({ intent: "signin", email: "a@b.co", password: "x" }).success,
    ).toBe(true);
    expect(
      firstError(signInSchema.safeParse({ intent: "signin", email: "a@b.co", password: "" })),
    ).toBe("Password is required");
  });
});
