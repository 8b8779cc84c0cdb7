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

/** The writer's own entry with this form key (a form posted again), if there is one. */
export async function ownEntry(userId: string, key: unknown) {
  if (typeof key !== "string" || !/^e[0-9a-f]{24}$/.test(key)) return null;
  const row = await prisma.submission.findFirst({
    where: { id: key, entrantId: userId },
    select: { id: true, status: true },
  });
  return row && { submissionId: row.id, status: row.status };
}
