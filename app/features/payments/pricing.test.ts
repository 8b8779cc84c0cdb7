import { describe, expect, test } from "vitest";
import {
  CODE_MESSAGES,
  codeRefusalMessage,
  discountFor,
  normalizeCode,
  quote,
  type DiscountRule,
} from "./pricing";

const now = new Date("2026-11-22T12:00:00Z");
const rule = (over: Partial<DiscountRule> = {}): DiscountRule => ({
  id: "d1",
  code: "CLASS",
  percentOff: 50,
  amountOffCents: null,
  contestId: null,
  maxUses: 10,
  usedCount: 0,
  expiresAt: null,
  active: true,
  ...over,
});

describe("quote", () => {
  test("no code: the whole fee", () => {
    const q = quote(500, "c1", null, null, now);
    expect(q).toEqual({
      ok: true,
      quote: { feeCents: 500, discountCents: 0, amountCents: 500, code: null, codeId: null },
    });
  });

  test("a percent code rounds half up to the cent; a fixed code never goes below zero", () => {
    expect(discountFor(999, { percentOff: 50, amountOffCents: null })).toBe(500);
    expect(discountFor(300, { percentOff: null, amountOffCents: 500 })).toBe(300);
    const q = quote(500, "c1", "class", rule({ percentOff: 100 }), now);
    expect(q.ok && q.quote.amountCents).toBe(0);
  });

  test("every refusal reason", () => {
    const refuse = (r: DiscountRule | null, fee = 500) => {
      const q = quote(fee, "c1", "CLASS", r, now);
      return q.ok ? null : q.reason;
    };
    expect(refuse(null)).toBe("unknown");
    expect(refuse(rule({ active: false }))).toBe("unknown");
    expect(refuse(rule({ contestId: "c2" }))).toBe("wrongContest");
    expect(refuse(rule({ expiresAt: now }))).toBe("expired");
    expect(refuse(rule({ maxUses: 3, usedCount: 3 }))).toBe("exhausted");
    expect(refuse(rule(), 0)).toBe("free");
    expect(refuse(rule({ contestId: "c1", maxUses: null }))).toBeNull();
  });

  test("codes are read in capitals without spaces", () => {
    expect(normalizeCode("  class-7b ")).toBe("CLASS-7B");
  });
});

describe("a refused code says how to go on without it", () => {
  test("the product's words, then the full fee once the box is cleared", () => {
    expect(codeRefusalMessage("expired", 1500)).toBe(
      "This discount code has expired. To enter without it, clear the discount code box and pay the full $15.00 fee.",
    );
    expect(codeRefusalMessage("exhausted", 500)).toMatch(
      /^This discount code has been used the maximum number of times\. .*clear the discount code box.*\$5\.00/,
    );
    expect(codeRefusalMessage("free", 0)).toBe(CODE_MESSAGES.free);
  });
});
