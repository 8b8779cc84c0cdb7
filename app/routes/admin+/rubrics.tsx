import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import {
  CreateCard,
  ItemCard,
  ItemSection,
  LibraryHeading,
  RUBRIC,
  RubricCreateForm,
} from "~/components/contests/contest-library";
import { ContestSelect } from "~/components/contests/contest-picker";
import { CriteriaList, TotalWeightBadge } from "~/components/contests/rubric-builder";
import { Pager } from "~/components/ui/pager";
import { requireAdmin } from "~/features/accounts/auth.server";
import { rubricBuilderAction } from "~/features/contests/contest-form.server";
import { replyErrors } from "~/features/contests/contest-form";
import { libraryBackTo, libraryItemAction, loadLibrary } from "./admin-library.server";
import { rubricLibrary } from "~/features/contests/library.server";
import { listRubrics } from "~/features/contests/rubrics.server";
import { parseCriteria } from "~/features/contests/rubric";
import { redirectWithToast } from "~/utils/toast.server";
import { readForm } from "~/utils/form-body.server";

export const meta: MetaFunction = () => [{ title: "Rubrics · Admin · Inkwell" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const { items, ...library } = await loadLibrary(request, listRubrics);
  return {
    ...library,
    total: items.total,
    pages: items.pages,
    rubrics: items.rubrics.map((r) => ({
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
  const back = libraryBackTo(request, "/admin/rubrics");
  const fd = await readForm(request);
  const listed = await libraryItemAction(rubricLibrary, fd, back);
  if (listed) return listed;
  const contestId = String(fd.get("rubricContestId") ?? "") || null;
  const result = await rubricBuilderAction(fd, { contestId });
  if (result.saved)
    return redirectWithToast(back, { type: "success", title: "Rubric created successfully" });
  return data(
    { ...result, contestId },
    { status: Object.keys(replyErrors(result.result)).length ? 400 : 200 },
  );
}

export default function AdminRubrics() {
  const { rubrics, total, page, pages, contests, filter } = useLoaderData<typeof loader>();
  const built = useActionData<typeof action>();
  return (
    <div className="space-y-6">
      <LibraryHeading
        plural="rubrics"
        intro="Every scoring rubric, newest first, assigned to a contest or not."
        filter={filter}
        contests={contests}
      />

      <CreateCard title="Create a rubric">
        <RubricCreateForm built={built}>
          <ContestSelect
            id="rubricContestId"
            name="rubricContestId"
            label="Contest (optional)"
            contests={contests}
            defaultValue={built?.contestId ?? filter?.id}
            emptyLabel="Unassigned"
          />
        </RubricCreateForm>
      </CreateCard>

      <ItemSection
        headingId="rubrics-heading"
        heading={`Rubrics (${total})`}
        empty="No rubrics yet. Create your first rubric above."
        items={rubrics}
        footer={<Pager page={page} pageCount={pages} />}
      >
        {(r) => (
          <ItemCard
            key={r.id}
            kind={RUBRIC}
            id={r.id}
            name={r.name}
            badges={<TotalWeightBadge criteria={r.criteria} />}
            deletable={r.scores === 0}
            assignment={{ contest: r.contest, contests }}
          >
            <CriteriaList criteria={r.criteria} />
          </ItemCard>
        )}
      </ItemSection>
    </div>
  );
}
