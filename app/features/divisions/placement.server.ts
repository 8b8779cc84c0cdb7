/**
 * Placing an entry in its division (docs/decisions/0032-divisions-and-rounds.md): the contest's
 * divisions and the writer's facts read with the caller's client, so the entry write decides in
 * its own transaction (the moment of the write) and the forms show the same answer beforehand.
 * A signed-in writer's facts are their profile's; a pupil's are the educator's roster grade, else
 * the pupil's own account's grade, and the account's date of birth.
 */
import { prisma, type Prisma } from "~/utils/db.server";
import { divisionSelect, toDivisionRule } from "./divisions.server";
import type { DivisionRule, WriterFacts } from "./eligibility";
import { divisionFor, divisionNotice, type Writer } from "./placement";

type Db = Prisma.TransactionClient | typeof prisma;

/** Whose entry: the signed-in writer's own, or a pupil's sent by their educator. */
export type EntryWriter = { userId: string } | { pupilId: string; pupilName: string };

async function readDivisions(db: Db, contestId: string) {
  const rows = await db.division.findMany({
    where: { contestId },
    select: divisionSelect,
    orderBy: [{ position: "asc" }, { createdAt: "asc" }],
  });
  return rows.map(toDivisionRule);
}

async function readFacts(
  db: Db,
  who: EntryWriter,
): Promise<{ facts: WriterFacts; writer: Writer }> {
  if ("userId" in who) {
    const user = await db.user.findUnique({
      where: { id: who.userId },
      select: { grade: true, dateOfBirth: true },
    });
    return {
      facts: { grade: user?.grade ?? null, dateOfBirth: user?.dateOfBirth ?? null },
      writer: null,
    };
  }
  const pupil = await db.pupil.findUnique({
    where: { id: who.pupilId },
    select: { grade: true, user: { select: { grade: true, dateOfBirth: true } } },
  });
  return {
    facts: {
      grade: pupil?.grade ?? pupil?.user?.grade ?? null,
      dateOfBirth: pupil?.user?.dateOfBirth ?? null,
    },
    writer: { pupilName: who.pupilName, hasAccount: Boolean(pupil?.user) },
  };
}

/**
 * The entry's division (null: the contest has none); throws `DivisionRefused` when the writer
 * fits none or lacks the fact the divisions need. The write passes its transaction as `db`.
 */
export async function entryDivision(
  contestId: string,
  who: EntryWriter,
  now: Date,
  db: Db = prisma,
): Promise<DivisionRule | null> {
  const divisions = await readDivisions(db, contestId);
  if (divisions.length === 0) return null;
  const { facts, writer } = await readFacts(db, who);
  return divisionFor(divisions, facts, now, writer);
}

/**
 * The entry's division among `divisions` already read (the entry's submit reads them with its
 * other reads: docs/decisions/0078-rush-entry-cpu.md); `facts` are a signed-in writer's own, read
 * in the same statement. A pupil's facts are read with `db` (the write's transaction). Throws `DivisionRefused` as
 * `entryDivision`.
 */
export async function placeEntry(
  divisions: DivisionRule[],
  who: EntryWriter,
  now: Date,
  facts?: WriterFacts,
  db: Db = prisma,
): Promise<DivisionRule | null> {
  if (divisions.length === 0) return null;
  if ("userId" in who && facts) return divisionFor(divisions, facts, now, null);
  const read = await readFacts(db, who);
  return divisionFor(divisions, read.facts, now, read.writer);
}

/** What the entry form shows before the writer types (their division, or why they can't enter). */
export async function entryDivisionNotice(contestId: string, who: EntryWriter, now: Date) {
  const divisions = await readDivisions(prisma, contestId);
  if (divisions.length === 0) return { kind: "none" } as const;
  const { facts, writer } = await readFacts(prisma, who);
  return divisionNotice(divisions, facts, now, writer);
}
