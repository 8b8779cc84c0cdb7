/**
 * One run per contest, started by contest/schedule.changed (publish, or a date change). It sleeps
 * until each step's date, re-reads the contest after each sleep, and runs the step through the
 * same services as the embedded scheduler: begin (guards + state change), one step per e-mail
 * recipient, finish. A newer schedule event for the contest, or unpublishing, cancels the run
 * (docs/decisions/0017-contest-lifecycle.md).
 */
import {
  beginStep,
  failStep,
  finishStep,
  renewStepLease,
  stepPlan,
} from "~/features/lifecycle/lifecycle.server";
import { sendLifecycleMail } from "~/features/lifecycle/mail.server";
import { STEPS } from "~/features/lifecycle/steps";
import { contestUnpublished, inngest, scheduleChanged } from "./client";

export const contestLifecycle = inngest.createFunction(
  {
    id: "contest-lifecycle",
    triggers: [scheduleChanged],
    retries: 10,
    cancelOn: [
      // A newer schedule event for the same contest replaces this run.
      {
        event: scheduleChanged,
        if: "async.data.contestId == event.data.contestId && async.ts > event.ts",
      },
      { event: contestUnpublished, match: "data.contestId" },
    ],
  },
  async ({ event, step }) => {
    const { contestId } = event.data;
    const done: string[] = [];
    for (const name of STEPS) {
      const plan = await step.run(`plan-${name}`, () => stepPlan(contestId, name));
      if (plan.status === "stop") return { contestId, done, stopped: plan.reason };
      if (plan.status === "done") continue;
      await step.sleepUntil(`sleep-${name}`, new Date(plan.dueAt));
      // After the sleep the contest is read again: the step's guards decide.
      const begun = await step.run(`begin-${name}`, () => beginStep(contestId, name, new Date()));
      if (begun.status === "started") {
        let sent = 0;
        for (const mail of begun.mails) {
          const outcome = await step.run(`email-${mail.key}`, async () => {
            // Each e-mail step is this run's heartbeat on the step's lease (docs/decisions/0022-lifecycle-follows-the-public.md).
            await renewStepLease(contestId, name, begun.holder, new Date());
            try {
              return await sendLifecycleMail(mail);
            } catch (error) {
              await failStep(contestId, name, error, new Date());
              throw error;
            }
          });
          if (outcome !== "nothing-to-send") sent++;
        }
        const result = { sent, skipped: begun.skipped, nothing: begun.nothing };
        await step.run(`finish-${name}`, () => finishStep(contestId, name, new Date(), result));
      }
      if (begun.status !== "started" && begun.status !== "done")
        return { contestId, done, stopped: begun.status };
      done.push(name);
    }
    return { contestId, done, stopped: null };
  },
);
