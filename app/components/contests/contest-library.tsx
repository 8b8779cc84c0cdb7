/**
 * The UI half of the prompt and rubric pages: the libraries (/admin/prompts, /admin/rubrics) and
 * one contest's manage pages (/admin/contests/:id/prompts, /admin/contests/:id/rubrics).
 */
import {
  getInputProps,
  getTextareaProps,
  useForm,
  type FieldMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { useResetKey } from "~/utils/use-reset-key";
import { ConfirmDelete } from "./contest-admin-ui";
import { ContestPickerForm, type ContestOption } from "./contest-picker";
import { RubricBuilder } from "./rubric-builder";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Field, inputClass, TextareaField } from "~/components/ui/field";
import { replyErrors, type RubricDraftFields } from "~/features/contests/contest-form";

export type ItemKind = { noun: "prompt" | "rubric"; idField: "promptId" | "rubricId" };
export const PROMPT: ItemKind = { noun: "prompt", idField: "promptId" };
export const RUBRIC: ItemKind = { noun: "rubric", idField: "rubricId" };

/** A contest manage page's heading: back to the contest, the page title and the contest's title. */
export function ContestPageHeading({
  contest,
  title,
}: {
  contest: { id: string; title: string };
  title: string;
}) {
  return (
    <div>
      <p className="text-sm">
        <Link to={`/admin/contests/${contest.id}/edit`} className="underline">
          ← Back to {contest.title}
        </Link>
      </p>
      <h1 className="mt-2 font-serif text-3xl font-bold">{title}</h1>
      <p className="text-slate-600">{contest.title}</p>
    </div>
  );
}

/** A create form's messages that belong to no field. */
export function FormErrorAlert({ errors }: { errors?: string[] }) {
  return errors?.length ? (
    <Alert variant="destructive" title="Error">
      {errors.join(" ")}
    </Alert>
  ) : null;
}

/** A card holding one create form. */
export function CreateCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** Title and text of a new prompt (conform fields). */
export function PromptFields({
  title,
  body,
}: {
  title: FieldMetadata<string | undefined, Record<string, unknown>, string[]>;
  body: FieldMetadata<string | undefined, Record<string, unknown>, string[]>;
}) {
  return (
    <>
      <Field
        label="Prompt title"
        maxLength={200}
        errors={title.errors}
        {...getInputProps(title, { type: "text" })}
      />
      <TextareaField
        label="Prompt text"
        rows={4}
        maxLength={5000}
        errors={body.errors}
        {...getTextareaProps(body)}
      />
    </>
  );
}

/**
 * The rubric pages' create form: the rubric builder posting back to the page until saved.
 * `built` is the action's answer to the last post-back; `children` go below the rubric name.
 */
export function RubricCreateForm({
  built,
  children,
}: {
  built: { key: string; result: SubmissionResult<string[]> } | null | undefined;
  children?: React.ReactNode;
}) {
  // After a save (a redirect back here) the builder starts empty, even when it was saved at once.
  const resetKey = useResetKey(built);
  return (
    <RubricForm key={built?.key ?? `initial-${resetKey}`} result={built?.result}>
      {children}
    </RubricForm>
  );
}

function RubricForm({
  result,
  children,
}: {
  result?: SubmissionResult<string[]>;
  children?: React.ReactNode;
}) {
  const [form, fields] = useForm<{ rubric?: RubricDraftFields }>({
    id: "rubric-form",
    lastResult: result,
  });
  const errors = replyErrors(result);
  return (
    <Form
      method="post"
      id={form.id}
      onSubmit={form.onSubmit}
      preventScrollReset
      className="space-y-4"
    >
      <FormErrorAlert errors={errors[""]} />
      <RubricBuilder
        rubric={fields.rubric}
        removeCriterion={(index) =>
          form.remove.getButtonProps({ name: fields.rubric.getFieldset().criteria.name, index })
        }
        errors={errors}
        saveIntent="save-rubric"
        saveLabel="Save Rubric"
        idPrefix="rubric"
      >
        {children}
      </RubricBuilder>
    </Form>
  );
}

/** The list of prompts or rubrics under its counted heading, or the empty state. */
export function ItemSection<T extends { id: string }>({
  headingId,
  heading,
  empty,
  items,
  children,
  footer,
}: {
  headingId: string;
  heading: string;
  empty: string;
  items: T[];
  children: (item: T) => React.ReactNode;
  footer?: React.ReactNode;
}) {
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="text-lg font-semibold">
        {heading}
      </h2>
      {items.length === 0 ? (
        <p className="mt-3 rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600">
          {empty}
        </p>
      ) : (
        <ul className="mt-3 space-y-3">{items.map(children)}</ul>
      )}
      {footer}
    </section>
  );
}

/**
 * One prompt or rubric: its name and badges, its content (`children`), a delete with
 * confirmation and, on the library pages (`assignment`), its contest and the assign controls.
 */
export function ItemCard({
  kind,
  id,
  name,
  badges,
  deletable = true,
  assignment,
  children,
}: {
  kind: ItemKind;
  id: string;
  name: string;
  badges?: React.ReactNode;
  deletable?: boolean;
  assignment?: { contest: ContestOption | null; contests: ContestOption[] };
  children: React.ReactNode;
}) {
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-start gap-3">
        <div className="min-w-0 flex-[1_1_16rem]">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="font-semibold">{name}</h3>
            {assignment ? (
              assignment.contest ? (
                <Badge variant="outline">{assignment.contest.title}</Badge>
              ) : (
                <Badge variant="secondary">Unassigned</Badge>
              )
            ) : null}
            {badges}
          </div>
          {children}
        </div>
        <Link
          to={`/admin/${kind.noun}s/${id}/edit`}
          className="self-center text-base text-ink-700 underline"
          aria-label={`Edit ${kind.noun} ${name}`}
        >
          Edit
        </Link>
        {deletable ? (
          <ConfirmDelete
            question={`Delete this ${kind.noun}?`}
            itemLabel={`${kind.noun} ${name}`}
            fields={{ [kind.idField]: id }}
          />
        ) : null}
      </div>
      {assignment ? <AssignControls kind={kind} id={id} name={name} {...assignment} /> : null}
    </li>
  );
}

/** Move an item to a contest; unassign it from its current one. */
function AssignControls({
  kind,
  id,
  name,
  contest,
  contests,
}: {
  kind: ItemKind;
  id: string;
  name: string;
  contest: ContestOption | null;
  contests: ContestOption[];
}) {
  return (
    <div className="mt-3 flex flex-wrap items-end gap-2">
      <Form method="post" className="flex flex-wrap items-end gap-2">
        <input type="hidden" name={kind.idField} value={id} />
        <label htmlFor={`assign-${id}`} className="sr-only">
          Contest for {name}
        </label>
        <select
          id={`assign-${id}`}
          name="contestId"
          defaultValue={contest?.id ?? ""}
          className={`${inputClass} w-auto`}
        >
          <option value="">Choose a contest…</option>
          {contests.map((c) => (
            <option key={c.id} value={c.id}>
              {c.title}
            </option>
          ))}
        </select>
        <Button type="submit" name="intent" value="assign" variant="outline" size="sm">
          Assign
        </Button>
      </Form>
      {contest ? (
        <Form method="post">
          <input type="hidden" name={kind.idField} value={id} />
          <input type="hidden" name="contestId" value={contest.id} />
          <Button
            type="submit"
            name="intent"
            value="unassign"
            variant="ghost"
            size="sm"
            aria-label={`Unassign ${name}`}
          >
            Unassign
          </Button>
        </Form>
      ) : null}
    </div>
  );
}

/**
 * A library page's heading (all items, or one contest's when filtered) and its contest filter.
 * `plural` is "prompts" or "rubrics"; `editLink` adds a link to the filtered contest's form.
 */
export function LibraryHeading({
  plural,
  intro,
  filter,
  contests,
  editLink = false,
}: {
  plural: "prompts" | "rubrics";
  intro: string;
  filter: ContestOption | null;
  contests: ContestOption[];
  editLink?: boolean;
}) {
  const title = plural === "prompts" ? "Prompts" : "Rubrics";
  return (
    <>
      <div>
        <h1 className="font-serif text-3xl font-bold">{title}</h1>
        {filter ? (
          <p className="mt-1 text-slate-600">
            {title} of <strong>{filter.title}</strong> ·{" "}
            {editLink ? (
              <>
                <Link to={`/admin/contests/${filter.id}/edit`} className="underline">
                  Edit contest
                </Link>{" "}
                ·{" "}
              </>
            ) : null}
            <Link to={`/admin/${plural}`} className="underline">
              Show all {plural}
            </Link>
          </p>
        ) : (
          <p className="mt-1 text-slate-600">{intro}</p>
        )}
      </div>
      <ContestPickerForm
        id="filter-contest"
        label={`Show ${plural} of`}
        contests={contests}
        defaultValue={filter?.id}
        emptyLabel="All contests"
        buttonLabel="Filter"
        autoSubmit={false}
      />
    </>
  );
}
