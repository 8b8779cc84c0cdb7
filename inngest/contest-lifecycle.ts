/**
 * One run per contest, started by contest/schedule.changed (publish, or a date change). It sleeps
 * until each step's date, re-reads the contest after each sleep, and runs the step through the
 * same services as the embedded scheduler: begin (guards + state change), one step per e-mail
 * recipient, finish. A newer schedule event for the contest, or unpublishing, cancels the run
 * (docs/decisions/0017-contest-lifecycle.md).
 */
import {
  beginStep,
  contestSteps,
  failStep,
  finishStep,
  renewStepLease,
  stepPlan,
} from "~/features/lifecycle/lifecycle.server";
import { sendLifecycleMail } from "~/features/lifecycle/mail.server";
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
    // The contest's steps in order, round after round (docs/decisions/0032-divisions-and-rounds.md);
    // a contest of one round has today's five steps and step ids.
    const order = await step.run("plan-steps", () => contestSteps(contestId));
    for (const { step: name, round } of order) {
      const id = round > 1 ? `${name}-${round}` : name;
      const plan = await step.run(`plan-${id}`, () => stepPlan(contestId, name, round));
      if (plan.status === "stop") return { contestId, done, stopped: plan.reason };
      if (plan.status === "done") continue;
      await step.sleepUntil(`sleep-${id}`, new Date(plan.dueAt));
      // After the sleep the contest is read again: the step's guards decide.
      const begun = await step.run(`begin-${id}`, () =>
        beginStep(contestId, name, new Date(), undefined, round),
      );
      if (begun.status === "started") {
        let sent = 0;
        for (const mail of begun.mails) {
          const outcome = await step.run(`email-${mail.key}`, async () => {
            // Each e-mail step is this run's heartbeat on the step's lease (docs/decisions/0022-lifecycle-follows-the-public.md).
            await renewStepLease(contestId, name, begun.holder, new Date(), round);
            try {
              return await sendLifecycleMail(mail);
            } catch (error) {
              await failStep(contestId, name, error, new Date(), round);
              throw error;
            }
          });
          if (outcome !== "nothing-to-send") sent++;
        }
        const result = { sent, skipped: begun.skipped, nothing: begun.nothing };
        await step.run(`finish-${id}`, () =>
          finishStep(contestId, name, new Date(), result, round),
        );
      }
      if (begun.status !== "started" && begun.status !== "done")
        return { contestId, done, stopped: begun.status };
      done.push(id);
    }
    return { contestId, done, stopped: null };
  },
);
