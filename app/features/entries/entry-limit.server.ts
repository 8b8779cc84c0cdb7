import { prisma, type Prisma } from "~/utils/db.server";
import { COUNTED_STATUSES, entriesLeft } from "./entry-limit";

/**
 * One writer's entries (docs/decisions/0031-classrooms-and-shared-computers.md): an account's own
 * entries (sent by itself, for nobody else) and the class entries sent for it as a linked pupil;
 * for a pupil of a class, the entries sent for that pupil, plus, when the pupil has an account,
 * that account's own entries and its class entries in any class.
 */
export type Writer =
  { userId: string; pupilId?: null } | { pupilId: string; userId: string | null };

export function writerEntries(writer: Writer): Prisma.SubmissionWhereInput {
  const mine: Prisma.SubmissionWhereInput[] = writer.pupilId ? [{ pupilId: writer.pupilId }] : [];
  if (writer.userId)
    mine.push({ entrantId: writer.userId, pupilId: null }, { pupil: { userId: writer.userId } });
  return { OR: mine };
}

/** The writer's counted entries in a contest (any client: the write counts again in its transaction). */
export async function countedStatuses(
  db: Pick<Prisma.TransactionClient, "submission">,
  writer: Writer,
  contestId: string,
) {
  const rows = await db.submission.findMany({
    where: { contestId, status: { in: [...COUNTED_STATUSES] }, ...writerEntries(writer) },
    select: { status: true },
  });
  return rows.map((r) => r.status);
}

/** How many more entries this writer may send to the contest (the write checks again). */
export async function entriesLeftFor(userId: string | Writer, contestId: string, limit: number) {
  const writer: Writer = typeof userId === "string" ? { userId } : userId;
  return entriesLeft(limit, await countedStatuses(prisma, writer, contestId));
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
