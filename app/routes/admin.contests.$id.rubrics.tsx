import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ConfirmDelete } from "~/components/contest-admin-ui";
import { CriteriaList, RubricBuilder, TotalWeightBadge } from "~/components/rubric-builder";
import { Alert } from "~/components/ui/alert";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { requireAdmin } from "~/utils/auth.server";
import { rubricBuilderAction } from "~/utils/contest-form.server";
import { emptyRubricDraft } from "~/utils/contest-form";
import {
  ContestAdminError,
  contestRubrics,
  deleteRubric,
  getContestTitle,
} from "~/utils/contests.server";
import { parseCriteria } from "~/utils/rubric";
import { redirectWithToast } from "~/utils/toast.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Rubrics · ${data?.contest.title ?? "Contest"} · Admin · Inkwell` },
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
  const rubrics = await contestRubrics(contest.id);
  return {
    contest,
    rubrics: rubrics.map((r) => ({ id: r.id, name: r.name, criteria: parseCriteria(r.criteria) })),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireAdmin(request);
  const contest = await getContestTitle(params.id ?? "");
  if (!contest) return notFound();
  const here = `/admin/contests/${contest.id}/rubrics`;
  const fd = await request.formData();
  if (fd.get("intent") === "delete") {
    try {
      await deleteRubric(String(fd.get("rubricId") ?? ""), contest.id);
    } catch (e) {
      if (e instanceof ContestAdminError)
        return redirectWithToast(here, { type: "error", title: "Error", description: e.message });
      throw e;
    }
    return redirectWithToast(here, { type: "success", title: "Rubric deleted successfully" });
  }
  const result = await rubricBuilderAction(fd, { contestId: contest.id });
  if (result.saved)
    return redirectWithToast(here, { type: "success", title: "Rubric saved successfully" });
  return data(result, { status: Object.keys(result.errors).length ? 400 : 200 });
}

export default function ContestRubrics() {
  const { contest, rubrics } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const errors = actionData?.errors ?? {};
  return (
    <div className="space-y-6">
      <div>
        <p className="text-sm">
          <Link to={`/admin/contests/${contest.id}/edit`} className="underline">
            ← Back to {contest.title}
          </Link>
        </p>
        <h1 className="mt-2 font-serif text-3xl font-bold">Rubrics</h1>
        <p className="text-slate-600">{contest.title}</p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Create a rubric</CardTitle>
        </CardHeader>
        <CardContent>
          <Form
            method="post"
            preventScrollReset
            key={actionData?.key ?? "initial"}
            className="space-y-4"
          >
            {errors[""]?.length ? (
              <Alert variant="destructive" title="Error">
                {errors[""].join(" ")}
              </Alert>
            ) : null}
            <RubricBuilder
              draft={actionData?.draft ?? emptyRubricDraft}
              errors={errors}
              saveIntent="save-rubric"
              saveLabel="Save Rubric"
              idPrefix="rubric"
            />
          </Form>
        </CardContent>
      </Card>
      <section aria-labelledby="rubric-list">
        <h2 id="rubric-list" className="text-lg font-semibold">
          Rubrics ({rubrics.length})
        </h2>
        {rubrics.length === 0 ? (
          <p className="mt-3 rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600">
            No rubrics yet. Create your first rubric above.
          </p>
        ) : (
          <ul className="mt-3 space-y-3">
            {rubrics.map((r) => (
              <li
                key={r.id}
                className="flex items-start gap-3 rounded-lg border border-slate-200 bg-white p-4"
              >
                <div className="flex-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <h3 className="font-semibold">{r.name}</h3>
                    <TotalWeightBadge criteria={r.criteria} />
                  </div>
                  <CriteriaList criteria={r.criteria} />
                </div>
                <ConfirmDelete
                  question="Delete this rubric?"
                  itemLabel={`rubric ${r.name}`}
                  fields={{ rubricId: r.id }}
                />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
