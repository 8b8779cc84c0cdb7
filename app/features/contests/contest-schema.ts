import { AI_POLICIES } from "./ai-policy";
import { z } from "zod";
import { DEFAULT_TIME_ZONE, isValidTimeZone } from "~/utils/dates";
import { fromZonedInputValue } from "~/utils/zoned-input";
import {
  criterionSchema,
  normalizeCriterionKey,
  totalWeight,
  weightsSumToOne,
  type Criterion,
} from "./rubric";

/**
 * Validation for the contest form, prompts and rubrics, with the product's messages and limits
 * (docs/decisions/0009-domain-rules.md). The schemas take raw form values (strings, "on" for checkboxes, blanks) as well as
 * already-coerced values, so they work with conform's parseWithZod and with plain objects alike.
 */

export const MESSAGES = {
  closeAfterOpen: "Submissions close date must be after open date",
  judgingOpenAfterClose: "Judging open date must be after submissions close",
  judgingCloseAfterOpen: "Judging close date must be after open date",
  resultsAfterJudging: "Results date must be after judging close",
  wordMaxGreater: "Maximum word count must be greater than minimum",
  wordPositive: "Word limits must be positive numbers",
  promptRequired: "Prompt title and text are required",
  rubricNameRequired: "Rubric name is required",
  rubricNeedsCriterion: "Add at least one criterion",
  feeTooHigh: "Entry fee must be less than $1000",
  publishNeedsPrompt: "Cannot publish: Contest must have at least one prompt",
  publishNeedsRubric: "Cannot publish: Contest must have at least one rubric",
  slugTaken: "This URL slug is already used by another contest",
} as const;

export const MAX_ENTRIES_PER_WRITER = 50;
export const ENTRIES_PER_WRITER_MESSAGE = `Entries per writer must be a whole number from 1 to ${MAX_ENTRIES_PER_WRITER}`;

export function totalWeightMessage(total: number) {
  return `Total weight must sum to 1.0 (currently ${total.toFixed(2)})`;
}

/** The slug input lowercases and turns any other character into a hyphen. */
export function normalizeSlug(input: string) {
  return input.toLowerCase().replace(/[^a-z0-9-]/g, "-");
}

export const DATE_FIELDS = [
  "submissionsOpen",
  "submissionsClose",
  "judgingOpen",
  "judgingClose",
  "resultsAt",
] as const;
export type DateField = (typeof DATE_FIELDS)[number];
export const DATE_LABELS: Record<DateField, string> = {
  submissionsOpen: "Submissions open",
  submissionsClose: "Submissions close",
  judgingOpen: "Judging open",
  judgingClose: "Judging close",
  resultsAt: "Results",
};

const isBlank = (v: unknown) =>
  v === undefined || v === null || (typeof v === "string" && v.trim() === "");
const blankToUndefined = (v: unknown) => (isBlank(v) ? undefined : v);
const toNumber = (v: unknown) => {
  const value = blankToUndefined(v);
  return typeof value === "string" ? Number(value.trim()) : value;
};
const toBoolean = (v: unknown) => {
  if (typeof v === "boolean") return v;
  if (typeof v === "string") return v === "on" || v === "true";
  return false;
};
const requiredText = (message: string) =>
  z.preprocess(
    blankToUndefined,
    z.string({ required_error: message, invalid_type_error: message }).trim().min(1, message),
  );

const wordLimit = (required: string) =>
  z.preprocess(
    toNumber,
    z
      .number({ required_error: required, invalid_type_error: MESSAGES.wordPositive })
      .int("Word limits must be whole numbers")
      .min(1, MESSAGES.wordPositive)
      .max(100000, "Word limits must be at most 100000"),
  );

type Timeline = Record<DateField, Date>;

/** The date-order rules (docs/decisions/0009-domain-rules.md); equal is allowed. */
export function timelineIssues(t: Timeline): { path: DateField; message: string }[] {
  const issues: { path: DateField; message: string }[] = [];
  const ms = (k: DateField) => t[k].getTime();
  if (ms("submissionsClose") <= ms("submissionsOpen"))
    issues.push({ path: "submissionsClose", message: MESSAGES.closeAfterOpen });
  if (ms("judgingOpen") < ms("submissionsClose"))
    issues.push({ path: "judgingOpen", message: MESSAGES.judgingOpenAfterClose });
  if (ms("judgingClose") <= ms("judgingOpen"))
    issues.push({ path: "judgingClose", message: MESSAGES.judgingCloseAfterOpen });
  if (ms("resultsAt") < ms("judgingClose"))
    issues.push({ path: "resultsAt", message: MESSAGES.resultsAfterJudging });
  return issues;
}

function rawString(v: unknown) {
  return typeof v === "string" ? v.trim() : "";
}

/** Cross-field rules, run on the raw input so they show together with field errors. */
function contestCrossFieldChecks(raw: unknown, ctx: z.RefinementCtx) {
  if (!raw || typeof raw !== "object") return;
  const r = raw as Record<string, unknown>;
  const min = toNumber(r.wordMin);
  const max = toNumber(r.wordMax);
  if (
    typeof min === "number" &&
    typeof max === "number" &&
    Number.isFinite(min) &&
    Number.isFinite(max) &&
    min >= 1 &&
    max <= min
  ) {
    ctx.addIssue({ code: "custom", path: ["wordMax"], message: MESSAGES.wordMaxGreater });
  }
  const tz = rawString(r.timeZone) || DEFAULT_TIME_ZONE;
  if (!isValidTimeZone(tz)) return;
  const dates: Partial<Timeline> = {};
  for (const k of DATE_FIELDS) {
    const value = r[k];
    const d = value instanceof Date ? value : fromZonedInputValue(rawString(value), tz);
    if (!d) return;
    dates[k] = d;
  }
  for (const issue of timelineIssues(dates as Timeline))
    ctx.addIssue({ code: "custom", path: [issue.path], message: issue.message });
}

export const MAX_REMIND_LEAD_HOURS = 720;
export const REMIND_LEAD_MESSAGE = `Reminder must be a whole number of hours from 1 to ${MAX_REMIND_LEAD_HOURS}`;

const dateInput = (label: string) =>
  z.preprocess(
    blankToUndefined,
    z.string({
      required_error: `${label} date is required`,
      invalid_type_error: `${label} date is required`,
    }),
  );

export const contestSchema = z.preprocess(
  (raw, ctx) => {
    contestCrossFieldChecks(raw, ctx);
    return raw;
  },
  z
    .object({
      slug: z.preprocess(
        (v) =>
          typeof v === "string" && v.trim() !== "" ? normalizeSlug(v.trim()) : blankToUndefined(v),
        z
          .string({ required_error: "URL slug is required" })
          .min(1, "URL slug is required")
          .max(100, "URL slug must be at most 100 characters")
          .regex(/^[a-z0-9-]+$/, "URL slug may only use lowercase letters, digits and hyphens"),
      ),
      title: requiredText("Title is required").pipe(
        z.string().max(200, "Title must be at most 200 characters"),
      ),
      description: requiredText("Description is required").pipe(
        z
          .string()
          .min(10, "Description must be at least 10 characters")
          .max(5000, "Description must be at most 5000 characters"),
      ),
      rules: z.preprocess(
        blankToUndefined,
        z.string().trim().max(10000, "Rules must be at most 10000 characters").optional(),
      ),
      anonymous: z.preprocess(toBoolean, z.boolean()),
      isPublished: z.preprocess(toBoolean, z.boolean()),
      wordMin: wordLimit("Minimum word count is required"),
      wordMax: wordLimit("Maximum word count is required"),
      entryFeeCents: z.preprocess(
        (v) => toNumber(v) ?? 0,
        z
          .number({ invalid_type_error: "Entry fee must be a whole number of cents" })
          .int("Entry fee must be a whole number of cents")
          .min(0, "Entry fee cannot be negative")
          .max(100000, MESSAGES.feeTooHigh),
      ),
      entriesPerWriter: z.preprocess(
        (v) => toNumber(v) ?? 1,
        z
          .number({ invalid_type_error: ENTRIES_PER_WRITER_MESSAGE })
          .int(ENTRIES_PER_WRITER_MESSAGE)
          .min(1, ENTRIES_PER_WRITER_MESSAGE)
          .max(MAX_ENTRIES_PER_WRITER, ENTRIES_PER_WRITER_MESSAGE),
      ),
      // The AI-use policy (ADR 0053); none stated when the field is absent.
      aiPolicy: z.preprocess(
        (v) => blankToUndefined(v) ?? "unstated",
        z.enum(AI_POLICIES, { message: "Choose an AI policy" }),
      ),
      timeZone: z.preprocess(
        (v) => blankToUndefined(v) ?? DEFAULT_TIME_ZONE,
        z.string().refine(isValidTimeZone, "Choose a valid time zone"),
      ),
      submissionsOpen: dateInput("Submissions open"),
      submissionsClose: dateInput("Submissions close"),
      judgingOpen: dateInput("Judging open"),
      judgingClose: dateInput("Judging close"),
      resultsAt: dateInput("Results"),
      // Used by the scheduled assign step (docs/decisions/0017-contest-lifecycle.md).
      judgesPerSubmission: z.preprocess(
        (v) => toNumber(v) ?? 3,
        z
          .number({ invalid_type_error: "Judges per submission must be a whole number" })
          .int("Judges per submission must be a whole number")
          .min(1, "Judges per submission must be at least 1")
          .max(20, "Judges per submission must be at most 20"),
      ),
      // Hours before judging closes that judges are reminded; capped at half the judging window
      // when used (docs/decisions/0022-lifecycle-follows-the-public.md).
      remindLeadHours: z.preprocess(
        (v) => toNumber(v) ?? 48,
        z
          .number({ invalid_type_error: REMIND_LEAD_MESSAGE })
          .int(REMIND_LEAD_MESSAGE)
          .min(1, REMIND_LEAD_MESSAGE)
          .max(MAX_REMIND_LEAD_HOURS, REMIND_LEAD_MESSAGE),
      ),
    })
    .transform((v, ctx) => {
      const dates = {} as Timeline;
      let ok = true;
      for (const k of DATE_FIELDS) {
        const d = fromZonedInputValue(v[k].trim(), v.timeZone);
        if (!d) {
          ctx.addIssue({
            code: "custom",
            path: [k],
            message: `${DATE_LABELS[k]} date must be a valid date and time`,
          });
          ok = false;
        } else dates[k] = d;
      }
      if (!ok) return z.NEVER;
      return { ...v, rules: v.rules ?? null, ...dates };
    }),
);
export type ContestInput = z.output<typeof contestSchema>;

/** Prompt: title 1-200, text 10-5000; a blank title or text gives one message. */
export const promptSchema = z.preprocess(
  (raw, ctx) => {
    const r = (raw && typeof raw === "object" ? raw : {}) as Record<string, unknown>;
    if (isBlank(r.title) || isBlank(r.body))
      ctx.addIssue({ code: "custom", path: [], message: MESSAGES.promptRequired });
    return raw;
  },
  z.object({
    title: z.preprocess(
      (v) => blankToUndefined(v) ?? "",
      z.string().trim().max(200, "Prompt title must be at most 200 characters"),
    ),
    body: z.preprocess(
      (v) => blankToUndefined(v) ?? "",
      z
        .string()
        .trim()
        .refine((s) => s === "" || s.length >= 10, "Prompt text must be at least 10 characters")
        .refine((s) => s.length <= 5000, "Prompt text must be at most 5000 characters"),
    ),
    /** A later judging round's prompt (2 to 4), never shown to entrants; absent: the entrants'. */
    round: z.preprocess(
      blankToUndefined,
      z.coerce
        .number()
        .int()
        .min(2, "Choose who the prompt is for.")
        .max(4, "Choose who the prompt is for.")
        .optional(),
    ),
  }),
);
export type PromptInput = z.output<typeof promptSchema>;

/** A criterion as typed into the builder: the key is normalised, numbers come from text inputs. */
export const criterionInputSchema = z.preprocess(
  (raw) => {
    const r = (raw && typeof raw === "object" ? raw : {}) as Record<string, unknown>;
    const key = typeof r.key === "string" ? normalizeCriterionKey(r.key.trim()) : r.key;
    return {
      key: key === "" ? undefined : key,
      label: blankToUndefined(r.label),
      description: blankToUndefined(r.description),
      maxPoints: toNumber(r.maxPoints) ?? 10,
      weight: toNumber(r.weight) ?? 0.25,
      requireComment: toBoolean(r.requireComment),
    };
  },
  z.object({
    key: z
      .string({ required_error: "Criterion key is required" })
      .max(100, "Criterion key must be at most 100 characters"),
    label: z
      .string({ required_error: "Criterion label is required" })
      .trim()
      .min(1, "Criterion label is required")
      .max(100, "Criterion label must be at most 100 characters"),
    description: z
      .string()
      .trim()
      .max(500, "Criterion description must be at most 500 characters")
      .optional(),
    maxPoints: z
      .number({ invalid_type_error: "Max points must be a whole number from 1 to 100" })
      .int("Max points must be a whole number from 1 to 100")
      .min(1, "Max points must be a whole number from 1 to 100")
      .max(100, "Max points must be a whole number from 1 to 100"),
    weight: z
      .number({ invalid_type_error: "Weight must be a number from 0 to 1" })
      .min(0, "Weight must be a number from 0 to 1")
      .max(1, "Weight must be a number from 0 to 1"),
    requireComment: z.boolean(),
  }),
);

/** Rubric: name 1-200, at least one criterion, distinct keys, weights summing to 1 within 0.01. */
export const rubricSchema = z.preprocess(
  (raw, ctx) => {
    const r = (raw && typeof raw === "object" ? raw : {}) as Record<string, unknown>;
    const parsed = z.array(criterionSchema).safeParse(r.criteria ?? []);
    if (!parsed.success) return raw;
    const list = parsed.data;
    if (list.length === 0) {
      ctx.addIssue({ code: "custom", path: ["criteria"], message: MESSAGES.rubricNeedsCriterion });
      return raw;
    }
    const keys = new Set<string>();
    for (const c of list) {
      if (keys.has(c.key))
        ctx.addIssue({
          code: "custom",
          path: ["criteria"],
          message: `Each criterion needs its own key ("${c.key}" is used twice)`,
        });
      keys.add(c.key);
    }
    if (!weightsSumToOne(list))
      ctx.addIssue({
        code: "custom",
        path: ["criteria"],
        message: totalWeightMessage(totalWeight(list)),
      });
    return raw;
  },
  z.object({
    name: requiredText(MESSAGES.rubricNameRequired).pipe(
      z.string().max(200, "Rubric name must be at most 200 characters"),
    ),
    criteria: z.array(criterionSchema, { required_error: MESSAGES.rubricNeedsCriterion }),
  }),
);
export type RubricInput = { name: string; criteria: Criterion[] };

/** Publishing needs at least one prompt and one rubric. */
export function publishProblems(counts: { prompts: number; rubrics: number }) {
  const problems: string[] = [];
  if (counts.prompts < 1) problems.push(MESSAGES.publishNeedsPrompt);
  if (counts.rubrics < 1) problems.push(MESSAGES.publishNeedsRubric);
  return problems;
}

/** Flattens zod issues into conform's error shape ("" for form-level messages), without repeats. */
export function issuesToErrors(error: z.ZodError, prefix = ""): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const name = issue.path.length
      ? `${prefix}${issue.path.join(".")}`
      : prefix
        ? prefix.replace(/\.$/, "")
        : "";
    const list = (out[name] ??= []);
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  return out;
}
