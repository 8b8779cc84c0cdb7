import { describe, expect, test } from "vitest";
import { classEntryStatus } from "./class-entry-status";

const card = (status: string) => ({ status, method: "card" });

describe("classEntryStatus", () => {
  test.each([
    ["pending_payment", { status: "open", group: null }, "Waiting for payment"],
    ["pending_payment", { status: "open", group: card("void") }, "Waiting for payment"],
    ["pending_payment", { status: "open", group: card("open") }, "Payment started"],
    ["submitted", null, "Sent"],
    ["submitted", { status: "paid", group: card("paid") }, "Sent"],
    ["submitted", { status: "waived", group: null }, "Sent"],
    [
      "submitted",
      { status: "invoiced", group: { status: "invoiced", method: "invoice" } },
      "Invoice",
    ],
    ["withdrawn", { status: "refunded", group: card("paid") }, "Refunded"],
    ["withdrawn", { status: "void", group: null }, "Withdrawn"],
    ["expired", { status: "void", group: null }, "Expired (not paid)"],
    ["disqualified", null, "Disqualified"],
  ] as const)("%s with %o reads %s", (status, payment, words) => {
    expect(classEntryStatus(status, payment)).toBe(words);
  });
});
