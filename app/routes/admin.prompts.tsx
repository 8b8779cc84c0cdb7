import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { ConfirmDelete } from "~/components/contest-admin-ui";
import { Pager } from "~/components/ui/pager";
import { pageParam } from "~/utils/paging";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { ErrorList, Field, inputClass, TextareaField } from "~/components/ui/field";
import { requireAdmin } from "~/utils/auth.server";
import { promptSchema } from "~/utils/contest-schema";
import {
  assignPrompt,
  ContestAdminError,
  contestOptions,
  createPrompt,
  deletePrompt,
  listPrompts,
  unassignPrompt,
} from "~/utils/contests.server";
import { redirectWithToast } from "~/utils/toast.server";

export const meta: MetaFunction = () => [{ title: "Prompts · Admin · Inkwell" }];

const createSchema = z.intersection(promptSchema, z.object({ contestId: z.string().optional() }));

/** Where to come back to: the same filter and page. */
function backTo(request: Request) {
  const url = new URL(request.url);
  const q = new URLSearchParams();
  for (const k of ["contest", "page"]) {
    const v = url.searchParams.get(k);
    if (v) q.set(k, v);
  }
  return `/admin/prompts${q.size ? `?${q}` : ""}`;
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const contestId = url.searchParams.get("contest") || undefined;
  const page = pageParam(url);
  const [list, contests] = await Promise.all([listPrompts({ contestId, page }), contestOptions()]);
  const filter = contestId
    ? (contests.find((c) => c.id === contestId) ?? { id: contestId, title: "an unknown contest" })
    : null;
  return { ...list, page, contests, filter };
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const back = backTo(request);
  const fd = await request.formData();
  const intent = fd.get("intent");
  const promptId = String(fd.get("promptId") ?? "");
  const fail = (message: string) =>
    redirectWithToast(back, { type: "error", title: "Error", description: message });
  try {
    if (intent === "delete") {
      await deletePrompt(promptId);
      return redirectWithToast(back, { type: "success", title: "Prompt deleted successfully" });
    }
    if (intent === "unassign") {
      await unassignPrompt(promptId, String(fd.get("contestId") ?? ""));
      return redirectWithToast(back, { type: "success", title: "Prompt unassigned" });
    }
    if (intent === "assign") {
      const contestId = String(fd.get("contestId") ?? "");
      if (!contestId) return fail("Select a contest");
      await assignPrompt(promptId, contestId);
      return redirectWithToast(back, { type: "success", title: "Prompt added to this contest" });
    }
  } catch (e) {
    if (e instanceof ContestAdminError) return fail(e.message);
    throw e;
  }
  const submission = parseWithZod(fd, { schema: createSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  try {
    await createPrompt({ ...submission.value, contestId: submission.value.contestId || null });
  } catch (e) {
    if (e instanceof ContestAdminError)
      return data(submission.reply({ formErrors: [e.message] }), { status: 400 });
    throw e;
  }
  return redirectWithToast(back, { type: "success", title: "Prompt created successfully" });
}

export default function AdminPrompts() {
  const { prompts, total, page, pages, contests, filter } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm<{ title: string; body: string; contestId: string }>({
    id: "create-prompt",
    lastResult,
    defaultValue: { contestId: filter?.id ?? "" },
  });
  return (
    <div className="space-y-6">
      <div>
        <h1 className="font-serif text-3xl font-bold">Prompts</h1>
        {filter ? (
          <p className="mt-1 text-slate-600">
            Prompts of <strong>{filter.title}</strong> ·{" "}
            <Link to={`/admin/contests/${filter.id}/edit`} className="underline">
              Edit contest
            </Link>{" "}
            ·{" "}
            <Link to="/admin/prompts" className="underline">
              Show all prompts
            </Link>
          </p>
        ) : (
          <p className="mt-1 text-slate-600">
            Every prompt, newest first, assigned to a contest or not.
          </p>
        )}
      </div>

      <Form method="get" className="flex flex-wrap items-end gap-2">
        <div className="space-y-1">
          <label htmlFor="filter-contest" className="block text-sm font-medium">
            Show prompts of
          </label>
          <select
            id="filter-contest"
            name="contest"
            defaultValue={filter?.id ?? ""}
            className={inputClass}
          >
            <option value="">All contests</option>
            {contests.map((c) => (
              <option key={c.id} value={c.id}>
                {c.title}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" variant="outline">
          Filter
        </Button>
      </Form>

      <Card>
        <CardHeader>
          <CardTitle>Create a prompt</CardTitle>
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
            <div className="space-y-1">
              <label htmlFor={fields.contestId.id} className="block text-sm font-medium">
                Contest (optional)
              </label>
              <select {...getSelectProps(fields.contestId)} className={inputClass}>
                <option value="">Unassigned</option>
                {contests.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.title}
                  </option>
                ))}
              </select>
              <ErrorList errors={fields.contestId.errors} />
            </div>
            <Button type="submit" name="intent" value="create">
              Create Prompt
            </Button>
          </Form>
        </CardContent>
      </Card>

      <section aria-labelledby="prompts-heading">
        <h2 id="prompts-heading" className="text-lg font-semibold">
          Prompts ({total})
        </h2>
        {prompts.length === 0 ? (
          <p className="mt-3 rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600">
            No prompts yet. Add your first prompt above.
          </p>
        ) : (
          <ul className="mt-3 space-y-3">
            {prompts.map((p) => (
              <li key={p.id} className="rounded-lg border border-slate-200 bg-white p-4">
                <div className="flex flex-wrap items-start gap-3">
                  <div className="min-w-0 flex-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <h3 className="font-semibold">{p.title}</h3>
                      {p.contest ? (
                        <Badge variant="outline">{p.contest.title}</Badge>
                      ) : (
                        <Badge variant="secondary">Unassigned</Badge>
                      )}
                    </div>
                    <p className="mt-1 whitespace-pre-line text-sm text-slate-700">{p.body}</p>
                  </div>
                  <ConfirmDelete
                    question="Delete this prompt?"
                    itemLabel={`prompt ${p.title}`}
                    fields={{ promptId: p.id }}
                  />
                </div>
                <div className="mt-3 flex flex-wrap items-end gap-2">
                  <Form method="post" className="flex flex-wrap items-end gap-2">
                    <input type="hidden" name="promptId" value={p.id} />
                    <label htmlFor={`assign-${p.id}`} className="sr-only">
                      Contest for {p.title}
                    </label>
                    <select
                      id={`assign-${p.id}`}
                      name="contestId"
                      defaultValue={p.contest?.id ?? ""}
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
                  {p.contest ? (
                    <Form method="post">
                      <input type="hidden" name="promptId" value={p.id} />
                      <input type="hidden" name="contestId" value={p.contest.id} />
                      <Button
                        type="submit"
                        name="intent"
                        value="unassign"
                        variant="ghost"
                        size="sm"
                        aria-label={`Unassign ${p.title}`}
                      >
                        Unassign
                      </Button>
                    </Form>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        )}
        <Pager page={page} pageCount={pages} />
      </section>
    </div>
  );
}
