/**
 * Notes on an entry (docs/decisions/0033-judging-panel.md): the admin writes, the entry's judges
 * read and answer. A judge may read them while assigned to the entry (a released assignment is
 * not); nobody writes once the contest's results are out (the discussion is for before the
 * awards; the thread stays readable). A judge's view carries labels only, never another judge's
 * name or e-mail.
 */
import { publishedDatesSelect } from "~/features/contests/contest-snapshot";
import { resultsOut, type ResultsRelease } from "~/features/contests/results-release";
import { DomainError } from "~/utils/domain-error";
import { fromSql, prisma, withBusyRetry } from "~/utils/db.server";
import { readRows } from "~/utils/db-read.server";
import { noteAuthorLabel } from "./notes";

class NoteRefused extends DomainError {}

const CLOSED = "The results are out, so the discussion of this entry is closed.";

async function entryContext(submissionId: string) {
  return prisma.submission.findUnique({
    where: { id: submissionId },
    select: {
      id: true,
      contest: {
        select: publishedDatesSelect,
      },
      assignments: {
        select: { judgeId: true, releasedAt: true },
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      },
    },
  });
}

type Context = NonNullable<Awaited<ReturnType<typeof entryContext>>>;

const isOpen = (c: Context, now: Date) => !resultsOut(c.contest, now);

/** Whether this judge may read the entry's notes: assigned, not released. */
const onEntry = (c: Context, judgeId: string) =>
  c.assignments.some((a) => a.judgeId === judgeId && !a.releasedAt);

/** The entry's notes, oldest first (a raw statement: no Prisma model call, ADR 0072). */
async function noteRows(submissionId: string) {
  const rows = await readRows<{
    id: string;
    authorId: string;
    authorRole: string;
    body: string;
    createdAt: Date | string;
  }>`
    SELECT "id", "authorId", "authorRole", "body", "createdAt"
    FROM "EntryNote" WHERE "submissionId" = ${submissionId}
    ORDER BY "createdAt" ASC, "id" ASC`;
  return rows.map((n) => ({ ...n, createdAt: fromSql.date(n.createdAt) }));
}

type NoteRow = Awaited<ReturnType<typeof noteRows>>[number];

/** The notes as `viewerId` reads them, judges lettered by `order` (the entry's assignment order). */
function labelled(notes: NoteRow[], order: readonly string[], viewerId: string | null) {
  return notes.map((n) => ({
    id: n.id,
    author: noteAuthorLabel(n, order, viewerId),
    mine: viewerId !== null && n.authorId === viewerId,
    body: n.body,
    createdAt: n.createdAt,
  }));
}

async function thread(c: Context, viewerId: string | null) {
  const notes = await noteRows(c.id);
  return labelled(
    notes,
    c.assignments.map((a) => a.judgeId),
    viewerId,
  );
}

/**
 * The discussion on the judge's review page, whose loader has already read the judge's live
 * assignment to the entry and the contest's results dates with it (`loadReview`): the notes in
 * one statement, and the entry's judges in assignment order (for their letters) only when there
 * are notes: one statement where a separate look-up of the entry, its contest and its judges
 * sent four (docs/decisions/0072-per-page-work.md).
 */
export async function notesForReview(
  judgeId: string,
  submissionId: string,
  contest: ResultsRelease,
  now = new Date(),
) {
  const notes = await noteRows(submissionId);
  const order = notes.length
    ? (
        await readRows<{ judgeId: string }>`
          SELECT "judgeId" FROM "JudgeAssignment" WHERE "submissionId" = ${submissionId}
          ORDER BY "createdAt" ASC, "id" ASC`
      ).map((a) => a.judgeId)
    : [];
  return { notes: labelled(notes, order, judgeId), open: !resultsOut(contest, now) };
}

/** The thread as the admin reads it (judges by letter; the page shows who is who beside it). */
export async function notesForAdmin(submissionId: string, now = new Date()) {
  const c = await entryContext(submissionId);
  if (!c) return null;
  return { notes: await thread(c, null), open: isOpen(c, now) };
}

/**
 * Adds a note. A judge must be on the entry (null → 404 for the caller); refused once the results
 * are out.
 */
export async function addNote(
  input: { submissionId: string; authorId: string; role: "admin" | "judge"; body: string },
  now = new Date(),
) {
  const c = await entryContext(input.submissionId);
  if (!c || (input.role === "judge" && !onEntry(c, input.authorId))) return null;
  if (!isOpen(c, now)) throw new NoteRefused(CLOSED);
  return withBusyRetry(() =>
    prisma.entryNote.create({
      data: {
        submissionId: c.id,
        authorId: input.authorId,
        authorRole: input.role,
        body: input.body,
        createdAt: now,
      },
      select: { id: true },
    }),
  );
}
