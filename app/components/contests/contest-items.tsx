import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ErrorList, inputClass } from "~/components/ui/field";
import type { FieldMetadata } from "@conform-to/react";
import {
  CriteriaList,
  fieldList,
  HiddenCriteria,
  HiddenFields,
  RemoveButton,
  type SubmitProps,
} from "./rubric-builder";
import {
  readCriteria,
  type PromptFields,
  type RubricFields,
} from "~/features/contests/contest-form";

function StagedBadge({ staged }: { staged?: string }) {
  if (!staged) return null;
  return (
    <Badge variant="secondary">
      {staged === "copy" ? "Will be copied on save" : "Will be created on save"}
    </Badge>
  );
}

export type ContestItem = {
  ref: string;
  name: string;
  staged?: string;
  detail: React.ReactNode;
  /** The new form's staged item: its values as hidden inputs of conform's list field. */
  hidden?: React.ReactNode;
  remove: SubmitProps;
};

/**
 * A contest's prompts or rubrics on the form: the new form's staged ones (a conform list field)
 * or the edit form's saved ones, each with a Remove button; then the picker that adds an
 * existing one.
 */
export function ContestItems({
  noun,
  items,
  options,
  errors,
  autoFocus,
}: {
  noun: "prompt" | "rubric";
  items: ContestItem[];
  options: { id: string; label: string }[];
  errors?: string[];
  /** Focus the picker (after a post that added or removed one of these items). */
  autoFocus?: boolean;
}) {
  const Noun = noun === "prompt" ? "Prompt" : "Rubric";
  const field = `existing${Noun}Id`;
  return (
    <>
      {items.length ? (
        <ul
          className="divide-y divide-slate-200 rounded-md border border-slate-200"
          aria-label={`Contest ${noun}s`}
        >
          {items.map((item) => (
            <li key={item.ref} className="flex items-start gap-3 px-3 py-2">
              <div className="flex-1">
                <p className="font-medium">
                  {item.name} <StagedBadge staged={item.staged} />
                </p>
                {item.detail}
                {item.hidden}
              </div>
              <RemoveButton button={item.remove} label={`Remove ${noun} ${item.name}`} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">{`No ${noun}s yet.`}</p>
      )}
      <div className="grid items-end gap-2 sm:grid-cols-[1fr_auto]">
        <div className="space-y-1">
          <label htmlFor={field} className="block text-sm font-medium text-slate-800">
            {`Existing ${noun}`}
          </label>
          <select
            id={field}
            name={field}
            className={inputClass}
            defaultValue=""
            autoFocus={autoFocus}
          >
            <option value="">{`Choose a ${noun}…`}</option>
            {options.map((o) => (
              <option key={o.id} value={o.id}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
        <Button
          type="submit"
          name="intent"
          value={`add-existing-${noun}`}
          formNoValidate
          variant="secondary"
        >
          {`Add ${noun}`}
        </Button>
      </div>
      <ErrorList errors={errors} />
    </>
  );
}

/** The new form's staged prompts: conform's list field `prompts`, each kept in hidden inputs. */
export function stagedPrompts(
  list: FieldMetadata<PromptFields[] | undefined>,
  remove: (index: number) => SubmitProps,
): ContestItem[] {
  return fieldList(list).map((item, index) => {
    const p = item.getFieldset();
    return {
      ref: item.key ?? String(index),
      name: p.title.initialValue ?? "",
      staged: p.sourceId.initialValue ? "copy" : "new",
      detail: <p className="text-sm text-slate-600">{p.body.initialValue}</p>,
      hidden: <HiddenFields fields={[p.title, p.body, p.sourceId]} />,
      remove: remove(index),
    };
  });
}

/** The new form's staged rubrics (`rubrics`), each with its criteria list, in hidden inputs. */
export function stagedRubrics(
  list: FieldMetadata<RubricFields[] | undefined>,
  remove: (index: number) => SubmitProps,
): ContestItem[] {
  return fieldList(list).map((item, index) => {
    const r = item.getFieldset();
    return {
      ref: item.key ?? String(index),
      name: r.name.initialValue ?? "",
      staged: r.sourceId.initialValue ? "copy" : "new",
      detail: <CriteriaList criteria={readCriteria(r.criteria.initialValue)} />,
      hidden: (
        <>
          <HiddenFields fields={[r.name, r.sourceId]} />
          <HiddenCriteria list={r.criteria} />
        </>
      ),
      remove: remove(index),
    };
  });
}
