/**
 * /admin/contests/:id/divisions: a contest's divisions (docs/decisions/0032-divisions-and-rounds.md).
 * Add, edit, reorder and delete them; which judges each may have; which prompts are a division's
 * own. The rules across divisions (unique names, one basis, no overlap) are checked at the write.
 */
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import {
  ContestPageHeading,
  CreateCard,
  FormErrorAlert,
} from "~/components/contests/contest-library";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { ErrorList, Field, inputClass } from "~/components/ui/field";
import { requireAdmin } from "~/features/accounts/auth.server";
import { AGE_RANGE, GRADE_RANGE, divisionActionSchema } from "~/features/divisions/division-schema";
import {
  deleteDivision,
  divisionsPage,
  moveDivision,
  saveDivision,
  setDivisionJudges,
  setPromptDivision,
} from "~/features/divisions/divisions-admin.server";
import { divisionRangeLabel } from "~/features/divisions/placement";
import { refusalReply, refusalToast } from "~/utils/action.server";
import { DomainError } from "~/utils/domain-error";
import { readForm } from "~/utils/form-body.server";
import { redirectWithToast } from "~/utils/toast.server";
import { useResetKey } from "~/utils/use-reset-key";
import { contestOrRedirect } from "./admin-library.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Divisions · ${data?.contest.title ?? "Contest"} · Admin · Inkwell` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const contest = await contestOrRedirect(params.id);
  const page = await divisionsPage(contest.id);
  return {
    contest,
    divisions: page.divisions.map((d) => ({
      id: d.id,
      name: d.name,
      basis: d.basis,
      min: d.min,
      max: d.max,
      ageOn: d.ageOn ? d.ageOn.toISOString().slice(0, 10) : "",
      wordMin: d.wordMin,
      wordMax: d.wordMax,
      range: divisionRangeLabel(d),
      entries: d.entries,
      judgeIds: d.judgeIds,
    })),
    prompts: page.prompts,
    judges: page.judges,
  };
}

type ActionData = { formId: string; result: SubmissionResult<string[]> };

export async function action({ request, params }: ActionFunctionArgs) {
  await requireAdmin(request);
  const contest = await contestOrRedirect(params.id);
  const here = `/admin/contests/${contest.id}/divisions`;
  const submission = parseWithZod(await readForm(request), { schema: divisionActionSchema });
  const payload = submission.payload;
  const formId =
    payload.intent === "edit" && typeof payload.divisionId === "string"
      ? `edit-${payload.divisionId}`
      : "add";
  if (submission.status !== "success") {
    if (payload.intent === "add" || payload.intent === "edit")
      return data<ActionData>(
        { formId, result: submission.reply() },
        { status: submission.status ? 400 : 200 },
      );
    // A post the page's own forms never send (a stale or forged form).
    return refusalToast(here, new DomainError("That form could not be read. Please try again."));
  }
  const value = submission.value;
  try {
    switch (value.intent) {
      case "add":
      case "edit": {
        const { intent, ...input } = value;
        await saveDivision(contest.id, input, intent === "edit" ? value.divisionId : undefined);
        return redirectWithToast(here, {
          type: "success",
          title: intent === "add" ? "Division added" : "Division saved",
          ...(intent === "edit"
            ? { description: "Entries already sent stay in the division they were put in." }
            : {}),
        });
      }
      case "delete":
        await deleteDivision(contest.id, value.divisionId);
        return redirectWithToast(here, { type: "success", title: "Division deleted" });
      case "move":
        await moveDivision(contest.id, value.divisionId, value.direction);
        return redirectWithToast(here, { type: "success", title: "Order changed" });
      case "judges":
        await setDivisionJudges(contest.id, value.divisionId, value.judgeId);
        return redirectWithToast(here, {
          type: "success",
          title: "Judges saved",
          ...(value.judgeId.length ? {} : { description: "Any judge may judge this division." }),
        });
      case "prompt":
        await setPromptDivision(contest.id, value.promptId, value.divisionId ?? null);
        return redirectWithToast(here, { type: "success", title: "Prompt saved" });
    }
  } catch (error) {
    if (value.intent === "add" || value.intent === "edit")
      return refusalReply(submission, error, 400, { formId });
    return refusalToast(here, error);
  }
}

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

const blank: DivisionDefaults = {
  name: "",
  basis: "grade",
  min: "",
  max: "",
  ageOn: "",
  wordMin: "",
  wordMax: "",
};

function DivisionForm({
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

export default function ContestDivisions() {
  const { contest, divisions, prompts, judges } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const resultFor = (formId: string) =>
    actionData && "formId" in actionData && actionData.formId === formId
      ? actionData.result
      : undefined;
  return (
    <div className="space-y-6">
      <ContestPageHeading contest={contest} title="Divisions" />
      <p className="max-w-2xl text-slate-700">
        Each entry goes into the first division (in this order) that fits the writer&apos;s school
        grade or age, when they send it. With no divisions, everyone is in one group.
      </p>
      <section aria-labelledby="division-list" className="space-y-4">
        <h2 id="division-list" className="text-xl font-semibold">
          Divisions ({divisions.length})
        </h2>
        {divisions.length === 0 ? (
          <p className="text-slate-600">No divisions: this contest is one group.</p>
        ) : null}
        {divisions.map((d, i) => (
          <Card key={d.id}>
            <CardHeader>
              <CardTitle>
                {i + 1}. {d.name}
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
                    disabled={i === 0}
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
                    disabled={i === divisions.length - 1}
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
              <details open={Boolean(resultFor(`edit-${d.id}`))}>
                <summary className="cursor-pointer font-medium">Edit {d.name}</summary>
                <p className="mt-2 text-sm text-slate-700">
                  Entries already sent stay in this division after an edit.
                </p>
                <div className="mt-3">
                  <DivisionForm
                    defaults={d}
                    lastResult={resultFor(`edit-${d.id}`)}
                    submitLabel="Save division"
                  />
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
        ))}
      </section>
      <CreateCard title="Add a division">
        <DivisionForm defaults={blank} lastResult={resultFor("add")} submitLabel="Add division" />
      </CreateCard>
      <section aria-labelledby="division-prompts" className="space-y-3">
        <h2 id="division-prompts" className="text-xl font-semibold">
          Prompts of a division
        </h2>
        {prompts.length === 0 ? (
          <p className="text-slate-600">This contest has no prompts of its own.</p>
        ) : (
          <ul className="space-y-2">
            {prompts.map((p) => (
              <li key={p.id}>
                <Form method="post" className="flex flex-wrap items-end gap-2">
                  <input type="hidden" name="promptId" value={p.id} />
                  <div className="space-y-1">
                    <label htmlFor={`prompt-${p.id}`} className="block font-medium">
                      {p.title}
                    </label>
                    <select
                      id={`prompt-${p.id}`}
                      name="divisionId"
                      defaultValue={p.divisionId ?? ""}
                      className={inputClass}
                    >
                      <option value="">All divisions</option>
                      {divisions.map((d) => (
                        <option key={d.id} value={d.id}>
                          {d.name}
                        </option>
                      ))}
                    </select>
                  </div>
                  <Button type="submit" name="intent" value="prompt" variant="outline" size="sm">
                    Save
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
