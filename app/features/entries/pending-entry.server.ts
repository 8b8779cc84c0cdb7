import { prisma } from "~/utils/db.server";

/**
 * The writer's newest entry in this contest still waiting for payment, if any: a classroom link
 * opened after entering sends its code to that entry's "Complete payment" (ADR 0031).
 */
export async function pendingEntryIn(entrantId: string, contestId: string) {
  const row = await prisma.submission.findFirst({
    where: { entrantId, contestId, status: "pending_payment", pupilId: null },
    orderBy: { createdAt: "desc" },
    select: { id: true, title: true },
  });
  return row;
}
