import { Prisma } from "~/generated/prisma/client";
import { engine, prisma } from "~/utils/db.server";
import { COUNTED_STATUSES, entriesLeft } from "./entry-limit";

/**
 * One writer's entries (docs/decisions/0031-classrooms-and-shared-computers.md): an account's own
 * entries (sent by itself, for nobody else) and the class entries sent for it as a linked pupil;
 * for a pupil of a class, the entries sent for that pupil, plus, when the pupil has an account,
 * that account's own entries and its class entries in any class.
 */
export type Writer =
  { userId: string; pupilId?: null } | { pupilId: string; userId: string | null };

const COUNTED = Prisma.raw(
  COUNTED_STATUSES.map((status) => {
    if (!/^[a-z_]+$/.test(status)) throw new Error(`Unexpected status ${status}`);
    return `'${status}'`;
  }).join(", "),
);

/**
 * The writer's counted entries in a contest (any client: the write counts again in its
 * transaction). One statement, each of its parts a few rows by an index: the account's own
 * entries (by `entrantId`), the entries of the pupils it is linked to (the writer's `Pupil` rows by
 * `userId`, then their entries by `pupilId`) and the class pupil's entries (by `pupilId`). A
 * Prisma filter through the pupil relation (`OR: [..., { pupil: { userId } }]`) made the engine
 * walk every counted entry of the contest: O(contest) for every entry sent and every entry form
 * shown (docs/decisions/0066-entry-at-scale.md). UNION, not UNION ALL: a linked pupil's entry is
 * found by two parts and counts once.
 */
export async function countedStatuses(
  db: Pick<Prisma.TransactionClient, "$queryRaw">,
  writer: Writer,
  contestId: string,
) {
  const rows = await db.$queryRaw<{ id: string; status: string }[]>(
    countedEntries(writer, contestId),
  );
  return rows.map((r) => r.status);
}

/**
 * A writer's own entries are found by their writer (`Submission_entrantId_createdAt_idx`, a few
 * rows). SQLite's planner, whose statistics keep one average a key, took `pupilId IS NULL` for a
 * selective key and walked every entry of the contest without a pupil by
 * `(pupilId, contestId, status)`, or every recent entry of the contest by `(contestId,
 * createdAt)`: at a deadline rush, every entry of the rush, once in each of the submit's two
 * reads (docs/decisions/0080-rush-direct-write.md). On SQLite the other terms are written with a
 * unary `+` (no index may use them); PostgreSQL's planner has each value's frequency and keeps
 * the plain terms.
 */
export function byWriterOnly(plain: Prisma.Sql, sqlite: Prisma.Sql): Prisma.Sql {
  return engine === "sqlite" ? sqlite : plain;
}

/** `countedStatuses`' statement (its rows: `id`, `status`), for a statement that reads more. */
export function countedEntries(writer: Writer, contestId: string): Prisma.Sql {
  const counted = Prisma.sql`s."contestId" = ${contestId} AND s."status" IN (${COUNTED})`;
  const parts: Prisma.Sql[] = [];
  if (writer.userId) {
    // SQLite: by the writer's index only (`byWriterOnly`), never by (pupilId IS NULL, contest).
    const own = byWriterOnly(
      Prisma.sql`s."pupilId" IS NULL AND s."contestId" = ${contestId} AND s."status" IN (${COUNTED})`,
      Prisma.sql`+s."pupilId" IS NULL AND +s."contestId" = ${contestId} AND +s."status" IN (${COUNTED})`,
    );
    parts.push(
      Prisma.sql`SELECT s."id", s."status" FROM "Submission" s
        WHERE s."entrantId" = ${writer.userId} AND ${own}`,
      Prisma.sql`SELECT s."id", s."status" FROM "Pupil" p JOIN "Submission" s ON s."pupilId" = p."id"
        WHERE p."userId" = ${writer.userId} AND ${counted}`,
    );
  }
  if (writer.pupilId)
    parts.push(
      Prisma.sql`SELECT s."id", s."status" FROM "Submission" s
        WHERE s."pupilId" = ${writer.pupilId} AND ${counted}`,
    );
  return Prisma.join(parts, " UNION ");
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
