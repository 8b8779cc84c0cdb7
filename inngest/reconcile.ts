/**
 * The safety net: every 10 minutes, any due step that was missed (a run cancelled, failed after
 * its retries, or an event lost before Inngest saw it) runs through the same services, one step
 * each (docs/decisions/0017-contest-lifecycle.md).
 */
import { dueSteps, runStep } from "~/features/lifecycle/lifecycle.server";
import { inngest } from "./client";

export const RECONCILE_CRON = "*/10 * * * *";

export const reconcileLifecycle = inngest.createFunction(
  { id: "lifecycle-reconcile", triggers: [{ cron: RECONCILE_CRON }], retries: 3 },
  async ({ step }) => {
    const due = await step.run("find-due-steps", () => dueSteps(new Date()));
    const outcomes = [];
    for (const { contestId, step: name, round } of due) {
      const id = round > 1 ? `run-${contestId}-${name}-${round}` : `run-${contestId}-${name}`;
      outcomes.push(await step.run(id, () => runStep(contestId, name, new Date(), round)));
    }
    return { ran: outcomes.length, outcomes };
  },
);
