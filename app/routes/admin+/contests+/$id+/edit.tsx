import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ContestForm } from "~/components/contests/contest-form";
import { Badge } from "~/components/ui/badge";
import { requireAdmin } from "~/features/accounts/auth.server";
import { contestToValues } from "~/features/contests/contest-form";
import { contestFormOptions } from "~/features/contests/contest-form.server";
import { contestFormAction } from "../admin-contest-form.server";
import { contestNotFound, contestOrRedirect } from "../../admin-library.server";
import { contestItems } from "~/features/contests/contest-snapshot";
import { getContest } from "~/features/contests/contest-admin.server";
import { contestRounds } from "~/features/rounds/rounds.server";
import { formatDateTime } from "~/utils/dates";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Edit ${data?.title ?? "contest"} · Admin · Inkwell` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const contest = await getContest(params.id ?? "");
  if (!contest) throw await contestNotFound();
  return {
    id: contest.id,
    slug: contest.slug,
    title: contest.title,
    submissions: contest._count.submissions,
    published: {
      isPublished: contest.isPublished,
      snapshotAt: contest.snapshotAt?.toISOString() ?? null,
    },
    initial: contestToValues(contest),
    ...contestItems(contest),
    // Read-only here: planned on the rounds page (docs/decisions/0032-divisions-and-rounds.md).
    rounds: (await contestRounds(contest.id)).map((r) => ({
      number: r.number,
      name: r.name,
      opens: formatDateTime(r.judgingOpen, contest.timeZone),
      closes: formatDateTime(r.judgingClose, contest.timeZone),
    })),
    ...(await contestFormOptions(contest.id)),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireAdmin(request);
  const contest = await contestOrRedirect(params.id);
  return contestFormAction(request, contest.id);
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
        · {d.submissions} {d.submissions === 1 ? "submission" : "submissions"}
      </p>
      {d.rounds.length > 1 ? (
        <section aria-labelledby="rounds-timeline" className="mb-6 text-sm text-slate-700">
          <h2 id="rounds-timeline" className="font-semibold text-slate-800">
            Judging rounds
          </h2>
          <ul>
            {d.rounds.map((r) => (
              <li key={r.number}>
                Round {r.number} ({r.name}): {r.opens} to {r.closes}
              </li>
            ))}
          </ul>
          <p>Judging opens and closes with these rounds; change them on the rounds page.</p>
        </section>
      ) : null}
      <ContestForm
        key={actionData && "key" in actionData ? actionData.key : "initial"}
        mode="edit"
        contestId={d.id}
        initial={d.initial}
        result={actionData && "result" in actionData ? actionData.result : null}
        notice={actionData && "notice" in actionData ? actionData.notice : null}
        focus={actionData && "focus" in actionData ? actionData.focus : null}
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
