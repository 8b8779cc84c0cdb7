/**
 * Payment workflows (docs/decisions/0020-payments.md): the webhook's outbox event confirms the
 * payment (finalize is idempotent, so a retry or a race with the dashboard return does nothing
 * new), and a refund tells the entrant once.
 */
import { finalizePaidSession, tellRefund } from "~/features/lifecycle/payment-mail.server";
import { checkoutCompleted, inngest, paymentRefunded } from "./client";

export const finalizeEntryPayment = inngest.createFunction(
  { id: "finalize-entry-payment", triggers: [checkoutCompleted], retries: 10 },
  async ({ event, step }) => {
    const outcome = await step.run("finalize", () => finalizePaidSession(event.data.sessionId));
    return { sessionId: event.data.sessionId, outcome };
  },
);

export const refundNotice = inngest.createFunction(
  { id: "entry-refund-notice", triggers: [paymentRefunded], retries: 10 },
  async ({ event, step }) => {
    const outcome = await step.run("send-refund-notice", () => tellRefund(event.data.submissionId));
    return { submissionId: event.data.submissionId, outcome };
  },
);
