/**
 * Notes on an entry (docs/decisions/0033-judging-panel.md): the admin writes, the entry's judges
 * read and answer. A judge may read them while assigned to the entry (a released assignment is
 * not); nobody writes once the contest's results are out (the discussion is for before the
 * awards; the thread stays readable). A judge's view carries labels only, never another judge's
 * name or e-mail.
 */
import { publishedDatesSelect } from "~/features/contests/contest-snapshot";
import { resultsOut } from "~/features/contests/results-release";
import { DomainError } from "~/utils/domain-error";
import { prisma, withBusyRetry } from "~/utils/db.server";
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

async function thread(c: Context, viewerId: string | null) {
  const notes = await prisma.entryNote.findMany({
    where: { submissionId: c.id },
    select: { id: true, authorId: true, authorRole: true, body: true, createdAt: true },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  const order = c.assignments.map((a) => a.judgeId);
  return notes.map((n) => ({
    id: n.id,
    author: noteAuthorLabel(n, order, viewerId),
    mine: viewerId !== null && n.authorId === viewerId,
    body: n.body,
    createdAt: n.createdAt,
  }));
}

/** The thread as a judge of the entry reads it, or null when they may not (→ 404). */
export async function notesForJudge(judgeId: string, submissionId: string, now = new Date()) {
  const c = await entryContext(submissionId);
  if (!c || !onEntry(c, judgeId)) return null;
  return { notes: await thread(c, judgeId), open: isOpen(c, now) };
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
