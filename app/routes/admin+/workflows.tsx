import {
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ContestSteps, MaintenanceSection } from "~/components/lifecycle/workflows";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { DataTable, EmptyState } from "~/components/ui/data-table";
import { Form } from "@remix-run/react";
import { requireAdmin } from "~/features/accounts/auth.server";
import { undeliveredEvents, workflowContests } from "~/features/lifecycle/workflows.server";
import { formatDateTime } from "~/utils/dates";
import { inngestConfigured } from "~/utils/env.server";
import { maintenanceData, workflowsAction } from "./admin-workflows.server";
import { workspaceRedirect } from "./admin-workspace.server";

export const meta: MetaFunction = () => [{ title: "Workflows · Inkwell" }];

/**
 * Every contest's steps, the outbox and maintenance, site-wide in UTC; ?contest= goes to the
 * contest's workspace Schedule, in its own zone (docs/decisions/0050-contest-workspace.md).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const moved = workspaceRedirect(new URL(request.url), "schedule");
  if (moved) throw redirect(moved, 302);
  const now = new Date();
  const [contests, events, maintenance] = await Promise.all([
    workflowContests(now),
    undeliveredEvents(),
    maintenanceData(),
  ]);
  return {
    contests,
    events,
    ...maintenance,
    engine: inngestConfigured() ? "Inngest" : "the embedded scheduler",
  };
}

export function action({ request }: ActionFunctionArgs) {
  return workflowsAction(request, "/admin/workflows");
}

export default function Workflows() {
  const { contests, events, runs, jobs, notOffered, records, engine } =
    useLoaderData<typeof loader>();
  return (
    <div className="space-y-8">
      <div>
        <h1 className="font-serif text-3xl font-bold">Workflows</h1>
        <p className="mt-2 text-slate-700">
          Each published contest runs itself: it opens, closes, assigns judges, reminds them and
          publishes results on its dates. Steps are run by {engine}.
        </p>
      </div>

      {contests.length === 0 ? (
        <EmptyState className="p-6">
          No contest has a schedule yet. Publish one to start.
        </EmptyState>
      ) : (
        contests.map((c) => <ContestSteps key={c.id} c={c} zone="UTC" />)
      )}

      <section aria-labelledby="outbox-heading">
        <h2 id="outbox-heading" className="text-xl font-semibold">
          Undelivered events ({events.length})
        </h2>
        {events.length === 0 ? (
          <EmptyState className="mt-4 p-6">Every event has been delivered.</EmptyState>
        ) : (
          <DataTable
            className="mt-4"
            columns={[
              "Event",
              "Created (UTC)",
              "Status",
              "Attempts",
              { label: "Actions", className: "py-2" },
            ]}
          >
            {events.map((e) => (
              <tr key={e.id} className="border-b border-slate-100 align-top">
                <td className="py-2 pr-4">
                  <code>{e.name}</code>
                  <div className="text-xs text-slate-600">{e.payload}</div>
                </td>
                <td className="py-2 pr-4">{formatDateTime(e.createdAt, "UTC")}</td>
                <td className="py-2 pr-4">
                  <Badge variant={e.failed ? "destructive" : "secondary"}>
                    {e.failed ? "Failed" : "Pending"}
                  </Badge>
                  {e.lastError ? (
                    <p className="mt-1 text-sm text-red-800">Last error: {e.lastError}</p>
                  ) : null}
                </td>
                <td className="py-2 pr-4">{e.attempts}</td>
                <td className="py-2">
                  {e.failed ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value="retry-event" />
                      <input type="hidden" name="eventId" value={e.id} />
                      <Button type="submit" size="sm" variant="secondary">
                        Retry
                      </Button>
                    </Form>
                  ) : null}
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </section>

      <MaintenanceSection
        runs={runs}
        jobs={jobs}
        notOffered={notOffered}
        records={records}
        zone="UTC"
      />
    </div>
  );
}
