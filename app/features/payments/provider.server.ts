/**
 * Where a Checkout Session lives (docs/decisions/0020-payments.md): Stripe when its keys are set,
 * else the test-mode checkout, whose sessions are rows of TestCheckoutSession and whose page
 * (/payments/test-checkout/:id) stands in for Stripe's. Both answer the same questions, so the
 * services that create, confirm and refund payments never know which one they talk to.
 */
import { randomBytes } from "node:crypto";
import { prisma } from "~/utils/db.server";
import { withBusyRetry } from "~/utils/db-busy.server";
import { env, paymentsMode } from "~/utils/env.server";
import { stripe } from "~/utils/stripe.server";
import { DomainError } from "~/utils/domain-error";
import { enqueueEvent } from "~/utils/outbox.server";

export type CheckoutState = {
  id: string;
  url: string | null;
  status: "open" | "complete" | "expired";
  paid: boolean;
  amountTotal: number | null;
  submissionId: string | null;
  /** A class payment's session (docs/decisions/0031-classrooms-and-shared-computers.md). */
  groupId: string | null;
  paymentIntentId: string | null;
};

/**
 * One line of a class payment's checkout: one entry's fee, and its discount in words when a code
 * took something off (shown on the checkout page before paying).
 */
export type CheckoutLine = {
  submissionId: string;
  name: string;
  amountCents: number;
  note?: string | null;
};

export type CheckoutRequest = {
  /** One entry's checkout, or (groupId and lines) a class payment with a line per entry. */
  submissionId?: string;
  groupId?: string;
  lines?: CheckoutLine[];
  amountCents: number;
  description: string;
  customerEmail: string;
  successUrl: string;
  cancelUrl: string;
  idempotencyKey: string;
  /** The test checkout's page address is made from this. */
  origin: string;
};

export interface PaymentProvider {
  readonly mode: "stripe" | "test";
  createCheckout(input: CheckoutRequest): Promise<CheckoutState>;
  /** `origin` gives the test checkout's session its page address (Stripe's has its own). */
  getCheckout(id: string, origin?: string): Promise<CheckoutState | null>;
  expireCheckout(id: string): Promise<void>;
  /**
   * Refunds a payment, or with `amountCents` part of it (one entry of a class payment, named by
   * `submissionId` for the test checkout's record).
   */
  refund(input: {
    paymentIntentId: string;
    idempotencyKey: string;
    amountCents?: number;
    submissionId?: string;
  }): Promise<{ id: string }>;
}

export const PAYMENTS_OFF_MESSAGE =
  "Payments are not available right now. Your entry is saved; please try again later.";

export class PaymentsUnavailable extends DomainError {
  constructor() {
    super(PAYMENTS_OFF_MESSAGE);
  }
}

function fromStripe(s: {
  id: string;
  url: string | null;
  status: string | null;
  payment_status: string;
  amount_total: number | null;
  metadata: Record<string, string> | null;
  client_reference_id: string | null;
  payment_intent: string | { id: string } | null;
}): CheckoutState {
  return {
    id: s.id,
    url: s.url,
    status: s.status === "complete" ? "complete" : s.status === "expired" ? "expired" : "open",
    paid: s.payment_status === "paid",
    amountTotal: s.amount_total,
    submissionId: s.metadata?.groupId
      ? null
      : (s.metadata?.submissionId ?? s.client_reference_id ?? null),
    groupId: s.metadata?.groupId ?? null,
    paymentIntentId:
      typeof s.payment_intent === "string" ? s.payment_intent : (s.payment_intent?.id ?? null),
  };
}

const stripeProvider: PaymentProvider = {
  mode: "stripe",
  async createCheckout(input) {
    const lines = input.lines ?? [{ name: input.description, amountCents: input.amountCents }];
    const reference: Record<string, string> = input.groupId
      ? { groupId: input.groupId }
      : { submissionId: input.submissionId ?? "" };
    const session = await stripe().checkout.sessions.create(
      {
        mode: "payment",
        line_items: lines.map((line) => ({
          quantity: 1,
          price_data: {
            currency: env().PAYMENT_CURRENCY,
            unit_amount: line.amountCents,
            // The code and its discount, on Stripe's page before paying (ADR 0031).
            product_data: {
              name: line.name,
              ...("note" in line && line.note ? { description: line.note } : {}),
            },
          },
        })),
        customer_email: input.customerEmail,
        client_reference_id: input.groupId ?? input.submissionId,
        metadata: reference,
        payment_intent_data: { metadata: reference },
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
      },
      { idempotencyKey: input.idempotencyKey },
    );
    return fromStripe(session);
  },
  async getCheckout(id) {
    try {
      return fromStripe(await stripe().checkout.sessions.retrieve(id));
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode === 404) return null;
      throw error;
    }
  },
  async expireCheckout(id) {
    try {
      await stripe().checkout.sessions.expire(id);
    } catch (error) {
      // Already complete or expired: nothing to do.
      if ((error as { statusCode?: number }).statusCode !== 400) throw error;
    }
  },
  async refund({ paymentIntentId, idempotencyKey, amountCents }) {
    const refund = await stripe().refunds.create(
      {
        payment_intent: paymentIntentId,
        ...(amountCents != null ? { amount: amountCents } : {}),
      },
      { idempotencyKey },
    );
    return { id: refund.id };
  },
};

function fromTestRow(
  row: {
    id: string;
    status: string;
    paymentStatus: string;
    amountCents: number;
    submissionId: string | null;
    groupId: string | null;
    paymentIntentId: string | null;
  },
  origin?: string,
): CheckoutState {
  return {
    id: row.id,
    url: origin ? new URL(`/payments/test-checkout/${row.id}`, origin).toString() : null,
    status: row.status === "complete" ? "complete" : row.status === "expired" ? "expired" : "open",
    paid: row.paymentStatus === "paid" || row.paymentStatus === "refunded",
    amountTotal: row.amountCents,
    submissionId: row.groupId ? null : (row.submissionId ?? ""),
    groupId: row.groupId,
    paymentIntentId: row.paymentIntentId,
  };
}

const testProvider: PaymentProvider = {
  mode: "test",
  async createCheckout(input) {
    // The same key gives the same session, as Stripe's idempotency keys do; so a try refused while
    // another process writes is simply made again.
    const row = await withBusyRetry(() =>
      prisma.testCheckoutSession.upsert({
        where: { idempotencyKey: input.idempotencyKey },
        create: {
          id: `cs_test_local_${randomBytes(12).toString("hex")}`,
          idempotencyKey: input.idempotencyKey,
          submissionId: input.submissionId ?? null,
          groupId: input.groupId ?? null,
          lines: input.lines ? JSON.stringify(input.lines) : null,
          amountCents: input.amountCents,
          description: input.description,
          status: "open",
          paymentStatus: "unpaid",
          successUrl: input.successUrl,
          cancelUrl: input.cancelUrl,
        },
        update: {},
      }),
    );
    return fromTestRow(row, input.origin);
  },
  async getCheckout(id, origin) {
    const row = await prisma.testCheckoutSession.findUnique({ where: { id } });
    return row ? fromTestRow(row, origin) : null;
  },
  async expireCheckout(id) {
    await prisma.testCheckoutSession.updateMany({
      where: { id, status: "open" },
      data: { status: "expired" },
    });
  },
  async refund({ paymentIntentId, amountCents, submissionId }) {
    if (amountCents != null) return refundTestLine(paymentIntentId, amountCents, submissionId);
    const { count } = await prisma.testCheckoutSession.updateMany({
      where: { paymentIntentId, paymentStatus: { in: ["paid", "refunded"] } },
      data: { paymentStatus: "refunded" },
    });
    if (count === 0) throw new Error(`no test payment ${paymentIntentId}`);
    return { id: `re_test_local_${paymentIntentId.slice(-12)}` };
  },
};

type TestLine = CheckoutLine & { refunded?: boolean };

/** The test checkout's lines (a class payment's), or none. */
export function testCheckoutLines(row: { lines: string | null }): TestLine[] {
  if (!row.lines) return [];
  // A line's name may be stored as `description` (the demo data's sessions).
  return (JSON.parse(row.lines) as (TestLine & { description?: string })[]).map(
    ({ description, ...line }) => ({ ...line, name: line.name ?? description ?? "" }),
  );
}

/**
 * A partial refund of a test payment: the line is marked refunded, and the session becomes
 * 'refunded' only when every line is. Refunding a line twice is refused, as Stripe refuses more
 * than is left.
 */
async function refundTestLine(paymentIntentId: string, amountCents: number, submissionId?: string) {
  return prisma.$transaction(async (tx) => {
    const row = await tx.testCheckoutSession.findFirst({
      where: { paymentIntentId, paymentStatus: "paid" },
    });
    if (!row) throw new Error(`no test payment ${paymentIntentId} to refund`);
    const lines = testCheckoutLines(row);
    const line = lines.find(
      (l) =>
        !l.refunded &&
        l.amountCents === amountCents &&
        (!submissionId || l.submissionId === submissionId),
    );
    if (!line) throw new Error(`no unrefunded line of ${amountCents} in ${paymentIntentId}`);
    line.refunded = true;
    await tx.testCheckoutSession.update({
      where: { id: row.id },
      data: {
        lines: JSON.stringify(lines),
        ...(lines.every((l) => l.refunded) ? { paymentStatus: "refunded" as const } : {}),
      },
    });
    return { id: `re_test_local_${randomBytes(8).toString("hex")}` };
  });
}

/** The provider for this configuration; throws PaymentsUnavailable when payments are off. */
export function paymentProvider(): PaymentProvider {
  const mode = paymentsMode();
  if (mode === "stripe") return stripeProvider;
  if (mode === "test") return testProvider;
  throw new PaymentsUnavailable();
}

/**
 * The test checkout's "Pay": the session completes as Stripe's would, and, as Stripe's webhook
 * would, a payment/checkout.completed event goes to the outbox in the same transaction.
 */
export async function completeTestCheckout(id: string) {
  const paymentIntentId = `pi_test_local_${randomBytes(12).toString("hex")}`;
  return prisma.$transaction(async (tx) => {
    const { count } = await tx.testCheckoutSession.updateMany({
      where: { id, status: "open" },
      data: { status: "complete", paymentStatus: "paid", paymentIntentId },
    });
    if (count === 1) await enqueueEvent(tx, "payment/checkout.completed", { sessionId: id });
    return tx.testCheckoutSession.findUniqueOrThrow({ where: { id } });
  });
}

/**
 * The test checkout page's session, for its entrant only (null for anyone else, or when the test
 * checkout is off: Stripe is configured, or production mode without PAYMENTS_TEST_MODE).
 */
export async function testCheckoutFor(entrantId: string, id: string) {
  if (paymentsMode() !== "test") return null;
  const row = await prisma.testCheckoutSession.findUnique({ where: { id } });
  if (row?.groupId) {
    // A class payment's page: for the educator paying it only.
    const group = await prisma.paymentGroup.findFirst({
      where: { id: row.groupId, payerId: entrantId },
      select: { id: true },
    });
    return group ? row : null;
  }
  if (!row?.submissionId) return null;
  const owner = await prisma.submission.findFirst({
    where: { id: row.submissionId, entrantId },
    select: { id: true },
  });
  return owner ? row : null;
}
