/**
 * Settling a card group (docs/decisions/0031-classrooms-and-shared-computers.md): a paid group
 * checkout is confirmed exactly once (webhook through the outbox, or the return), like one
 * entry's checkout; a group whose checkout expired or was cancelled, or one of whose entries left
 * the race, is released and gives its entries back to be chosen again. A group void before it was
 * paid anyway is refunded whole.
 */
import { prisma, type Prisma, withBusyRetry } from "~/utils/db.server";
import { DomainError } from "~/utils/domain-error";
import { giveCodeUseBack } from "./discount-codes.server";
import { paymentProvider, type CheckoutState } from "./provider.server";

type Tx = Prisma.TransactionClient;

/** How long a new group may wait for its checkout session before it counts as never opened. */
const SESSION_GRACE_MS = 60_000;

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
    select: { id: true, checkoutSessionId: true, createdAt: true },
  });
  if (open.length === 0) return;
  let provider;
  try {
    provider = paymentProvider();
  } catch {
    return;
  }
  const justMade = Date.now() - SESSION_GRACE_MS;
  for (const g of open) {
    // A group whose checkout is being opened right now (another tab's "Pay") is not "never
    // opened": it is left alone for a minute.
    if (!g.checkoutSessionId && g.createdAt.getTime() > justMade && g.id !== cancelled) continue;
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

export const RESUME_MESSAGES = {
  notOpen: "This payment is no longer open: the entries below show where they are now.",
} as const;

/**
 * The payer's card payments of a contest that were started and not finished (the checkout was
 * left without Cancel): the class's page offers each to resume or start again (ADR 0031).
 */
export async function startedGroups(payerId: string, contestId: string) {
  const rows = await prisma.paymentGroup.findMany({
    where: { payerId, contestId, status: "open", method: "card" },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: {
      id: true,
      amountCents: true,
      createdAt: true,
      payments: {
        where: { status: "open" },
        select: { discountCents: true, discountCode: { select: { code: true } } },
      },
    },
  });
  return rows.map((g) => ({
    id: g.id,
    amountCents: g.amountCents,
    createdAt: g.createdAt,
    entries: g.payments.length,
    codes: [
      ...new Set(
        g.payments.flatMap((p) =>
          p.discountCode && p.discountCents > 0 ? [p.discountCode.code] : [],
        ),
      ),
    ],
  }));
}

async function openGroupOf(payerId: string, groupId: string) {
  const group = await prisma.paymentGroup.findFirst({
    where: { id: groupId, payerId, method: "card", status: "open" },
    select: { id: true, checkoutSessionId: true },
  });
  if (!group) throw new DomainError(RESUME_MESSAGES.notOpen);
  return group;
}

export type Resumed = { kind: "redirect"; url: string } | { kind: "paid" } | { kind: "released" };

/**
 * "Resume payment": back to the started checkout while the provider still has it open; a
 * checkout paid meanwhile is confirmed; one that expired gives its entries back to pay again.
 */
export async function resumeGroup(
  payerId: string,
  groupId: string,
  origin: string,
): Promise<Resumed> {
  const group = await openGroupOf(payerId, groupId);
  const provider = paymentProvider();
  const session = group.checkoutSessionId
    ? await provider.getCheckout(group.checkoutSessionId, origin)
    : null;
  if (session?.paid) {
    await finalizeGroupSession(session);
    return { kind: "paid" };
  }
  if (session?.status === "open" && session.url) return { kind: "redirect", url: session.url };
  await withBusyRetry(() => prisma.$transaction((tx) => releaseGroup(tx, group.id)));
  return { kind: "released" };
}

/**
 * "Start again": the started checkout is closed at the provider (so it can no longer be paid)
 * and its entries wait for payment again, to be chosen (with a code) anew. A checkout paid in
 * the meantime is confirmed instead.
 */
export async function restartGroup(payerId: string, groupId: string): Promise<"paid" | "released"> {
  const group = await openGroupOf(payerId, groupId);
  const provider = paymentProvider();
  if (group.checkoutSessionId) {
    const before = await provider.getCheckout(group.checkoutSessionId);
    if (before?.status === "open" && !before.paid) await provider.expireCheckout(before.id);
    const after = await provider.getCheckout(group.checkoutSessionId);
    if (after?.paid) {
      await finalizeGroupSession(after);
      return "paid";
    }
  }
  await withBusyRetry(() => prisma.$transaction((tx) => releaseGroup(tx, group.id)));
  return "released";
}

/**
 * Whether a group's payment may still arrive (the group is open and the provider's session has
 * not expired: open, or complete with the payment processing): the return from its checkout says
 * "processing" only then.
 */
export async function groupStillPayable(groupId: string) {
  const group = await prisma.paymentGroup.findUnique({
    where: { id: groupId },
    select: { status: true, checkoutSessionId: true },
  });
  if (group?.status !== "open" || !group.checkoutSessionId) return false;
  const session = await paymentProvider().getCheckout(group.checkoutSessionId);
  return session !== null && session.status !== "expired";
}
