import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ContestForm } from "~/components/contest-form";
import { Badge } from "~/components/ui/badge";
import { requireAdmin } from "~/utils/auth.server";
import { contestToValues, emptyRubricDraft, type ContestFormState } from "~/utils/contest-form";
import { contestFormAction } from "~/utils/contest-form.server";
import { getContest, getContestTitle, promptOptions, rubricOptions } from "~/utils/contests.server";
import { timeZoneOptions } from "~/utils/dates";
import { parseCriteria } from "~/utils/rubric";
import { redirectWithToast } from "~/utils/toast.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Edit ${data?.title ?? "contest"} · Admin · Inkwell` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const id = params.id ?? "";
  const contest = await getContest(id);
  if (!contest)
    throw await redirectWithToast("/admin/contests", {
      type: "error",
      title: "Error",
      description: "Contest not found",
    });
  const [prompts, rubrics] = await Promise.all([promptOptions(id), rubricOptions(id)]);
  const initial: ContestFormState = {
    values: contestToValues(contest),
    stagedPrompts: [],
    stagedRubrics: [],
    promptDraft: { title: "", body: "" },
    rubricDraft: emptyRubricDraft,
  };
  return {
    id: contest.id,
    slug: contest.slug,
    title: contest.title,
    submissions: contest._count.submissions,
    published: {
      isPublished: contest.isPublished,
      snapshotAt: contest.snapshotAt?.toISOString() ?? null,
    },
    initial,
    prompts: contest.prompts.map((p) => ({ id: p.id, title: p.title, body: p.body })),
    rubrics: contest.rubrics.map((r) => ({
      id: r.id,
      name: r.name,
      criteria: parseCriteria(r.criteria),
    })),
    promptOptions: prompts.map((p) => ({
      id: p.id,
      title: p.title,
      contestTitle: p.contest?.title ?? null,
    })),
    rubricOptions: rubrics.map((r) => ({
      id: r.id,
      name: r.name,
      contestTitle: r.contest?.title ?? null,
    })),
    timeZones: timeZoneOptions(),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireAdmin(request);
  const id = params.id ?? "";
  const contest = await getContestTitle(id);
  if (!contest)
    return redirectWithToast("/admin/contests", {
      type: "error",
      title: "Error",
      description: "Contest not found",
    });
  return contestFormAction(request, id);
}

export default function EditContest() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div>
      <div className="mb-6 flex flex-wrap items-center gap-3">
        <h1 className="font-serif text-3xl font-bold">Edit Contest</h1>
        <Badge variant={d.published.isPublished ? "success" : "secondary"}>
          {d.published.isPublished ? "Published" : "Draft"}
        </Badge>
      </div>
      <p className="-mt-4 mb-6 text-sm text-slate-600">
        {d.title} ·{" "}
        <Link to={`/contests/${d.slug}`} className="underline">
          View contest page
        </Link>{" "}
        ·{" "}
        <Link to={`/admin/contests/${d.id}/prompts`} className="underline">
          Prompts page
        </Link>{" "}
        ·{" "}
        <Link to={`/admin/contests/${d.id}/rubrics`} className="underline">
          Rubrics page
        </Link>{" "}
        · {d.submissions} {d.submissions === 1 ? "submission" : "submissions"}
      </p>
      <ContestForm
        key={actionData && "key" in actionData ? actionData.key : "initial"}
        mode="edit"
        contestId={d.id}
        state={actionData && "state" in actionData ? actionData.state : d.initial}
        errors={actionData && "errors" in actionData ? actionData.errors : {}}
        notice={actionData && "notice" in actionData ? actionData.notice : null}
        prompts={d.prompts}
        rubrics={d.rubrics}
        published={d.published}
        promptOptions={d.promptOptions}
        rubricOptions={d.rubricOptions}
        timeZones={d.timeZones}
      />
    </div>
  );
}
