/**
 * Entry fees against a local fake that speaks Stripe's HTTP API (the real SDK pointed at it), with
 * webhooks signed by the SDK's test-header helper, and e-mail through the local Resend capture
 * (docs/decisions/0020-payments.md).
 */
import { afterAll, beforeEach, describe, expect, test } from "vitest";
import { startFakeStripe } from "#tests/fakes/stripe.mjs";
import { formatDollars } from "~/utils/dates";
import { startFakeResend } from "#tests/fakes/resend.mjs";
import { settled } from "./entry-outcome";

// The fakes start first: the environment is read once, when the first module reads it.
const stripe = await startFakeStripe({ apiKey: "sk_test_int", webhookSecret: "whsec_int" });
const resend = await startFakeResend({ apiKey: "re_int" });
process.env.STRIPE_SECRET_KEY = "sk_test_int";
process.env.STRIPE_WEBHOOK_SECRET = "whsec_int";
process.env.STRIPE_API_BASE_URL = stripe.baseUrl;
process.env.RESEND_API_KEY = "re_int";
process.env.RESEND_BASE_URL = `http://127.0.0.1:${resend.port}`;
process.env.SITE_URL = "http://inkwell.test";
afterAll(() => {
  stripe.server.close();
  resend.server.close();
});

const { prisma } = await import("~/utils/db.server");
const { receiveEntry: receive, newEntryKey } =
  await import("~/features/entries/receive-entry.server");
const receiveEntry = settled(receive);
const { publicContest } = await import("~/features/contests/public-contest");
const { contestSelect } = await import("~/features/contests/public-contests.server");
const { deliverDueEvents } = await import("~/features/lifecycle/outbox.server");
const { handleLocally } = await import("~/features/lifecycle/scheduler.server");
const checkout = await import("~/features/payments/checkout.server");
const { paymentReturnToast, RETURN_TOASTS } =
  await import("~/features/lifecycle/payment-return.server");
const { action: webhook } = await import("~/routes/api+/webhooks.stripe");
const { withdrawSubmission } = await import("~/features/entries/entrant-submissions.server");
const { runStep } = await import("~/features/lifecycle/lifecycle.server");

const DAY = 86_400_000;
let seq = 0;

async function writer(prefix = "writer") {
  seq++;
  return prisma.user.create({
    data: {
      email: `${prefix}-${seq}@example.test`,
      displayName: `Writer ${seq}`,
      dateOfBirth: new Date("2008-01-01T00:00:00Z"),
    },
  });
}

async function paidContest(feeCents = 500, dates: Partial<Record<string, Date>> = {}) {
  seq++;
  const now = Date.now();
  const row = await prisma.contest.create({
    data: {
      slug: `paid-${seq}`,
      title: `Paid Contest ${seq}`,
      description: "A contest with an entry fee.",
      isPublished: true,
      wordMin: 3,
      wordMax: 100,
      entryFeeCents: feeCents,
      entriesPerWriter: 5,
      submissionsOpen: new Date(now - DAY),
      submissionsClose: new Date(now + DAY),
      judgingOpen: new Date(now + 2 * DAY),
      judgingClose: new Date(now + 3 * DAY),
      resultsAt: new Date(now + 4 * DAY),
      ...dates,
    },
    select: contestSelect,
  });
  return publicContest(row);
}

const confirmed = {
  confirmOriginal: "on",
  confirmEligible: "on",
  confirmRules: "on",
  confirmAnonymous: "on",
};

async function enter(
  user: Awaited<ReturnType<typeof writer>>,
  contest: Awaited<ReturnType<typeof paidContest>>,
  extra: Record<string, string> = {},
) {
  const fd = new FormData();
  const fields = {
    title: "The Lantern",
    body: "A small light in the window kept watch all night.",
    entryKey: newEntryKey(),
    ...confirmed,
    ...extra,
  };
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  const request = new Request(`http://inkwell.test/contests/${contest.slug}/enter`, {
    method: "POST",
    body: fd,
  });
  return receiveEntry(request, user, contest);
}

function postWebhook(payload: string, signature: string | null) {
  const headers = new Headers({ "Content-Type": "application/json" });
  if (signature) headers.set("Stripe-Signature", signature);
  return webhook({
    request: new Request("http://inkwell.test/api/webhooks/stripe", {
      method: "POST",
      headers,
      body: payload,
    }),
    params: {},
    context: {},
  }) as Promise<Response>;
}

async function sendCompleted(sessionId: string) {
  const evt = stripe.event("checkout.session.completed", stripe.sessions.get(sessionId));
  const { payload, header } = stripe.signedWebhook(evt);
  return { evt, response: await postWebhook(payload, header), payload, header };
}

/** A pending entry with an open checkout; returns its ids. */
async function pendingWithCheckout(prefix = "writer") {
  const user = await writer(prefix);
  const contest = await paidContest();
  const outcome = await enter(user, contest);
  if (!outcome.ok) throw new Error("entry refused");
  const start = await checkout.startCheckout(user.id, outcome.submissionId, "http://inkwell.test");
  if (start.kind !== "redirect") throw new Error("no checkout");
  const sessionId = new URL(start.url).pathname.split("/").pop()!;
  return { user, contest, submissionId: outcome.submissionId, sessionId, url: start.url };
}

const entry = (id: string) =>
  prisma.submission.findUniqueOrThrow({ where: { id }, include: { payment: true } });
const confirmations = (to: string) =>
  resend.messages.filter((m) => m.to.includes(to) && m.subject.startsWith("Submission received"));
const outboxFor = (name: string, fragment: string) =>
  prisma.outboxEvent.count({ where: { name, payload: { contains: fragment } } });

beforeEach(() => {
  stripe.failNext(0);
});

describe("paying an entry fee", () => {
  test("end to end: pending entry, checkout with metadata and an idempotency key, webhook, confirmation with a receipt", async () => {
    const { user, submissionId, sessionId, url, contest } = await pendingWithCheckout();
    expect(url).toBe(`${stripe.baseUrl}/pay/${sessionId}`.replace("127.0.0.1", `127.0.0.1`));
    const before = await entry(submissionId);
    expect(before.status).toBe("pending_payment");
    expect(before.payment).toMatchObject({ status: "open", amountCents: 500, feeCents: 500 });

    const session = stripe.sessions.get(sessionId)!;
    expect(session).toMatchObject({
      amount_total: 500,
      metadata: { submissionId },
      success_url: `http://inkwell.test/dashboard?payment=success&submission=${submissionId}`,
      cancel_url: `http://inkwell.test/dashboard/submissions/${submissionId}?payment=cancelled`,
    });
    const create = stripe.calls.find(
      (c) => c.path === "/v1/checkout/sessions" && c.body.includes(submissionId),
    );
    expect(create).toBeTruthy();

    // Not paid yet: the return does nothing.
    expect(await paymentReturnToast(user.id, submissionId)).toEqual(RETURN_TOASTS.processing);
    expect((await entry(submissionId)).status).toBe("pending_payment");

    stripe.pay(sessionId);
    const { response } = await sendCompleted(sessionId);
    expect(response.status).toBe(200);
    const after = await entry(submissionId);
    expect(after.status).toBe("submitted");
    expect(after.payment).toMatchObject({ status: "paid" });
    expect(after.payment!.paymentIntentId).toBe(stripe.sessions.get(sessionId)!.payment_intent);

    // The confirmation is the entry/submitted workflow's, through the outbox.
    await deliverDueEvents(new Date(), handleLocally);
    const mails = confirmations(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain(contest.title);
    expect(mails[0].text).toContain("The Lantern");
    expect(mails[0].text).toContain("Word count: 10");
    expect(mails[0].text).toContain("Paid: $5.00");
    expect(mails[0].text).toContain(after.payment!.paymentIntentId!);
    expect(mails[0].text).toContain("What happens next");
    expect(mails[0].html).not.toMatch(/writer-\d+@example\.test.*writer-\d+@example\.test/s);
  });

  test("webhook first, then the return: confirmed once, one e-mail, the success toast", async () => {
    const { user, submissionId, sessionId } = await pendingWithCheckout();
    stripe.pay(sessionId);
    expect((await sendCompleted(sessionId)).response.status).toBe(200);
    expect(await paymentReturnToast(user.id, submissionId)).toEqual(RETURN_TOASTS.confirmed);
    expect(confirmations(user.email)).toHaveLength(1);
    expect(await outboxFor("entry/submitted", submissionId)).toBe(1);
  });

  test("the return first, then the webhook: the webhook changes nothing", async () => {
    const { user, submissionId, sessionId } = await pendingWithCheckout();
    stripe.pay(sessionId);
    expect(await paymentReturnToast(user.id, submissionId)).toEqual(RETURN_TOASTS.confirmed);
    expect((await entry(submissionId)).status).toBe("submitted");
    expect((await sendCompleted(sessionId)).response.status).toBe(200);
    await deliverDueEvents(new Date(), handleLocally);
    expect(await outboxFor("entry/submitted", submissionId)).toBe(1);
    expect(confirmations(user.email)).toHaveLength(1);
  });

  test("webhook and return at the same moment: confirmed exactly once", async () => {
    const { user, submissionId, sessionId } = await pendingWithCheckout();
    stripe.pay(sessionId);
    const [hook, toast, again] = await Promise.all([
      sendCompleted(sessionId),
      paymentReturnToast(user.id, submissionId),
      checkout.finalizeCheckout(sessionId),
    ]);
    expect(hook.response.status).toBe(200);
    expect(toast).toEqual(RETURN_TOASTS.confirmed);
    expect(["confirmed", "already-confirmed"]).toContain(again);
    await deliverDueEvents(new Date(), handleLocally);
    expect(await outboxFor("entry/submitted", submissionId)).toBe(1);
    expect((await entry(submissionId)).status).toBe("submitted");
    expect(confirmations(user.email)).toHaveLength(1);
  });

  test("the return and the workflow sending the confirmation at the same moment send one e-mail", async () => {
    const { user, submissionId, sessionId } = await pendingWithCheckout();
    stripe.pay(sessionId);
    expect(await checkout.finalizeCheckout(sessionId)).toBe("confirmed");
    const { confirmEntry } = await import("~/features/lifecycle/lifecycle.server");
    const outcomes = await Promise.all([
      confirmEntry(submissionId),
      confirmEntry(submissionId),
      paymentReturnToast(user.id, submissionId),
      deliverDueEvents(new Date(), handleLocally),
    ]);
    expect(outcomes.slice(0, 2).sort()).toEqual(["already-sent", "sent"]);
    expect(outcomes[2]).toEqual(RETURN_TOASTS.confirmed);
    expect(confirmations(user.email)).toHaveLength(1);
  });

  test("a replayed webhook does nothing; a bad signature gets 400 and changes nothing", async () => {
    const { submissionId, sessionId } = await pendingWithCheckout();
    stripe.pay(sessionId);
    const evt = stripe.event("checkout.session.completed", stripe.sessions.get(sessionId));

    const forged = stripe.signedWebhook(evt, "whsec_wrong");
    expect((await postWebhook(forged.payload, forged.header)).status).toBe(400);
    expect((await postWebhook(forged.payload, null)).status).toBe(400);
    const tampered = stripe.signedWebhook(evt);
    expect(
      (await postWebhook(tampered.payload.replace(sessionId, "cs_other"), tampered.header)).status,
    ).toBe(400);
    expect(await prisma.stripeEvent.count({ where: { id: evt.id } })).toBe(0);
    expect((await entry(submissionId)).status).toBe("pending_payment");

    const { payload, header } = stripe.signedWebhook(evt);
    expect((await postWebhook(payload, header)).status).toBe(200);
    const replay = await postWebhook(payload, header);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ message: "duplicate" });
    expect(await prisma.stripeEvent.count({ where: { id: evt.id } })).toBe(1);
    expect(await outboxFor("payment/checkout.completed", sessionId)).toBe(1);
    expect(await outboxFor("entry/submitted", submissionId)).toBe(1);
  });

  test("abandoned, then completed later: the open session is reused, an expired one replaced, no second entry", async () => {
    const { user, submissionId, sessionId } = await pendingWithCheckout();
    const again = await checkout.startCheckout(user.id, submissionId, "http://inkwell.test");
    expect(again).toEqual({ kind: "redirect", url: stripe.sessions.get(sessionId)!.url });

    stripe.sessions.get(sessionId)!.status = "expired"; // Stripe expires an unpaid session after 24 h
    const later = await checkout.startCheckout(user.id, submissionId, "http://inkwell.test");
    if (later.kind !== "redirect") throw new Error("expected a checkout");
    const second = new URL(later.url).pathname.split("/").pop()!;
    expect(second).not.toBe(sessionId);
    const keys = stripe.calls.filter((c) => c.body.includes(submissionId)).length;
    expect(keys).toBe(2);

    stripe.pay(second);
    expect(await paymentReturnToast(user.id, submissionId)).toEqual(RETURN_TOASTS.confirmed);
    expect(await prisma.submission.count({ where: { entrantId: user.id } })).toBe(1);
    expect((await entry(submissionId)).payment).toMatchObject({
      status: "paid",
      checkoutSessionId: second,
      checkoutAttempts: 2,
    });
  });

  test("Stripe failing to open a checkout leaves the entry saved and pending", async () => {
    const user = await writer();
    const contest = await paidContest();
    const outcome = await enter(user, contest);
    if (!outcome.ok) throw new Error("refused");
    stripe.failNext(3);
    await expect(
      checkout.startCheckout(user.id, outcome.submissionId, "http://inkwell.test"),
    ).rejects.toThrow();
    expect(await entry(outcome.submissionId)).toMatchObject({
      status: "pending_payment",
      payment: { status: "open", checkoutSessionId: null },
    });
  });

  test("the return for someone else's entry does nothing", async () => {
    const { submissionId, sessionId } = await pendingWithCheckout();
    const stranger = await writer("stranger");
    stripe.pay(sessionId);
    expect(await paymentReturnToast(stranger.id, submissionId)).toBeNull();
    expect((await entry(submissionId)).status).toBe("pending_payment");
  });

  test("a refund goes through Stripe once, withdraws the entry, gives the code back and tells the entrant", async () => {
    const { user, submissionId, sessionId } = await pendingWithCheckout();
    stripe.pay(sessionId);
    await paymentReturnToast(user.id, submissionId);
    const pi = stripe.sessions.get(sessionId)!.payment_intent;

    expect(await checkout.refundEntry(submissionId)).toEqual({ amount: "$5.00" });
    expect(stripe.refunds.filter((r) => r.payment_intent === pi)).toHaveLength(1);
    const after = await entry(submissionId);
    expect(after.status).toBe("withdrawn");
    expect(after.payment).toMatchObject({ status: "refunded" });
    expect(after.payment!.refundId).toMatch(/^re_/);
    await expect(checkout.refundEntry(submissionId)).rejects.toThrow(
      checkout.PAYMENT_MESSAGES.notRefundable,
    );
    expect(stripe.refunds.filter((r) => r.payment_intent === pi)).toHaveLength(1);

    await deliverDueEvents(new Date(), handleLocally);
    const notice = resend.messages.filter(
      (m) => m.to.includes(user.email) && m.subject.startsWith("Entry fee refunded"),
    );
    expect(notice).toHaveLength(1);
    expect(notice[0].text).toContain("$5.00");
  });

  test("a refused refund changes nothing", async () => {
    const { user, submissionId, sessionId } = await pendingWithCheckout();
    stripe.pay(sessionId);
    await paymentReturnToast(user.id, submissionId);
    stripe.failNext(3);
    await expect(checkout.refundEntry(submissionId)).rejects.toThrow(
      checkout.PAYMENT_MESSAGES.refundFailed,
    );
    expect(await entry(submissionId)).toMatchObject({
      status: "submitted",
      payment: { status: "paid" },
    });
  });

  test("a confirmation e-mail that fails leaves the entry confirmed and gives the warning toast", async () => {
    const { user, submissionId, sessionId } = await pendingWithCheckout("bounce");
    stripe.pay(sessionId);
    expect(await paymentReturnToast(user.id, submissionId)).toEqual(RETURN_TOASTS.emailFailed);
    expect((await entry(submissionId)).status).toBe("submitted");
    const log = await prisma.emailLog.findFirstOrThrow({
      where: { to: user.email, template: "submission-confirmation" },
    });
    expect(log.status).toBe("failed");
  });

  test("paid after the entry was withdrawn: the late payment is refunded, the entry stays withdrawn", async () => {
    const { user, submissionId, sessionId } = await pendingWithCheckout();
    expect(await withdrawSubmission(user.id, submissionId)).toBe("withdrawn");
    expect(stripe.sessions.get(sessionId)!.status).toBe("expired");
    // A race Stripe allows: the customer had already pressed Pay.
    const s = stripe.sessions.get(sessionId)!;
    s.status = "complete";
    s.payment_status = "paid";
    s.payment_intent = "pi_late_1";
    expect(await checkout.finalizeCheckout(sessionId)).toBe("refunded-late");
    expect(stripe.refunds.filter((r) => r.payment_intent === "pi_late_1")).toHaveLength(1);
    expect(await entry(submissionId)).toMatchObject({
      status: "withdrawn",
      payment: { status: "refunded" },
    });
  });
});

describe("discount codes and fee waivers", () => {
  async function code(data: Partial<Parameters<typeof prisma.discountCode.create>[0]["data"]>) {
    seq++;
    return prisma.discountCode.create({
      data: { code: `CODE${seq}`, percentOff: 50, ...data },
    });
  }

  test("every refusal reason is shown on the code field, and no entry is written", async () => {
    const user = await writer();
    const contest = await paidContest();
    const other = await paidContest();
    const cases: [string, string][] = [
      ["NOSUCHCODE", "This discount code is not valid."],
      [(await code({ active: false })).code, "This discount code is not valid."],
      [
        (await code({ expiresAt: new Date(Date.now() - 1000) })).code,
        "This discount code has expired.",
      ],
      [
        (await code({ maxUses: 1, usedCount: 1 })).code,
        "This discount code has been used the maximum number of times.",
      ],
      [(await code({ contestId: other.id })).code, "This discount code is not for this contest."],
    ];
    // Each refusal says that clearing the code lets the entry in at the full fee.
    const hint = `To enter without it, clear the discount code box and pay the full ${formatDollars(contest.entryFeeCents)} fee.`;
    for (const [typed, message] of cases) {
      const outcome = await enter(user, contest, { discountCode: typed });
      expect(outcome.ok, typed).toBe(false);
      if (!outcome.ok) {
        expect(outcome.status).toBe(400);
        expect(outcome.reply?.error?.discountCode).toEqual([`${message} ${hint}`]);
      }
    }
    const free = await paidContest(0);
    const onFree = await enter(user, free, { discountCode: (await code({})).code });
    expect(onFree.ok).toBe(false);
    expect(await prisma.submission.count({ where: { entrantId: user.id } })).toBe(0);
    expect(await prisma.payment.count({ where: { submission: { entrantId: user.id } } })).toBe(0);
  });

  test("a code lowers the amount sent to checkout; it is typed in any case", async () => {
    const user = await writer();
    const contest = await paidContest(800);
    const c = await code({ amountOffCents: 300, percentOff: null });
    const outcome = await enter(user, contest, { discountCode: ` ${c.code.toLowerCase()} ` });
    if (!outcome.ok) throw new Error("refused");
    expect((await entry(outcome.submissionId)).payment).toMatchObject({
      feeCents: 800,
      discountCents: 300,
      amountCents: 500,
      discountCodeId: c.id,
      status: "open",
    });
    const start = await checkout.startCheckout(
      user.id,
      outcome.submissionId,
      "http://inkwell.test",
    );
    if (start.kind !== "redirect") throw new Error("no checkout");
    const id = new URL(start.url).pathname.split("/").pop()!;
    expect(stripe.sessions.get(id)!.amount_total).toBe(500);
  });

  test("a 100% code waives the fee: submitted at once, no checkout, a receipt saying so", async () => {
    const user = await writer();
    const contest = await paidContest();
    const c = await code({ percentOff: 100 });
    const calls = stripe.calls.length;
    const outcome = await enter(user, contest, { discountCode: c.code });
    expect(outcome).toMatchObject({ ok: true, status: "submitted" });
    if (!outcome.ok) return;
    expect(stripe.calls.length).toBe(calls);
    expect((await entry(outcome.submissionId)).payment).toMatchObject({
      status: "waived",
      amountCents: 0,
    });
    await deliverDueEvents(new Date(), handleLocally);
    const [mail] = confirmations(user.email);
    expect(mail.text).toContain("Fee waived: $0.00");
    expect(mail.text).toContain(`code ${c.code}`);
    expect((await prisma.discountCode.findUniqueOrThrow({ where: { id: c.id } })).usedCount).toBe(
      1,
    );
  });

  test("more entrants than the maximum at the same moment: exactly the maximum get the code", async () => {
    const contest = await paidContest();
    const c = await code({ maxUses: 3 });
    const writers = await Promise.all(Array.from({ length: 8 }, () => writer("rush")));
    const outcomes = await Promise.all(
      writers.map((w) => enter(w, contest, { discountCode: c.code })),
    );
    const ok = outcomes.filter((o) => o.ok);
    expect(ok).toHaveLength(3);
    for (const o of outcomes.filter((o) => !o.ok))
      if (!o.ok)
        expect(o.reply?.error?.discountCode).toEqual([
          "This discount code has been used the maximum number of times. To enter without it, clear the discount code box and pay the full $5.00 fee.",
        ]);
    expect((await prisma.discountCode.findUniqueOrThrow({ where: { id: c.id } })).usedCount).toBe(
      3,
    );
    expect(await prisma.payment.count({ where: { discountCodeId: c.id } })).toBe(3);
  });

  test("an expired or withdrawn unpaid entry, or a refund, gives its use back", async () => {
    const now = Date.now();
    const contest = await paidContest(500, {
      submissionsOpen: new Date(now - 2 * DAY),
      submissionsClose: new Date(now + DAY),
    });
    const c = await code({ maxUses: 5 });
    const uses = async () =>
      (await prisma.discountCode.findUniqueOrThrow({ where: { id: c.id } })).usedCount;
    const [a, b, d] = await Promise.all([writer(), writer(), writer()]);
    const ea = await enter(a, contest, { discountCode: c.code });
    const eb = await enter(b, contest, { discountCode: c.code });
    const ed = await enter(d, contest, { discountCode: c.code });
    if (!ea.ok || !eb.ok || !ed.ok) throw new Error("refused");
    expect(await uses()).toBe(3);

    await withdrawSubmission(a.id, ea.submissionId);
    expect(await uses()).toBe(2);

    const s = await checkout.startCheckout(d.id, ed.submissionId, "http://inkwell.test");
    if (s.kind !== "redirect") throw new Error("no checkout");
    stripe.pay(new URL(s.url).pathname.split("/").pop()!);
    await paymentReturnToast(d.id, ed.submissionId);
    await checkout.refundEntry(ed.submissionId);
    expect(await uses()).toBe(1);

    // The close step expires b's unpaid entry.
    await prisma.contest.update({
      where: { id: contest.id },
      data: { submissionsClose: new Date(now - 1000) },
    });
    const { syncSteps } = await import("~/features/lifecycle/lifecycle.server");
    await syncSteps(contest.id);
    await runStep(contest.id, "open", new Date());
    expect((await runStep(contest.id, "close", new Date())).status).toBe("finished");
    expect(await entry(eb.submissionId)).toMatchObject({
      status: "expired",
      payment: { status: "void" },
    });
    expect(await uses()).toBe(0);
  });
});

describe("deleting an account", () => {
  test("a paid entry stays as an emptied, withdrawn record of the payment; an unpaid one's code use goes back", async () => {
    const { deleteAccount } = await import("~/features/privacy/account-deletion.server");
    const user = await writer();
    const contest = await paidContest();
    const other = await paidContest();
    seq++;
    const c = await prisma.discountCode.create({ data: { code: `DEL${seq}`, percentOff: 50 } });
    const paidEntry = await enter(user, contest);
    const unpaid = await enter(user, other, { discountCode: c.code });
    if (!paidEntry.ok || !unpaid.ok) throw new Error("refused");
    const s = await checkout.startCheckout(user.id, paidEntry.submissionId, "http://inkwell.test");
    if (s.kind !== "redirect") throw new Error("no checkout");
    stripe.pay(new URL(s.url).pathname.split("/").pop()!);
    await paymentReturnToast(user.id, paidEntry.submissionId);
    expect((await prisma.discountCode.findUniqueOrThrow({ where: { id: c.id } })).usedCount).toBe(
      1,
    );

    await deleteAccount(user.id);
    expect(await prisma.submission.findUnique({ where: { id: unpaid.submissionId } })).toBeNull();
    expect((await prisma.discountCode.findUniqueOrThrow({ where: { id: c.id } })).usedCount).toBe(
      0,
    );
    const kept = await entry(paidEntry.submissionId);
    expect(kept).toMatchObject({ status: "withdrawn", body: null, payment: { status: "paid" } });
    const account = await prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(account.email).toMatch(/@deleted\.invalid$/);
  });
});

describe("configuration", () => {
  test("the test checkout is refused in production mode unless PAYMENTS_TEST_MODE is set, and never on Fly", async () => {
    const { parseEnv, paymentsMode } = await import("~/utils/env.server");
    const SITE_URL = "https://x.test";
    expect(paymentsMode(parseEnv({ NODE_ENV: "production", SITE_URL }))).toBe("off");
    expect(
      paymentsMode(parseEnv({ NODE_ENV: "production", SITE_URL, PAYMENTS_TEST_MODE: "1" })),
    ).toBe("test");
    expect(paymentsMode(parseEnv({ NODE_ENV: "development" }))).toBe("test");
    expect(() =>
      parseEnv({
        NODE_ENV: "production",
        FLY_APP_NAME: "inkwell",
        SESSION_SECRET: "s",
        SITE_URL: "https://x.test",
        PAYMENTS_TEST_MODE: "1",
      }),
    ).toThrow("PAYMENTS_TEST_MODE");
    expect(() => parseEnv({ STRIPE_SECRET_KEY: "sk" })).toThrow("STRIPE_WEBHOOK_SECRET");
    expect(paymentsMode(parseEnv({ STRIPE_SECRET_KEY: "sk", STRIPE_WEBHOOK_SECRET: "wh" }))).toBe(
      "stripe",
    );
  });
});
