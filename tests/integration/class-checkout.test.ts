/**
 * A class's checkout, told truly (docs/decisions/0031-classrooms-and-shared-computers.md), against
 * the local Stripe fake and the local Resend capture: the code typed is named on the checkout's
 * lines and on the receipt; a payment left without Cancel can be resumed or started again; a
 * checkout stopped before it was paid never answers "processing"; a group whose checkout is being
 * opened is not released by a page shown meanwhile; the educator's approval and a class entry's
 * refund e-mails link where the teacher follows their class.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startFakeStripe } from "#tests/fakes/stripe.mjs";
import { startFakeResend } from "#tests/fakes/resend.mjs";

const stripe = await startFakeStripe({ apiKey: "sk_test_cco", webhookSecret: "whsec_cco" });
const resend = await startFakeResend({ apiKey: "re_cco" });
process.env.STRIPE_SECRET_KEY = "sk_test_cco";
process.env.STRIPE_WEBHOOK_SECRET = "whsec_cco";
process.env.STRIPE_API_BASE_URL = stripe.baseUrl;
process.env.RESEND_API_KEY = "re_cco";
process.env.RESEND_BASE_URL = `http://127.0.0.1:${resend.port}`;
process.env.SITE_URL = "http://inkwell.test";
process.env.EMAIL_FROM = "Inkwell <hello@inkwell.test>";

const { prisma } = await import("~/utils/db.server");
const { createLocalStorage, setStorageForTests } = await import("~/utils/storage.server");
const groups = {
  ...(await import("~/features/payments/group-checkout.server")),
  ...(await import("~/features/payments/group-settlement.server")),
};
const { refundEntry } = await import("~/features/payments/checkout.server");
const { groupReturnToast } = await import("~/features/lifecycle/payment-return.server");
const { deliverDueEvents } = await import("~/features/lifecycle/outbox.server");
const { handleLocally } = await import("~/features/lifecycle/scheduler.server");
const { classContestRoster } = await import("~/features/classrooms/class-entries.server");
const { approveEducator } = await import("~/features/classrooms/educators.server");
const fx = await import("./class-fixtures");

const root = fs.mkdtempSync(path.join(os.tmpdir(), "inkwell-class-checkout-"));
beforeAll(() => setStorageForTests(createLocalStorage(root)));
afterAll(() => {
  stripe.server.close();
  resend.server.close();
  setStorageForTests(undefined);
  fs.rmSync(root, { recursive: true, force: true });
});

const FEE = 1500;
const ORIGIN = "http://inkwell.test";

async function classWithEntries(n: number) {
  const t = await fx.makeEducator();
  const contest = await fx.openContest({ feeCents: FEE });
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const pupil = await fx.rosterPupil(t.classroom.id, `Pupil${i}x`, "R");
    const outcome = await fx.enterFor(t, pupil, contest, { title: `Story ${i}` });
    if (!outcome.ok) throw new Error(`entry refused: ${JSON.stringify(outcome)}`);
    ids.push(outcome.submissionId);
  }
  const returnPath = `/educator/classes/${t.classroom.id}/contests/${contest.slug}`;
  return { t, contest, ids, returnPath };
}

async function startPaying(c: Awaited<ReturnType<typeof classWithEntries>>, code?: string) {
  const start = await groups.startGroupCheckout({
    payerId: c.t.user.id,
    contestId: c.contest.id,
    submissionIds: c.ids,
    code,
    origin: ORIGIN,
    returnPath: c.returnPath,
  });
  if (start.kind !== "redirect") throw new Error("no checkout");
  return {
    groupId: start.groupId,
    sessionId: new URL(start.url).pathname.split("/").pop()!,
    url: start.url,
  };
}

const mailsTo = (to: string, subject: string) =>
  resend.messages.filter(
    (m: { to: string[]; subject: string }) => m.to.includes(to) && m.subject.startsWith(subject),
  );

describe("the code at a class checkout", () => {
  test("named on each checkout line before paying, and on the receipt after", async () => {
    const code = await prisma.discountCode.create({
      data: { code: `CLASSROOM${Date.now()}`, percentOff: 50 },
    });
    const c = await classWithEntries(3);
    const { groupId, sessionId } = await startPaying(c, code.code.toLowerCase());
    const session = stripe.sessions.get(sessionId)!;
    expect(session.amount_total).toBe(3 * 750);
    expect(session.line_items.map((l) => l.product_description)).toEqual(
      Array(3).fill(`$15.00 less $7.50 with code ${code.code}`),
    );
    const payments = await prisma.payment.findMany({ where: { submissionId: { in: c.ids } } });
    expect(payments.map((p) => p.discountCodeId)).toEqual(Array(3).fill(code.id));

    stripe.pay(sessionId);
    expect(await groupReturnToast(c.t.user.id, groupId, "success")).toMatchObject({
      type: "success",
    });
    const receipts = mailsTo(c.t.user.email, "Receipt:");
    expect(receipts).toHaveLength(1);
    expect(receipts[0].text).toContain(`Discount code ${code.code}: $22.50 off`);
    expect(receipts[0].text).toContain(`$15.00 less $7.50 with code ${code.code}`);
    expect(receipts[0].text).toContain("$22.50");
  });

  test("a class page shown while the checkout is being opened does not release the new group", async () => {
    const c = await classWithEntries(2);
    // The moment between the group's write and its checkout session (another tab's "Pay").
    const group = await prisma.paymentGroup.create({
      data: {
        contestId: c.contest.id,
        payerId: c.t.user.id,
        method: "card",
        status: "open",
        amountCents: 2 * FEE,
      },
    });
    await prisma.payment.updateMany({
      where: { submissionId: { in: c.ids } },
      data: { groupId: group.id },
    });
    await groups.settleOpenGroups(c.t.user.id, c.contest.id);
    expect((await prisma.paymentGroup.findUniqueOrThrow({ where: { id: group.id } })).status).toBe(
      "open",
    );
    // A minute later, still without a session: it was never opened, and is released.
    await prisma.paymentGroup.update({
      where: { id: group.id },
      data: { createdAt: new Date(Date.now() - 120_000) },
    });
    await groups.settleOpenGroups(c.t.user.id, c.contest.id);
    expect((await prisma.paymentGroup.findUniqueOrThrow({ where: { id: group.id } })).status).toBe(
      "void",
    );
  });
});

describe("a payment left without Cancel", () => {
  test("is listed, and can be resumed (the same checkout) or started again (entries back)", async () => {
    const code = await prisma.discountCode.create({
      data: { code: `HALF${Date.now()}`, percentOff: 50 },
    });
    const c = await classWithEntries(3);
    const first = await startPaying(c, code.code);
    // The teacher walked away from the checkout: the page is shown again.
    await groups.settleOpenGroups(c.t.user.id, c.contest.id);
    const roster = await classContestRoster(c.t.classroom.id, c.contest);
    expect(roster.flatMap((p) => p.entries.map((e) => [e.status, e.payable]))).toEqual(
      Array(3).fill(["Payment started", false]),
    );
    expect(await groups.startedGroups(c.t.user.id, c.contest.id)).toMatchObject([
      { id: first.groupId, amountCents: 3 * 750, entries: 3, codes: [code.code] },
    ]);

    const resumed = await groups.resumeGroup(c.t.user.id, first.groupId, ORIGIN);
    expect(resumed).toEqual({ kind: "redirect", url: first.url });

    expect(await groups.restartGroup(c.t.user.id, first.groupId)).toBe("released");
    expect(stripe.sessions.get(first.sessionId)!.status).toBe("expired");
    expect(await groups.startedGroups(c.t.user.id, c.contest.id)).toEqual([]);
    const after = await classContestRoster(c.t.classroom.id, c.contest);
    expect(
      after.flatMap((p) => p.entries.map((e) => [e.status, e.payable, e.amountCents])),
    ).toEqual(Array(3).fill(["Waiting for payment", true, FEE]));
    expect(
      (await prisma.discountCode.findUniqueOrThrow({ where: { id: code.id } })).usedCount,
    ).toBe(0);
    // Paid anew, with the code typed again.
    const second = await startPaying(c, code.code);
    expect(stripe.sessions.get(second.sessionId)!.amount_total).toBe(3 * 750);
  });

  test("resuming a checkout that expired gives the entries back; one paid meanwhile is confirmed", async () => {
    const c = await classWithEntries(2);
    const left = await startPaying(c);
    stripe.sessions.get(left.sessionId)!.status = "expired";
    expect(await groups.resumeGroup(c.t.user.id, left.groupId, ORIGIN)).toEqual({
      kind: "released",
    });
    const again = await startPaying(c);
    stripe.pay(again.sessionId);
    expect(await groups.restartGroup(c.t.user.id, again.groupId)).toBe("paid");
    expect(
      (await prisma.submission.findMany({ where: { id: { in: c.ids } } })).map((s) => s.status),
    ).toEqual(["submitted", "submitted"]);
    // Another teacher's group, or one no longer open, is refused.
    const other = await fx.makeEducator();
    await expect(groups.resumeGroup(other.user.id, again.groupId, ORIGIN)).rejects.toThrow(
      groups.RESUME_MESSAGES.notOpen,
    );
  });
});

describe("the return from a checkout that was stopped", () => {
  test("a checkout whose entries were then invoiced answers that nothing was paid", async () => {
    const c = await classWithEntries(2);
    const card = await startPaying(c);
    // Stopped in another tab, then the entries invoiced.
    await groupReturnToast(c.t.user.id, card.groupId, "cancelled");
    await groups.invoiceGroup({
      payerId: c.t.user.id,
      contestId: c.contest.id,
      submissionIds: c.ids,
      reference: "PO-77",
    });
    const toast = await groupReturnToast(c.t.user.id, card.groupId, "success");
    expect(toast).toMatchObject({ type: "info", title: "Nothing was paid" });
    expect(stripe.sessions.get(card.sessionId)!.payment_status).toBe("unpaid");
  });
});

describe("e-mails to the teacher", () => {
  test("an approval is told once, from the site's address, with a link to the classes", async () => {
    const t = await fx.makeEducator("pending");
    expect(await approveEducator(t.user.id, t.user.id)).toBe(true);
    expect(await approveEducator(t.user.id, t.user.id)).toBe(false); // again: nothing sent
    const mails = mailsTo(t.user.email, "You can now enter your pupils");
    expect(mails).toHaveLength(1);
    expect(mails[0].from).toBe("Inkwell <hello@inkwell.test>");
    expect(mails[0].text).toContain("http://inkwell.test/educator");
    expect(mails[0].text).toContain(t.school.name);
  });

  test("a class entry's refund links to the class's page for the contest, not /dashboard", async () => {
    const c = await classWithEntries(2);
    const { groupId, sessionId } = await startPaying(c);
    stripe.pay(sessionId);
    await groupReturnToast(c.t.user.id, groupId, "success");
    await refundEntry(c.ids[0]!);
    await deliverDueEvents(new Date(), handleLocally);
    const refunds = mailsTo(c.t.user.email, "Entry fee refunded");
    expect(refunds).toHaveLength(1);
    expect(refunds[0].text).toContain(`http://inkwell.test${c.returnPath}`);
    expect(refunds[0].text).not.toContain("http://inkwell.test/dashboard");
  });
});

describe("a single writer's started payment", () => {
  async function pendingEntry() {
    const contest = await fx.openContest({ feeCents: FEE });
    const user = await prisma.user.create({
      data: {
        email: `writer-${Date.now()}-${Math.random().toString(36).slice(2)}@home.test`,
        displayName: "Wren Writer",
        dateOfBirth: new Date("2005-01-01T00:00:00Z"),
      },
    });
    const s = await prisma.submission.create({
      data: {
        contestId: contest.id,
        entrantId: user.id,
        title: "Alone at sea",
        body: "The boat rocked gently all night.",
        wordCount: 6,
        status: "pending_payment",
        payment: {
          create: { contestId: contest.id, feeCents: FEE, amountCents: FEE, status: "open" },
        },
      },
    });
    return { user, submissionId: s.id };
  }

  test("can be resumed (the same checkout) or started again (a new one; the old one closed)", async () => {
    const { startCheckout } = await import("~/features/payments/checkout.server");
    const { stopCheckout } = await import("~/features/payments/restart-checkout.server");
    const { user, submissionId } = await pendingEntry();
    const first = await startCheckout(user.id, submissionId, ORIGIN);
    if (first.kind !== "redirect") throw new Error("no checkout");
    // Left without Cancel, then "Complete payment": the same checkout.
    expect(await startCheckout(user.id, submissionId, ORIGIN)).toEqual(first);
    // "Start the payment again": the old one is closed at the provider, a new one opens.
    expect(await stopCheckout(user.id, submissionId)).toBe("stopped");
    const oldId = new URL(first.url).pathname.split("/").pop()!;
    expect(stripe.sessions.get(oldId)!.status).toBe("expired");
    const second = await startCheckout(user.id, submissionId, ORIGIN);
    if (second.kind !== "redirect") throw new Error("no checkout");
    expect(second.url).not.toBe(first.url);
    // Paid meanwhile: starting again confirms it instead.
    stripe.pay(new URL(second.url).pathname.split("/").pop()!);
    expect(await stopCheckout(user.id, submissionId)).toBe("paid");
    expect(
      (await prisma.submission.findUniqueOrThrow({ where: { id: submissionId } })).status,
    ).toBe("submitted");
    // Another writer's entry is not theirs to stop.
    const other = await pendingEntry();
    await expect(stopCheckout(user.id, other.submissionId)).rejects.toThrow();
  });
});
