import { expect, test } from "vitest";
import { collectedCents, paymentLine } from "./payment-summary";

const base = { feeCents: 500, discountCents: 250, amountCents: 250 };

test("each payment status reads as one plain line", () => {
  const code = { code: "CLASS" };
  expect(paymentLine({ ...base, status: "paid", discountCode: code })).toBe(
    "Paid $2.50 (code CLASS, $2.50 off)",
  );
  expect(paymentLine({ ...base, status: "open" })).toBe("Due: $2.50");
  expect(
    paymentLine({
      status: "waived",
      feeCents: 500,
      discountCents: 500,
      amountCents: 0,
      discountCode: { code: "FREE" },
    }),
  ).toBe("Fee waived (code FREE, $5.00 off)");
  expect(paymentLine({ ...base, status: "refunded" })).toBe("Refunded $2.50");
});

test("only paid amounts are collected", () => {
  expect(
    collectedCents([
      { status: "paid", amountCents: 500 },
      { status: "refunded", amountCents: 500 },
      { status: "open", amountCents: 500 },
      { status: "paid", amountCents: 250 },
    ]),
  ).toBe(750);
});
