/**
 * Settling a card group (docs/decisions/0031-classrooms-and-shared-computers.md): a paid group
 * checkout is confirmed exactly once (webhook through the outbox, or the return), like one
 * entry's checkout; a group whose checkout expired or was cancelled, or one of whose entries left
 * the race, is released and gives its entries back to be chosen again. A group void before it was
 * paid anyway is refunded whole.
 */
import { prisma, type Prisma, withBusyRetry } from "~/utils/db.server";
import { giveCodeUseBack } from "./discount-codes.server";
import { paymentProvider, type CheckoutState } from "./provider.server";

type Tx = Prisma.TransactionClient;

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
