/**
 * One payment for many class entries (docs/decisions/0031-classrooms-and-shared-computers.md),
 * against the local Stripe fake (the real SDK pointed at it) and the local Resend capture: one
 * checkout with a line per entry, confirmed exactly once with one receipt; a school code on the
 * group; a partial refund of one entry; an invoice the admin marks paid; a cancelled checkout
 * gives the entries back.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startFakeStripe } from "#tests/fakes/stripe.mjs";
import { startFakeResend } from "#tests/fakes/resend.mjs";

const stripe = await startFakeStripe({ apiKey: "sk_test_cls", webhookSecret: "whsec_cls" });
const resend = await startFakeResend({ apiKey: "re_cls" });
process.env.STRIPE_SECRET_KEY = "sk_test_cls";
process.env.STRIPE_WEBHOOK_SECRET = "whsec_cls";
process.env.STRIPE_API_BASE_URL = stripe.baseUrl;
process.env.RESEND_API_KEY = "re_cls";
process.env.RESEND_BASE_URL = `http://127.0.0.1:${resend.port}`;
process.env.SITE_URL = "http://inkwell.test";

const { prisma } = await import("~/utils/db.server");
const { createLocalStorage, setStorageForTests } = await import("~/utils/storage.server");
const groups = {
  ...(await import("~/features/payments/group-checkout.server")),
  ...(await import("~/features/payments/group-settlement.server")),
  ...(await import("~/features/payments/invoices.server")),
};
const { refundEntry, finalizeCheckout } = await import("~/features/payments/checkout.server");
const { groupReturnToast } = await import("~/features/lifecycle/payment-return.server");
const { deliverDueEvents } = await import("~/features/lifecycle/outbox.server");
const { handleLocally } = await import("~/features/lifecycle/scheduler.server");
const { classContestRoster } = await import("~/features/classrooms/class-entries.server");
const { withdrawSubmission } = await import("~/features/entries/entrant-submissions.server");
const { action: webhook } = await import("~/routes/api+/webhooks.stripe");
const fx = await import("./class-fixtures");

const root = fs.mkdtempSync(path.join(os.tmpdir(), "inkwell-class-payments-"));
beforeAll(() => setStorageForTests(createLocalStorage(root)));
afterAll(() => {
  stripe.server.close();
  resend.server.close();
  setStorageForTests(undefined);
  fs.rmSync(root, { recursive: true, force: true });
});

const FEE = 1500;

/** An educator's class with `n` roster pupils, each with one entry waiting for payment. */
async function classWithEntries(n = 4, feeCents = FEE) {
  const t = await fx.makeEducator();
  const contest = await fx.openContest({ feeCents });
  const names = ["Mia", "Noah", "Zara", "Liam", "Emma", "Owen"];
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const pupil = await fx.rosterPupil(t.classroom.id, names[i]!, "R");
    const outcome = await fx.enterFor(t, pupil, contest, { title: `Story of ${names[i]}` });
    if (!outcome.ok) throw new Error(`entry refused: ${JSON.stringify(outcome)}`);
    ids.push(outcome.submissionId);
  }
  return { t, contest, ids };
}

async function payGroup(
  t: Awaited<ReturnType<typeof fx.makeEducator>>,
  contestId: string,
  ids: string[],
  code?: string,
) {
  const start = await groups.startGroupCheckout({
    payerId: t.user.id,
    contestId,
    submissionIds: ids,
    code,
    origin: "http://inkwell.test",
    returnPath: `/educator/classes/${t.classroom.id}/contests/x`,
  });
  if (start.kind !== "redirect") throw new Error("no checkout");
  const sessionId = new URL(start.url).pathname.split("/").pop()!;
  return { groupId: start.groupId, sessionId };
}

function postWebhook(sessionId: string) {
  const evt = stripe.event("checkout.session.completed", stripe.sessions.get(sessionId));
  const { payload, header } = stripe.signedWebhook(evt);
  return webhook({
    request: new Request("http://inkwell.test/api/webhooks/stripe", {
      method: "POST",
      headers: { "Content-Type": "application/json", "Stripe-Signature": header },
      body: payload,
    }),
    params: {},
    context: {},
  }) as Promise<Response>;
}

const entries = (ids: string[]) =>
  prisma.submission.findMany({
    where: { id: { in: ids } },
    include: { payment: true },
    orderBy: { title: "asc" },
  });
const mailsTo = (to: string, subject: string) =>
  resend.messages.filter((m) => m.to.includes(to) && m.subject.startsWith(subject));

describe("one checkout for many entries", () => {
  test("four entries: a line each; finalized twice is once; all submitted; one receipt", async () => {
    const { t, contest, ids } = await classWithEntries(4);
    const { groupId, sessionId } = await payGroup(t, contest.id, ids);
    const session = stripe.sessions.get(sessionId)!;
    expect(session.line_items).toHaveLength(4);
    expect(session.amount_total).toBe(4 * FEE);
    expect(session.line_items.map((l: { description: string }) => l.description).sort()).toEqual([
      "Entry fee: Story of Liam (Liam R.)",
      "Entry fee: Story of Mia (Mia R.)",
      "Entry fee: Story of Noah (Noah R.)",
      "Entry fee: Story of Zara (Zara R.)",
    ]);
    expect(session.metadata).toEqual({ groupId });
    // Waiting on the checkout: the entries cannot be chosen again.
    const roster = await classContestRoster(t.classroom.id, contest);
    expect(roster.flatMap((p) => p.entries.map((e) => e.status))).toEqual(
      Array(4).fill("Payment started"),
    );
    await expect(
      groups.startGroupCheckout({
        payerId: t.user.id,
        contestId: contest.id,
        submissionIds: ids.slice(0, 1),
        origin: "http://inkwell.test",
        returnPath: "/x",
      }),
    ).rejects.toThrow(groups.GROUP_MESSAGES.notPayable);
    expect(await prisma.paymentGroup.count({ where: { payerId: t.user.id } })).toBe(1);

    stripe.pay(sessionId);
    expect((await postWebhook(sessionId)).status).toBe(200);
    expect((await postWebhook(sessionId)).status).toBe(200); // a replay
    await deliverDueEvents(new Date(), handleLocally);
    // The return after the webhook: changes nothing, and sends nothing more.
    const toast = await groupReturnToast(t.user.id, groupId, "success");
    expect(toast).toMatchObject({ type: "success" });
    expect(await finalizeCheckout(sessionId)).toBe("already-confirmed");

    const rows = await entries(ids);
    expect(rows.map((r) => r.status)).toEqual(Array(4).fill("submitted"));
    expect(rows.map((r) => r.payment!.status)).toEqual(Array(4).fill("paid"));
    const pi = stripe.sessions.get(sessionId)!.payment_intent;
    expect(
      rows.every((r) => r.payment!.paymentIntentId === pi && r.payment!.groupId === groupId),
    ).toBe(true);
    const group = await prisma.paymentGroup.findUniqueOrThrow({ where: { id: groupId } });
    expect(group).toMatchObject({ status: "paid", amountCents: 4 * FEE, paymentIntentId: pi });
    const receipts = mailsTo(t.user.email, "Receipt:");
    expect(receipts).toHaveLength(1);
    expect(receipts[0].text).toContain("Entry fee: Story of Mia (Mia R.)");
    expect(receipts[0].text).toContain("$60.00");
    // No per-entry confirmations for class entries: the one receipt says it.
    expect(mailsTo(t.user.email, "Submission received")).toHaveLength(0);
  });

  test("a school code prices each line (a use per entry); a 100% code waives them all", async () => {
    const half = await prisma.discountCode.create({
      data: { code: `SCHOOL${Date.now()}`, percentOff: 50 },
    });
    const { t, contest, ids } = await classWithEntries(3);
    const { sessionId } = await payGroup(t, contest.id, ids, half.code.toLowerCase());
    expect(stripe.sessions.get(sessionId)!.amount_total).toBe(3 * 750);
    expect(
      (await prisma.discountCode.findUniqueOrThrow({ where: { id: half.id } })).usedCount,
    ).toBe(3);
    const rows = await entries(ids);
    expect(rows.map((r) => [r.payment!.amountCents, r.payment!.discountCents])).toEqual(
      Array(3).fill([750, 750]),
    );

    const free = await prisma.discountCode.create({
      data: { code: `FREE${Date.now()}`, percentOff: 100 },
    });
    const other = await classWithEntries(2);
    const start = await groups.startGroupCheckout({
      payerId: other.t.user.id,
      contestId: other.contest.id,
      submissionIds: other.ids,
      code: free.code,
      origin: "http://inkwell.test",
      returnPath: "/x",
    });
    expect(start.kind).toBe("waived");
    const waived = await entries(other.ids);
    expect(waived.map((r) => [r.status, r.payment!.status])).toEqual(
      Array(2).fill(["submitted", "waived"]),
    );
  });

  test("a partial refund of one entry: its line's amount; the others stay paid", async () => {
    const { t, contest, ids } = await classWithEntries(3);
    const { groupId, sessionId } = await payGroup(t, contest.id, ids);
    stripe.pay(sessionId);
    expect(await groupReturnToast(t.user.id, groupId, "success")).toMatchObject({
      type: "success",
    });
    const pi = stripe.sessions.get(sessionId)!.payment_intent;
    expect(await refundEntry(ids[0]!)).toEqual({ amount: "$15.00" });
    const made = stripe.refunds.filter((r: { payment_intent: string }) => r.payment_intent === pi);
    expect(made).toHaveLength(1);
    expect(made[0].amount).toBe(FEE);
    const rows = await prisma.submission.findMany({
      where: { id: { in: ids } },
      include: { payment: true },
    });
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(ids[0]!)).toMatchObject({
      status: "withdrawn",
      payment: { status: "refunded" },
    });
    for (const id of ids.slice(1))
      expect(byId.get(id)).toMatchObject({ status: "submitted", payment: { status: "paid" } });
    // A second entry refunded too: another partial refund of its own amount.
    await refundEntry(ids[1]!);
    expect(
      stripe.refunds.filter((r: { payment_intent: string }) => r.payment_intent === pi),
    ).toHaveLength(2);
  });
});

describe("pay by invoice", () => {
  test("submitted at once, one invoice e-mail; a voided line lowers the total; the admin marks it paid", async () => {
    const admin = await prisma.user.create({
      data: { email: `admin-${Date.now()}@inkwell.test`, displayName: "Admin" },
    });
    const { t, contest, ids } = await classWithEntries(3);
    await expect(
      groups.invoiceGroup({
        payerId: t.user.id,
        contestId: contest.id,
        submissionIds: ids,
        reference: " ",
      }),
    ).rejects.toThrow(groups.GROUP_MESSAGES.referenceNeeded);
    const { groupId } = await groups.invoiceGroup({
      payerId: t.user.id,
      contestId: contest.id,
      submissionIds: ids,
      reference: "PO-2026-117",
    });
    const { tellGroupPayment } = await import("~/features/lifecycle/payment-mail.server");
    expect(await tellGroupPayment(groupId)).toBe("sent");
    expect(await tellGroupPayment(groupId)).toBe("already-sent");
    const invoices = mailsTo(t.user.email, "Invoice:");
    expect(invoices).toHaveLength(1);
    expect(invoices[0].text).toContain("PO-2026-117");
    expect(invoices[0].text).toContain("$45.00");
    let rows = await entries(ids);
    expect(rows.map((r) => [r.status, r.payment!.status])).toEqual(
      Array(3).fill(["submitted", "invoiced"]),
    );
    const roster = await classContestRoster(t.classroom.id, contest);
    expect(roster.flatMap((p) => p.entries.map((e) => e.status))).toEqual(Array(3).fill("Invoice"));

    const open = await groups.listOpenInvoices(1);
    const mine = open.rows.find((g) => g.id === groupId)!;
    expect(mine).toMatchObject({
      amountCents: 4500,
      reference: "PO-2026-117",
      _count: { payments: 3 },
    });
    expect(mine.payer.educator?.school.name).toBe(t.school.name);

    // The admin's "refund" of an invoiced entry voids its line.
    await refundEntry(ids[0]!);
    expect(await prisma.paymentGroup.findUniqueOrThrow({ where: { id: groupId } })).toMatchObject({
      amountCents: 3000,
      status: "invoiced",
    });

    await groups.markInvoicePaid(groupId, admin.id);
    await expect(groups.markInvoicePaid(groupId, admin.id)).rejects.toThrow(
      groups.GROUP_MESSAGES.notInvoiced,
    );
    const group = await prisma.paymentGroup.findUniqueOrThrow({ where: { id: groupId } });
    expect(group).toMatchObject({ status: "paid", markedPaidById: admin.id });
    expect(group.paidAt).toBeInstanceOf(Date);
    rows = await entries(ids);
    expect(rows.map((r) => r.payment!.status).sort()).toEqual(["paid", "paid", "void"]);
    expect((await groups.listOpenInvoices(1)).rows.some((g) => g.id === groupId)).toBe(false);
  });
});

describe("a checkout that is not paid", () => {
  test("cancelled: the entries are released and can be chosen again", async () => {
    const { t, contest, ids } = await classWithEntries(2);
    const { groupId, sessionId } = await payGroup(t, contest.id, ids);
    const toast = await groupReturnToast(t.user.id, groupId, "cancelled");
    expect(toast).toMatchObject({ title: "Payment cancelled" });
    expect(stripe.sessions.get(sessionId)!.status).toBe("expired");
    expect(await prisma.paymentGroup.findUniqueOrThrow({ where: { id: groupId } })).toMatchObject({
      status: "void",
    });
    const rows = await entries(ids);
    expect(rows.map((r) => [r.status, r.payment!.status, r.payment!.groupId])).toEqual(
      Array(2).fill(["pending_payment", "open", null]),
    );
    const again = await payGroup(t, contest.id, ids);
    expect(again.groupId).not.toBe(groupId);
  });

  test("expired at Stripe: the next look at the class's page releases the entries", async () => {
    const { t, contest, ids } = await classWithEntries(2);
    const { groupId, sessionId } = await payGroup(t, contest.id, ids);
    stripe.sessions.get(sessionId)!.status = "expired";
    await groups.settleOpenGroups(t.user.id, contest.id);
    expect((await prisma.paymentGroup.findUniqueOrThrow({ where: { id: groupId } })).status).toBe(
      "void",
    );
    const roster = await classContestRoster(t.classroom.id, contest);
    expect(roster.flatMap((p) => p.entries.map((e) => e.payable))).toEqual([true, true]);
  });

  test("withdrawing one entry of an open checkout releases the rest; paying it then is refunded whole", async () => {
    const { t, contest, ids } = await classWithEntries(3);
    const { groupId, sessionId } = await payGroup(t, contest.id, ids);
    expect(await withdrawSubmission(t.user.id, ids[0]!)).toBe("withdrawn");
    expect(stripe.sessions.get(sessionId)!.status).toBe("expired");
    const rows = await entries(ids);
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(ids[0]!)!.payment!.status).toBe("void");
    for (const id of ids.slice(1))
      expect(byId.get(id)).toMatchObject({
        status: "pending_payment",
        payment: { status: "open", groupId: null },
      });
    expect((await prisma.paymentGroup.findUniqueOrThrow({ where: { id: groupId } })).status).toBe(
      "void",
    );
    // The customer had pressed Pay already (a race Stripe allows): the whole payment goes back.
    stripe.sessions.get(sessionId)!.status = "open";
    stripe.pay(sessionId);
    expect(await finalizeCheckout(sessionId)).toBe("refunded-late");
    const pi = stripe.sessions.get(sessionId)!.payment_intent;
    const back = stripe.refunds.filter((r: { payment_intent: string }) => r.payment_intent === pi);
    expect(back.map((r: { amount: number }) => r.amount)).toEqual([3 * FEE]);
    expect((await entries(ids.slice(1))).map((r) => r.status)).toEqual(
      Array(2).fill("pending_payment"),
    );
  });
});
