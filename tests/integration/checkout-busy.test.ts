/**
 * "Complete payment" while another process holds the database's write lock (SQLite) or the
 * payment's row (PostgreSQL): the checkout opens once the write can go through, instead of the
 * entrant being sent back with "Payment not started" (ADR 0021's retry).
 */
import { expect, test } from "vitest";
import { startCheckout } from "~/features/payments/checkout.server";
import { prisma } from "~/utils/db.server";
import { adultWriters, holdWrites, openContest, postEntry } from "./entry-fixtures";

test("a checkout started while the database is busy waits, then opens", async () => {
  const tag = `busy-checkout-${Date.now().toString(36)}`;
  const contest = await openContest({
    slug: tag,
    title: "Busy checkout",
    entriesPerWriter: 1,
    entryFeeCents: 500,
  });
  const [writer] = await adultWriters(1, tag, "Payer");
  await postEntry(contest.slug, writer!.cookie, "Waiting to pay");
  const entry = await prisma.submission.findFirstOrThrow({
    where: { contestId: contest.id, entrantId: writer!.id },
    select: { id: true, status: true, payment: { select: { id: true } } },
  });
  expect(entry.status).toBe("pending_payment");
  // The first checkout was abandoned and is gone: the next one is made afresh, and written.
  await prisma.payment.update({
    where: { id: entry.payment!.id },
    data: { checkoutSessionId: null },
  });

  const release = await holdWrites(entry.payment!.id, "Payment");
  const starting = startCheckout(writer!.id, entry.id, "http://inkwell.test");
  await new Promise((resolve) => setTimeout(resolve, 300));
  await release();
  const start = await starting;
  expect(start.kind).toBe("redirect");
  const payment = await prisma.payment.findUniqueOrThrow({ where: { id: entry.payment!.id } });
  expect(payment.checkoutSessionId).toMatch(/^cs_test_local_/);
  expect(payment.checkoutAttempts).toBeGreaterThan(0);
}, 30_000);
