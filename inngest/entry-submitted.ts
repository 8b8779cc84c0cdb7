/**
 * The confirmation e-mail of a new entry, moved out of the request that creates it: the entry's
 * transaction writes entry/submitted to the outbox (docs/decisions/0017-contest-lifecycle.md).
 * Sent at most once, so Inngest's retries never resend it.
 */
import { confirmEntry } from "~/features/lifecycle/lifecycle.server";
import { entrySubmitted, inngest } from "./client";

export const entrySubmittedConfirmation = inngest.createFunction(
  { id: "entry-submitted-confirmation", triggers: [entrySubmitted], retries: 10 },
  async ({ event, step }) => {
    const outcome = await step.run("send-confirmation", () =>
      confirmEntry(event.data.submissionId),
    );
    return { submissionId: event.data.submissionId, outcome };
  },
);
