/** The educator's and admin's classroom forms (docs/decisions/0031-classrooms-and-shared-computers.md). */
import { z } from "zod";
import {
  CLASS_SIZE_MAX,
  FIRST_NAME_MAX,
  FIRST_NAME_MESSAGE,
  GRADE_MESSAGE,
  INITIAL_MESSAGE,
  PARENT_EMAIL_MESSAGE,
  cleanName,
  isOneInitial,
  lastInitialOf,
  parseGrade,
  tidy,
} from "./roster";

const text = (label: string, max: number) =>
  z
    .string({ required_error: `${label} is required` })
    .transform(tidy)
    .pipe(
      z.string().min(1, `${label} is required`).max(max, `${label} can be up to ${max} characters`),
    );

const id = z.string().min(1).max(64);

export const becomeEducatorSchema = z.object({
  intent: z.literal("become"),
  schoolName: text("School name", 120),
  city: text("City", 80),
  country: text("Country", 80),
  role: text("Your role", 60),
  adult: z.literal("on", {
    errorMap: () => ({
      message: "Tick this to confirm you are an adult working with young writers",
    }),
  }),
});

export const newClassSchema = z.object({
  intent: z.literal("create-class"),
  name: text("Class name", 80),
  band: text("Grade or age band", 40),
  size: z.coerce
    .number({
      required_error: "Class size is required",
      invalid_type_error: `Class size must be a number from 1 to ${CLASS_SIZE_MAX}`,
    })
    .int(`Class size must be a number from 1 to ${CLASS_SIZE_MAX}`)
    .min(1, `Class size must be a number from 1 to ${CLASS_SIZE_MAX}`)
    .max(CLASS_SIZE_MAX, `Class size must be a number from 1 to ${CLASS_SIZE_MAX}`),
});

const pupilFields = {
  // Names lose invisible characters (bidirectional overrides, zero-width spaces: ADR 0041).
  firstName: z
    .string({ required_error: FIRST_NAME_MESSAGE })
    .transform(cleanName)
    .pipe(z.string().min(1, FIRST_NAME_MESSAGE).max(FIRST_NAME_MAX, FIRST_NAME_MESSAGE)),
  lastInitial: z
    .string({ required_error: INITIAL_MESSAGE })
    .refine(isOneInitial, INITIAL_MESSAGE)
    .transform((v) => lastInitialOf(v) ?? ""),
  grade: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const g = parseGrade(v);
      if (g === undefined) {
        ctx.addIssue({ code: "custom", message: GRADE_MESSAGE });
        return z.NEVER;
      }
      return g;
    }),
  parentEmail: z
    .string()
    .trim()
    .toLowerCase()
    .max(254, PARENT_EMAIL_MESSAGE)
    .email(PARENT_EMAIL_MESSAGE)
    .optional(),
};

export const addPupilSchema = z.object({ intent: z.literal("add-pupil"), ...pupilFields });
export const editPupilSchema = z.object({
  intent: z.literal("edit-pupil"),
  pupilId: id,
  ...pupilFields,
});
export const removePupilSchema = z.object({ intent: z.literal("remove-pupil"), pupilId: id });
export const linkPupilSchema = z.object({
  intent: z.literal("link-pupil"),
  pupilId: id,
  joinedId: z.string({ required_error: "Choose the pupil who joined" }).min(1).max(64),
});

/**
 * The join form (docs/decisions/0041-class-joining-at-class-size.md): the pupil's first name and,
 * if they give it, their last initial, cleaned as the roster's are; `choice` is the roster row
 * they chose when asked, or "none".
 */
export const joinSchema = z.object({
  firstName: pupilFields.firstName,
  lastInitial: z
    .string()
    .optional()
    .transform((v) => v ?? "")
    .refine((v) => cleanName(v) === "" || isOneInitial(v), INITIAL_MESSAGE)
    .transform((v) => lastInitialOf(v) ?? ""),
  choice: z.string().min(1).max(64).optional(),
});

export const keepPupilSchema = z.object({ intent: z.literal("keep-pupil"), pupilId: id });

export const classActionSchema = z.discriminatedUnion("intent", [
  addPupilSchema,
  editPupilSchema,
  removePupilSchema,
  linkPupilSchema,
  keepPupilSchema,
  z.object({ intent: z.literal("open-code") }),
  z.object({ intent: z.literal("close-code") }),
  z.object({ intent: z.literal("new-code") }),
]);

export const consentSchema = z.object({
  contestId: z.string({ required_error: "Choose a contest" }).min(1).max(64),
  who: z.enum(["ticked", "roster", "all"]).default("ticked"),
  pupilIds: z.preprocess(
    (v) => (v === undefined || v === "" ? [] : Array.isArray(v) ? v : [v]),
    z.array(id).max(1000),
  ),
  attest: z.literal("on", { errorMap: () => ({ message: "Tick “I attest this” to record it" }) }),
});

export const decideEducatorSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("approve"), userId: id }),
  z.object({
    intent: z.literal("refuse"),
    userId: id,
    note: text("A note for the educator", 500),
  }),
]);

export const mergeSchoolsSchema = z.object({
  intent: z.literal("merge"),
  keepId: z.string({ required_error: "Choose the school to keep" }).min(1).max(64),
  foldId: z.string({ required_error: "Choose the school to fold into it" }).min(1).max(64),
});
