/**
 * Invoices of class payments (docs/decisions/0031-classrooms-and-shared-computers.md): the admin's
 * list of open invoices, marking one paid, and voiding one line of an invoice (the admin's
 * "refund" of an invoiced entry).
 */
import { prisma, type Prisma, withBusyRetry } from "~/utils/db.server";
import { DomainError } from "~/utils/domain-error";
import { readPage } from "~/utils/paged-list.server";
import { giveCodeUseBack } from "./discount-codes.server";
import { GROUP_MESSAGES } from "./group-checkout.server";

type Tx = Prisma.TransactionClient;

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
