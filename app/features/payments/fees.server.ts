/** Fees collected per contest, for the admin home (docs/decisions/0020-payments.md); aggregated in SQL. */
import { prisma } from "~/utils/db.server";

export async function feesByContest() {
  const groups = await prisma.payment.groupBy({
    by: ["contestId", "status"],
    where: { status: { in: ["paid", "refunded", "waived"] } },
    _sum: { amountCents: true },
    _count: { _all: true },
  });
  if (groups.length === 0) return [];
  const contests = await prisma.contest.findMany({
    where: { id: { in: [...new Set(groups.map((g) => g.contestId))] } },
    select: { id: true, title: true, createdAt: true },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
  });
  return contests.map((c) => {
    const of = (status: string) => groups.find((g) => g.contestId === c.id && g.status === status);
    return {
      id: c.id,
      title: c.title,
      paidEntries: of("paid")?._count._all ?? 0,
      collectedCents: of("paid")?._sum.amountCents ?? 0,
      refundedEntries: of("refunded")?._count._all ?? 0,
      refundedCents: of("refunded")?._sum.amountCents ?? 0,
      waivedEntries: of("waived")?._count._all ?? 0,
    };
  });
}
