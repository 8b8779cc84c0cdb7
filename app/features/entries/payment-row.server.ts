/**
 * An entry's payment as the admin's raw reads return it (the list, ADR 0072, and the entry page):
 * its columns aliased `pay…` beside the entry's, turned into the shape `paymentFactsSelect` gives.
 */
import { fromSql, type Prisma } from "~/utils/db.server";

type PaymentStatus = Prisma.PaymentGetPayload<{ select: { status: true } }>["status"];
type Int = number | bigint;
type SqlDate = Date | string;

export type PaymentColumns = {
  payStatus: string | null;
  payFee: Int | null;
  payDiscount: Int | null;
  payAmount: Int | null;
  paidAt: SqlDate | null;
  refundedAt: SqlDate | null;
  paymentIntentId: string | null;
  checkoutSessionId: string | null;
  discountCode: string | null;
};

/** The entry's payment, or null when the row has none (its status column null). */
export function paymentFromRow(r: PaymentColumns) {
  if (r.payStatus === null) return null;
  return {
    status: r.payStatus as PaymentStatus,
    feeCents: fromSql.int(r.payFee),
    discountCents: fromSql.int(r.payDiscount),
    amountCents: fromSql.int(r.payAmount),
    paidAt: fromSql.dateOrNull(r.paidAt),
    refundedAt: fromSql.dateOrNull(r.refundedAt),
    paymentIntentId: r.paymentIntentId,
    checkoutSessionId: r.checkoutSessionId,
    discountCode: r.discountCode === null ? null : { code: r.discountCode },
  };
}
