import { z } from "zod";
import { newPassword } from "./auth-schemas";
import { cleanDisplayNameInput } from "./display-name";
import { needsParentalConsent } from "./user";

/** Profile edits. A date of birth can be added once (Google sign-ups have none) but not changed. */
export const profileFields = z.object({
  intent: z.literal("profile"),
  displayName: z.preprocess(
    cleanDisplayNameInput,
    z
      .string({ required_error: "Display name is required" })
      .trim()
      .min(1, "Display name is required")
      .max(100, "Display name must be at most 100 characters"),
  ),
  dateOfBirth: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Please enter your date of birth")
    .transform((v) => new Date(`${v}T00:00:00.000Z`))
    .refine(
      (d) => !Number.isNaN(d.getTime()) && d.getTime() <= Date.now() && d.getUTCFullYear() >= 1900,
      "Please enter your date of birth",
    )
    .optional(),
  parentEmail: z
    .string()
    .trim()
    .email("Please enter a valid parent or guardian email address")
    .max(255)
    .transform((v) => v.toLowerCase())
    .optional(),
  /**
   * School grade, "0" (Kindergarten) to "12"; empty means not given. Contests with divisions by
   * grade place entries by it (docs/decisions/0032-divisions-and-rounds.md).
   */
  grade: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === "") return null;
      const n = Number(v);
      if (!/^\d{1,2}$/.test(v.trim()) || n < 0 || n > SCHOOL_GRADES.length - 1) {
        ctx.addIssue({ code: "custom", message: "Please choose a grade from the list" });
        return z.NEVER;
      }
      return n;
    }),
});

/** The school grades of the profile's select: value 0 is Kindergarten, then Grade 1 to 12. */
export const SCHOOL_GRADES = Array.from({ length: 13 }, (_, g) =>
  g === 0 ? "Kindergarten" : `Grade ${g}`,
);

/** Under 13 needs a parent's or guardian's e-mail (docs/decisions/0009-domain-rules.md). */
export function profileRules(
  v: { dateOfBirth?: Date; parentEmail?: string },
  ctx: z.RefinementCtx,
) {
  if (v.dateOfBirth && needsParentalConsent(v.dateOfBirth) && !v.parentEmail) {
    ctx.addIssue({
      code: "custom",
      path: ["parentEmail"],
      message: "A parent or guardian email is required for writers under 13",
    });
  }
}

export const deleteAccountSchema = z.object({
  intent: z.literal("delete"),
  confirmEmail: z
    .string({ required_error: "Type your email address to confirm" })
    .trim()
    .min(1, "Type your email address to confirm"),
});

const newPasswordPair = {
  newPassword,
  confirmPassword: z.string({ required_error: "Type the new password again" }),
};
const passwordsMatch = (v: { newPassword: string; confirmPassword: string }) =>
  v.newPassword === v.confirmPassword;
export const passwordMismatch = {
  path: ["confirmPassword"],
  message: "The two passwords are not the same",
};

export const changePasswordFields = z.object({
  intent: z.literal("password"),
  currentPassword: z.string().max(200).optional(),
  ...newPasswordPair,
});
export const changePasswordSchema = changePasswordFields.refine(passwordsMatch, passwordMismatch);

export const resetPasswordSchema = z
  .object(newPasswordPair)
  .refine(passwordsMatch, passwordMismatch);

/** The current password is checked on the server when the account has one (ADR 0025). */
export const changeEmailSchema = z.object({
  intent: z.literal("email"),
  currentPassword: z.string().max(200).optional(),
  newEmail: z
    .string({ required_error: "Email is required" })
    .trim()
    .max(255, "Email must be at most 255 characters")
    .email("Please enter a valid email address")
    .transform((v) => v.toLowerCase()),
});

/** A corrected parent's or guardian's address while consent is pending. */
export const parentEmailSchema = z.object({
  intent: z.literal("parent-email"),
  parentEmail: z
    .string({ required_error: "Please enter a valid parent or guardian email address" })
    .trim()
    .max(255, "Email must be at most 255 characters")
    .email("Please enter a valid parent or guardian email address")
    .transform((v) => v.toLowerCase()),
});

export const forgotPasswordSchema = z.object({
  email: z
    .string({ required_error: "Email is required" })
    .trim()
    .max(255, "Email must be at most 255 characters")
    .email("Please enter a valid email address")
    .transform((v) => v.toLowerCase()),
});

export const consentAnswerSchema = z.object({ answer: z.enum(["agree", "decline"]) });
