import { readForm } from "~/utils/form-body.server";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { Badge, type BadgeVariant } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { DataTable, EmptyState } from "~/components/ui/data-table";
import { requireAdmin } from "~/features/accounts/auth.server";
import { runStep } from "~/features/lifecycle/lifecycle.server";
import {
  JOB_LABEL,
  JOBS,
  jobNotOffered,
  maintenanceRuns,
  offeredJobs,
  runMaintenanceJob,
  type JobName,
  type MaintenanceOutcome,
} from "~/features/operations/maintenance.server";
import { recentRetentionRecords } from "~/features/privacy/retention.server";
import { deliverEvent } from "~/features/lifecycle/outbox.server";
import { STEPS } from "~/features/lifecycle/steps";
import {
  stepTitle,
  runOutcomeToast,
  undeliveredEvents,
  workflowContests,
  type StepState,
} from "~/features/lifecycle/workflows.server";
import { formatDateTime } from "~/utils/dates";
import { inngestConfigured } from "~/utils/env.server";
import { redirectWithToast } from "~/utils/toast.server";
import { outboxDelivery } from "../../../inngest/dispatch";

export const meta: MetaFunction = () => [{ title: "Workflows · Inkwell" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const now = new Date();
  const [contests, events, runs, records] = await Promise.all([
    workflowContests(now),
    undeliveredEvents(),
    maintenanceRuns(),
    recentRetentionRecords(),
  ]);
  return {
    contests,
    events,
    runs: runs.map((r) => ({ ...r, label: JOB_LABEL[r.job as JobName] ?? r.job })),
    jobs: offeredJobs().map((job) => ({ job, label: JOB_LABEL[job] })),
    // A job this site does not run (the backup on PostgreSQL), and why.
    notOffered: JOBS.flatMap((job) => {
      const why = jobNotOffered(job);
      return why ? [{ job, label: JOB_LABEL[job], why }] : [];
    }),
    records,
    engine: inngestConfigured() ? "Inngest" : "the embedded scheduler",
  };
}

const actionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("run-step"),
    contestId: z.string().min(1),
    step: z.enum(STEPS),
    round: z.coerce.number().int().min(1).max(10).default(1),
  }),
  z.object({ intent: z.literal("retry-event"), eventId: z.string().min(1) }),
  z.object({ intent: z.literal("run-job"), job: z.enum(JOBS) }),
]);

function jobToast(label: string, outcome: MaintenanceOutcome) {
  switch (outcome.status) {
    case "done":
      return {
        type: "success" as const,
        title: `${label}: done`,
        description: outcome.result.note,
      };
    case "failed":
      return { type: "error" as const, title: `${label}: failed`, description: outcome.error };
    case "busy":
      return { type: "error" as const, title: `${label}: a run is already in progress` };
    case "unavailable":
      return {
        type: "error" as const,
        title: `${label}: not on this site`,
        description: outcome.reason,
      };
  }
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const submission = parseWithZod(await readForm(request), { schema: actionSchema });
  if (submission.status !== "success")
    return redirectWithToast("/admin/workflows", { type: "error", title: "Nothing to run" });
  const now = new Date();
  if (submission.value.intent === "run-step") {
    const { contestId, step, round } = submission.value;
    const outcome = await runStep(contestId, step, now, round);
    const label = await stepTitle(contestId, { step, round });
    return redirectWithToast("/admin/workflows", runOutcomeToast(label, outcome, step));
  }
  if (submission.value.intent === "run-job") {
    const { job } = submission.value;
    const outcome = await runMaintenanceJob(job, now);
    return redirectWithToast("/admin/workflows", jobToast(JOB_LABEL[job], outcome));
  }
  const outcome = await deliverEvent(submission.value.eventId, now, outboxDelivery());
  return redirectWithToast(
    "/admin/workflows",
    outcome === "delivered"
      ? { type: "success", title: "Event delivered" }
      : outcome === "busy"
        ? { type: "error", title: "The event is being delivered already, or was delivered" }
        : { type: "error", title: "Event delivery failed again" },
  );
}

const STATE: Record<StepState, { label: string; variant: BadgeVariant }> = {
  done: { label: "Done", variant: "success" },
  skipped: { label: "Skipped", variant: "secondary" },
  running: { label: "Running", variant: "default" },
  stalled: { label: "Stalled", variant: "destructive" },
  failed: { label: "Failed", variant: "destructive" },
  retrying: { label: "Retrying", variant: "destructive" },
  due: { label: "Due", variant: "outline" },
  scheduled: { label: "Scheduled", variant: "secondary" },
};

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
        contests.map((c) => (
          <section key={c.id} aria-label={c.title}>
            <Card>
              <CardHeader>
                <CardTitle>
                  <span>{c.title}</span>
                  {c.isPublished ? null : (
                    <Badge variant="secondary" className="ml-2">
                      Unpublished: paused
                    </Badge>
                  )}
                </CardTitle>
              </CardHeader>
              <CardContent>
                <DataTable
                  columns={[
                    "Step",
                    // One zone on the whole page, as the maintenance jobs (ADR 0045).
                    "Due (UTC)",
                    "Status",
                    "Attempts",
                    { label: "Actions", className: "py-2" },
                  ]}
                >
                  {c.steps.map((s) => (
                    <tr
                      key={`${s.step}-${s.round}`}
                      className="border-b border-slate-100 align-top"
                      data-step={s.step}
                    >
                      <td className="py-2 pr-4">{s.label}</td>
                      <td className="py-2 pr-4">{formatDateTime(s.dueAt, "UTC")}</td>
                      <td className="py-2 pr-4">
                        <Badge variant={STATE[s.state].variant}>{STATE[s.state].label}</Badge>
                        {s.finishedAt ? (
                          <span className="ml-2 text-sm text-slate-700">
                            {formatDateTime(s.finishedAt, "UTC")} UTC
                          </span>
                        ) : null}
                        {s.note ? <p className="mt-1 text-sm text-slate-700">{s.note}</p> : null}
                        {s.state === "stalled" ? (
                          <p className="mt-1 text-sm text-red-800">
                            The process running it stopped. It will be taken over on the next round,
                            or press Retry.
                          </p>
                        ) : null}
                        {s.lastError ? (
                          <p className="mt-1 text-sm text-red-800">Last error: {s.lastError}</p>
                        ) : null}
                        {s.state === "retrying" && s.nextAttemptAt ? (
                          <p className="text-sm text-slate-700">
                            Next attempt {formatDateTime(s.nextAttemptAt, "UTC")} UTC
                          </p>
                        ) : null}
                      </td>
                      <td className="py-2 pr-4">{s.attempts}</td>
                      <td className="py-2">
                        {s.action ? (
                          <Form method="post">
                            <input type="hidden" name="intent" value="run-step" />
                            <input type="hidden" name="contestId" value={c.id} />
                            <input type="hidden" name="step" value={s.step} />
                            <input type="hidden" name="round" value={s.round} />
                            <Button type="submit" size="sm" variant="secondary">
                              {s.action}
                              <span className="sr-only">: {s.label}</span>
                            </Button>
                          </Form>
                        ) : null}
                      </td>
                    </tr>
                  ))}
                </DataTable>
              </CardContent>
            </Card>
          </section>
        ))
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

      <MaintenanceSection runs={runs} jobs={jobs} notOffered={notOffered} records={records} />
    </div>
  );
}

const OUTCOME: Record<string, { label: string; variant: BadgeVariant }> = {
  done: { label: "Done", variant: "success" },
  failed: { label: "Failed", variant: "destructive" },
  running: { label: "Running", variant: "default" },
};

const RECORD_KIND: Record<string, string> = {
  "entry-content": "Story text and file removed",
  "account-warning": "Inactive child's account warned",
  account: "Inactive child's account removed",
};

type Data = ReturnType<typeof useLoaderData<typeof loader>>;

/** Site-wide jobs (docs/decisions/0037-backups-and-maintenance.md) and what retention removed (0038). */
function MaintenanceSection({
  runs,
  jobs,
  notOffered,
  records,
}: Pick<Data, "runs" | "jobs" | "notOffered" | "records">) {
  return (
    <section aria-labelledby="maintenance-heading" className="space-y-4">
      <h2 id="maintenance-heading" className="text-xl font-semibold">
        Maintenance
      </h2>
      <p className="text-slate-700">
        {jobs.some((j) => j.job === "backup") ? "Backups, the" : "The"} data retention policy and
        the removal of expired sessions and links run by themselves. Run one now:
      </p>
      <ul className="flex flex-wrap gap-2">
        {jobs.map(({ job, label }) => (
          <li key={job}>
            <Form method="post">
              <input type="hidden" name="intent" value="run-job" />
              <input type="hidden" name="job" value={job} />
              <Button type="submit" size="sm" variant="secondary">
                Run now<span className="sr-only">:</span> {label.toLowerCase()}
              </Button>
            </Form>
          </li>
        ))}
      </ul>
      {notOffered.map(({ job, label, why }) => (
        <p key={job} className="text-slate-700">
          {label}: {why}
        </p>
      ))}
      {runs.length === 0 ? (
        <EmptyState className="p-6">No maintenance job has run yet.</EmptyState>
      ) : (
        <DataTable columns={["Job", "Started (UTC)", "Finished (UTC)", "Outcome", "Count", "Note"]}>
          {runs.map((r) => {
            const outcome = OUTCOME[r.outcome ?? "running"] ?? OUTCOME.failed;
            return (
              <tr key={r.id} className="border-b border-slate-100 align-top" data-job={r.job}>
                <td className="py-2 pr-4">{r.label}</td>
                <td className="py-2 pr-4">{formatDateTime(r.startedAt, "UTC")}</td>
                <td className="py-2 pr-4">
                  {r.finishedAt ? formatDateTime(r.finishedAt, "UTC") : null}
                </td>
                <td className="py-2 pr-4">
                  <Badge variant={outcome.variant}>{outcome.label}</Badge>
                </td>
                <td className="py-2 pr-4">{r.count}</td>
                <td className="py-2">
                  {r.note ? <p className="text-sm text-slate-700">{r.note}</p> : null}
                  {r.error ? <p className="text-sm text-red-800">Error: {r.error}</p> : null}
                </td>
              </tr>
            );
          })}
        </DataTable>
      )}

      <h3 id="retention-heading" className="text-lg font-semibold">
        Removed by the data retention policy
      </h3>
      <p className="text-sm text-slate-700">
        The latest {records.length === 50 ? "50 " : ""}records, newest first. Only ids are kept,
        never names.
      </p>
      {records.length === 0 ? (
        <EmptyState className="p-6">The retention policy has not removed anything yet.</EmptyState>
      ) : (
        <DataTable columns={["When (UTC)", "What", "Which"]}>
          {records.map((r) => (
            <tr key={r.id} className="border-b border-slate-100 align-top" data-kind={r.kind}>
              <td className="py-2 pr-4">{formatDateTime(r.createdAt, "UTC")}</td>
              <td className="py-2 pr-4">{RECORD_KIND[r.kind ?? ""] ?? "Other"}</td>
              <td className="py-2 pr-4">
                {r.kind === "entry-content" ? (
                  <Link to={`/admin/submissions/${r.subjectId}`} className="underline">
                    Entry {r.subjectId}
                  </Link>
                ) : (
                  <span>Account {r.subjectId}</span>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}
