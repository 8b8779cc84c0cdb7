/**
 * Entry fees after a discount code (docs/decisions/0020-payments.md): pure rules, shared by the
 * entry form's price preview and the write that reserves the code.
 */
import { formatDollars } from "~/utils/dates";

export const CODE_MESSAGES = {
  unknown: "This discount code is not valid.",
  expired: "This discount code has expired.",
  exhausted: "This discount code has been used the maximum number of times.",
  wrongContest: "This discount code is not for this contest.",
  free: "This contest is free: no discount code is needed.",
} as const;

export type CodeRefusal = keyof typeof CODE_MESSAGES;

/** The price preview's answers when a code is not checked (docs/decisions/0025-accounts-and-tokens.md). */
export const PREVIEW_MESSAGES = {
  signIn: "Sign in to see the price with this code.",
  tooMany: "Too many tries. Please wait a minute and try again.",
} as const;

/**
 * A refused code with what the writer can do about it: a code that cannot be used need not stop
 * the entry, which goes in at the full fee once the code box is cleared
 * (docs/decisions/0026-entry-flow.md). The messages above are kept word for word in front.
 */
export function codeRefusalMessage(reason: CodeRefusal, feeCents: number) {
  if (reason === "free") return CODE_MESSAGES.free;
  return `${CODE_MESSAGES[reason]} To enter without it, clear the discount code box and pay the full ${formatDollars(feeCents)} fee.`;
}

export type DiscountRule = {
  id: string;
  code: string;
  percentOff: number | null;
  amountOffCents: number | null;
  contestId: string | null;
  maxUses: number | null;
  usedCount: number;
  expiresAt: Date | null;
  active: boolean;
};

export type Quote = {
  feeCents: number;
  discountCents: number;
  amountCents: number;
  code: string | null;
  codeId: string | null;
};

/** Codes are typed in any case and with stray spaces; they are stored in capitals. */
export function normalizeCode(raw: string) {
  return raw.trim().toUpperCase();
}

export const CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{2,39}$/;

/** The discount a code gives on a fee, never more than the fee. */
export function discountFor(
  feeCents: number,
  rule: Pick<DiscountRule, "percentOff" | "amountOffCents">,
) {
  const off =
    rule.percentOff != null
      ? Math.round((feeCents * rule.percentOff) / 100)
      : (rule.amountOffCents ?? 0);
  return Math.max(0, Math.min(feeCents, off));
}

/**
 * The price of one entry with an optional code, or why the code is refused. `rule` is the code's
 * row (null when no such code exists). A code with no uses left is refused here; the write
 * re-checks it atomically (discount-codes.server.ts).
 */
export function quote(
  feeCents: number,
  contestId: string,
  typed: string | null,
  rule: DiscountRule | null,
  now: Date,
): { ok: true; quote: Quote } | { ok: false; reason: CodeRefusal } {
  if (!typed) {
    return {
      ok: true,
      quote: { feeCents, discountCents: 0, amountCents: feeCents, code: null, codeId: null },
    };
  }
  if (feeCents <= 0) return { ok: false, reason: "free" };
  if (!rule || !rule.active) return { ok: false, reason: "unknown" };
  if (rule.contestId && rule.contestId !== contestId) return { ok: false, reason: "wrongContest" };
  if (rule.expiresAt && rule.expiresAt.getTime() <= now.getTime())
    return { ok: false, reason: "expired" };
  if (rule.maxUses != null && rule.usedCount >= rule.maxUses)
    return { ok: false, reason: "exhausted" };
  const discountCents = discountFor(feeCents, rule);
  return {
    ok: true,
    quote: {
      feeCents,
      discountCents,
      amountCents: feeCents - discountCents,
      code: rule.code,
      codeId: rule.id,
    },
  };
}

/** "50% off" or "$2.00 off". */
export function describeDiscount(rule: Pick<DiscountRule, "percentOff" | "amountOffCents">) {
  if (rule.percentOff != null) return `${rule.percentOff}% off`;
  return `$${((rule.amountOffCents ?? 0) / 100).toFixed(2)} off`;
}

/** The entry form's price line: the price with the typed code, or why the code is refused. */
export type PricePreview =
  | { ok: true; feeCents: number; discountCents: number; amountCents: number; code: string | null }
  | { ok: false; message: string };

/**
 * A line's discount in words, for the checkout page and the receipt (ADR 0031): "$15.00 less
 * $7.50 with code CLASSROOM50", or null when no code took anything off.
 */
export function discountNote(
  line: { feeCents: number; discountCents: number; code: string | null },
  dollars: (cents: number) => string,
) {
  if (!line.code || line.discountCents <= 0) return null;
  return `${dollars(line.feeCents)} less ${dollars(line.discountCents)} with code ${line.code}`;
}
