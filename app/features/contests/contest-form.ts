import { z } from "zod";
import {
  criterionInputSchema,
  DATE_FIELDS,
  issuesToErrors,
  promptSchema,
  rubricSchema,
  type DateField,
} from "./contest-schema";
import type { ContestSettings } from "./contest-snapshot";
import { DEFAULT_TIME_ZONE, formatDollars, toZonedInputValue } from "~/utils/dates";
import { criteriaSchema, type Criterion } from "./rubric";

/**
 * The contest form's state as it travels between browser and server. Without JavaScript an admin
 * builds up prompts, rubrics and criteria on the new-contest form by posting back to the same
 * route: the server re-renders the form with everything typed so far plus the staged items kept
 * in hidden JSON inputs. Nothing here touches the database.
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
  timeZone: string;
  judgesPerSubmission: string;
  remindLeadHours: string;
} & Record<DateField, string>;

export type StagedPrompt = { title: string; body: string; sourceId?: string };
export type StagedRubric = { name: string; criteria: Criterion[]; sourceId?: string };

export type CriterionDraft = {
  key: string;
  label: string;
  description: string;
  maxPoints: string;
  weight: string;
  requireComment: boolean;
};
export type RubricDraft = { name: string; criteria: Criterion[]; criterion: CriterionDraft };
export type PromptDraft = { title: string; body: string };

export type ContestFormState = {
  values: ContestFormValues;
  stagedPrompts: StagedPrompt[];
  stagedRubrics: StagedRubric[];
  promptDraft: PromptDraft;
  rubricDraft: RubricDraft;
};

export type FormErrors = Record<string, string[]>;

const DAY = 24 * 60 * 60 * 1000;

export const emptyCriterionDraft: CriterionDraft = {
  key: "",
  label: "",
  description: "",
  maxPoints: "10",
  weight: "0.25",
  requireComment: false,
};
export const emptyRubricDraft: RubricDraft = {
  name: "",
  criteria: [],
  criterion: emptyCriterionDraft,
};

/** The form as a page first shows it: these contest values, nothing staged, empty drafts. */
export function initialFormState(values: ContestFormValues): ContestFormState {
  return {
    values,
    stagedPrompts: [],
    stagedRubrics: [],
    promptDraft: { title: "", body: "" },
    rubricDraft: emptyRubricDraft,
  };
}

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
    timeZone: c.timeZone,
    judgesPerSubmission: String(c.judgesPerSubmission ?? 3),
    remindLeadHours: String(c.remindLeadHours ?? 48),
  } as ContestFormValues;
  for (const k of DATE_FIELDS) values[k] = toZonedInputValue(c[k], c.timeZone);
  return values;
}

const str = (fd: FormData, name: string) => {
  const v = fd.get(name);
  return typeof v === "string" ? v : "";
};
const checked = (fd: FormData, name: string) => {
  const v = fd.get(name);
  return v === "on" || v === "true";
};

const stagedPromptsSchema = z.array(
  z.object({ title: z.string(), body: z.string(), sourceId: z.string().optional() }),
);
const stagedRubricsSchema = z.array(
  z.object({ name: z.string(), criteria: criteriaSchema, sourceId: z.string().optional() }),
);

/** Parses a hidden JSON input; anything malformed counts as an empty list, never a crash. */
export function parseJsonList<T>(json: string, schema: z.ZodType<T[], z.ZodTypeDef, unknown>): T[] {
  if (!json) return [];
  try {
    const parsed = schema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

export function readRubricDraft(fd: FormData): RubricDraft {
  return {
    name: str(fd, "rubricName"),
    criteria: parseJsonList(str(fd, "rubricCriteria"), criteriaSchema),
    criterion: {
      key: str(fd, "criterionKey"),
      label: str(fd, "criterionLabel"),
      description: str(fd, "criterionDescription"),
      maxPoints: str(fd, "criterionMaxPoints"),
      weight: str(fd, "criterionWeight"),
      requireComment: checked(fd, "criterionRequireComment"),
    },
  };
}

export function readPromptDraft(fd: FormData): PromptDraft {
  return { title: str(fd, "promptTitle"), body: str(fd, "promptBody") };
}

export function readContestFormState(fd: FormData): ContestFormState {
  const values = {
    slug: str(fd, "slug"),
    title: str(fd, "title"),
    description: str(fd, "description"),
    rules: str(fd, "rules"),
    anonymous: checked(fd, "anonymous"),
    isPublished: checked(fd, "isPublished"),
    wordMin: str(fd, "wordMin"),
    wordMax: str(fd, "wordMax"),
    entryFeeCents: str(fd, "entryFeeCents"),
    entriesPerWriter: str(fd, "entriesPerWriter") || "1",
    timeZone: str(fd, "timeZone") || DEFAULT_TIME_ZONE,
    judgesPerSubmission: str(fd, "judgesPerSubmission"),
    remindLeadHours: str(fd, "remindLeadHours"),
  } as ContestFormValues;
  for (const k of DATE_FIELDS) values[k] = str(fd, k);
  return {
    values,
    stagedPrompts: parseJsonList(str(fd, "stagedPrompts"), stagedPromptsSchema),
    stagedRubrics: parseJsonList(str(fd, "stagedRubrics"), stagedRubricsSchema),
    promptDraft: readPromptDraft(fd),
    rubricDraft: readRubricDraft(fd),
  };
}

/** Validates the prompt draft; errors are keyed by the draft's input names ("prompt" for the form-level message). */
export function validatePromptDraft(
  draft: PromptDraft,
): { ok: true; value: StagedPrompt } | { ok: false; errors: FormErrors } {
  const r = promptSchema.safeParse(draft);
  if (r.success) return { ok: true, value: r.data };
  const raw = issuesToErrors(r.error);
  const errors: FormErrors = {};
  for (const [k, v] of Object.entries(raw))
    errors[k === "" ? "prompt" : k === "title" ? "promptTitle" : "promptBody"] = v;
  return { ok: false, errors };
}

const CRITERION_FIELDS: Record<string, string> = {
  key: "criterionKey",
  label: "criterionLabel",
  description: "criterionDescription",
  maxPoints: "criterionMaxPoints",
  weight: "criterionWeight",
  requireComment: "criterionRequireComment",
};

/** "Add criterion": adds the draft criterion when key and label are filled in, then clears the draft. */
export function addCriterion(draft: RubricDraft): { draft: RubricDraft; errors: FormErrors } {
  const r = criterionInputSchema.safeParse(draft.criterion);
  if (!r.success) {
    const errors: FormErrors = {};
    for (const [k, v] of Object.entries(issuesToErrors(r.error)))
      errors[CRITERION_FIELDS[k] ?? "rubricCriteria"] = v;
    return { draft, errors };
  }
  if (draft.criteria.some((c) => c.key === r.data.key)) {
    return {
      draft,
      errors: {
        criterionKey: [`A criterion with the key "${r.data.key}" is already in this rubric`],
      },
    };
  }
  return {
    draft: { ...draft, criteria: [...draft.criteria, r.data], criterion: emptyCriterionDraft },
    errors: {},
  };
}

export function removeCriterion(draft: RubricDraft, index: number): RubricDraft {
  return { ...draft, criteria: draft.criteria.filter((_, i) => i !== index) };
}

/**
 * Validates the rubric for saving. A filled-in criterion draft that was never added counts as
 * added, so an admin who types one criterion and presses Save does not lose it.
 */
export function validateRubricDraft(
  draft: RubricDraft,
): { ok: true; value: StagedRubric } | { ok: false; errors: FormErrors; draft: RubricDraft } {
  let current = draft;
  const c = draft.criterion;
  if (c.key.trim() || c.label.trim()) {
    const added = addCriterion(draft);
    if (Object.keys(added.errors).length) return { ok: false, errors: added.errors, draft };
    current = added.draft;
  }
  const r = rubricSchema.safeParse({ name: current.name, criteria: current.criteria });
  if (r.success) return { ok: true, value: r.data };
  const errors: FormErrors = {};
  for (const [k, v] of Object.entries(issuesToErrors(r.error)))
    errors[k === "name" ? "rubricName" : "rubricCriteria"] = v;
  return { ok: false, errors, draft: current };
}

/** The intents the contest form's buttons post; remove intents carry the item's index or id. */
export function parseIntent(raw: FormDataEntryValue | null): { name: string; arg: string } {
  const value = typeof raw === "string" ? raw : "";
  const i = value.indexOf(":");
  return i === -1 ? { name: value, arg: "" } : { name: value.slice(0, i), arg: value.slice(i + 1) };
}

/**
 * Where the contest form puts focus after a post that answers on the page, so an admin building
 * a rubric or staging prompts stays where they were instead of the top of a long form. Ids are the
 * form's element ids; null for saving and publishing (the page's messages come first).
 */
export function focusAfter(intent: string, errors: FormErrors): string | null {
  const firstError = Object.keys(errors).find((k) => errors[k]?.length);
  switch (intent) {
    case "add-criterion":
    case "remove-criterion":
      return firstError === "rubricCriteria" ? "rubric-criteria-heading" : "rubric-key";
    case "create-rubric":
      return "rubric-name";
    case "create-prompt":
      return "promptTitle";
    case "add-existing-prompt":
    case "remove-prompt":
      return "existingPromptId";
    case "add-existing-rubric":
    case "remove-rubric":
      return "existingRubricId";
    default:
      return null;
  }
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
