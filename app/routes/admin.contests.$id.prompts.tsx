import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ConfirmDelete } from "~/components/contest-admin-ui";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Field, TextareaField } from "~/components/ui/field";
import { requireAdmin } from "~/utils/auth.server";
import { promptSchema } from "~/utils/contest-schema";
import {
  contestPrompts,
  ContestAdminError,
  createPrompt,
  deletePrompt,
  getContestTitle,
} from "~/utils/contests.server";
import { redirectWithToast } from "~/utils/toast.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Prompts · ${data?.contest.title ?? "Contest"} · Admin · Inkwell` },
];

const notFound = () =>
  redirectWithToast("/admin/contests", {
    type: "error",
    title: "Error",
    description: "Contest not found",
  });

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const contest = await getContestTitle(params.id ?? "");
  if (!contest) throw await notFound();
  const prompts = await contestPrompts(contest.id);
  return { contest, prompts };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireAdmin(request);
  const contest = await getContestTitle(params.id ?? "");
  if (!contest) return notFound();
  const here = `/admin/contests/${contest.id}/prompts`;
  const fd = await request.formData();
  if (fd.get("intent") === "delete") {
    try {
      await deletePrompt(String(fd.get("promptId") ?? ""), contest.id);
    } catch (e) {
      if (e instanceof ContestAdminError)
        return redirectWithToast(here, { type: "error", title: "Error", description: e.message });
      throw e;
    }
    return redirectWithToast(here, { type: "success", title: "Prompt deleted successfully" });
  }
  const submission = parseWithZod(fd, { schema: promptSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  await createPrompt({ ...submission.value, contestId: contest.id });
  return redirectWithToast(here, { type: "success", title: "Prompt added successfully" });
}

export default function ContestPrompts() {
  const { contest, prompts } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({ id: "add-prompt", lastResult, shouldRevalidate: "onBlur" });
  return (
    <div className="space-y-6">
      <div>
        <p className="text-sm">
          <Link to={`/admin/contests/${contest.id}/edit`} className="underline">
            ← Back to {contest.title}
          </Link>
        </p>
        <h1 className="mt-2 font-serif text-3xl font-bold">Prompts</h1>
        <p className="text-slate-600">{contest.title}</p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Add a prompt</CardTitle>
        </CardHeader>
        <CardContent>
          <Form method="post" {...getFormProps(form)} className="space-y-4">
            {form.errors?.length ? (
              <Alert variant="destructive" title="Error">
                {form.errors.join(" ")}
              </Alert>
            ) : null}
            <Field
              label="Prompt title"
              maxLength={200}
              errors={fields.title.errors}
              {...getInputProps(fields.title, { type: "text" })}
            />
            <TextareaField
              label="Prompt text"
              rows={4}
              maxLength={5000}
              errors={fields.body.errors}
              {...getTextareaProps(fields.body)}
            />
            <Button type="submit" name="intent" value="add">
              Add Prompt
            </Button>
          </Form>
        </CardContent>
      </Card>
      <section aria-labelledby="prompt-list">
        <h2 id="prompt-list" className="text-lg font-semibold">
          Prompts ({prompts.length})
        </h2>
        {prompts.length === 0 ? (
          <p className="mt-3 rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600">
            No prompts yet. Add your first prompt above.
          </p>
        ) : (
          <ul className="mt-3 space-y-3">
            {prompts.map((p) => (
              <li
                key={p.id}
                className="flex items-start gap-3 rounded-lg border border-slate-200 bg-white p-4"
              >
                <div className="flex-1">
                  <h3 className="font-semibold">{p.title}</h3>
                  <p className="mt-1 whitespace-pre-line text-sm text-slate-700">{p.body}</p>
                </div>
                <ConfirmDelete
                  question="Delete this prompt?"
                  itemLabel={`prompt ${p.title}`}
                  fields={{ promptId: p.id }}
                />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
