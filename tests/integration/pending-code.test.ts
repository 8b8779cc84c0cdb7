/**
 * "Complete payment" takes a code (docs/decisions/0031-classrooms-and-shared-computers.md): a
 * pupil whose classroom link lost its code still gets the class price; the checkout made for the
 * old amount can no longer be paid. Test-mode checkout (no Stripe keys).
 */
import { describe, expect, test } from "vitest";

const { prisma } = await import("~/utils/db.server");
const { startCheckout } = await import("~/features/payments/checkout.server");
const { applyCodeToPendingEntry } = await import("~/features/payments/pending-code.server");
const { action: entryAction } = await import("~/routes/_account+/dashboard_.submissions.$id");
const { startSession } = await import("~/features/accounts/session.server");

const DAY = 86_400_000;
let seq = 0;

async function pendingEntry(feeCents = 1500) {
  seq++;
  const now = Date.now();
  const user = await prisma.user.create({
    data: {
      email: `pc-${seq}@example.test`,
      displayName: `P ${seq}`,
      dateOfBirth: new Date("2008-01-01"),
    },
  });
  const contest = await prisma.contest.create({
    data: {
      slug: `pc-${seq}`,
      title: `Paid ${seq}`,
      description: "A contest with a fee.",
      isPublished: true,
      entryFeeCents: feeCents,
      submissionsOpen: new Date(now - DAY),
      submissionsClose: new Date(now + DAY),
      judgingOpen: new Date(now + 2 * DAY),
      judgingClose: new Date(now + 3 * DAY),
      resultsAt: new Date(now + 4 * DAY),
    },
  });
  const submission = await prisma.submission.create({
    data: {
      contestId: contest.id,
      entrantId: user.id,
      title: "Story",
      body: "one two three",
      wordCount: 3,
      status: "pending_payment",
      payment: {
        create: { contestId: contest.id, feeCents, amountCents: feeCents, status: "open" },
      },
    },
  });
  return { user, contest, submission };
}

async function code(
  code: string,
  percentOff: number,
  contestId: string | null = null,
  maxUses?: number,
) {
  return prisma.discountCode.create({ data: { code, percentOff, contestId, maxUses } });
}

const paymentOf = (submissionId: string) =>
  prisma.payment.findUniqueOrThrow({ where: { submissionId } });

describe("a code at Complete payment", () => {
  test("prices the pending entry again, takes the use, and expires the checkout made for the full fee", async () => {
    const { user, contest, submission } = await pendingEntry();
    const half = await code(`HALF${seq}`, 50, contest.id, 30);
    const start = await startCheckout(user.id, submission.id, "http://inkwell.test");
    expect(start.kind).toBe("redirect");
    const old = (await paymentOf(submission.id)).checkoutSessionId!;

    expect(await applyCodeToPendingEntry(user.id, submission.id, half.code.toLowerCase())).toBe(
      "pending_payment",
    );
    const p = await paymentOf(submission.id);
    expect(p).toMatchObject({
      feeCents: 1500,
      discountCents: 750,
      amountCents: 750,
      discountCodeId: half.id,
      status: "open",
      checkoutSessionId: null,
    });
    expect(
      (await prisma.discountCode.findUniqueOrThrow({ where: { id: half.id } })).usedCount,
    ).toBe(1);
    expect(
      (await prisma.testCheckoutSession.findUniqueOrThrow({ where: { id: old } })).status,
    ).toBe("expired");
    // The next checkout is for the new amount.
    await startCheckout(user.id, submission.id, "http://inkwell.test");
    const fresh = (await paymentOf(submission.id)).checkoutSessionId!;
    expect(fresh).not.toBe(old);
    expect(
      (await prisma.testCheckoutSession.findUniqueOrThrow({ where: { id: fresh } })).amountCents,
    ).toBe(750);
  });

  test("a code that waives the fee submits the entry at once; a second code gives the first use back", async () => {
    const { user, contest, submission } = await pendingEntry();
    const half = await code(`TEN${seq}`, 10, contest.id);
    const all = await code(`ALL${seq}`, 100, null);
    await applyCodeToPendingEntry(user.id, submission.id, half.code);
    expect(await applyCodeToPendingEntry(user.id, submission.id, all.code)).toBe("submitted");
    expect(await paymentOf(submission.id)).toMatchObject({ status: "waived", amountCents: 0 });
    expect(
      (await prisma.submission.findUniqueOrThrow({ where: { id: submission.id } })).status,
    ).toBe("submitted");
    const counts = await prisma.discountCode.findMany({
      where: { id: { in: [half.id, all.id] } },
      select: { id: true, usedCount: true },
    });
    expect(Object.fromEntries(counts.map((c) => [c.id, c.usedCount]))).toEqual({
      [half.id]: 0,
      [all.id]: 1,
    });
    expect(
      await prisma.outboxEvent.count({
        where: { name: "entry/submitted", payload: { contains: submission.id } },
      }),
    ).toBe(1);
  });

  test("a refused code changes nothing; someone else's entry or a closed contest is refused", async () => {
    const { user, contest, submission } = await pendingEntry();
    const before = await paymentOf(submission.id);
    await expect(applyCodeToPendingEntry(user.id, submission.id, "NOSUCHCODE")).rejects.toThrow(
      /not valid|doesn't exist|not found|invalid/i,
    );
    expect(await paymentOf(submission.id)).toEqual(before);

    const other = await pendingEntry();
    await expect(applyCodeToPendingEntry(other.user.id, submission.id, "X")).rejects.toThrow(
      "Entry not found.",
    );
    await prisma.contest.update({
      where: { id: contest.id },
      data: { submissionsClose: new Date(Date.now() - 1000) },
    });
    await expect(applyCodeToPendingEntry(user.id, submission.id, "X")).rejects.toThrow(
      /Submissions are closed/,
    );
  });

  test("the entry page's Complete payment posts the code; a refused one comes back with the code in the field", async () => {
    const { user, contest, submission } = await pendingEntry();
    await code(`CLASS${seq}`, 100, contest.id);
    const cookie = (await startSession(new Request("http://localhost/"), user.id)).split(";")[0];
    const post = (fields: Record<string, string>) =>
      entryAction({
        request: new Request(`http://localhost/dashboard/submissions/${submission.id}`, {
          method: "POST",
          body: new URLSearchParams(fields),
          headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
        }),
        params: { id: submission.id },
        context: {},
      }) as Promise<Response>;
    const refused = await post({ intent: "pay", discountCode: "WRONG1" });
    expect(refused.status).toBe(302);
    expect(refused.headers.get("Location")).toBe(
      `/dashboard/submissions/${submission.id}?code=WRONG1`,
    );
    const ok = await post({ intent: "pay", discountCode: `class${seq}` });
    expect(ok.headers.get("Location")).toBe(`/dashboard/submissions/${submission.id}`);
    expect(
      (await prisma.submission.findUniqueOrThrow({ where: { id: submission.id } })).status,
    ).toBe("submitted");
  });
});
