/**
 * The parts of /admin/contests/:id/divisions (docs/decisions/0032-divisions-and-rounds.md): the
 * form that adds or edits a division, and each division's card (move, delete, edit, its judges).
 * The route loads the divisions and runs the changes.
 */
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { FormErrorAlert } from "~/components/contests/contest-library";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { ErrorList, Field } from "~/components/ui/field";
import { AGE_RANGE, GRADE_RANGE } from "~/features/divisions/division-schema";
import { useResetKey } from "~/utils/use-reset-key";

/** A division's fields as the form shows them (empty strings for a new one). */
type DivisionDefaults = {
  id?: string;
  name: string;
  basis: string;
  min: number | string;
  max: number | string;
  ageOn: string;
  wordMin: number | string | null;
  wordMax: number | string | null;
};

/** The add form's empty fields. */
export const BLANK_DIVISION: DivisionDefaults = {
  name: "",
  basis: "grade",
  min: "",
  max: "",
  ageOn: "",
  wordMin: "",
  wordMax: "",
};

/** Add or edit one division: its name, who it is for, and its word range. */
export function DivisionForm({
  defaults,
  lastResult,
  submitLabel,
}: {
  defaults: DivisionDefaults;
  lastResult: SubmissionResult<string[]> | undefined;
  submitLabel: string;
}) {
  const formId = defaults.id ? `edit-${defaults.id}` : "add";
  const resetKey = useResetKey(lastResult);
  const [form, fields] = useForm({
    id: `${formId}-${resetKey}`,
    lastResult,
    defaultValue: {
      ...defaults,
      min: String(defaults.min),
      max: String(defaults.max),
      wordMin: defaults.wordMin === null ? "" : String(defaults.wordMin),
      wordMax: defaults.wordMax === null ? "" : String(defaults.wordMax),
    },
  });
  const basisError = fields.basis.errors?.length ? `${fields.basis.id}-error` : undefined;
  return (
    <Form method="post" {...getFormProps(form)} key={resetKey} className="space-y-4">
      <FormErrorAlert errors={form.errors} />
      {defaults.id ? <input type="hidden" name="divisionId" value={defaults.id} /> : null}
      <Field
        label="Name"
        hint='What entrants read, such as "Grades 6-8" or "Juniors".'
        maxLength={60}
        errors={fields.name.errors}
        {...getInputProps(fields.name, { type: "text" })}
      />
      <fieldset aria-describedby={basisError}>
        <legend className="text-base font-medium text-slate-800">Who it is for</legend>
        <div className="mt-1 flex flex-wrap gap-4">
          {(
            [
              ["grade", "By school grade"],
              ["age", "By age on a date"],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="flex items-center gap-2">
              <input
                type="radio"
                name={fields.basis.name}
                value={value}
                defaultChecked={(fields.basis.initialValue ?? "grade") === value}
              />
              {label}
            </label>
          ))}
        </div>
        <p className="mt-1 text-sm text-slate-700">
          All divisions of one contest go by grade, or all by age, so entrants can tell which is
          theirs.
        </p>
        <ErrorList id={basisError} errors={fields.basis.errors} />
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field
          label="From"
          hint={`Grade ${GRADE_RANGE.min} (Kindergarten) to ${GRADE_RANGE.max}, or age ${AGE_RANGE.min} to ${AGE_RANGE.max}.`}
          errors={fields.min.errors}
          {...getInputProps(fields.min, { type: "number" })}
        />
        <Field
          label="To"
          hint="Included."
          errors={fields.max.errors}
          {...getInputProps(fields.max, { type: "number" })}
        />
        <Field
          label="Age on"
          hint="For ages only: the date the age is taken on."
          errors={fields.ageOn.errors}
          {...getInputProps(fields.ageOn, { type: "date" })}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Fewest words (optional)"
          hint="Leave both empty to use the contest's word range."
          errors={fields.wordMin.errors}
          {...getInputProps(fields.wordMin, { type: "number" })}
        />
        <Field
          label="Most words (optional)"
          errors={fields.wordMax.errors}
          {...getInputProps(fields.wordMax, { type: "number" })}
        />
      </div>
      <Button type="submit" name="intent" value={defaults.id ? "edit" : "add"}>
        {submitLabel}
      </Button>
    </Form>
  );
}

/** One division: its range and entries, move up or down, delete, edit, and its judges. */
export function DivisionCard({
  division: d,
  index,
  count,
  judges,
  editResult,
}: {
  division: DivisionDefaults & {
    id: string;
    range: string;
    wordMin: number | null;
    wordMax: number | null;
    entries: number;
    judgeIds: string[];
  };
  index: number;
  count: number;
  judges: { id: string; displayName: string; email: string }[];
  editResult: SubmissionResult<string[]> | undefined;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          {index + 1}. {d.name}
        </CardTitle>
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
          <span>{d.range}</span>
          {d.wordMin !== null && d.wordMax !== null ? (
            <span>
              · {d.wordMin}–{d.wordMax} words
            </span>
          ) : null}
          <Badge variant="secondary">
            {d.entries} {d.entries === 1 ? "entry" : "entries"}
          </Badge>
        </p>
      </CardHeader>
      <CardContent className="space-y-6">
        <div className="flex flex-wrap gap-2">
          <Form method="post">
            <input type="hidden" name="divisionId" value={d.id} />
            <input type="hidden" name="direction" value="up" />
            <Button
              type="submit"
              name="intent"
              value="move"
              variant="outline"
              size="sm"
              disabled={index === 0}
              aria-label={`Move ${d.name} up`}
            >
              Move up
            </Button>
          </Form>
          <Form method="post">
            <input type="hidden" name="divisionId" value={d.id} />
            <input type="hidden" name="direction" value="down" />
            <Button
              type="submit"
              name="intent"
              value="move"
              variant="outline"
              size="sm"
              disabled={index === count - 1}
              aria-label={`Move ${d.name} down`}
            >
              Move down
            </Button>
          </Form>
          <Form method="post">
            <input type="hidden" name="divisionId" value={d.id} />
            <Button
              type="submit"
              name="intent"
              value="delete"
              variant="destructive"
              size="sm"
              aria-label={`Delete ${d.name}`}
            >
              Delete
            </Button>
          </Form>
        </div>
        <details open={Boolean(editResult)}>
          <summary className="cursor-pointer font-medium">Edit {d.name}</summary>
          <p className="mt-2 text-sm text-slate-700">
            Entries already sent stay in this division after an edit.
          </p>
          <div className="mt-3">
            <DivisionForm defaults={d} lastResult={editResult} submitLabel="Save division" />
          </div>
        </details>
        <Form method="post">
          <input type="hidden" name="divisionId" value={d.id} />
          <fieldset>
            <legend className="font-medium">Judges for this division</legend>
            <p className="text-sm text-slate-700">None ticked: any judge.</p>
            {judges.length === 0 ? (
              <p className="text-sm text-slate-600">There are no judges yet.</p>
            ) : (
              <ul className="mt-2 grid gap-1 sm:grid-cols-2">
                {judges.map((j) => (
                  <li key={j.id}>
                    <label className="flex items-center gap-2">
                      <input
                        type="checkbox"
                        name="judgeId"
                        value={j.id}
                        defaultChecked={d.judgeIds.includes(j.id)}
                      />
                      {j.displayName} <span className="text-slate-600">({j.email})</span>
                    </label>
                  </li>
                ))}
              </ul>
            )}
          </fieldset>
          <Button
            type="submit"
            name="intent"
            value="judges"
            variant="outline"
            size="sm"
            className="mt-2"
          >
            Save judges for {d.name}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}
