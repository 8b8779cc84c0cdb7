/** Every Inngest function the site serves at /api/inngest. */
import { contestLifecycle } from "./contest-lifecycle";
import { entrySubmittedConfirmation } from "./entry-submitted";
import { finalizeEntryPayment, refundNotice } from "./payments";
import { reconcileLifecycle } from "./reconcile";

export { inngest } from "./client";
export const functions = [
  contestLifecycle,
  entrySubmittedConfirmation,
  finalizeEntryPayment,
  refundNotice,
  reconcileLifecycle,
];
