/**
 * The Workflows page's posts (run a step, retry an event, run a maintenance job), shared by the
 * site-wide /admin/workflows and a contest workspace's Schedule, each answering on its own page
 * (docs/decisions/0050-contest-workspace.md). Not a route: vite.config.ts ignores `*.server` here.
 */
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { requireAdmin } from "~/features/accounts/auth.server";
import { runStep } from "~/features/lifecycle/lifecycle.server";
import { deliverEvent } from "~/features/lifecycle/outbox.server";
import { STEPS } from "~/features/lifecycle/steps";
import { runOutcomeToast, stepTitle } from "~/features/lifecycle/workflows.server";
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
import { readForm } from "~/utils/form-body.server";
import { redirectWithToast } from "~/utils/toast.server";
import { outboxDelivery } from "../../../inngest/dispatch";

/** The maintenance section's data. */
export async function maintenanceData() {
  const [runs, records] = await Promise.all([maintenanceRuns(), recentRetentionRecords()]);
  return {
    runs: runs.map((r) => ({ ...r, label: JOB_LABEL[r.job as JobName] ?? r.job })),
    jobs: offeredJobs().map((job) => ({ job, label: JOB_LABEL[job] })),
    // A job this site does not run (the backup on PostgreSQL), and why.
    notOffered: JOBS.flatMap((job) => {
      const why = jobNotOffered(job);
      return why ? [{ job, label: JOB_LABEL[job], why }] : [];
    }),
    records,
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

/** A post of the page at `back`; with `contestId` (the workspace's) a step is of that contest. */
export async function workflowsAction(request: Request, back: string, contestId?: string) {
  await requireAdmin(request);
  const form = await readForm(request);
  if (contestId && form.get("intent") === "run-step") form.set("contestId", contestId);
  const submission = parseWithZod(form, { schema: actionSchema });
  if (submission.status !== "success")
    return redirectWithToast(back, { type: "error", title: "Nothing to run" });
  const now = new Date();
  if (submission.value.intent === "run-step") {
    const { contestId, step, round } = submission.value;
    const outcome = await runStep(contestId, step, now, round);
    const label = await stepTitle(contestId, { step, round });
    return redirectWithToast(back, runOutcomeToast(label, outcome, step));
  }
  if (submission.value.intent === "run-job") {
    const { job } = submission.value;
    const outcome = await runMaintenanceJob(job, now);
    return redirectWithToast(back, jobToast(JOB_LABEL[job], outcome));
  }
  const outcome = await deliverEvent(submission.value.eventId, now, outboxDelivery());
  return redirectWithToast(
    back,
    outcome === "delivered"
      ? { type: "success", title: "Event delivered" }
      : outcome === "busy"
        ? { type: "error", title: "The event is being delivered already, or was delivered" }
        : { type: "error", title: "Event delivery failed again" },
  );
}
