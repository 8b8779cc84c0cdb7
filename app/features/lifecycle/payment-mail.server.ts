/**
 * The refund e-mail (docs/decisions/0020-payments.md), sent once per refunded entry by the
 * payment/refunded workflow event.
 */
import { sendLifecycleMail } from "./mail.server";
import { formatDollars } from "~/utils/dates";
import { prisma } from "~/utils/db.server";
import { siteUrl } from "~/utils/email.server";
import { finalizeCheckout } from "~/features/payments/checkout.server";
import { groupWithLines, lineName } from "~/features/payments/group-checkout.server";
import { discountNote } from "~/features/payments/pricing";

export async function tellRefund(submissionId: string) {
  const s = await prisma.submission.findUnique({
    where: { id: submissionId },
    select: {
      title: true,
      entrant: { select: { email: true, displayName: true } },
      contest: { select: { title: true, slug: true } },
      payment: { select: { status: true, amountCents: true } },
      pupil: { select: { classroomId: true } },
    },
  });
  if (!s || s.payment?.status !== "refunded") return "nothing-to-send" as const;
  // A class entry is followed on the class's page for the contest, not on /dashboard (which
  // leaves class entries out): ADR 0031.
  const path = s.pupil
    ? `/educator/classes/${encodeURIComponent(s.pupil.classroomId)}/contests/${encodeURIComponent(s.contest.slug)}`
    : "/dashboard";
  return sendLifecycleMail({
    key: `refund:${submissionId}`,
    template: "entry-refunded",
    to: s.entrant.email,
    data: {
      name: s.entrant.displayName,
      title: s.title,
      contestTitle: s.contest.title,
      amount: formatDollars(s.payment.amountCents),
      url: siteUrl(path),
      classEntry: Boolean(s.pupil),
    },
  });
}

/**
 * A class payment's one e-mail to the educator (docs/decisions/0031-classrooms-and-shared-computers.md):
 * the receipt of a paid card group, or the invoice of an invoiced one, listing its lines. Sent once
 * per group, whoever asks first (the workflow or the return page).
 */
export async function tellGroupPayment(groupId: string) {
  const g = await groupWithLines(groupId);
  if (!g) return "nothing-to-send" as const;
  const invoice = g.method === "invoice";
  if (invoice ? g.status !== "invoiced" : g.status !== "paid") return "nothing-to-send" as const;
  const paid = g.payments.filter((p) => (invoice ? p.status === "invoiced" : p.status === "paid"));
  const priced = paid.map((p) => ({
    feeCents: p.feeCents,
    discountCents: p.discountCents,
    code: p.discountCode?.code ?? null,
  }));
  const lines = paid.map((p, i) => ({
    name: lineName(p.submission),
    amount: formatDollars(p.amountCents),
    // The code and its discount on the receipt (ADR 0031).
    note: discountNote(priced[i], formatDollars),
  }));
  if (lines.length === 0) return "nothing-to-send" as const;
  const codes = [
    ...new Set(priced.flatMap((p) => (p.code && p.discountCents > 0 ? [p.code] : []))),
  ];
  const off = priced.reduce((sum, p) => sum + (p.code ? p.discountCents : 0), 0);
  return sendLifecycleMail({
    key: `${invoice ? "class-invoice" : "class-receipt"}:${groupId}`,
    template: invoice ? "class-invoice" : "class-receipt",
    to: g.payer.email,
    data: {
      name: g.payer.displayName,
      contestTitle: g.contest.title,
      lines,
      total: formatDollars(g.amountCents),
      discount: codes.length ? { codes: codes.join(", "), amount: formatDollars(off) } : null,
      reference: g.reference,
      url: siteUrl("/educator"),
    },
  });
}

/**
 * A completed checkout (the webhook's outbox event): one entry's, or a class payment's, whose
 * receipt is then sent once.
 */
export async function finalizePaidSession(sessionId: string) {
  const outcome = await finalizeCheckout(sessionId);
  if (outcome === "confirmed" || outcome === "already-confirmed") {
    const group = await prisma.paymentGroup.findUnique({
      where: { checkoutSessionId: sessionId },
      select: { id: true },
    });
    if (group) await tellGroupPayment(group.id);
  }
  return outcome;
}
