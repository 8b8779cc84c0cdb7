import { prisma } from "~/utils/db.server";
import { COUNTED_STATUSES, entriesLeft } from "./entry-limit";

/** How many more entries this writer may send to the contest (the write checks again). */
export async function entriesLeftFor(userId: string, contestId: string, limit: number) {
  const mine = await prisma.submission.findMany({
    where: { contestId, entrantId: userId, status: { in: [...COUNTED_STATUSES] } },
    select: { status: true },
  });
  return entriesLeft(
    limit,
    mine.map((m) => m.status),
  );
}
