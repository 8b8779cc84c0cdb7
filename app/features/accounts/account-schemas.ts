import { z } from "zod";
import { needsParentalConsent } from "./user";

/** Profile edits. A date of birth can be added once (Google sign-ups have none) but not changed. */
export const profileSchema = z
  .object({
    intent: z.literal("profile"),
    displayName: z
      .string({ required_error: "Display name is required" })
      .trim()
      .min(1, "Display name is required")
      .max(100, "Display name must be at most 100 characters"),
    dateOfBirth: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, "Please enter your date of birth")
      .transform((v) => new Date(`${v}T00:00:00.000Z`))
      .refine(
        (d) =>
          !Number.isNaN(d.getTime()) && d.getTime() <= Date.now() && d.getUTCFullYear() >= 1900,
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
  })
  .superRefine((v, ctx) => {
    if (v.dateOfBirth && needsParentalConsent(v.dateOfBirth) && !v.parentEmail) {
      ctx.addIssue({
        code: "custom",
        path: ["parentEmail"],
        message: "A parent or guardian email is required for writers under 13",
      });
    }
  });

export const deleteAccountSchema = z.object({
  intent: z.literal("delete"),
  confirmEmail: z
    .string({ required_error: "Type your email address to confirm" })
    .trim()
    .min(1, "Type your email address to confirm"),
});
