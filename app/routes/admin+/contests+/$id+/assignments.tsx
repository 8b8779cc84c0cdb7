import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { ChooserCard, JudgesTable } from "~/components/judging/assignment-control";
import { ProgressChart } from "~/components/charts/progress-chart";
import { AssignmentsSection, AutoAssignCard, RecusalList } from "~/components/judging/auto-assign";
import { useIsPending } from "~/utils/use-is-pending";
import { useResetKey } from "~/utils/use-reset-key";
import { assignAction, assignLoader } from "../../admin-assign.server";

export const meta: MetaFunction = () => [{ title: "Auto-Assign Judges · Inkwell" }];

/** The workspace's Assignments, formerly /admin/assign?contest= (ADR 0050). */
export function loader({ request, params }: LoaderFunctionArgs) {
  return assignLoader(request, params.id ?? "");
}

export function action({ request, params }: ActionFunctionArgs) {
  return assignAction(request, params.id ?? "");
}

export default function ContestAssignments() {
  const {
    contest,
    round,
    capacity,
    rows,
    contestWide,
    total,
    page,
    pages,
    q,
    judges,
    chooser,
    recusals,
    progress,
  } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const refused = actionData as
    | { short?: { submissionId: string; title: string; reason: string }[]; shortError?: string }
    | undefined;
  const resetKey = useResetKey(actionData);
  const busy = useIsPending({ state: "submitting" });
  const { pathname, search } = useLocation();
  const view = { q, page };
  const link = (set: Record<string, string>) => {
    const params = new URLSearchParams(search);
    params.delete("swap");
    params.delete("add");
    for (const [k, v] of Object.entries(set)) params.set(k, v);
    return `${pathname}?${params}`;
  };
  return (
    <div className="space-y-8">
      <h1 className="font-serif text-3xl font-bold">Auto-Assign Judges</h1>

      {contest && capacity ? (
        <div
          role="alert"
          className="rounded-md border border-red-300 bg-red-50 p-4 text-base text-red-900"
        >
          <p className="font-semibold">Warning: check the panel before round 1 is assigned</p>
          <p>{capacity}</p>
          <p>
            <Link to={`/admin/contests/${contest.id}/panel`} className="underline">
              Open the panel to raise capacities
            </Link>
          </p>
        </div>
      ) : null}

      <AutoAssignCard
        contest={contest}
        round={round}
        lastResult={actionData && "result" in actionData ? actionData.result : undefined}
        resetKey={resetKey}
        busy={busy}
        short={refused?.short}
        shortError={refused?.shortError}
      />

      {contest ? (
        <JudgesTable contestId={contest.id} judges={judges} view={view} busy={busy} />
      ) : null}

      {progress.length ? <ProgressChart rows={progress} /> : null}

      {contest && recusals.length ? <RecusalList recusals={recusals} /> : null}

      {contest && chooser ? (
        <ChooserCard
          contestId={contest.id}
          chooser={chooser}
          view={view}
          cancel={link({})}
          busy={busy}
        />
      ) : null}

      {contest ? (
        <AssignmentsSection
          contestId={contest.id}
          rows={rows}
          contestWide={contestWide}
          total={total}
          q={q}
          page={page}
          pages={pages}
          view={view}
          link={link}
          busy={busy}
        />
      ) : (
        <p className="text-slate-600">Select a contest to see its assignments.</p>
      )}
    </div>
  );
}
