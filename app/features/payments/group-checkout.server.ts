/**
 * One payment for many entries (docs/decisions/0031-classrooms-and-shared-computers.md): an
 * educator pays for several of their class's entries to one contest at once, by card (one
 * checkout, a line per entry) or by invoice (the entries are submitted at once; an admin marks the
 * invoice paid). Each entry keeps its own Payment row (fee, discount, amount) pointing at its
 * PaymentGroup. A group is written whole or not at all; a card group is confirmed exactly once
 * (webhook through the outbox, or the return), like one entry's checkout; a card group whose
 * checkout expired or was cancelled gives its entries back to be chosen again.
 *
 * This module starts a group (card or invoice) and reads one; confirming and releasing a card
 * group is group-settlement.server.ts, the admin's invoices invoices.server.ts.
 */
import { isSubmissionWindowOpen } from "~/features/contests/phase";
import { publicContest } from "~/features/contests/public-contest";
import { contestSelect } from "~/features/contests/public-contests.server";
import { pupilWriterName } from "~/features/judging/writer";
import { isolateText } from "~/utils/bidi";
import { lockingTransaction, lockRow, prisma, type Prisma, withBusyRetry } from "~/utils/db.server";
import { DomainError } from "~/utils/domain-error";
import { formatDollars } from "~/utils/dates";
import { discountNote } from "./pricing";
import { giveCodeUseBack, takeCodeUse } from "./discount-codes.server";
import { releaseGroup } from "./group-settlement.server";
import { paymentProvider, type CheckoutLine } from "./provider.server";

type Tx = Prisma.TransactionClient;

export const GROUP_MESSAGES = {
  noneChosen: "Choose at least one entry to pay for.",
  notPayable:
    "Some of the chosen entries cannot be paid now (already paid, withdrawn, or in a payment that is still open). Nothing was changed; please choose again.",
  closed: "Submissions are closed for this contest, so these entries can no longer be paid.",
  startFailed:
    "The payment page could not be opened. Your entries are saved; please try again in a moment.",
  referenceNeeded: "Enter the school's purchase-order reference.",
  notInvoiced: "This invoice is not open.",
} as const;

/** ", code CLASSROOM50: $22.50 off" for lines a code took something off, else "". */
function codeSummary(lines: { code: string | null; discountCents: number }[]) {
  const codes = [...new Set(lines.flatMap((l) => (l.code && l.discountCents > 0 ? [l.code] : [])))];
  if (codes.length === 0) return "";
  const off = lines.reduce((sum, l) => sum + (l.code ? l.discountCents : 0), 0);
  return `, code ${codes.join(", ")}: ${formatDollars(off)} off`;
}

/** A line's name on the checkout and the receipt: "Entry fee: The Lantern (Mia R.)". */
export function lineName(s: {
  title: string;
  pupil: { firstName: string; lastInitial: string } | null;
}) {
  // Plain text (the checkout and the receipt): right-to-left names and titles are isolated.
  const who = s.pupil ? ` (${isolateText(pupilWriterName(s.pupil))})` : "";
  return `Entry fee: ${isolateText(s.title)}${who}`;
}

type Choice = {
  payerId: string;
  contestId: string;
  submissionIds: string[];
  /** A school discount code, applied to each entry (each entry takes one use). */
  code?: string | null;
};

/**
 * Chooses and prices the entries of a new group, in its transaction: every chosen entry must be
 * the payer's, of this contest, waiting for payment with an open Payment that is in no open group.
 * Throws (nothing written) otherwise.
 */
async function takeEntries(tx: Tx, choice: Choice, now: Date) {
  const ids = [...new Set(choice.submissionIds)];
  if (ids.length === 0) throw new DomainError(GROUP_MESSAGES.noneChosen);
  // One payer's groups are made one at a time, so two tabs cannot take the same entries.
  await lockRow(tx, "User", choice.payerId);
  const contestRow = await tx.contest.findFirst({
    where: { id: choice.contestId, isPublished: true },
    select: contestSelect,
  });
  if (!contestRow) throw new DomainError(GROUP_MESSAGES.notPayable);
  const contest = publicContest(contestRow);
  if (!isSubmissionWindowOpen(contest, now)) throw new DomainError(GROUP_MESSAGES.closed);
  const payments = await tx.payment.findMany({
    where: {
      submissionId: { in: ids },
      contestId: contest.id,
      status: "open",
      OR: [{ groupId: null }, { group: { status: "void" } }],
      submission: { entrantId: choice.payerId, status: "pending_payment" },
    },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: {
      id: true,
      submissionId: true,
      discountCodeId: true,
      submission: {
        select: { title: true, pupil: { select: { firstName: true, lastInitial: true } } },
      },
    },
  });
  if (payments.length !== ids.length) throw new DomainError(GROUP_MESSAGES.notPayable);
  const lines: (CheckoutLine & {
    paymentId: string;
    waived: boolean;
    code: string | null;
    discountCents: number;
  })[] = [];
  for (const p of payments) {
    // Each entry is priced afresh with the code typed now (a use per entry, ADR 0020).
    await giveCodeUseBack(tx, p.discountCodeId);
    const q = await takeCodeUse(tx, contest, choice.code?.trim() || null, now);
    const waived = q.amountCents === 0;
    await tx.payment.update({
      where: { id: p.id },
      data: {
        feeCents: q.feeCents,
        discountCents: q.discountCents,
        amountCents: q.amountCents,
        discountCodeId: q.codeId,
        ...(waived ? { status: "waived" as const } : {}),
      },
    });
    if (waived)
      await tx.submission.updateMany({
        where: { id: p.submissionId, status: "pending_payment" },
        data: { status: "submitted" },
      });
    lines.push({
      paymentId: p.id,
      submissionId: p.submissionId,
      name: lineName(p.submission),
      amountCents: q.amountCents,
      note: discountNote(q, formatDollars),
      code: q.discountCents > 0 ? q.code : null,
      discountCents: q.discountCents,
      waived,
    });
  }
  return { contest, lines };
}

export type GroupStart =
  { kind: "redirect"; url: string; groupId: string } | { kind: "waived"; groupId: string };

/**
 * "Pay for N entries": one group and one checkout with a line per entry. When a code waives every
 * line the entries are submitted at once and no checkout opens.
 */
export async function startGroupCheckout(
  choice: Choice & { origin: string; returnPath: string },
  now = new Date(),
): Promise<GroupStart> {
  const made = await withBusyRetry(() =>
    prisma.$transaction(async (tx) => {
      const { contest, lines } = await takeEntries(tx, choice, now);
      const due = lines.filter((l) => !l.waived);
      const total = due.reduce((sum, l) => sum + l.amountCents, 0);
      const group = await tx.paymentGroup.create({
        data: {
          contestId: contest.id,
          payerId: choice.payerId,
          method: "card",
          status: due.length ? "open" : "paid",
          amountCents: total,
          paidAt: due.length ? null : now,
        },
      });
      await tx.payment.updateMany({
        where: { id: { in: lines.map((l) => l.paymentId) } },
        data: { groupId: group.id },
      });
      const payer = await tx.user.findUniqueOrThrow({
        where: { id: choice.payerId },
        select: { email: true },
      });
      return { group, due, total, contestTitle: contest.title, email: payer.email };
    }, lockingTransaction),
  );
  if (made.due.length === 0) return { kind: "waived", groupId: made.group.id };

  const back = (query: string) => {
    const url = new URL(choice.returnPath, choice.origin);
    url.search = `payment=${query}&group=${encodeURIComponent(made.group.id)}`;
    return url.toString();
  };
  try {
    const session = await paymentProvider().createCheckout({
      groupId: made.group.id,
      lines: made.due.map(({ submissionId, name, amountCents, note }) => ({
        submissionId,
        name,
        amountCents,
        note,
      })),
      amountCents: made.total,
      // The code and the whole discount are named on the checkout page, before paying.
      description: `Entry fees: ${made.contestTitle} (${made.due.length} ${made.due.length === 1 ? "entry" : "entries"})${codeSummary(made.due)}`,
      customerEmail: made.email,
      idempotencyKey: `group:${made.group.id}`,
      origin: choice.origin,
      successUrl: back("success"),
      cancelUrl: back("cancelled"),
    });
    await prisma.paymentGroup.update({
      where: { id: made.group.id },
      data: { checkoutSessionId: session.id },
    });
    if (!session.url) throw new Error(`checkout session ${session.id} has no url`);
    return { kind: "redirect", url: session.url, groupId: made.group.id };
  } catch (error) {
    // Nothing can pay this group: its entries go back to be chosen again.
    await withBusyRetry(() => prisma.$transaction((tx) => releaseGroup(tx, made.group.id)));
    if (error instanceof DomainError) throw error;
    console.error(`group checkout ${made.group.id} failed`, error);
    throw new DomainError(GROUP_MESSAGES.startFailed);
  }
}

/**
 * "Pay by invoice" (ADR 0031): the group is invoiced, each Payment invoiced and each entry
 * submitted at once; an admin marks the invoice paid when the school pays.
 */
export async function invoiceGroup(
  choice: Choice & { reference: string },
  now = new Date(),
): Promise<{ groupId: string }> {
  const reference = choice.reference.trim();
  if (!reference) throw new DomainError(GROUP_MESSAGES.referenceNeeded);
  return withBusyRetry(() =>
    prisma.$transaction(async (tx) => {
      const { contest, lines } = await takeEntries(tx, choice, now);
      const due = lines.filter((l) => !l.waived);
      const group = await tx.paymentGroup.create({
        data: {
          contestId: contest.id,
          payerId: choice.payerId,
          method: "invoice",
          status: due.length ? "invoiced" : "paid",
          amountCents: due.reduce((sum, l) => sum + l.amountCents, 0),
          reference: reference.slice(0, 100),
          paidAt: due.length ? null : now,
        },
      });
      await tx.payment.updateMany({
        where: { id: { in: lines.map((l) => l.paymentId) } },
        data: { groupId: group.id },
      });
      await tx.payment.updateMany({
        where: { id: { in: due.map((l) => l.paymentId) }, status: "open" },
        data: { status: "invoiced" },
      });
      await tx.submission.updateMany({
        where: { id: { in: lines.map((l) => l.submissionId) }, status: "pending_payment" },
        data: { status: "submitted" },
      });
      return { groupId: group.id };
    }, lockingTransaction),
  );
}

/** A group with its lines, for its receipt or invoice e-mail and the pages that show it. */
export function groupWithLines(groupId: string) {
  return prisma.paymentGroup.findUnique({
    where: { id: groupId },
    select: {
      id: true,
      method: true,
      status: true,
      amountCents: true,
      reference: true,
      paidAt: true,
      createdAt: true,
      contest: { select: { title: true, slug: true } },
      payer: { select: { email: true, displayName: true } },
      payments: {
        orderBy: { createdAt: "asc" },
        select: {
          status: true,
          feeCents: true,
          discountCents: true,
          amountCents: true,
          discountCode: { select: { code: true } },
          submission: {
            select: {
              id: true,
              title: true,
              pupil: { select: { firstName: true, lastInitial: true } },
            },
          },
        },
      },
    },
  });
}
