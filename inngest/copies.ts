/**
 * Copy detection's workflows (docs/decisions/0054-copied-entries.md): a received entry is checked
 * against the indexed entries, a whole contest on the admin's demand, and a writer whose entry was
 * disqualified as a copy is told once. Each step is idempotent, so Inngest's retries are safe.
 */
import { checkContest, checkEntry } from "~/features/originality/copies.server";
import { tellCopyDisqualified } from "~/features/lifecycle/originality-mail.server";
import { contestCopiesCheck, entryCopiesCheck, entryCopyDisqualified, inngest } from "./client";

export const entryCopies = inngest.createFunction(
  { id: "entry-copies-check", triggers: [entryCopiesCheck], retries: 5 },
  async ({ event, step }) => {
    const outcome = await step.run("check-entry", () => checkEntry(event.data.submissionId));
    return { submissionId: event.data.submissionId, outcome };
  },
);

export const contestCopies = inngest.createFunction(
  { id: "contest-copies-check", triggers: [contestCopiesCheck], retries: 3 },
  async ({ event, step }) => {
    const outcome = await step.run("check-contest", () => checkContest(event.data.contestId));
    return { contestId: event.data.contestId, outcome };
  },
);

export const copyDisqualifiedNotice = inngest.createFunction(
  { id: "entry-copy-disqualified-notice", triggers: [entryCopyDisqualified], retries: 10 },
  async ({ event, step }) => {
    const outcome = await step.run("tell-writer", () =>
      tellCopyDisqualified(event.data.submissionId),
    );
    return { submissionId: event.data.submissionId, outcome };
  },
);
