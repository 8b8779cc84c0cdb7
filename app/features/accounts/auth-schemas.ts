import { z } from "zod";
import { cleanDisplayNameInput } from "./display-name";
import { needsParentalConsent } from "./user";

export const MIN_PASSWORD_LENGTH = 6;

const email = z
  .string({ required_error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .max(255, "Email must be at most 255 characters")
  .email("Please enter a valid email address")
  .transform((v) => v.toLowerCase());

export const signInSchema = z.object({
  intent: z.literal("signin"),
  email,
  password: z.string({ required_error: "Password is required" }).min(1, "Password is required"),
  redirectTo: z.string().optional(),
});

/** Parses a yyyy-mm-dd date input as a UTC calendar date. */
const dateOfBirth = z
  .string({ required_error: "Date of birth is required" })
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Please enter your date of birth")
  .transform((v) => new Date(`${v}T00:00:00.000Z`))
  .refine((d) => !Number.isNaN(d.getTime()), "Please enter your date of birth")
  .refine((d) => d.getTime() <= Date.now(), "Date of birth cannot be in the future")
  .refine((d) => d.getUTCFullYear() >= 1900, "Please enter your date of birth");

/** A password being chosen (sign-up, reset, change): 6 to 72 characters (bcrypt's limit). */
export const newPassword = z
  .string({ required_error: "Password is required" })
  .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(72, "Password must be at most 72 characters");

export const signUpSchema = z
  .object({
    intent: z.literal("signup"),
    email,
    password: newPassword,
    displayName: z.preprocess(
      cleanDisplayNameInput,
      z.string().trim().max(100, "Display name must be at most 100 characters").optional(),
    ),
    dateOfBirth,
    parentEmail: z
      .string()
      .trim()
      .max(255, "Email must be at most 255 characters")
      .email("Please enter a valid parent or guardian email address")
      .transform((v) => v.toLowerCase())
      .optional(),
    /** Honeypot: people never see this field; bots fill it in. */
    website: z.string().optional(),
  })
  .superRefine((value, ctx) => {
    if (needsParentalConsent(value.dateOfBirth) && !value.parentEmail) {
      ctx.addIssue({
        code: "custom",
        path: ["parentEmail"],
        message: "A parent or guardian email is required for writers under 13",
      });
    }
    if (value.parentEmail && value.parentEmail === value.email) {
      ctx.addIssue({
        code: "custom",
        path: ["parentEmail"],
        message: "Please enter a parent or guardian email that is not your own",
      });
    }
  });
