/**
 * What an entry's payment looks like to its writer and to admins (docs/decisions/0020-payments.md).
 */
import { formatDollars } from "~/utils/dates";

export type PaymentFacts = {
  status: string;
  feeCents: number;
  discountCents: number;
  amountCents: number;
  discountCode?: { code: string } | null;
};

/** One line: "Paid $2.50 (code CLASS, $2.50 off)", "Fee waived (code FREE)", "Due: $5.00". */
export function paymentLine(p: PaymentFacts) {
  const code = p.discountCode?.code;
  const off = p.discountCents > 0 ? `${formatDollars(p.discountCents)} off` : null;
  const detail = [code ? `code ${code}` : null, code ? off : null].filter(Boolean).join(", ");
  const suffix = detail ? ` (${detail})` : "";
  switch (p.status) {
    case "paid":
      return `Paid ${formatDollars(p.amountCents)}${suffix}`;
    case "waived":
      return `Fee waived${suffix}`;
    case "refunded":
      return `Refunded ${formatDollars(p.amountCents)}${suffix}`;
    case "void":
      return `Not paid${suffix}`;
    default:
      return `Due: ${formatDollars(p.amountCents)}${suffix}`;
  }
}

/** Fees collected: paid amounts (refunds are not collected). */
export function collectedCents(rows: { status: string; amountCents: number }[]) {
  return rows.reduce((sum, r) => sum + (r.status === "paid" ? r.amountCents : 0), 0);
}

/** The payment columns every view of an entry reads (admin, entrant, e-mail, data download). */
export const paymentFactsSelect = {
  status: true,
  feeCents: true,
  discountCents: true,
  amountCents: true,
  paidAt: true,
  refundedAt: true,
  paymentIntentId: true,
  checkoutSessionId: true,
  discountCode: { select: { code: true } },
} as const;
