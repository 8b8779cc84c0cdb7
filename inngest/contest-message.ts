/**
 * A contest message to its entrants or judges (docs/decisions/0033-judging-panel.md): one e-mail
 * per recipient, each under its own key, so Inngest's retries never send one twice.
 */
import { sendContestMessage } from "~/features/lifecycle/contest-message.server";
import { contestMessageSend, inngest } from "./client";

export const contestMessage = inngest.createFunction(
  { id: "contest-message-send", triggers: [contestMessageSend], retries: 10 },
  async ({ event, step }) => {
    const outcome = await step.run("send-message", () => sendContestMessage(event.data.messageId));
    return { messageId: event.data.messageId, outcome };
  },
);
