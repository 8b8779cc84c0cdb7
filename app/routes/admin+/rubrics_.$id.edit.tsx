import { readForm } from "~/utils/form-body.server";
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { CreateCard, FormErrorAlert } from "~/components/contests/contest-library";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button, ButtonLink } from "~/components/ui/button";
import { Field, TextareaField } from "~/components/ui/field";
import { requireAdmin } from "~/features/accounts/auth.server";
import { rubricForEdit, updateRubric } from "~/features/contests/rubrics.server";
import { answerRefusal } from "~/utils/action.server";
import { notFound } from "~/utils/responses";
import { redirectWithToast } from "~/utils/toast.server";
import { useIsPending } from "~/utils/use-is-pending";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Edit ${data?.rubric.name ?? "rubric"} · Admin · Inkwell` },
];

/** The form as posted; the rules (and what may change once scores exist) are checked by updateRubric. */
const editSchema = z.object({
  name: z.string().optional(),
  criteria: z
    .array(
      z.object({
        key: z.string().optional(),
        label: z.string().optional(),
        description: z.string().optional(),
        maxPoints: z.string().optional(),
        weight: z.string().optional(),
        requireComment: z.string().optional(),
      }),
    )
    .max(50)
    .optional(),
});

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const rubric = await rubricForEdit(params.id ?? "");
  if (!rubric) throw notFound();
  return { rubric };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireAdmin(request);
  const submission = parseWithZod(await readForm(request), { schema: editSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  let saved: Awaited<ReturnType<typeof updateRubric>>;
  try {
    saved = await updateRubric(params.id ?? "", submission.value);
  } catch (error) {
    return answerRefusal(error, { reply: submission });
  }
  if (!saved) throw notFound();
  return redirectWithToast("/admin/rubrics", { type: "success", title: "Rubric updated" });
}

export default function EditRubric() {
  const { rubric } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>()?.result;
  const saving = useIsPending({ state: "submitting" });
  const [form, fields] = useForm({
    id: "edit-rubric",
    lastResult,
    defaultValue: {
      name: rubric.name,
      criteria: rubric.criteria.map((c) => ({
        key: c.key,
        label: c.label,
        description: c.description ?? "",
        maxPoints: String(c.maxPoints),
        weight: String(c.weight),
        requireComment: c.requireComment ? "on" : undefined,
      })),
    },
  });
  const locked = rubric.locked;
  return (
    <div className="space-y-6">
      <p>
        <Link to="/admin/rubrics" className="text-ink-700 underline">
          ← All rubrics
        </Link>
      </p>
      <h1 className="break-words font-serif text-3xl font-bold">Edit rubric</h1>
      {locked ? (
        <Alert variant="info" title="This rubric has submitted scores">
          You can change its name, labels and descriptions. Its keys, maximum points, weights and
          comment rules are shown read-only: scores already given depend on them.
        </Alert>
      ) : null}
      <CreateCard title={rubric.name}>
        <Form method="post" {...getFormProps(form)} className="space-y-6">
          <FormErrorAlert errors={form.errors} />
          <Field
            label="Rubric name"
            maxLength={200}
            errors={fields.name.errors}
            {...getInputProps(fields.name, { type: "text" })}
          />
          {fields.criteria.getFieldList().map((item, i) => {
            const c = item.getFieldset();
            const stored = rubric.criteria[i];
            return (
              <fieldset key={item.key} className="space-y-3 rounded-md border border-slate-200 p-3">
                <legend className="px-1 font-semibold">Criterion {i + 1}</legend>
                <Field
                  label="Label"
                  maxLength={100}
                  errors={c.label.errors}
                  {...getInputProps(c.label, { type: "text" })}
                />
                <TextareaField
                  label="Description (optional)"
                  rows={2}
                  maxLength={500}
                  errors={c.description.errors}
                  name={c.description.name}
                  id={c.description.id}
                  defaultValue={c.description.initialValue ?? ""}
                />
                {locked && stored ? (
                  <p className="flex flex-wrap gap-2 text-base text-slate-700">
                    <span>
                      Key: <code>{stored.key}</code>
                    </span>
                    <Badge variant="outline">{stored.maxPoints} pts max</Badge>
                    <span>weight {stored.weight.toFixed(2)}</span>
                    {stored.requireComment ? (
                      <Badge variant="secondary">Comment required</Badge>
                    ) : null}
                    <span className="sr-only">(cannot change: this rubric has scores)</span>
                  </p>
                ) : (
                  <div className="grid gap-3 sm:grid-cols-3">
                    <Field
                      label="Key"
                      maxLength={100}
                      errors={c.key.errors}
                      {...getInputProps(c.key, { type: "text" })}
                    />
                    <Field
                      label="Max points"
                      inputMode="numeric"
                      errors={c.maxPoints.errors}
                      {...getInputProps(c.maxPoints, { type: "number" })}
                    />
                    <Field
                      label="Weight"
                      inputMode="decimal"
                      step="0.01"
                      errors={c.weight.errors}
                      {...getInputProps(c.weight, { type: "number" })}
                    />
                    <label className="flex items-center gap-2 text-base sm:col-span-3">
                      <input
                        {...getInputProps(c.requireComment, { type: "checkbox" })}
                        className="h-5 w-5"
                      />
                      Require comment
                    </label>
                  </div>
                )}
              </fieldset>
            );
          })}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={saving}>
              {saving ? "Saving…" : "Save Rubric"}
            </Button>
            <ButtonLink to="/admin/rubrics" variant="outline">
              Cancel
            </ButtonLink>
          </div>
        </Form>
      </CreateCard>
    </div>
  );
}
