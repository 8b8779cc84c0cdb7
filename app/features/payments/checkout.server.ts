/**
 * Paying an entry fee (docs/decisions/0020-payments.md). An entry to a contest with a fee is
 * written 'pending_payment' with its Payment row ('open', or 'waived' when a code brings the fee
 * to zero). The entrant is sent to a Checkout Session; the payment is then confirmed exactly once,
 * by the Stripe webhook (through the outbox) or by the return to the dashboard, whichever comes
 * first: both call finalizeCheckout, which asks the provider for the session's state and moves
 * the rows with conditional updates, so the second caller changes nothing.
 */
import { releaseUnscoredAssignments } from "~/features/assignment/release.server";
import { isSubmissionWindowOpen } from "~/features/contests/phase";
import { publicContest } from "~/features/contests/public-contest";
import { contestSelect } from "~/features/contests/public-contests.server";
import { enqueueEvent } from "~/utils/outbox.server";
import { prisma, type Prisma } from "~/utils/db.server";
import { withBusyRetry } from "~/utils/db-busy.server";
import { DomainError } from "~/utils/domain-error";
import { formatDollars } from "~/utils/dates";
import { giveCodeUseBack, takeCodeUse } from "./discount-codes.server";
import { paymentProvider } from "./provider.server";
import { finalizeGroupSession, openGroupsOf, releaseGroup } from "./group-settlement.server";
import { voidInvoiceLine } from "./invoices.server";

type Tx = Prisma.TransactionClient;

export const PAYMENT_MESSAGES = {
  notPending: "This entry is not waiting for payment.",
  closed: "Submissions are closed for this contest, so this entry can no longer be paid.",
  startFailed:
    "Your entry is saved, but the payment page could not be opened. Please try “Complete payment” again in a moment.",
  notFound: "Entry not found.",
  notRefundable: "Only a paid entry can be refunded.",
  refundFailed: "The refund could not be made. Nothing was changed; please try again.",
} as const;

/**
 * Prices a new entry and writes its Payment row, inside the entry's transaction. Returns the
 * entry's status: 'submitted' when the contest is free or a code waives the whole fee.
 */
export async function priceNewEntry(
  tx: Tx,
  entry: { submissionId: string; contest: { id: string; entryFeeCents: number } },
  typedCode: string | null,
  now: Date,
) {
  if (entry.contest.entryFeeCents <= 0) {
    if (typedCode) await takeCodeUse(tx, entry.contest, typedCode, now); // refuses: free contest
    return { status: "submitted" as const, amountCents: 0 };
  }
  const q = await takeCodeUse(tx, entry.contest, typedCode, now);
  const waived = q.amountCents === 0;
  await tx.payment.create({
    data: {
      submissionId: entry.submissionId,
      contestId: entry.contest.id,
      feeCents: q.feeCents,
      discountCents: q.discountCents,
      amountCents: q.amountCents,
      discountCodeId: q.codeId,
      status: waived ? "waived" : "open",
    },
  });
  return {
    status: waived ? ("submitted" as const) : ("pending_payment" as const),
    amountCents: q.amountCents,
  };
}

function returnUrls(origin: string, submissionId: string) {
  return {
    successUrl: new URL(
      `/dashboard?payment=success&submission=${encodeURIComponent(submissionId)}`,
      origin,
    ).toString(),
    cancelUrl: new URL(
      `/dashboard/submissions/${encodeURIComponent(submissionId)}?payment=cancelled`,
      origin,
    ).toString(),
  };
}

export type CheckoutStart = { kind: "redirect"; url: string } | { kind: "paid" };

/**
 * Sends the entrant to pay (a new entry, or "Complete payment" later): reuses the entry's open
 * session, else creates one with an idempotency key naming the entry, the amount and the attempt.
 * Throws DomainError when the entry cannot be paid now.
 */
export async function startCheckout(
  entrantId: string,
  submissionId: string,
  origin: string,
  now = new Date(),
): Promise<CheckoutStart> {
  const row = await prisma.submission.findFirst({
    where: { id: submissionId, entrantId },
    select: {
      id: true,
      title: true,
      status: true,
      entrant: { select: { email: true } },
      contest: { select: contestSelect },
      payment: {
        select: {
          id: true,
          status: true,
          amountCents: true,
          checkoutSessionId: true,
          checkoutAttempts: true,
          groupId: true,
        },
      },
    },
  });
  if (!row) throw new DomainError(PAYMENT_MESSAGES.notFound);
  const payment = row.payment;
  // An entry in a class payment's open checkout is paid there, not on its own.
  if (row.status !== "pending_payment" || !payment || payment.status !== "open" || payment.groupId)
    throw new DomainError(PAYMENT_MESSAGES.notPending);
  if (!isSubmissionWindowOpen(publicContest(row.contest), now))
    throw new DomainError(PAYMENT_MESSAGES.closed);

  const provider = paymentProvider();
  if (payment.checkoutSessionId) {
    const current = await provider.getCheckout(payment.checkoutSessionId);
    if (current?.paid) {
      await finalizeCheckout(current.id);
      return { kind: "paid" };
    }
    if (current?.status === "open" && current.url) return { kind: "redirect", url: current.url };
  }
  const attempt = payment.checkoutAttempts + 1;
  const session = await provider.createCheckout({
    submissionId: row.id,
    amountCents: payment.amountCents,
    description: `Entry fee: ${row.contest.title} (“${row.title}”)`,
    customerEmail: row.entrant.email,
    idempotencyKey: `checkout:${row.id}:${payment.amountCents}:${attempt}`,
    origin,
    ...returnUrls(origin, row.id),
  });
  // Two clicks at once share the attempt number, so the same key and the same session. The write
  // waits while another process writes (ADR 0021): the checkout is already made, and a refusal
  // here would send the entrant back without it.
  await withBusyRetry(() =>
    prisma.payment.updateMany({
      where: { id: payment.id, status: "open" },
      data: { checkoutSessionId: session.id, checkoutAttempts: attempt },
    }),
  );
  if (!session.url) throw new Error(`checkout session ${session.id} has no url`);
  return { kind: "redirect", url: session.url };
}

export type FinalizeOutcome =
  | "confirmed" // this call confirmed the entry
  | "already-confirmed"
  | "unpaid"
  | "unknown-session"
  | "refunded-late"; // paid after the entry expired or was withdrawn: the money went back

/**
 * Confirms a paid session's entry, once. The provider is asked for the session's state (never a
 * query string). Safe to call any number of times, from anywhere, at the same moment.
 */
export async function finalizeCheckout(sessionId: string): Promise<FinalizeOutcome> {
  const provider = paymentProvider();
  const session = await provider.getCheckout(sessionId);
  if (!session) return "unknown-session";
  if (!session.paid) return "unpaid";
  // A class payment: every entry of the group at once (docs/decisions/0031-classrooms-and-shared-computers.md).
  if (session.groupId) return finalizeGroupSession(session);
  const payment = await prisma.payment.findFirst({
    where: session.submissionId
      ? { OR: [{ checkoutSessionId: sessionId }, { submissionId: session.submissionId }] }
      : { checkoutSessionId: sessionId },
    select: { id: true, submissionId: true, status: true, amountCents: true, discountCodeId: true },
  });
  if (!payment) return "unknown-session";
  if (session.amountTotal != null && session.amountTotal !== payment.amountCents)
    console.error(
      `checkout ${sessionId} total ${session.amountTotal} differs from the entry's ${payment.amountCents}`,
    );
  const now = new Date();
  const outcome = await prisma.$transaction(async (tx) => {
    const paid = await tx.payment.updateMany({
      where: { id: payment.id, status: "open" },
      data: {
        status: "paid",
        paidAt: now,
        paymentIntentId: session.paymentIntentId,
        checkoutSessionId: sessionId,
      },
    });
    if (paid.count === 1) {
      const confirmed = await tx.submission.updateMany({
        where: { id: payment.submissionId, status: "pending_payment" },
        data: { status: "submitted" },
      });
      if (confirmed.count === 1) {
        await enqueueEvent(tx, "entry/submitted", { submissionId: payment.submissionId }, now);
        return "confirmed" as const;
      }
      return "late" as const;
    }
    const current = await tx.payment.findUniqueOrThrow({
      where: { id: payment.id },
      select: { status: true, paymentIntentId: true },
    });
    if (current.status === "void" && !current.paymentIntentId) {
      await tx.payment.update({
        where: { id: payment.id },
        data: {
          paymentIntentId: session.paymentIntentId,
          paidAt: now,
          checkoutSessionId: sessionId,
        },
      });
      return "late" as const;
    }
    return "already-confirmed" as const;
  });
  if (outcome !== "late") return outcome;
  // The entry expired or was withdrawn while its session was open, and the entrant paid anyway.
  await refundLatePayment(payment.id, session.paymentIntentId);
  return "refunded-late";
}

async function refundLatePayment(paymentId: string, paymentIntentId: string | null) {
  if (!paymentIntentId) return;
  const refund = await paymentProvider().refund({
    paymentIntentId,
    idempotencyKey: `refund:${paymentId}`,
  });
  await prisma.$transaction(async (tx) => {
    const row = await tx.payment.findUniqueOrThrow({
      where: { id: paymentId },
      select: { status: true, discountCodeId: true },
    });
    await tx.payment.update({
      where: { id: paymentId },
      data: { status: "refunded", refundId: refund.id, refundedAt: new Date() },
    });
    // A use still held (it was 'paid' a moment ago) goes back; a void one gave it back already.
    if (row.status === "paid") await giveCodeUseBack(tx, row.discountCodeId);
  });
}

export type ReturnOutcome =
  | { kind: "none" }
  | { kind: "confirmed"; submissionId: string; newlyConfirmed: boolean }
  | { kind: "processing" }
  | { kind: "refunded-late" };

/**
 * The return to /dashboard?payment=success&submission=…: finalizes through the same service as
 * the webhook, for the signed-in entrant's own entry only.
 */
export async function finalizeReturn(
  entrantId: string,
  submissionId: string,
): Promise<ReturnOutcome> {
  const row = await prisma.submission.findFirst({
    where: { id: submissionId, entrantId },
    select: { status: true, payment: { select: { status: true, checkoutSessionId: true } } },
  });
  if (!row?.payment) return { kind: "none" };
  if (row.status === "submitted" && ["paid", "waived"].includes(row.payment.status))
    return { kind: "confirmed", submissionId, newlyConfirmed: false };
  if (!row.payment.checkoutSessionId) return { kind: "none" };
  const outcome = await finalizeCheckout(row.payment.checkoutSessionId);
  if (outcome === "confirmed" || outcome === "already-confirmed")
    return { kind: "confirmed", submissionId, newlyConfirmed: outcome === "confirmed" };
  if (outcome === "refunded-late") return { kind: "refunded-late" };
  return { kind: outcome === "unpaid" ? "processing" : "none" };
}

/**
 * An unpaid entry leaves the race (expired at the close, or withdrawn): its payment is void, its
 * code use given back, and its open session expired so it can no longer be paid.
 */
export async function voidUnpaid(tx: Tx, submissionIds: string[]) {
  if (submissionIds.length === 0) return [];
  // An entry in an open class checkout: that checkout can no longer be paid as it is, so the
  // group is released (the others go back to be chosen again) and its session expired.
  const groupSessions: string[] = [];
  for (const groupId of await openGroupsOf(tx, submissionIds)) {
    const session = await releaseGroup(tx, groupId);
    if (session) groupSessions.push(session);
  }
  const open = await tx.payment.findMany({
    where: { submissionId: { in: submissionIds }, status: "open" },
    select: { id: true, discountCodeId: true, checkoutSessionId: true },
  });
  for (const p of open) {
    const { count } = await tx.payment.updateMany({
      where: { id: p.id, status: "open" },
      data: { status: "void" },
    });
    if (count === 1) await giveCodeUseBack(tx, p.discountCodeId);
  }
  return [
    ...groupSessions,
    ...open.flatMap((p) => (p.checkoutSessionId ? [p.checkoutSessionId] : [])),
  ];
}

/**
 * Entries about to be deleted with their account: open payments are voided (code use back) and
 * a waived entry's code use goes back too. Returns the open sessions to expire.
 */
export async function releaseDeletedEntries(tx: Tx, submissionIds: string[]) {
  if (submissionIds.length === 0) return [];
  const waived = await tx.payment.findMany({
    where: { submissionId: { in: submissionIds }, status: "waived" },
    select: { discountCodeId: true },
  });
  for (const w of waived) await giveCodeUseBack(tx, w.discountCodeId);
  return voidUnpaid(tx, submissionIds);
}

/** Expires sessions after their entries were voided (outside the transaction; failures only logged). */
export async function expireSessions(sessionIds: string[]) {
  if (sessionIds.length === 0) return;
  let provider;
  try {
    provider = paymentProvider();
  } catch {
    return; // payments are off now; nothing can pay these sessions here
  }
  for (const id of sessionIds) {
    await provider.expireCheckout(id).catch((error) => {
      console.error(`could not expire checkout ${id}`, error);
    });
  }
}

/**
 * An admin refunds a paid entry: Stripe first (with a key naming the payment, so a retry never
 * refunds twice), then the entry is withdrawn, its unscored assignments removed, its code use
 * given back and the entrant told (an outbox event of the same transaction).
 */
export async function refundEntry(submissionId: string, now = new Date()) {
  const payment = await prisma.payment.findUnique({
    where: { submissionId },
    select: {
      id: true,
      status: true,
      paymentIntentId: true,
      amountCents: true,
      groupId: true,
    },
  });
  // An entry on an open invoice: its line is voided (nothing was paid), and it leaves the race.
  if (payment?.status === "invoiced") {
    await prisma.$transaction(async (tx) => {
      if (!(await voidInvoiceLine(tx, payment.id))) return;
      await tx.submission.updateMany({
        where: { id: submissionId, status: { in: ["submitted", "disqualified"] } },
        data: { status: "withdrawn" },
      });
      await releaseUnscoredAssignments(tx, { submissionIds: [submissionId] });
    });
    return { amount: formatDollars(payment.amountCents), invoiceLine: true as const };
  }
  if (!payment || payment.status !== "paid" || !payment.paymentIntentId)
    throw new DomainError(PAYMENT_MESSAGES.notRefundable);
  let refundId: string;
  try {
    ({ id: refundId } = await paymentProvider().refund({
      paymentIntentId: payment.paymentIntentId,
      idempotencyKey: `refund:${payment.id}`,
      // One entry of a class payment: only its line (ADR 0031).
      ...(payment.groupId ? { amountCents: payment.amountCents, submissionId } : {}),
    }));
  } catch (error) {
    if (error instanceof DomainError) throw error;
    console.error(`refund of ${payment.id} failed`, error);
    throw new DomainError(PAYMENT_MESSAGES.refundFailed);
  }
  await prisma.$transaction(async (tx) => {
    const { count } = await tx.payment.updateMany({
      where: { id: payment.id, status: "paid" },
      data: { status: "refunded", refundId, refundedAt: now },
    });
    if (count !== 1) return;
    const row = await tx.payment.findUniqueOrThrow({
      where: { id: payment.id },
      select: { discountCodeId: true },
    });
    await giveCodeUseBack(tx, row.discountCodeId);
    await tx.submission.updateMany({
      where: { id: submissionId, status: { in: ["submitted", "disqualified"] } },
      data: { status: "withdrawn" },
    });
    await releaseUnscoredAssignments(tx, { submissionIds: [submissionId] });
    await enqueueEvent(tx, "payment/refunded", { submissionId }, now);
  });
  return { amount: formatDollars(payment.amountCents) };
}
