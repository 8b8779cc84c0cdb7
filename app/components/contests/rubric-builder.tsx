import type { FieldMetadata } from "@conform-to/react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ErrorList, Field, TextareaField } from "~/components/ui/field";
import {
  readCriteria,
  type CriterionFields,
  type FormErrors,
  type RubricDraftFields,
} from "~/features/contests/contest-form";
import {
  normalizeCriterionKey,
  totalWeight,
  weightsSumToOne,
  type Criterion,
} from "~/features/contests/rubric";

/** "Total weight: 1.00", destructive unless the total is 1 within 0.01; the text says so too. */
export function TotalWeightBadge({ criteria }: { criteria: Pick<Criterion, "weight">[] }) {
  const total = totalWeight(criteria);
  const ok = weightsSumToOne(criteria);
  return (
    <Badge variant={ok ? "success" : "destructive"} data-testid="total-weight">
      Total weight: {total.toFixed(2)}
      {ok ? "" : " (must be 1.00)"}
    </Badge>
  );
}

/** What a submit button posts: our `intent`, or conform's list intent (`form.remove.getButtonProps`). */
export type SubmitProps = { name: string; value: string; form?: string };

/** A "Remove" button of a form that posts back (works without JavaScript); `label` names what goes. */
export function RemoveButton({
  button,
  label,
  className,
}: {
  button: SubmitProps;
  label: string;
  className?: string;
}) {
  return (
    <Button
      {...button}
      type="submit"
      formNoValidate
      variant="ghost"
      size="sm"
      className={className}
      aria-label={label}
    >
      Remove
    </Button>
  );
}

/** Hidden inputs carrying list items' values between posts (strings as the inputs hold them). */
export function HiddenFields({
  fields,
}: {
  fields: { name: string; initialValue?: unknown; key?: string }[];
}) {
  return (
    <>
      {fields.map((f) =>
        typeof f.initialValue === "string" ? (
          <input key={f.name} type="hidden" name={f.name} value={f.initialValue} />
        ) : null,
      )}
    </>
  );
}

/**
 * conform's `getFieldList()`, or no items when a hand-made post sent something other than a list
 * under the list's name (conform would throw while rendering).
 */
export function fieldList<T>(list: FieldMetadata<T[] | undefined>) {
  return Array.isArray(list.initialValue) ? list.getFieldList() : [];
}

/** A criterion list field's hidden inputs. */
export function HiddenCriteria({ list }: { list: FieldMetadata<CriterionFields[] | undefined> }) {
  return (
    <>
      {fieldList(list).map((item) => {
        const c = item.getFieldset();
        return (
          <HiddenFields
            key={item.key}
            fields={[c.key, c.label, c.description, c.maxPoints, c.weight, c.requireComment]}
          />
        );
      })}
    </>
  );
}

/** The criteria of a saved rubric: label, weight percent and a max points badge. */
export function CriteriaList({ criteria }: { criteria: Criterion[] }) {
  return (
    <ul className="mt-2 space-y-1 text-sm">
      {criteria.map((c) => (
        <li key={c.key} className="flex flex-wrap items-center gap-2">
          <span className="font-medium">{c.label}</span>
          <span className="text-slate-600">{Math.round(c.weight * 100)}%</span>
          <Badge variant="outline">{c.maxPoints} pts max</Badge>
          {c.requireComment ? <Badge variant="secondary">Comment required</Badge> : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * Rubric name, the criteria added so far (conform's list field `rubric.criteria`, kept in hidden
 * inputs between posts) and the criterion draft. Renders inside the caller's conform form; its
 * buttons post add-criterion, conform's remove intent and `saveIntent`, so it works without
 * JavaScript.
 */
export function RubricBuilder({
  rubric,
  removeCriterion,
  errors,
  saveIntent,
  saveLabel,
  idPrefix,
  focus,
  children,
}: {
  rubric: FieldMetadata<RubricDraftFields | undefined>;
  /** The Remove button of the criterion at `index` (conform's remove intent). */
  removeCriterion: (index: number) => SubmitProps;
  errors: FormErrors;
  saveIntent: string;
  saveLabel: string;
  idPrefix: string;
  /** The id of the element to focus after a post about this rubric. */
  focus?: string | null;
  children?: React.ReactNode;
}) {
  const draft = rubric.getFieldset();
  const criteria = readCriteria(draft.criteria.initialValue);
  const c = draft.criterion.getFieldset();
  const text = (f: { initialValue?: unknown }, fallback = "") =>
    typeof f.initialValue === "string" ? f.initialValue : fallback;
  return (
    <div className="space-y-4">
      <Field
        id={`${idPrefix}-name`}
        autoFocus={focus === `${idPrefix}-name`}
        label="Rubric name"
        name={draft.name.name}
        defaultValue={text(draft.name)}
        maxLength={200}
        errors={errors[draft.name.name]}
      />
      {children}
      <HiddenCriteria list={draft.criteria} />
      <div>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h4
            id={`${idPrefix}-criteria-heading`}
            tabIndex={-1}
            autoFocus={focus === `${idPrefix}-criteria-heading`}
            className="text-sm font-semibold"
          >
            Criteria ({criteria.length})
          </h4>
          {/* Only while a rubric is being built: an empty builder has no total to warn about. */}
          {criteria.length ? <TotalWeightBadge criteria={criteria} /> : null}
        </div>
        {criteria.length ? (
          <ul className="mt-2 divide-y divide-slate-200 rounded-md border border-slate-200">
            {criteria.map((cr) => (
              <li key={cr.key} className="flex flex-wrap items-center gap-2 px-3 py-2 text-sm">
                <span className="font-medium">{cr.label}</span>
                <code className="text-xs text-slate-600">{cr.key}</code>
                <span className="text-slate-600">weight {cr.weight.toFixed(2)}</span>
                <Badge variant="outline">{cr.maxPoints} pts max</Badge>
                {cr.requireComment ? <Badge variant="secondary">Comment required</Badge> : null}
                <RemoveButton
                  button={removeCriterion(cr.index)}
                  label={`Remove criterion ${cr.label}`}
                  className="ml-auto"
                />
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-sm text-slate-600">No criteria yet. Add one below.</p>
        )}
        <ErrorList id={`${idPrefix}-criteria-error`} errors={errors[draft.criteria.name]} />
      </div>
      <fieldset className="space-y-3 rounded-md border border-dashed border-slate-300 p-3">
        <legend className="px-1 text-sm font-semibold">New criterion</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field
            id={`${idPrefix}-key`}
            autoFocus={focus === `${idPrefix}-key`}
            label="Key"
            name={c.key.name}
            defaultValue={text(c.key)}
            maxLength={100}
            hint="Lowercase letters, digits and underscores."
            errors={errors[c.key.name]}
            onChange={(e) => {
              const el = e.currentTarget;
              const next = normalizeCriterionKey(el.value);
              if (next !== el.value) el.value = next;
            }}
          />
          <Field
            id={`${idPrefix}-label`}
            label="Label"
            name={c.label.name}
            defaultValue={text(c.label)}
            maxLength={100}
            errors={errors[c.label.name]}
          />
        </div>
        <TextareaField
          id={`${idPrefix}-description`}
          label="Description (optional)"
          name={c.description.name}
          defaultValue={text(c.description)}
          rows={2}
          maxLength={500}
          errors={errors[c.description.name]}
        />
        <div className="grid gap-3 sm:grid-cols-3">
          <Field
            id={`${idPrefix}-max`}
            label="Max points"
            name={c.maxPoints.name}
            type="number"
            min={1}
            max={100}
            step={1}
            defaultValue={text(c.maxPoints, "10")}
            errors={errors[c.maxPoints.name]}
          />
          <Field
            id={`${idPrefix}-weight`}
            label="Weight"
            name={c.weight.name}
            type="number"
            min={0}
            max={1}
            step={0.01}
            defaultValue={text(c.weight, "0.25")}
            hint="0 to 1"
            errors={errors[c.weight.name]}
          />
          <div className="flex items-center gap-2 pt-6">
            <input
              id={`${idPrefix}-require-comment`}
              type="checkbox"
              name={c.requireComment.name}
              defaultChecked={c.requireComment.initialValue === "on"}
              className="h-4 w-4"
            />
            <label htmlFor={`${idPrefix}-require-comment`} className="text-sm font-medium">
              Require comment
            </label>
          </div>
        </div>
        <Button
          type="submit"
          name="intent"
          value="add-criterion"
          formNoValidate
          variant="secondary"
        >
          Add criterion
        </Button>
      </fieldset>
      <Button type="submit" name="intent" value={saveIntent} formNoValidate>
        {saveLabel}
      </Button>
    </div>
  );
}
