import { readForm } from "~/utils/form-body.server";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { Badge, type BadgeVariant } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { DataTable, EmptyState } from "~/components/ui/data-table";
import { requireAdmin } from "~/features/accounts/auth.server";
import { runStep } from "~/features/lifecycle/lifecycle.server";
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
import { outboxDelivery } from "../../inngest/dispatch";

export const meta: MetaFunction = () => [{ title: "Workflows · Inkwell" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const now = new Date();
  const [contests, events] = await Promise.all([workflowContests(now), undeliveredEvents()]);
  return { contests, events, engine: inngestConfigured() ? "Inngest" : "the embedded scheduler" };
}

const actionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("run-step"),
    contestId: z.string().min(1),
    step: z.enum(STEPS),
    round: z.coerce.number().int().min(1).max(10).default(1),
  }),
  z.object({ intent: z.literal("retry-event"), eventId: z.string().min(1) }),
]);

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
    return redirectWithToast("/admin/workflows", runOutcomeToast(label, outcome));
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
  const { contests, events, engine } = useLoaderData<typeof loader>();
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
                    "Due",
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
                      <td className="py-2 pr-4">{formatDateTime(s.dueAt, c.timeZone)}</td>
                      <td className="py-2 pr-4">
                        <Badge variant={STATE[s.state].variant}>{STATE[s.state].label}</Badge>
                        {s.finishedAt ? (
                          <span className="ml-2 text-sm text-slate-700">
                            {formatDateTime(s.finishedAt, c.timeZone)}
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
                            Next attempt {formatDateTime(s.nextAttemptAt, c.timeZone)}
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
    </div>
  );
}
