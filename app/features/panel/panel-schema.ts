/**
 * The forms of the panel page and of answering an invitation (docs/decisions/0033-judging-panel.md).
 * Pure: the routes parse with these and the pages read the limits.
 */
import { z } from "zod";
import { MIN_PASSWORD_LENGTH } from "~/features/accounts/auth-schemas";
import {
  declarationProblem,
  MAX_SCHOOL_NAME,
  parseCapacity,
  workWithSchools,
} from "./declarations";
import { CONFLICT_KINDS } from "./panel-rules";

const id = (what: string) =>
  z
    .string({ required_error: `${what} not found` })
    .min(1)
    .max(64);

/** Every post of /admin/contests/:id/panel, by intent. */
export const panelActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("invite"),
    judgeId: z
      .array(z.string().max(64))
      .max(500)
      .default([])
      .refine((ids) => ids.length > 0, "Tick at least one judge to invite."),
  }),
  z.object({
    intent: z.literal("invite-email"),
    email: z
      .string({ required_error: "Enter an e-mail address" })
      .trim()
      .email("Enter a valid e-mail address")
      .max(254),
    name: z.string().trim().max(100).optional(),
  }),
  z.object({ intent: z.literal("invite-all") }),
  z.object({
    intent: z.literal("settings"),
    judgeId: id("Judge"),
    capacity: z
      .string()
      .max(12)
      .optional()
      .refine(
        (v) => parseCapacity(v) !== undefined,
        "Leave empty for no limit, or enter a whole number of at least 1.",
      ),
    divisionId: z.array(z.string().max(64)).max(100).default([]),
  }),
  z.object({ intent: z.literal("remove"), judgeId: id("Judge") }),
  z.object({
    intent: z.literal("conflict"),
    judgeId: id("Judge"),
    kind: z.enum(CONFLICT_KINDS, { required_error: "Choose what the conflict is with" }),
    email: z.string().trim().max(254).optional(),
    schoolId: z.string().max(64).optional(),
    schoolName: z.string().trim().max(MAX_SCHOOL_NAME).optional(),
    note: z.string().trim().max(500).optional(),
  }),
  z.object({ intent: z.literal("delete-conflict"), conflictId: id("Conflict") }),
]);

const declarationFields = {
  ownSchool: z
    .string()
    .trim()
    .max(MAX_SCHOOL_NAME, `A school's name has at most ${MAX_SCHOOL_NAME} letters.`)
    .optional(),
  workWith: z.string().max(3000, "That is too long: one school a line.").optional(),
};

/**
 * Accept or decline with the declarations; a new account (`needsPassword`) chooses its password
 * to accept (the set-password page's rules).
 */
export function answerSchema(needsPassword: boolean) {
  return z
    .object({
      intent: z.enum(["accept", "decline"]),
      contestId: z.string().max(64).optional(),
      ...declarationFields,
      password: z.string().max(72, "Password must be at most 72 characters").optional(),
      confirmPassword: z.string().optional(),
    })
    .superRefine((v, ctx) => {
      if (v.intent !== "accept") return;
      const problem = declarationProblem(
        v.ownSchool ?? "",
        workWithSchools(v.workWith ?? "", v.ownSchool ?? ""),
      );
      if (problem) ctx.addIssue({ code: "custom", path: ["workWith"], message: problem });
      if (!needsPassword) return;
      if (!v.password || v.password.length < MIN_PASSWORD_LENGTH)
        ctx.addIssue({
          code: "custom",
          path: ["password"],
          message: `Password must be at least ${MIN_PASSWORD_LENGTH} characters`,
        });
      else if (v.password !== v.confirmPassword)
        ctx.addIssue({
          code: "custom",
          path: ["confirmPassword"],
          message: "The passwords do not match",
        });
    });
}
