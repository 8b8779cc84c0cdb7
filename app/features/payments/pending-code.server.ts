/**
 * A code for an entry already waiting for payment (docs/decisions/0031-classrooms-and-shared-
 * computers.md): a pupil who entered before they had the classroom code, or whose classroom link
 * lost it, types it at "Complete payment". The entry is priced again with the code in one
 * transaction (the old code's use given back, the new one taken); its open checkout, made for the
 * old amount, is expired first so it can no longer be paid. A code that waives the whole fee
 * submits the entry at once.
 */
import { isSubmissionWindowOpen } from "~/features/contests/phase";
import { publicContest } from "~/features/contests/public-contest";
import { contestSelect } from "~/features/contests/public-contests.server";
import { prisma, withBusyRetry } from "~/utils/db.server";
import { DomainError } from "~/utils/domain-error";
import { enqueueEvent } from "~/utils/outbox.server";
import { finalizeCheckout, PAYMENT_MESSAGES } from "./checkout.server";
import { giveCodeUseBack, takeCodeUse } from "./discount-codes.server";
import { paymentProvider } from "./provider.server";

const ALREADY_PAID = "This entry has just been paid, so a code can no longer change its fee.";

/**
 * Prices `entrantId`'s pending entry with `typed`. Returns the entry's status afterwards
 * ("submitted" when the code waived the fee). Throws a DomainError (CodeRefused for a code that
 * does not apply) and changes nothing when it cannot.
 */
export async function applyCodeToPendingEntry(
  entrantId: string,
  submissionId: string,
  typed: string,
  now = new Date(),
): Promise<"submitted" | "pending_payment"> {
  const row = await prisma.submission.findFirst({
    where: { id: submissionId, entrantId },
    select: {
      status: true,
      contest: { select: contestSelect },
      payment: { select: { id: true, status: true, checkoutSessionId: true, groupId: true } },
    },
  });
  if (!row) throw new DomainError(PAYMENT_MESSAGES.notFound);
  const payment = row.payment;
  if (row.status !== "pending_payment" || payment?.status !== "open" || payment.groupId)
    throw new DomainError(PAYMENT_MESSAGES.notPending);
  const contest = publicContest(row.contest);
  if (!isSubmissionWindowOpen(contest, now)) throw new DomainError(PAYMENT_MESSAGES.closed);

  // The checkout made for the old amount must not be paid any more.
  if (payment.checkoutSessionId) {
    const provider = paymentProvider();
    const current = await provider.getCheckout(payment.checkoutSessionId);
    if (current?.paid) {
      await finalizeCheckout(current.id);
      throw new DomainError(ALREADY_PAID);
    }
    if (current?.status === "open") await provider.expireCheckout(current.id);
  }

  return withBusyRetry(() =>
    prisma.$transaction(async (tx) => {
      const held = await tx.payment.findUniqueOrThrow({
        where: { id: payment.id },
        select: { status: true, discountCodeId: true, groupId: true },
      });
      // Checked again at the write: a class payment may have taken the entry meanwhile.
      if (held.status !== "open" || held.groupId)
        throw new DomainError(PAYMENT_MESSAGES.notPending);
      await giveCodeUseBack(tx, held.discountCodeId);
      const q = await takeCodeUse(
        tx,
        { id: contest.id, entryFeeCents: contest.entryFeeCents },
        typed,
        now,
      );
      const waived = q.amountCents === 0;
      await tx.payment.update({
        where: { id: payment.id },
        data: {
          feeCents: q.feeCents,
          discountCents: q.discountCents,
          amountCents: q.amountCents,
          discountCodeId: q.codeId,
          status: waived ? "waived" : "open",
          checkoutSessionId: null,
        },
      });
      if (!waived) return "pending_payment" as const;
      await tx.submission.update({ where: { id: submissionId }, data: { status: "submitted" } });
      await enqueueEvent(tx, "entry/submitted", { submissionId }, now);
      return "submitted" as const;
    }),
  );
}
