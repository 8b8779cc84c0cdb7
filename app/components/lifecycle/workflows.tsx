/**
 * The Workflows page's parts (docs/decisions/0018-embedded-scheduler.md): a contest's lifecycle
 * steps and the site's maintenance jobs, in one time zone given by the page: UTC on the
 * site-wide /admin/workflows, the contest's own on its workspace's Schedule
 * (docs/decisions/0050-contest-workspace.md).
 */
import { Form, Link } from "@remix-run/react";
import { Badge, type BadgeVariant } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { DataTable, EmptyState } from "~/components/ui/data-table";
import type { StepState } from "~/features/lifecycle/workflows.server";
import { formatDateTime } from "~/utils/dates";

/** Dates arrive as Date (single fetch) or text: the formatter takes both. */
type Jsonify<T> = {
  [K in keyof T]: T[K] extends Date
    ? Date | string
    : T[K] extends Date | null
      ? Date | string | null
      : T[K];
};

export type WorkflowStep = Jsonify<{
  step: string;
  round: number;
  label: string;
  state: StepState;
  dueAt: Date;
  finishedAt: Date | null;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: Date | null;
  note: string | null;
  action: "Run now" | "Retry" | null;
}>;

export type MaintenanceData = {
  runs: Jsonify<{
    id: string;
    job: string;
    label: string;
    startedAt: Date;
    finishedAt: Date | null;
    outcome: string | null;
    count: number | null;
    note: string | null;
    error: string | null;
  }>[];
  jobs: { job: string; label: string }[];
  notOffered: { job: string; label: string; why: string }[];
  records: Jsonify<{ id: string; kind: string | null; subjectId: string; createdAt: Date }>[];
};

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

/** One contest's steps, due dates in `zone`; Run now / Retry post to the page. */
export function ContestSteps({
  c,
  zone,
}: {
  c: { id: string; title: string; isPublished: boolean; steps: WorkflowStep[] };
  zone: string;
}) {
  return (
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
              zone === "UTC" ? "Due (UTC)" : "Due",
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
                <td className="py-2 pr-4">{formatDateTime(s.dueAt, zone)}</td>
                <td className="py-2 pr-4">
                  <Badge variant={STATE[s.state].variant}>{STATE[s.state].label}</Badge>
                  {s.finishedAt ? (
                    <span className="ml-2 text-sm text-slate-700">
                      {formatDateTime(s.finishedAt, zone)}
                    </span>
                  ) : null}
                  {s.note ? <p className="mt-1 text-sm text-slate-700">{s.note}</p> : null}
                  {s.state === "stalled" ? (
                    <p className="mt-1 text-sm text-red-800">
                      The process running it stopped. It will be taken over on the next round, or
                      press Retry.
                    </p>
                  ) : null}
                  {s.lastError ? (
                    <p className="mt-1 text-sm text-red-800">Last error: {s.lastError}</p>
                  ) : null}
                  {s.state === "retrying" && s.nextAttemptAt ? (
                    <p className="text-sm text-slate-700">
                      Next attempt {formatDateTime(s.nextAttemptAt, zone)}
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

/** Site-wide jobs (docs/decisions/0037-backups-and-maintenance.md) and what retention removed (0038). */
export function MaintenanceSection({
  runs,
  jobs,
  notOffered,
  records,
  zone,
}: MaintenanceData & { zone: string }) {
  const when = (label: string) => (zone === "UTC" ? `${label} (UTC)` : label);
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
        <DataTable columns={["Job", when("Started"), when("Finished"), "Outcome", "Count", "Note"]}>
          {runs.map((r) => {
            const outcome = OUTCOME[r.outcome ?? "running"] ?? OUTCOME.failed;
            return (
              <tr key={r.id} className="border-b border-slate-100 align-top" data-job={r.job}>
                <td className="py-2 pr-4">{r.label}</td>
                <td className="py-2 pr-4">{formatDateTime(r.startedAt, zone)}</td>
                <td className="py-2 pr-4">
                  {r.finishedAt ? formatDateTime(r.finishedAt, zone) : null}
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
        <DataTable columns={[when("When"), "What", "Which"]}>
          {records.map((r) => (
            <tr key={r.id} className="border-b border-slate-100 align-top" data-kind={r.kind}>
              <td className="py-2 pr-4">{formatDateTime(r.createdAt, zone)}</td>
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
