/**
 * The refund e-mail (docs/decisions/0020-payments.md), sent once per refunded entry by the
 * payment/refunded workflow event.
 */
import { sendLifecycleMail } from "./mail.server";
import { formatDollars } from "~/utils/dates";
import { prisma } from "~/utils/db.server";
import { siteUrl } from "~/utils/email.server";

export async function tellRefund(submissionId: string) {
  const s = await prisma.submission.findUnique({
    where: { id: submissionId },
    select: {
      title: true,
      entrant: { select: { email: true, displayName: true } },
      contest: { select: { title: true } },
      payment: { select: { status: true, amountCents: true } },
    },
  });
  if (!s || s.payment?.status !== "refunded") return "nothing-to-send" as const;
  return sendLifecycleMail({
    key: `refund:${submissionId}`,
    template: "entry-refunded",
    to: s.entrant.email,
    data: {
      name: s.entrant.displayName,
      title: s.title,
      contestTitle: s.contest.title,
      amount: formatDollars(s.payment.amountCents),
      url: siteUrl("/dashboard"),
    },
  });
}
