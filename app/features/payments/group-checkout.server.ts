/**
 * One payment for many entries (docs/decisions/0031-classrooms-and-shared-computers.md): an
 * educator pays for several of their class's entries to one contest at once, by card (one
 * checkout, a line per entry) or by invoice (the entries are submitted at once; an admin marks the
 * invoice paid). Each entry keeps its own Payment row (fee, discount, amount) pointing at its
 * PaymentGroup. A group is written whole or not at all; a card group is confirmed exactly once
 * (webhook through the outbox, or the return), like one entry's checkout; a card group whose
 * checkout expired or was cancelled gives its entries back to be chosen again.
 */
import { isSubmissionWindowOpen } from "~/features/contests/phase";
import { publicContest } from "~/features/contests/public-contest";
import { contestSelect } from "~/features/contests/public-contests.server";
import { lockingTransaction, lockRow, prisma, type Prisma, withBusyRetry } from "~/utils/db.server";
import { DomainError } from "~/utils/domain-error";
import { readPage } from "~/utils/paged-list.server";
import { giveCodeUseBack, takeCodeUse } from "./discount-codes.server";
import { paymentProvider, type CheckoutLine, type CheckoutState } from "./provider.server";

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

/** A line's name on the checkout and the receipt: "Entry fee: The Lantern (Mia R.)". */
export function lineName(s: {
  title: string;
  pupil: { firstName: string; lastInitial: string } | null;
}) {
  const who = s.pupil ? ` (${s.pupil.firstName} ${s.pupil.lastInitial}.)` : "";
  return `Entry fee: ${s.title}${who}`;
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
  const lines: (CheckoutLine & { paymentId: string; waived: boolean })[] = [];
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
      lines: made.due.map(({ submissionId, name, amountCents }) => ({
        submissionId,
        name,
        amountCents,
      })),
      amountCents: made.total,
      description: `Entry fees: ${made.contestTitle} (${made.due.length} ${made.due.length === 1 ? "entry" : "entries"})`,
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

/**
 * Gives an open card group's entries back (its checkout expired, was cancelled, or one of its
 * entries left the race): the group is void, and each still-open line leaves it at the full fee
 * with its code use given back. Returns the group's session to expire, if the group was open.
 */
export async function releaseGroup(tx: Tx, groupId: string) {
  const { count } = await tx.paymentGroup.updateMany({
    where: { id: groupId, status: "open" },
    data: { status: "void" },
  });
  if (count !== 1) return null;
  const open = await tx.payment.findMany({
    where: { groupId, status: "open" },
    select: { id: true, feeCents: true, discountCodeId: true },
  });
  for (const p of open) {
    await giveCodeUseBack(tx, p.discountCodeId);
    await tx.payment.update({
      where: { id: p.id },
      data: {
        groupId: null,
        amountCents: p.feeCents,
        discountCents: 0,
        discountCodeId: null,
      },
    });
  }
  const group = await tx.paymentGroup.findUniqueOrThrow({
    where: { id: groupId },
    select: { checkoutSessionId: true },
  });
  return group.checkoutSessionId;
}

/** The open groups holding any of these entries' open payments (withdrawal, expiry). */
export async function openGroupsOf(tx: Tx, submissionIds: string[]) {
  const rows = await tx.payment.findMany({
    where: { submissionId: { in: submissionIds }, status: "open", group: { status: "open" } },
    select: { groupId: true },
  });
  return [...new Set(rows.flatMap((r) => (r.groupId ? [r.groupId] : [])))];
}

export type GroupFinalizeOutcome =
  "confirmed" | "already-confirmed" | "unpaid" | "unknown-session" | "refunded-late";

/**
 * Confirms a paid group checkout, once: the group, every open Payment of it and every entry
 * waiting for payment, in one transaction. A group already void (an entry left the race while its
 * checkout was open) that is paid anyway is refunded whole.
 */
export async function finalizeGroupSession(
  session: CheckoutState,
  now = new Date(),
): Promise<GroupFinalizeOutcome> {
  if (!session.groupId) return "unknown-session";
  if (!session.paid) return "unpaid";
  const groupId = session.groupId;
  const outcome = await withBusyRetry(() =>
    prisma.$transaction(async (tx) => {
      const group = await tx.paymentGroup.findUnique({
        where: { id: groupId },
        select: { status: true, amountCents: true, paymentIntentId: true },
      });
      if (!group) return "unknown-session" as const;
      if (session.amountTotal != null && session.amountTotal !== group.amountCents)
        console.error(
          `group checkout ${session.id} total ${session.amountTotal} differs from the group's ${group.amountCents}`,
        );
      const { count } = await tx.paymentGroup.updateMany({
        where: { id: groupId, status: "open" },
        data: {
          status: "paid",
          paidAt: now,
          paymentIntentId: session.paymentIntentId,
          checkoutSessionId: session.id,
        },
      });
      if (count === 1) {
        await tx.payment.updateMany({
          where: { groupId, status: "open" },
          data: { status: "paid", paidAt: now, paymentIntentId: session.paymentIntentId },
        });
        await tx.submission.updateMany({
          where: { payment: { groupId, status: "paid" }, status: "pending_payment" },
          data: { status: "submitted" },
        });
        return "confirmed" as const;
      }
      if (group.status === "void" && !group.paymentIntentId) {
        await tx.paymentGroup.update({
          where: { id: groupId },
          data: { paymentIntentId: session.paymentIntentId, checkoutSessionId: session.id },
        });
        return "late" as const;
      }
      return "already-confirmed" as const;
    }),
  );
  if (outcome !== "late") return outcome;
  if (session.paymentIntentId)
    await paymentProvider().refund({
      paymentIntentId: session.paymentIntentId,
      idempotencyKey: `refund:group:${groupId}`,
    });
  return "refunded-late";
}

/** Asks the provider about a group's checkout and confirms it if paid. */
export async function finalizeGroup(groupId: string) {
  const group = await prisma.paymentGroup.findUnique({
    where: { id: groupId },
    select: { checkoutSessionId: true },
  });
  if (!group?.checkoutSessionId) return "unknown-session" as const;
  const session = await paymentProvider().getCheckout(group.checkoutSessionId);
  if (!session) return "unknown-session" as const;
  return finalizeGroupSession(session);
}

/**
 * The payer's open card groups for a contest, brought up to date with the provider: a paid one
 * is confirmed, an expired one releases its entries. Called when the class's page is shown and on
 * the return from a cancelled checkout.
 */
export async function settleOpenGroups(payerId: string, contestId: string, cancelled?: string) {
  const open = await prisma.paymentGroup.findMany({
    where: { payerId, contestId, status: "open", method: "card" },
    select: { id: true, checkoutSessionId: true },
  });
  if (open.length === 0) return;
  let provider;
  try {
    provider = paymentProvider();
  } catch {
    return;
  }
  for (const g of open) {
    const session = g.checkoutSessionId ? await provider.getCheckout(g.checkoutSessionId) : null;
    if (session?.paid) {
      await finalizeGroupSession(session);
      continue;
    }
    if (session && session.status === "open" && g.id !== cancelled) continue;
    // Cancelled on the checkout page, expired, or never opened: expire it, then give the entries
    // back unless it was paid in the meantime.
    if (session?.status === "open") await provider.expireCheckout(session.id);
    const now = session ? await provider.getCheckout(session.id) : null;
    if (now?.paid) {
      await finalizeGroupSession(now);
      continue;
    }
    await withBusyRetry(() => prisma.$transaction((tx) => releaseGroup(tx, g.id)));
  }
}

/** An admin marks an invoice paid: the group and its invoiced payments, with when and who. */
export async function markInvoicePaid(groupId: string, adminId: string, now = new Date()) {
  return withBusyRetry(() =>
    prisma.$transaction(async (tx) => {
      const { count } = await tx.paymentGroup.updateMany({
        where: { id: groupId, method: "invoice", status: "invoiced" },
        data: { status: "paid", paidAt: now, markedPaidById: adminId },
      });
      if (count !== 1) throw new DomainError(GROUP_MESSAGES.notInvoiced);
      await tx.payment.updateMany({
        where: { groupId, status: "invoiced" },
        data: { status: "paid", paidAt: now },
      });
    }),
  );
}

/** A line of an invoice voided (the admin's "refund" of an invoiced entry): the open total drops. */
export async function voidInvoiceLine(tx: Tx, paymentId: string) {
  const p = await tx.payment.findUniqueOrThrow({
    where: { id: paymentId },
    select: { groupId: true, amountCents: true, discountCodeId: true },
  });
  const { count } = await tx.payment.updateMany({
    where: { id: paymentId, status: "invoiced" },
    data: { status: "void" },
  });
  if (count !== 1 || !p.groupId) return false;
  await giveCodeUseBack(tx, p.discountCodeId);
  await tx.paymentGroup.update({
    where: { id: p.groupId },
    data: { amountCents: { decrement: p.amountCents } },
  });
  const left = await tx.payment.count({ where: { groupId: p.groupId, status: "invoiced" } });
  if (left === 0)
    await tx.paymentGroup.updateMany({
      where: { id: p.groupId, status: "invoiced" },
      data: { status: "void" },
    });
  return true;
}

export const INVOICES_PAGE_SIZE = 25;

/** Open invoices for the admin, oldest first, paged in SQL. */
export async function listOpenInvoices(page: number) {
  const where = { method: "invoice", status: "invoiced" } as const;
  return readPage(
    page,
    INVOICES_PAGE_SIZE,
    ({ skip, take }) =>
      prisma.paymentGroup.findMany({
        where,
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        skip,
        take,
        select: {
          id: true,
          amountCents: true,
          reference: true,
          createdAt: true,
          contest: { select: { title: true } },
          payer: {
            select: {
              displayName: true,
              email: true,
              educator: { select: { school: { select: { name: true } } } },
            },
          },
          _count: { select: { payments: { where: { status: "invoiced" } } } },
        },
      }),
    () => prisma.paymentGroup.count({ where }),
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
