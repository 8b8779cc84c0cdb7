/**
 * The admin's division form and the rules across one contest's divisions
 * (docs/decisions/0032-divisions-and-rounds.md): names unique per contest, one basis per contest
 * (grade or age, never both: clearer for entrants), ranges that do not overlap, and an optional
 * word range of its own (both ends or neither). Pure: the action and the unit tests use it.
 */
import { z } from "zod";
import type { DivisionBasis } from "./eligibility";

export const GRADE_RANGE = { min: 0, max: 12 } as const;
export const AGE_RANGE = { min: 4, max: 25 } as const;
export const NAME_MAX = 60;

const whole = (label: string) =>
  z
    .number({
      required_error: `${label} is required`,
      invalid_type_error: `${label} must be a number`,
    })
    .int(`${label} must be a whole number`);

const optionalWords = (label: string) =>
  z
    .number({ invalid_type_error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(1, `${label} must be at least 1`)
    .max(1_000_000, `${label} is too large`)
    .optional();

/** The fields of one division as the form sends them (conform coerces numbers and dates). */
export const divisionFields = z.object({
  name: z
    .string({ required_error: "Please give the division a name" })
    .trim()
    .min(1, "Please give the division a name")
    .max(NAME_MAX, `The name must be at most ${NAME_MAX} characters`),
  basis: z.enum(["grade", "age"], {
    required_error: "Choose grade or age",
    invalid_type_error: "Choose grade or age",
  }),
  min: whole("From"),
  max: whole("To"),
  ageOn: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Please enter the date the age is taken on")
    .transform((v) => new Date(`${v}T00:00:00.000Z`))
    .refine((d) => !Number.isNaN(d.getTime()), "Please enter the date the age is taken on")
    .optional(),
  wordMin: optionalWords("Fewest words"),
  wordMax: optionalWords("Most words"),
});

export type DivisionInput = z.infer<typeof divisionFields>;

/** The rules within one division: its range in bounds and in order, the date for ages, the words. */
export function divisionRules(v: DivisionInput, ctx: z.RefinementCtx) {
  const bounds = v.basis === "grade" ? GRADE_RANGE : AGE_RANGE;
  const words =
    v.basis === "grade"
      ? "Grades go from 0 (Kindergarten) to 12"
      : `Ages go from ${AGE_RANGE.min} to ${AGE_RANGE.max}`;
  for (const key of ["min", "max"] as const)
    if (v[key] < bounds.min || v[key] > bounds.max)
      ctx.addIssue({ code: "custom", path: [key], message: words });
  if (v.min > v.max)
    ctx.addIssue({ code: "custom", path: ["max"], message: "To must not be less than From" });
  if (v.basis === "age" && !v.ageOn)
    ctx.addIssue({
      code: "custom",
      path: ["ageOn"],
      message: "Please enter the date the age is taken on",
    });
  if ((v.wordMin === undefined) !== (v.wordMax === undefined))
    ctx.addIssue({
      code: "custom",
      path: [v.wordMin === undefined ? "wordMin" : "wordMax"],
      message: "Give both fewest and most words, or leave both empty",
    });
  else if (v.wordMin !== undefined && v.wordMax !== undefined && v.wordMin >= v.wordMax)
    ctx.addIssue({
      code: "custom",
      path: ["wordMax"],
      message: "Most words must be more than fewest words",
    });
}

const divisionId = z.string({ required_error: "Division not found" }).min(1).max(64);

/** Every post of the divisions page, by intent. */
export const divisionActionSchema = z
  .discriminatedUnion("intent", [
    divisionFields.extend({ intent: z.literal("add") }),
    divisionFields.extend({ intent: z.literal("edit"), divisionId }),
    z.object({ intent: z.literal("delete"), divisionId }),
    z.object({ intent: z.literal("move"), divisionId, direction: z.enum(["up", "down"]) }),
    z.object({
      intent: z.literal("judges"),
      divisionId,
      judgeId: z.array(z.string().max(64)).max(500).default([]),
    }),
    z.object({
      intent: z.literal("prompt"),
      promptId: z.string().min(1).max(64),
      divisionId: z.string().max(64).optional(),
    }),
  ])
  .superRefine((v, ctx) => {
    if (v.intent === "add" || v.intent === "edit") divisionRules(v, ctx);
  });

/** One division of a contest as the cross-division rules see it. */
export type DivisionRange = {
  id?: string;
  name: string;
  basis: DivisionBasis;
  min: number;
  max: number;
};

/**
 * Why `candidate` cannot join the contest's other divisions (`others` excludes the division being
 * edited), keyed by field; empty when it can. Names are compared without case or outer spaces.
 */
export function divisionConflicts(
  others: readonly DivisionRange[],
  candidate: DivisionRange,
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  const rest = others.filter((d) => !candidate.id || d.id !== candidate.id);
  const key = (n: string) => n.trim().toLocaleLowerCase();
  if (rest.some((d) => key(d.name) === key(candidate.name)))
    add("name", "This contest already has a division with that name");
  const other = rest.find((d) => d.basis !== candidate.basis);
  if (other)
    add(
      "basis",
      other.basis === "grade"
        ? "This contest's divisions go by school grade. All divisions of one contest use the same one, so entrants can tell which is theirs."
        : "This contest's divisions go by age. All divisions of one contest use the same one, so entrants can tell which is theirs.",
    );
  else {
    const clash = rest.find((d) => d.min <= candidate.max && candidate.min <= d.max);
    if (clash)
      add("min", `This range overlaps "${clash.name}". Each writer must fit only one division.`);
  }
  return errors;
}
