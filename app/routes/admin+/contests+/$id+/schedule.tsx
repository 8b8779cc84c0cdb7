import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ContestSteps, MaintenanceSection } from "~/components/lifecycle/workflows";
import { EmptyState } from "~/components/ui/data-table";
import { requireAdmin } from "~/features/accounts/auth.server";
import { workflowContests } from "~/features/lifecycle/workflows.server";
import { inngestConfigured } from "~/utils/env.server";
import { maintenanceData, workflowsAction } from "../../admin-workflows.server";

export const meta: MetaFunction = () => [{ title: "Schedule · Admin · Inkwell" }];

/**
 * The workspace's Schedule (docs/decisions/0050-contest-workspace.md): the contest's lifecycle
 * steps and the site's maintenance rows, all in the contest's time zone, one zone on the page.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const now = new Date();
  const [[contest], maintenance] = await Promise.all([
    workflowContests(now, { contestId: params.id ?? "" }),
    maintenanceData(),
  ]);
  if (!contest) throw new Response("Contest not found", { status: 404 });
  return {
    contest,
    zone: contest.timeZone,
    ...maintenance,
    engine: inngestConfigured() ? "Inngest" : "the embedded scheduler",
  };
}

export function action({ request, params }: ActionFunctionArgs) {
  const id = params.id ?? "";
  return workflowsAction(request, `/admin/contests/${id}/schedule`, id);
}

export default function ContestSchedule() {
  const { contest, zone, runs, jobs, notOffered, records, engine } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-8">
      <div>
        <h1 className="font-serif text-3xl font-bold">Schedule</h1>
        <p className="mt-2 text-slate-700">
          The contest runs itself: it opens, closes, assigns judges, reminds them and publishes
          results on its dates. Steps are run by {engine}. Every time on this page is in the
          contest&apos;s time zone ({zone}).
        </p>
      </div>
      {contest.steps.length === 0 ? (
        <EmptyState className="p-6">
          This contest has no schedule yet. Publish it to start.
        </EmptyState>
      ) : (
        <ContestSteps c={contest} zone={zone} />
      )}
      <MaintenanceSection
        runs={runs}
        jobs={jobs}
        notOffered={notOffered}
        records={records}
        zone={zone}
      />
    </div>
  );
}
