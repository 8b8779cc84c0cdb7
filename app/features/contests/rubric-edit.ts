/**
 * Editing a rubric (docs/decisions/0013-entry-form-and-limits.md): its name, labels and
 * descriptions can always change; its keys, maximum points, weights and comment rules only while
 * no judge has submitted a score against it (scores are stored per key and weighted by these). The
 * rubric rules (distinct keys, weights summing to 1 ±0.01) apply to an edit as to a new rubric.
 */
import { criterionInputSchema, issuesToErrors, rubricSchema } from "./contest-schema";
import type { Criterion } from "./rubric";

export const RUBRIC_LOCKED_MESSAGE =
  "This rubric already has submitted scores, so its keys, maximum points, weights and comment rules cannot change. You can still change its name, labels and descriptions.";

/** One criterion as the edit form posts it (text inputs; absent when shown read-only). */
export type CriterionEdit = {
  key?: string;
  label?: string;
  description?: string;
  maxPoints?: string;
  weight?: string;
  requireComment?: string;
};

export type RubricEditResult =
  | { ok: true; value: { name: string; criteria: Criterion[] } }
  | { ok: false; errors: Record<string, string[]> };

const LOCKED_FIELDS = ["key", "maxPoints", "weight", "requireComment"] as const;

/** Whether a locked field was posted with a value other than the stored one. */
function changesLockedField(current: Criterion, edit: CriterionEdit) {
  for (const field of LOCKED_FIELDS) {
    const posted = edit[field];
    if (posted === undefined) continue;
    if (field === "requireComment") {
      if ((posted === "on" || posted === "true") !== current.requireComment) return true;
    } else if (field === "key") {
      if (posted.trim() !== current.key) return true;
    } else if (Number(posted) !== current[field]) return true;
  }
  return false;
}

export function applyRubricEdit(
  current: Criterion[],
  input: { name?: string; criteria?: CriterionEdit[] },
  locked: boolean,
): RubricEditResult {
  const edits = input.criteria ?? [];
  const errors: Record<string, string[]> = {};
  let criteria: Criterion[];
  if (locked) {
    if (edits.length !== current.length || current.some((c, i) => changesLockedField(c, edits[i])))
      return { ok: false, errors: { "": [RUBRIC_LOCKED_MESSAGE] } };
    criteria = current.map((c, i) => ({
      ...c,
      label: edits[i].label?.trim() ?? "",
      description: edits[i].description?.trim() || undefined,
    }));
  } else {
    criteria = [];
    edits.forEach((edit, i) => {
      const r = criterionInputSchema.safeParse(edit);
      if (r.success) criteria.push(r.data);
      else Object.assign(errors, issuesToErrors(r.error, `criteria[${i}].`));
    });
  }
  const r = rubricSchema.safeParse({ name: input.name, criteria });
  if (!r.success) {
    for (const [k, v] of Object.entries(issuesToErrors(r.error))) {
      const name = k === "criteria" ? "" : k.replace(/^criteria\.(\d+)\./, "criteria[$1].");
      (errors[name] ??= []).push(...v.filter((m) => !errors[name]?.includes(m)));
    }
  }
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, value: r.success ? r.data : { name: "", criteria } };
}
