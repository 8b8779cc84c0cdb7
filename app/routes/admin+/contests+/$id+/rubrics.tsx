import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import {
  ContestPageHeading,
  CreateCard,
  ItemCard,
  ItemSection,
  RUBRIC,
  RubricCreateForm,
} from "~/components/contests/contest-library";
import { CriteriaList, TotalWeightBadge } from "~/components/contests/rubric-builder";
import { requireAdmin } from "~/features/accounts/auth.server";
import { rubricBuilderAction } from "~/features/contests/contest-form.server";
import { replyErrors } from "~/features/contests/contest-form";
import { contestOrRedirect, libraryItemAction } from "../../admin-library.server";
import { rubricLibrary } from "~/features/contests/library.server";
import { contestRubrics } from "~/features/contests/rubrics.server";
import { parseCriteria } from "~/features/contests/rubric";
import { redirectWithToast } from "~/utils/toast.server";
import { readForm } from "~/utils/form-body.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Rubrics · ${data?.contest.title ?? "Contest"} · Admin · Inkwell` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const contest = await contestOrRedirect(params.id);
  const rubrics = await contestRubrics(contest.id);
  return {
    contest,
    rubrics: rubrics.map((r) => ({ id: r.id, name: r.name, criteria: parseCriteria(r.criteria) })),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireAdmin(request);
  const contest = await contestOrRedirect(params.id);
  const here = `/admin/contests/${contest.id}/rubrics`;
  const fd = await readForm(request);
  const listed = await libraryItemAction(rubricLibrary, fd, here, contest.id);
  if (listed) return listed;
  const result = await rubricBuilderAction(fd, { contestId: contest.id });
  if (result.saved)
    return redirectWithToast(here, { type: "success", title: "Rubric saved successfully" });
  return data(result, { status: Object.keys(replyErrors(result.result)).length ? 400 : 200 });
}

export default function ContestRubrics() {
  const { contest, rubrics } = useLoaderData<typeof loader>();
  const built = useActionData<typeof action>();
  return (
    <div className="space-y-6">
      <ContestPageHeading contest={contest} title="Rubrics" />
      <CreateCard title="Create a rubric">
        <RubricCreateForm built={built} />
      </CreateCard>
      <ItemSection
        headingId="rubric-list"
        heading={`Rubrics (${rubrics.length})`}
        empty="No rubrics yet. Create your first rubric above."
        items={rubrics}
      >
        {(r) => (
          <ItemCard
            key={r.id}
            kind={RUBRIC}
            id={r.id}
            name={r.name}
            badges={<TotalWeightBadge criteria={r.criteria} />}
          >
            <CriteriaList criteria={r.criteria} />
          </ItemCard>
        )}
      </ItemSection>
    </div>
  );
}
