/**
 * Identity hits of entries (docs/decisions/0034-reading-desk.md): who an entry must not name,
 * recording where it does, and the admin's decisions. `Submission.mentionsEntrant` is kept equal
 * to "a hit is waiting for the admin" by every write here.
 */
import { Prisma } from "~/generated/prisma/client";
import { fromSql, prisma, withBusyRetry } from "~/utils/db.server";
import { readRows } from "~/utils/db-read.server";
import { mentionsIdentity } from "~/features/documents/documents";
import { DomainError } from "~/utils/domain-error";
import {
  HIT_KIND_LABELS,
  findIdentityHits,
  fold,
  passage,
  type HitKind,
  type HitStatus,
  type Identity,
} from "./identity-hits";

type Db = Prisma.TransactionClient | typeof prisma;

/** Who wrote an entry: its sender's account, and the class pupil it was sent for, if any. */
type EntryWriter = { entrantId: string; pupilId: string | null };

/**
 * Everything that names an entry's writer: the writer's name and e-mail (a pupil's, or the
 * entrant's), and their school and teacher (the class's educator and school, for a class entry or
 * a writer who joined a class).
 */
export async function writerIdentities(db: Db, writer: EntryWriter): Promise<Identity[]> {
  const [entrant, pupil] = await Promise.all([
    writer.pupilId
      ? null
      : // The writer's account and its own school (a teacher writing): one statement, not one a
        // relation (docs/decisions/0066-entry-at-scale.md).
        db.$queryRaw<{ displayName: string; email: string; school: string | null }[]>`
          SELECT u."displayName", u."email", sc."name" AS "school"
          FROM "User" u
          LEFT JOIN "Educator" e ON e."userId" = u."id"
          LEFT JOIN "School" sc ON sc."id" = e."schoolId"
          WHERE u."id" = ${writer.entrantId}`.then((rows) => rows[0] ?? null),
    writer.pupilId
      ? db.pupil.findUnique({
          where: { id: writer.pupilId },
          select: {
            firstName: true,
            lastInitial: true,
            user: { select: { displayName: true, email: true } },
            classroom: { select: { educatorId: true } },
          },
        })
      : null,
  ]);
  const out: Identity[] = [];
  const classroomOwners = new Set<string>();
  const teachers: { displayName: string; school: string }[] = [];
  if (pupil) {
    // A class entry: the pupil writes, the educator who sent it is their teacher.
    // A class list knows a pupil by first name and initial: the first name alone names them.
    if (pupil.lastInitial)
      out.push({ kind: "name", value: `${pupil.firstName} ${pupil.lastInitial}.` });
    out.push({ kind: "name", value: pupil.firstName });
    if (pupil.user) {
      out.push({ kind: "name", value: pupil.user.displayName });
      out.push({ kind: "email", value: pupil.user.email });
    }
    classroomOwners.add(pupil.classroom.educatorId);
  } else if (entrant) {
    // The classes the writer joined (a few, by the linked pupils' index: ADR 0066): their
    // teachers and schools, in one statement.
    return entrantIdentities(
      entrant,
      await db.$queryRaw<{ displayName: string; school: string }[]>(
        joinedClassTeachers(writer.entrantId),
      ),
    );
  }
  if (classroomOwners.size) {
    const educators = await db.educator.findMany({
      where: { userId: { in: [...classroomOwners] } },
      select: { user: { select: { displayName: true } }, school: { select: { name: true } } },
    });
    for (const e of educators)
      teachers.push({ displayName: e.user.displayName, school: e.school.name });
  }
  for (const t of teachers) {
    out.push({ kind: "educator", value: t.displayName });
    out.push({ kind: "school", value: t.school });
  }
  return out;
}

/**
 * The teacher and school of each class the writer `userId` joined (their `displayName` and
 * `school`), a few rows by the linked pupils' index (ADR 0066): alone here, and inside the
 * entry's first statement (docs/decisions/0078-rush-entry-cpu.md).
 */
export function joinedClassTeachers(userId: string): Prisma.Sql {
  return Prisma.sql`
    SELECT DISTINCT tu."displayName", sc."name" AS "school"
    FROM "Pupil" p
    JOIN "Classroom" c ON c."id" = p."classroomId"
    JOIN "Educator" e ON e."userId" = c."educatorId"
    JOIN "User" tu ON tu."id" = e."userId"
    JOIN "School" sc ON sc."id" = e."schoolId"
    WHERE p."userId" = ${userId}`;
}

/**
 * A writer's own identities (not a class entry's): their name, e-mail and own school, then the
 * teacher and school of each class they joined. The entry's submit reads these rows with its
 * other reads (docs/decisions/0078-rush-entry-cpu.md); `writerIdentities` reads them alone.
 */
export function entrantIdentities(
  entrant: { displayName: string; email: string; school: string | null },
  teachers: readonly { displayName: string; school: string }[],
): Identity[] {
  const out: Identity[] = [
    { kind: "name", value: entrant.displayName },
    { kind: "email", value: entrant.email },
  ];
  if (entrant.school) out.push({ kind: "school", value: entrant.school });
  for (const t of teachers) {
    out.push({ kind: "educator", value: t.displayName });
    out.push({ kind: "school", value: t.school });
  }
  return out;
}

type Found = { kind: HitKind; start: number; end: number };

/**
 * Where a text names its writer: each place in the reading text, or, when only the file (its
 * headers, footers, comments) does, one place with start = end = 0. Pure work on the texts, done
 * before the write's transaction (a long text must not hold it open).
 */
export function identitySpans(
  identities: Identity[],
  texts: { reading: string; file?: string },
): Found[] {
  const spans: Found[] = findIdentityHits(texts.reading, identities);
  if (!spans.length && texts.file) {
    // Every other text the file carries (ADR 0046): compared folded like the reading text, and,
    // for names a document splits across runs ("Luc as Rom ero"), with its spaces left out.
    const kind =
      findIdentityHits(texts.file, identities)[0]?.kind ??
      identities.find((i) => mentionsIdentity(fold(texts.file!), { displayName: i.value }))?.kind;
    if (kind) spans.push({ kind, start: 0, end: 0 });
  }
  return spans;
}

/** Records an entry's places (replacing any earlier record) and its flag, in the caller's write. */
export async function saveIdentityHits(db: Db, submissionId: string, spans: Found[]) {
  await db.identityHit.deleteMany({ where: { submissionId } });
  await saveNewEntryHits(db, submissionId, spans);
  await db.submission.update({
    where: { id: submissionId },
    data: { mentionsEntrant: spans.length > 0 },
  });
  return spans.length;
}

/**
 * The places of an entry written in this same transaction, which has none yet and whose row was
 * created with `mentionsEntrant` already set (`spans.length > 0`): no statement when there are
 * none (docs/decisions/0059-writing-at-scale.md).
 */
export async function saveNewEntryHits(db: Db, submissionId: string, spans: Found[]) {
  if (spans.length)
    await db.identityHit.createMany({
      data: spans.map((s) => ({ submissionId, kind: s.kind, start: s.start, end: s.end })),
    });
}

/**
 * Looks for the writer in an entry's reading text (and, for a document, in every text of the
 * file) and records each place, replacing any earlier record. Returns how many were found.
 */
export async function recordIdentityHits(
  db: Db,
  submissionId: string,
  texts: { reading: string; file?: string },
) {
  const s = await db.submission.findUnique({
    where: { id: submissionId },
    select: { entrantId: true, pupilId: true },
  });
  if (!s) return 0;
  return saveIdentityHits(db, submissionId, identitySpans(await writerIdentities(db, s), texts));
}

export class HitNotFound extends DomainError {
  constructor() {
    super("That flag is no longer on this entry. Reload the page to see it as it is now.");
  }
}

/**
 * The admin's decision on one place (or, with `hitId` null, every place still waiting): redact it
 * for judges, or clear it (the words stay: they do not name the writer). Returns the entry's
 * places as they are now.
 */
export async function decideIdentityHits(input: {
  submissionId: string;
  hitId: string | null;
  decision: Exclude<HitStatus, "pending">;
  adminId: string;
  now?: Date;
}) {
  const now = input.now ?? new Date();
  await withBusyRetry(() =>
    prisma.$transaction(async (tx) => {
      const where = input.hitId
        ? { id: input.hitId, submissionId: input.submissionId }
        : { submissionId: input.submissionId, status: "pending" };
      const changed = await tx.identityHit.updateMany({
        where,
        data: { status: input.decision, decidedById: input.adminId, decidedAt: now },
      });
      if (input.hitId && changed.count === 0) throw new HitNotFound();
      const waiting = await tx.identityHit.count({
        where: { submissionId: input.submissionId, status: "pending" },
      });
      await tx.submission.update({
        where: { id: input.submissionId },
        data: { mentionsEntrant: waiting > 0 },
      });
    }),
  );
}

/**
 * An entry's places, in text order, for the admin's entry page and the judges' text: a raw
 * statement, read on every review page (a Prisma model call cost about four times as much CPU:
 * docs/decisions/0072-per-page-work.md).
 */
export async function identityHitsOf(submissionId: string, db: Db = prisma) {
  type Row = {
    id: string;
    kind: string;
    start: number | bigint;
    end: number | bigint;
    status: string;
    decidedAt: Date | string | null;
  };
  const query = Prisma.sql`
    SELECT "id", "kind", "start", "end", "status", "decidedAt" FROM "IdentityHit"
    WHERE "submissionId" = ${submissionId}
    ORDER BY "start" ASC, "id" ASC`;
  // Outside a transaction (the review page, the admin's entry page): the direct read (ADR 0079).
  const rows = db === prisma ? await readRows<Row>`${query}` : await db.$queryRaw<Row[]>(query);
  return rows.map((h) => ({
    id: h.id,
    kind: h.kind,
    start: fromSql.int(h.start),
    end: fromSql.int(h.end),
    status: h.status,
    decidedAt: fromSql.dateOrNull(h.decidedAt),
  }));
}

/**
 * Whether judges may be given the entry's original file: only when nothing in the entry names its
 * writer, or every such place was cleared by an admin (a redacted passage is still in the file).
 */
export function originalFileAllowed(mentionsEntrant: boolean, hits: { status: string }[]): boolean {
  return !mentionsEntrant && hits.every((h) => h.status === "cleared");
}

/**
 * For the admin's entry page: each place that names the writer with its passage (the words
 * around it, the hit itself to highlight), or `passage: null` when only the file names them.
 * The entry page passes the text and hits it has already read (docs/decisions/0052), so this
 * sends no statement of its own there.
 */
export async function identityHitsForAdmin(
  submissionId: string,
  known?: { text: string; hits: Awaited<ReturnType<typeof identityHitsOf>> },
) {
  const [entry, hits] = known
    ? [null, known.hits]
    : await Promise.all([
        prisma.submission.findUnique({
          where: { id: submissionId },
          select: { body: true, document: { select: { text: true } } },
        }),
        identityHitsOf(submissionId),
      ]);
  const text = known ? known.text : (entry?.body ?? entry?.document?.text ?? "");
  return hits.map((h) => ({
    id: h.id,
    kind: h.kind as HitKind,
    label: HIT_KIND_LABELS[h.kind as HitKind] ?? "the writer",
    status: h.status as HitStatus,
    decidedAt: h.decidedAt,
    passage: h.end > h.start ? passage(text, h) : null,
  }));
}
