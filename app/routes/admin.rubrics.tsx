import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ConfirmDelete } from "~/components/contest-admin-ui";
import { Pager } from "~/components/ui/pager";
import { pageParam } from "~/utils/paging";
import { CriteriaList, RubricBuilder, TotalWeightBadge } from "~/components/rubric-builder";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { inputClass } from "~/components/ui/field";
import { requireAdmin } from "~/utils/auth.server";
import { emptyRubricDraft } from "~/utils/contest-form";
import { rubricBuilderAction } from "~/utils/contest-form.server";
import {
  assignRubric,
  ContestAdminError,
  contestOptions,
  deleteRubric,
  listRubrics,
  unassignRubric,
} from "~/utils/contests.server";
import { parseCriteria } from "~/utils/rubric";
import { redirectWithToast } from "~/utils/toast.server";

export const meta: MetaFunction = () => [{ title: "Rubrics · Admin · Inkwell" }];

function backTo(request: Request) {
  const url = new URL(request.url);
  const q = new URLSearchParams();
  for (const k of ["contest", "page"]) {
    const v = url.searchParams.get(k);
    if (v) q.set(k, v);
  }
  return `/admin/rubrics${q.size ? `?${q}` : ""}`;
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const contestId = url.searchParams.get("contest") || undefined;
  const page = pageParam(url);
  const [list, contests] = await Promise.all([listRubrics({ contestId, page }), contestOptions()]);
  const filter = contestId
    ? (contests.find((c) => c.id === contestId) ?? { id: contestId, title: "an unknown contest" })
    : null;
  return {
    total: list.total,
    pages: list.pages,
    page,
    contests,
    filter,
    rubrics: list.rubrics.map((r) => ({
      id: r.id,
      name: r.name,
      criteria: parseCriteria(r.criteria),
      contest: r.contest,
      scores: r._count.scores,
    })),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const back = backTo(request);
  const fd = await request.formData();
  const intent = fd.get("intent");
  const rubricId = String(fd.get("rubricId") ?? "");
  const fail = (message: string) =>
    redirectWithToast(back, { type: "error", title: "Error", description: message });
  try {
    if (intent === "delete") {
      await deleteRubric(rubricId);
      return redirectWithToast(back, { type: "success", title: "Rubric deleted successfully" });
    }
    if (intent === "unassign") {
      await unassignRubric(rubricId, String(fd.get("contestId") ?? ""));
      return redirectWithToast(back, { type: "success", title: "Rubric unassigned" });
    }
    if (intent === "assign") {
      const contestId = String(fd.get("contestId") ?? "");
      if (!contestId) return fail("Select a contest");
      await assignRubric(rubricId, contestId);
      return redirectWithToast(back, { type: "success", title: "Rubric added to this contest" });
    }
  } catch (e) {
    if (e instanceof ContestAdminError) return fail(e.message);
    throw e;
  }
  const contestId = String(fd.get("rubricContestId") ?? "") || null;
  const result = await rubricBuilderAction(fd, { contestId });
  if (result.saved)
    return redirectWithToast(back, { type: "success", title: "Rubric created successfully" });
  return data({ ...result, contestId }, { status: Object.keys(result.errors).length ? 400 : 200 });
}

export default function AdminRubrics() {
  const { rubrics, total, page, pages, contests, filter } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const built = actionData && !actionData.saved ? actionData : null;
  const errors = built?.errors ?? {};
  return (
    <div className="space-y-6">
      <div>
        <h1 className="font-serif text-3xl font-bold">Rubrics</h1>
        {filter ? (
          <p className="mt-1 text-slate-600">
            Rubrics of <strong>{filter.title}</strong> ·{" "}
            <Link to="/admin/rubrics" className="underline">
              Show all rubrics
            </Link>
          </p>
        ) : (
          <p className="mt-1 text-slate-600">
            Every scoring rubric, newest first, assigned to a contest or not.
          </p>
        )}
      </div>

      <Form method="get" className="flex flex-wrap items-end gap-2">
        <div className="space-y-1">
          <label htmlFor="filter-contest" className="block text-sm font-medium">
            Show rubrics of
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
          <CardTitle>Create a rubric</CardTitle>
        </CardHeader>
        <CardContent>
          <Form
            method="post"
            preventScrollReset
            key={built?.key ?? "initial"}
            className="space-y-4"
          >
            {errors[""]?.length ? (
              <Alert variant="destructive" title="Error">
                {errors[""].join(" ")}
              </Alert>
            ) : null}
            <RubricBuilder
              draft={built?.draft ?? emptyRubricDraft}
              errors={errors}
              saveIntent="save-rubric"
              saveLabel="Save Rubric"
              idPrefix="rubric"
            >
              <div className="space-y-1">
                <label htmlFor="rubricContestId" className="block text-sm font-medium">
                  Contest (optional)
                </label>
                <select
                  id="rubricContestId"
                  name="rubricContestId"
                  defaultValue={built?.contestId ?? filter?.id ?? ""}
                  className={inputClass}
                >
                  <option value="">Unassigned</option>
                  {contests.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.title}
                    </option>
                  ))}
                </select>
              </div>
            </RubricBuilder>
          </Form>
        </CardContent>
      </Card>

      <section aria-labelledby="rubrics-heading">
        <h2 id="rubrics-heading" className="text-lg font-semibold">
          Rubrics ({total})
        </h2>
        {rubrics.length === 0 ? (
          <p className="mt-3 rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600">
            No rubrics yet. Create your first rubric above.
          </p>
        ) : (
          <ul className="mt-3 space-y-3">
            {rubrics.map((r) => (
              <li key={r.id} className="rounded-lg border border-slate-200 bg-white p-4">
                <div className="flex flex-wrap items-start gap-3">
                  <div className="min-w-0 flex-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <h3 className="font-semibold">{r.name}</h3>
                      {r.contest ? (
                        <Badge variant="outline">{r.contest.title}</Badge>
                      ) : (
                        <Badge variant="secondary">Unassigned</Badge>
                      )}
                      <TotalWeightBadge criteria={r.criteria} />
                    </div>
                    <CriteriaList criteria={r.criteria} />
                  </div>
                  {r.scores === 0 ? (
                    <ConfirmDelete
                      question="Delete this rubric?"
                      itemLabel={`rubric ${r.name}`}
                      fields={{ rubricId: r.id }}
                    />
                  ) : null}
                </div>
                <div className="mt-3 flex flex-wrap items-end gap-2">
                  <Form method="post" className="flex flex-wrap items-end gap-2">
                    <input type="hidden" name="rubricId" value={r.id} />
                    <label htmlFor={`assign-${r.id}`} className="sr-only">
                      Contest for {r.name}
                    </label>
                    <select
                      id={`assign-${r.id}`}
                      name="contestId"
                      defaultValue={r.contest?.id ?? ""}
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
                  {r.contest ? (
                    <Form method="post">
                      <input type="hidden" name="rubricId" value={r.id} />
                      <input type="hidden" name="contestId" value={r.contest.id} />
                      <Button
                        type="submit"
                        name="intent"
                        value="unassign"
                        variant="ghost"
                        size="sm"
                        aria-label={`Unassign ${r.name}`}
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
