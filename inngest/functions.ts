/** Every Inngest function the site serves at /api/inngest. */
import { contestLifecycle } from "./contest-lifecycle";
import { contestMessage } from "./contest-message";
import { contestCopies, copyDisqualifiedNotice, entryCopies } from "./copies";
import { entrySubmittedConfirmation } from "./entry-submitted";
import { finalizeEntryPayment, refundNotice } from "./payments";
import { reconcileLifecycle } from "./reconcile";

export { inngest } from "./client";
export const functions = [
  contestLifecycle,
  contestMessage,
  contestCopies,
  copyDisqualifiedNotice,
  entryCopies,
  entrySubmittedConfirmation,
  finalizeEntryPayment,
  refundNotice,
  reconcileLifecycle,
];
