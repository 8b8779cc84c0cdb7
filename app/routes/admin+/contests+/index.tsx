import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { answerRefusal } from "~/utils/action.server";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button, ButtonLink } from "~/components/ui/button";
import { requireAdmin } from "~/features/accounts/auth.server";
import {
  contestForDelete,
  deleteContest,
  listContests,
  publishContest,
  unpublishContest,
} from "~/features/contests/contest-admin.server";
import { formatDateTime } from "~/utils/dates";
import { redirectWithToast } from "~/utils/toast.server";
import { Pager } from "~/components/ui/pager";
import { pageParam } from "~/utils/paging";
import { readForm } from "~/utils/form-body.server";

export const meta: MetaFunction = () => [{ title: "Contests · Admin · Inkwell" }];

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const page = pageParam(url);
  const { contests, total, pages } = await listContests(page);
  const deleteId = url.searchParams.get("delete");
  const toDelete = deleteId ? await contestForDelete(deleteId) : null;
  return {
    contests,
    total,
    page,
    pages,
    toDelete: toDelete
      ? { id: toDelete.id, title: toDelete.title, submissions: toDelete._count.submissions }
      : null,
  };
}

const listActionSchema = z.object({
  intent: z.enum(["publish", "unpublish", "delete"]),
  id: z.string({ required_error: "Choose a contest" }).min(1, "Choose a contest"),
  page: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
});

const DONE = {
  publish: "Contest published successfully",
  unpublish: "Contest unpublished successfully",
  delete: "Contest deleted successfully",
} as const;

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const submission = parseWithZod(await readForm(request), { schema: listActionSchema });
  if (submission.status !== "success") {
    return data({ error: "Choose a contest" }, { status: 400 });
  }
  const { intent, id, page } = submission.value;
  const back = `/admin/contests${page ? `?page=${page}` : ""}`;
  // Publish says what will run: the rounds with their dates, or the one round (ADR 0045).
  let description: string | undefined;
  try {
    if (intent === "publish") description = (await publishContest(id)).judgingSummary;
    else if (intent === "unpublish") await unpublishContest(id);
    else await deleteContest(id);
  } catch (error) {
    return answerRefusal(error, { redirectTo: back });
  }
  return redirectWithToast(back, { type: "success", title: DONE[intent], description });
}

export default function AdminContests() {
  const { contests, total, page, pages, toDelete } = useLoaderData<typeof loader>();
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-serif text-3xl font-bold">Contests</h1>
        <ButtonLink to="/admin/contests/new">Create Contest</ButtonLink>
      </div>
      <p className="mt-1 text-sm text-slate-600">
        {total} {total === 1 ? "contest" : "contests"}, newest first.
      </p>

      {toDelete ? (
        <Alert variant="warning" className="mt-6" role="alert">
          <h2 className="font-semibold">
            Delete contest &quot;{toDelete.title}&quot;? This will also delete all prompts and
            rubrics.
          </h2>
          {toDelete.submissions > 0 ? (
            <p className="mt-1" data-testid="delete-refused">
              This contest has {toDelete.submissions}{" "}
              {toDelete.submissions === 1 ? "submission" : "submissions"}, so it cannot be deleted.
              Unpublish it instead.
            </p>
          ) : null}
          <Form method="post" className="mt-3 flex gap-2">
            <input type="hidden" name="id" value={toDelete.id} />
            <input type="hidden" name="page" value={page} />
            {toDelete.submissions === 0 ? (
              <Button type="submit" name="intent" value="delete" variant="destructive">
                Yes, delete contest
              </Button>
            ) : null}
            <ButtonLink
              to={page > 1 ? `/admin/contests?page=${page}` : "/admin/contests"}
              variant="outline"
            >
              Keep contest
            </ButtonLink>
          </Form>
        </Alert>
      ) : null}

      {contests.length === 0 ? (
        <p className="mt-8 rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-600">
          No contests yet. Create your first contest.
        </p>
      ) : (
        <ul
          className="mt-6 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white"
          aria-label="Contests"
        >
          {contests.map((c) => (
            <li
              key={c.id}
              className="flex flex-wrap items-center gap-3 p-4"
              data-testid="contest-row"
            >
              <div className="min-w-0 flex-[1_1_16rem]">
                <div className="flex flex-wrap items-center gap-2">
                  <h2 className="font-semibold">
                    {/* The contest's workspace (docs/decisions/0050-contest-workspace.md). */}
                    <Link to={`/admin/contests/${c.id}`} className="underline">
                      {c.title}
                    </Link>
                  </h2>
                  <Badge variant={c.isPublished ? "success" : "secondary"}>
                    {c.isPublished ? "Published" : "Draft"}
                  </Badge>
                </div>
                <p className="text-sm text-slate-600">
                  <Link to={`/contests/${c.slug}`} className="underline">
                    /contests/{c.slug}
                  </Link>{" "}
                  · opens {formatDateTime(c.submissionsOpen, c.timeZone)} ·{" "}
                  {plural(c._count.prompts, "prompt")} · {plural(c._count.rubrics, "rubric")} ·{" "}
                  {plural(c._count.submissions, "submission")}
                </p>
              </div>
              <Form method="post">
                <input type="hidden" name="id" value={c.id} />
                <input type="hidden" name="page" value={page} />
                <Button
                  type="submit"
                  name="intent"
                  value={c.isPublished ? "unpublish" : "publish"}
                  variant="outline"
                  size="sm"
                  aria-label={`${c.isPublished ? "Unpublish" : "Publish"} ${c.title}`}
                >
                  {c.isPublished ? "Unpublish" : "Publish"}
                </Button>
              </Form>
              <ButtonLink
                to={`/admin/contests/${c.id}/edit`}
                variant="secondary"
                size="sm"
                aria-label={`Edit ${c.title}`}
              >
                Edit
              </ButtonLink>
              {c.isPublished ? (
                <ButtonLink
                  to={`/admin/contests/${c.id}/results`}
                  variant="secondary"
                  size="sm"
                  aria-label={`Results and awards: ${c.title}`}
                >
                  Results
                </ButtonLink>
              ) : null}
              <ButtonLink
                to={`/admin/contests?${new URLSearchParams({ ...(page > 1 ? { page: String(page) } : {}), delete: c.id })}`}
                variant="ghost"
                size="sm"
                className="text-red-700"
                aria-label={`Delete ${c.title}`}
                preventScrollReset
              >
                Delete
              </ButtonLink>
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} pageCount={pages} label="Contest pages" />
    </div>
  );
}
