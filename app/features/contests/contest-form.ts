import { z } from "zod";
import { aiPolicyOf, type AiPolicy } from "./ai-policy";
import {
  contestSchema,
  criterionInputSchema,
  DATE_FIELDS,
  promptSchema,
  rubricSchema,
  type DateField,
} from "./contest-schema";
import type { ContestSettings } from "./contest-snapshot";
import { DEFAULT_TIME_ZONE, formatDollars, toZonedInputValue } from "~/utils/dates";
import type { Criterion } from "./rubric";
import type { CriterionEdit } from "./rubric-edit";

/**
 * The contest form's values and the zod schemas of its steps. Without JavaScript an admin builds
 * up prompts, rubrics and criteria on the new-contest form by posting back to the same route: the
 * staged items are conform list fields of the one form, and the server answers with conform's
 * reply, which carries the lists back. Nothing here touches the database
 * (docs/decisions/0039-contest-form-lists.md).
 */

export type ContestFormValues = {
  slug: string;
  title: string;
  description: string;
  rules: string;
  anonymous: boolean;
  isPublished: boolean;
  wordMin: string;
  wordMax: string;
  entryFeeCents: string;
  entriesPerWriter: string;
  aiPolicy: AiPolicy;
  timeZone: string;
  judgesPerSubmission: string;
  remindLeadHours: string;
} & Record<DateField, string>;

export type FormErrors = Record<string, string[]>;

const DAY = 24 * 60 * 60 * 1000;

/** A new contest: the defaults (500-2500 words, free, anonymous, draft) and a sensible timeline. */
export function defaultContestValues(
  now = new Date(),
  timeZone = DEFAULT_TIME_ZONE,
): ContestFormValues {
  const at = (days: number, time: string) =>
    `${toZonedInputValue(new Date(now.getTime() + days * DAY), timeZone).slice(0, 10)}T${time}`;
  return {
    slug: "",
    title: "",
    description: "",
    rules: "",
    anonymous: true,
    isPublished: false,
    wordMin: "500",
    wordMax: "2500",
    entryFeeCents: "0",
    entriesPerWriter: "1",
    aiPolicy: "unstated",
    timeZone,
    submissionsOpen: at(7, "00:00"),
    submissionsClose: at(37, "23:59"),
    judgingOpen: at(38, "00:00"),
    judgingClose: at(60, "23:59"),
    resultsAt: at(67, "12:00"),
    judgesPerSubmission: "3",
    remindLeadHours: "48",
  };
}

/** A contest row, or one whose dates arrived as strings. */
type ContestRow = Omit<ContestSettings, DateField> & {
  isPublished: boolean;
  judgesPerSubmission?: number;
  remindLeadHours?: number;
} & {
  [K in DateField]: Date | string;
};

export function contestToValues(c: ContestRow): ContestFormValues {
  const values: ContestFormValues = {
    slug: c.slug,
    title: c.title,
    description: c.description,
    rules: c.rules ?? "",
    anonymous: c.anonymous,
    isPublished: c.isPublished,
    wordMin: String(c.wordMin),
    wordMax: String(c.wordMax),
    entryFeeCents: String(c.entryFeeCents),
    entriesPerWriter: String(c.entriesPerWriter),
    aiPolicy: aiPolicyOf(c.aiPolicy),
    timeZone: c.timeZone,
    judgesPerSubmission: String(c.judgesPerSubmission ?? 3),
    remindLeadHours: String(c.remindLeadHours ?? 48),
  } as ContestFormValues;
  for (const k of DATE_FIELDS) values[k] = toZonedInputValue(c[k], c.timeZone);
  return values;
}

/**
 * The new-contest form's lists and drafts, as conform names its fields: `prompts[0].title`,
 * `rubrics[0].criteria[1].weight`, `prompt.title`, `rubric.criterion.key`. Values are the strings
 * the inputs hold (a checked box is "on"); conform's list intents (remove) and the server's steps
 * below change them, and `submission.reply()` carries them back to the page.
 */
/** A criterion's inputs: the same strings the rubric edit form posts. */
export type CriterionFields = CriterionEdit;
export type PromptFields = { title?: string; body?: string; sourceId?: string };
export type RubricFields = { name?: string; sourceId?: string; criteria?: CriterionFields[] };
export type RubricDraftFields = {
  name?: string;
  criteria?: CriterionFields[];
  criterion?: CriterionFields;
};
export type ContestFormFields = {
  [K in keyof ContestFormValues]?: ContestFormValues[K] | string;
} & {
  prompts?: PromptFields[];
  rubrics?: RubricFields[];
  prompt?: PromptFields;
  rubric?: RubricDraftFields;
  existingPromptId?: string;
  existingRubricId?: string;
};

/** A criterion as the builder's fields hold it. */
export function criterionFields(c: Criterion): CriterionFields {
  return {
    key: c.key,
    label: c.label,
    description: c.description,
    maxPoints: String(c.maxPoints),
    weight: String(c.weight),
    requireComment: c.requireComment ? "on" : undefined,
  };
}

/**
 * The criteria of a list field for display, each with its index in the list (for its Remove
 * button); one that does not parse (a hand-made post) is left out.
 */
export function readCriteria(raw: unknown): (Criterion & { index: number })[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((c, index) => {
    const r = criterionInputSchema.safeParse(c);
    return r.success ? [{ ...r.data, index }] : [];
  });
}

/** The contest's own values from the form's fields (the lists and drafts are left aside). */
export function contestValues(raw: unknown): ContestFormValues {
  const r = (raw && typeof raw === "object" ? raw : {}) as Record<string, unknown>;
  const text = (k: string) => (typeof r[k] === "string" ? (r[k] as string) : "");
  const on = (k: string) => r[k] === true || r[k] === "on" || r[k] === "true";
  const values = {
    slug: text("slug"),
    title: text("title"),
    description: text("description"),
    rules: text("rules"),
    anonymous: on("anonymous"),
    isPublished: on("isPublished"),
    wordMin: text("wordMin"),
    wordMax: text("wordMax"),
    entryFeeCents: text("entryFeeCents"),
    entriesPerWriter: text("entriesPerWriter"),
    aiPolicy: aiPolicyOf(text("aiPolicy")),
    timeZone: text("timeZone") || DEFAULT_TIME_ZONE,
    judgesPerSubmission: text("judgesPerSubmission"),
    remindLeadHours: text("remindLeadHours"),
  } as ContestFormValues;
  for (const k of DATE_FIELDS) values[k] = text(k);
  return values;
}

/** Re-reports a nested parse's issues under `path`, so conform keys them by the field's name. */
function reissue(ctx: z.RefinementCtx, error: z.ZodError, path: (string | number)[]) {
  for (const issue of error.issues)
    ctx.addIssue({ code: "custom", message: issue.message, path: [...path, ...issue.path] });
}

const draftShape = z.preprocess(
  (v) => v ?? {},
  z.object({
    name: z.unknown(),
    criteria: z.array(criterionInputSchema).default([]),
    criterion: z.unknown(),
  }),
);
type Draft = z.output<typeof draftShape>;

/** The draft criterion added to the draft's list: key and label required, the key not taken. */
function withCriterion(draft: Draft, ctx: z.RefinementCtx): Criterion[] {
  const r = criterionInputSchema.safeParse(draft.criterion ?? {});
  if (!r.success) {
    reissue(ctx, r.error, ["criterion"]);
    return draft.criteria;
  }
  if (draft.criteria.some((c) => c.key === r.data.key)) {
    ctx.addIssue({
      code: "custom",
      path: ["criterion", "key"],
      message: `A criterion with the key "${r.data.key}" is already in this rubric`,
    });
    return draft.criteria;
  }
  return [...draft.criteria, r.data];
}

/** "Add criterion": the rubric draft with its criterion draft added to the list. */
export const addCriterionSchema = z.object({
  rubric: draftShape.transform((draft, ctx) => ({ criteria: withCriterion(draft, ctx) })),
});

/**
 * "Create rubric" / "Save Rubric": name, criteria, weights summing to 1. A filled-in criterion
 * draft that was never added counts as added, so an admin who types one criterion and presses
 * Save does not lose it.
 */
export const rubricDraftSchema = z.object({
  rubric: draftShape.transform((draft, ctx) => {
    const c = (draft.criterion ?? {}) as CriterionFields;
    const criteria = c.key?.trim() || c.label?.trim() ? withCriterion(draft, ctx) : draft.criteria;
    const r = rubricSchema.safeParse({ name: draft.name, criteria });
    if (!r.success) {
      reissue(ctx, r.error, []);
      return z.NEVER;
    }
    return r.data;
  }),
});

/** "Create prompt": the prompt draft. */
export const promptDraftSchema = z.object({
  prompt: z.preprocess((v) => v ?? {}, promptSchema),
});

/** A staged rubric as its fields come back: criteria from text inputs, then the rubric rules. */
const stagedRubricSchema = z
  .object({ name: z.unknown(), criteria: z.array(criterionInputSchema).default([]) })
  .pipe(rubricSchema);

/** Saving the new contest: its values, and the staged prompts and rubrics checked again. */
export const newContestSchema = z.intersection(
  contestSchema,
  z.object({
    prompts: z.array(promptSchema).default([]),
    rubrics: z.array(stagedRubricSchema).default([]),
  }),
);

/**
 * Where the contest form puts focus after a post that answers on the page, so an admin building
 * a rubric or staging prompts stays where they were instead of the top of a long form. `step` is
 * the button's intent or the list a conform intent changed; ids are the form's element ids; null
 * for saving and publishing (the page's messages come first).
 */
export function focusAfter(step: string, errors: FormErrors): string | null {
  switch (step) {
    case "add-criterion":
    case "rubric.criteria":
      return errors["rubric.criteria"]?.length ? "rubric-criteria-heading" : "rubric-key";
    case "create-rubric":
      return "rubric-name";
    case "create-prompt":
      return "promptTitle";
    case "add-existing-prompt":
    case "remove-prompt":
    case "prompts":
      return "existingPromptId";
    case "add-existing-rubric":
    case "remove-rubric":
    case "rubrics":
      return "existingRubricId";
    default:
      return null;
  }
}

/** The errors of conform's reply, keyed by field name, without its empty entries. */
export function replyErrors(
  result: { error?: Record<string, unknown> | null } | undefined,
): FormErrors {
  return Object.fromEntries(
    Object.entries(result?.error ?? {}).filter(
      (e): e is [string, string[]] => Array.isArray(e[1]) && e[1].length > 0,
    ),
  );
}

/** The hint under the fee input. */
export function feePreview(raw: string) {
  const cents = Number(raw);
  if (raw.trim() === "" || !Number.isInteger(cents) || cents < 0)
    return "Enter the fee in whole cents, e.g. 1500 for $15.00.";
  return cents > 0 ? `Entrants pay ${formatDollars(cents)}` : "Free: no entry fee";
}

/** Every distinct message of the form, for the summary at the top. */
export function allMessages(errors: FormErrors) {
  return [...new Set(Object.values(errors).flat())];
}
