import { useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { useState } from "react";
import { CriteriaList, RubricBuilder } from "./rubric-builder";
import { ContestItems, stagedPrompts, stagedRubrics } from "./contest-items";
import { TimelineCard } from "./timeline-card";
import { Alert } from "~/components/ui/alert";
import { Button, ButtonLink } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { ErrorList, Field, TextareaField } from "~/components/ui/field";
import {
  allMessages,
  contestValues,
  feePreview,
  replyErrors,
  type ContestFormFields,
  type ContestFormValues,
} from "~/features/contests/contest-form";
import { AiPolicyField } from "./ai-policy-field";
import { normalizeSlug } from "~/features/contests/contest-schema";
import { formatDateTime } from "~/utils/dates";
import type { Criterion } from "~/features/contests/rubric";

export type Notice = { type: "success" | "info"; text: string };

export type ContestFormProps = {
  mode: "new" | "edit";
  contestId?: string;
  /** The form as the page first shows it. */
  initial: ContestFormValues;
  /** conform's reply to the last post: the values (staged lists included) and errors. */
  result?: SubmissionResult<string[]> | null;
  notice?: Notice | null;
  /** The id of the element to focus (the part of the form the last post was about). */
  focus?: string | null;
  /** Edit mode: what the contest has now. */
  prompts?: { id: string; title: string; body: string }[];
  rubrics?: { id: string; name: string; criteria: Criterion[] }[];
  published?: { isPublished: boolean; snapshotAt: string | null };
  promptOptions: { id: string; title: string; contestTitle: string | null }[];
  rubricOptions: { id: string; name: string; contestTitle: string | null }[];
  timeZones: string[];
};

export function ContestForm(props: ContestFormProps) {
  const { mode, notice } = props;
  const [form, fields] = useForm<ContestFormFields>({
    id: "contest-form",
    lastResult: props.result,
    defaultValue: props.initial,
  });
  const v = contestValues(form.initialValue);
  const errors = replyErrors(props.result ?? undefined);
  const [fee, setFee] = useState(v.entryFeeCents);
  const [zone, setZone] = useState(v.timeZone);
  const messages = allMessages(errors);
  const err = (name: string) => errors[name];
  const draft = fields.prompt.getFieldset();

  return (
    <Form
      method="post"
      id={form.id}
      onSubmit={form.onSubmit}
      preventScrollReset
      className="space-y-6"
      aria-label={mode === "new" ? "Create contest" : "Edit contest"}
    >
      {/* Pressing Enter in a field saves the contest, not the first Remove button in the form. */}
      <button
        type="submit"
        name="intent"
        value="save"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
      >
        Save
      </button>
      {notice ? (
        <Alert variant={notice.type === "success" ? "success" : "info"} role="status">
          <span data-testid="form-notice">{notice.text}</span>
        </Alert>
      ) : null}
      {messages.length ? (
        <Alert variant="destructive" title="Error">
          <ul className="list-disc pl-5">
            {messages.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      {props.published?.isPublished ? (
        <Alert variant="info" title="This contest is published">
          The public page shows the snapshot taken{" "}
          {props.published.snapshotAt
            ? formatDateTime(props.published.snapshotAt, v.timeZone)
            : "at publication"}
          . Saving keeps that snapshot; press Publish Contest to publish your changes. The workflow
          (opening, closing, judges, results) follows the published dates, so new dates take effect
          only when you publish them.
        </Alert>
      ) : null}

      <Card>
        <CardHeader>
          <CardTitle>Basic Information</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          <Field
            label="URL slug"
            name="slug"
            defaultValue={v.slug}
            required
            maxLength={100}
            hint="Lowercase letters, digits and hyphens; other characters become hyphens. The contest's address is /contests/{slug}."
            errors={err("slug")}
            onChange={(e) => {
              const el = e.currentTarget;
              const next = normalizeSlug(el.value);
              if (next !== el.value) el.value = next;
            }}
          />
          <Field
            label="Title"
            name="title"
            defaultValue={v.title}
            required
            maxLength={200}
            errors={err("title")}
          />
          <TextareaField
            label="Description"
            name="description"
            defaultValue={v.description}
            required
            rows={4}
            maxLength={5000}
            hint="10 to 5000 characters."
            errors={err("description")}
          />
          <TextareaField
            label="Rules (optional)"
            name="rules"
            defaultValue={v.rules}
            rows={4}
            maxLength={10000}
            errors={err("rules")}
          />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Contest Settings</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          <div className="flex flex-wrap gap-6">
            <div className="flex items-center gap-2">
              <input
                id="anonymous"
                type="checkbox"
                role="switch"
                name="anonymous"
                defaultChecked={v.anonymous}
                className="h-4 w-4"
              />
              <label htmlFor="anonymous" className="text-sm font-medium">
                Anonymous judging
              </label>
            </div>
            <div className="flex items-center gap-2">
              <input
                id="isPublished"
                type="checkbox"
                role="switch"
                name="isPublished"
                defaultChecked={v.isPublished}
                className="h-4 w-4"
              />
              <label htmlFor="isPublished" className="text-sm font-medium">
                Published
              </label>
            </div>
          </div>
          <ErrorList errors={err("isPublished")} />
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {/* No native min/max: the server answers with the product's own messages. */}
            <Field
              label="Min words"
              name="wordMin"
              type="number"
              inputMode="numeric"
              required
              defaultValue={v.wordMin}
              errors={err("wordMin")}
            />
            <Field
              label="Max words"
              name="wordMax"
              type="number"
              inputMode="numeric"
              required
              defaultValue={v.wordMax}
              errors={err("wordMax")}
            />
            <Field
              label="Entry fee (cents)"
              name="entryFeeCents"
              type="number"
              inputMode="numeric"
              defaultValue={v.entryFeeCents}
              onChange={(e) => setFee(e.currentTarget.value)}
              hint={
                <span aria-live="polite" data-testid="fee-preview">
                  {feePreview(fee)}
                </span>
              }
              errors={err("entryFeeCents")}
            />
            <Field
              label="Entries per writer"
              name="entriesPerWriter"
              type="number"
              inputMode="numeric"
              defaultValue={v.entriesPerWriter}
              hint="How many entries one writer may send. Withdrawn and expired entries do not count."
              errors={err("entriesPerWriter")}
            />
          </div>
          <AiPolicyField value={v.aiPolicy} errors={err("aiPolicy")} />
        </CardContent>
      </Card>

      <TimelineCard
        values={v}
        errors={errors}
        timeZones={props.timeZones}
        zone={zone}
        onZoneChange={setZone}
      />

      <section aria-labelledby="prompts-and-rubrics" className="space-y-4">
        <h2 id="prompts-and-rubrics" className="text-xl font-semibold">
          Prompts and Rubrics
        </h2>
        <Card id="prompts">
          <CardHeader>
            <CardTitle as="h3">Prompts</CardTitle>
            {mode === "edit" && props.contestId ? (
              <p className="text-sm">
                <Link
                  to={`/admin/prompts?contest=${props.contestId}`}
                  className="text-ink-700 underline"
                >
                  Manage this contest&apos;s prompts
                </Link>
              </p>
            ) : null}
          </CardHeader>
          <CardContent className="space-y-4">
            <ContestItems
              noun="prompt"
              items={
                mode === "new"
                  ? stagedPrompts(fields.prompts, (index) =>
                      form.remove.getButtonProps({ name: fields.prompts.name, index }),
                    )
                  : (props.prompts ?? []).map((p) => ({
                      ref: p.id,
                      name: p.title,
                      detail: <p className="text-sm text-slate-600">{p.body}</p>,
                      remove: { name: "intent", value: `remove-prompt:${p.id}` },
                    }))
              }
              options={props.promptOptions.map((p) => ({
                id: p.id,
                label: `${p.title} (${p.contestTitle ?? "unassigned"})`,
              }))}
              errors={err("existingPromptId")}
              autoFocus={props.focus === "existingPromptId"}
            />
            <fieldset className="space-y-3 rounded-md border border-dashed border-slate-300 p-3">
              <legend className="px-1 text-sm font-semibold">New prompt</legend>
              <Field
                id="promptTitle"
                autoFocus={props.focus === "promptTitle"}
                label="Prompt title"
                name={draft.title.name}
                defaultValue={draft.title.initialValue ?? ""}
                maxLength={200}
                errors={err(draft.title.name)}
              />
              <TextareaField
                label="Prompt text"
                name={draft.body.name}
                defaultValue={draft.body.initialValue ?? ""}
                rows={3}
                maxLength={5000}
                errors={err(draft.body.name)}
              />
              <ErrorList errors={err(fields.prompt.name)} />
              <Button
                type="submit"
                name="intent"
                value="create-prompt"
                formNoValidate
                variant="secondary"
              >
                Create prompt
              </Button>
            </fieldset>
          </CardContent>
        </Card>

        <Card id="rubrics">
          <CardHeader>
            <CardTitle as="h3">Rubrics</CardTitle>
          </CardHeader>
          <CardContent className="space-y-4">
            <ContestItems
              noun="rubric"
              items={
                mode === "new"
                  ? stagedRubrics(fields.rubrics, (index) =>
                      form.remove.getButtonProps({ name: fields.rubrics.name, index }),
                    )
                  : (props.rubrics ?? []).map((r) => ({
                      ref: r.id,
                      name: r.name,
                      detail: <CriteriaList criteria={r.criteria} />,
                      remove: { name: "intent", value: `remove-rubric:${r.id}` },
                    }))
              }
              options={props.rubricOptions.map((r) => ({
                id: r.id,
                label: `${r.name} (${r.contestTitle ?? "unassigned"})`,
              }))}
              errors={err("existingRubricId")}
              autoFocus={props.focus === "existingRubricId"}
            />
            <fieldset className="rounded-md border border-dashed border-slate-300 p-3">
              <legend className="px-1 text-sm font-semibold">New rubric</legend>
              <RubricBuilder
                rubric={fields.rubric}
                removeCriterion={(index) =>
                  form.remove.getButtonProps({
                    name: fields.rubric.getFieldset().criteria.name,
                    index,
                  })
                }
                errors={errors}
                saveIntent="create-rubric"
                saveLabel="Create rubric"
                idPrefix="rubric"
                focus={props.focus}
              />
            </fieldset>
          </CardContent>
        </Card>
      </section>

      <div className="flex flex-wrap items-center gap-2 border-t border-slate-200 pt-4">
        <ButtonLink to="/admin/contests" variant="outline">
          Cancel
        </ButtonLink>
        <div className="ml-auto flex gap-2">
          {mode === "edit" ? (
            <Button type="submit" name="intent" value="publish" variant="secondary">
              Publish Contest
            </Button>
          ) : null}
          <Button type="submit" name="intent" value="save">
            {mode === "new" ? "Create Contest" : "Update Contest"}
          </Button>
        </div>
      </div>
    </Form>
  );
}
