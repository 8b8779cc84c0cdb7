/**
 * The possible copies an admin decides (docs/decisions/0054-copied-entries.md): the list of a
 * contest's pairs, one pair side by side with its shared passages, clearing or disqualifying
 * with a note, and the flag an educator sees on their class's entries. Nothing here is ever read
 * for a judge.
 */
import { prisma } from "~/utils/db.server";
import { DomainError } from "~/utils/domain-error";
import { enqueueEvent } from "~/utils/outbox.server";
import { disqualifySubmission } from "~/features/entries/admin-submissions.server";
import { highlightPieces, tokenize } from "./similarity";

/** What the writer reads on their dashboard when an entry is disqualified as a copy. */
export const COPY_DISQUALIFY_REASON =
  "Your story is very like another story we received, so it cannot stay in this contest. " +
  "Stories in the contest must be your own words. If you think we got this wrong, " +
  "please ask a grown-up to reply to our e-mail.";

const entrySelect = {
  id: true,
  title: true,
  status: true,
  contestId: true,
  createdAt: true,
  contest: { select: { title: true } },
  entrant: { select: { displayName: true } },
  pupil: { select: { firstName: true, lastInitial: true } },
} as const;

/** The time zone a contest's dates are shown in. */
export async function contestTimeZone(contestId: string) {
  const c = await prisma.contest.findUnique({
    where: { id: contestId },
    select: { timeZone: true },
  });
  return c?.timeZone ?? "UTC";
}

/** A contest's pairs (either entry in it), open ones first, most alike first. */
export async function contestCopyPairs(contestId: string) {
  const rows = await prisma.copyPair.findMany({
    where: { OR: [{ contestAId: contestId }, { contestBId: contestId }] },
    select: {
      id: true,
      kind: true,
      resemblance: true,
      sharedWords: true,
      status: true,
      note: true,
      decidedAt: true,
      foundAt: true,
      entryA: { select: entrySelect },
      entryB: { select: entrySelect },
      decidedBy: { select: { displayName: true } },
    },
    orderBy: [{ resemblance: "desc" }, { sharedWords: "desc" }, { id: "asc" }],
  });
  const rank = { open: 0, cleared: 1, disqualified: 2 } as Record<string, number>;
  return rows
    .map((r) => ({ ...r, entryA: entryView(r.entryA), entryB: entryView(r.entryB) }))
    .sort((x, y) => (rank[x.status] ?? 3) - (rank[y.status] ?? 3));
}

function entryView(e: {
  id: string;
  title: string;
  status: string;
  contestId: string;
  createdAt: Date;
  contest: { title: string };
  entrant: { displayName: string };
  pupil: { firstName: string; lastInitial: string } | null;
}) {
  return {
    id: e.id,
    title: e.title,
    status: e.status,
    contestId: e.contestId,
    contestTitle: e.contest.title,
    createdAt: e.createdAt,
    // Admins only: the writer (a pupil by first name and initial, ADR 0031).
    writer: e.pupil ? `${e.pupil.firstName} ${e.pupil.lastInitial}.` : e.entrant.displayName,
  };
}

type Passage = { a: [number, number]; b: [number, number]; words: number };

/** One pair with both texts cut into plain and shared pieces, or null when not this contest's. */
export async function copyPairDetail(contestId: string, pairId: string) {
  const row = await prisma.copyPair.findFirst({
    where: { id: pairId, OR: [{ contestAId: contestId }, { contestBId: contestId }] },
    select: {
      id: true,
      passages: true,
      entryA: {
        select: { body: true, contentRemovedAt: true, document: { select: { text: true } } },
      },
      entryB: {
        select: { body: true, contentRemovedAt: true, document: { select: { text: true } } },
      },
    },
  });
  if (!row) return null;
  const passages = JSON.parse(row.passages) as Passage[];
  const side = (
    e: { body: string | null; contentRemovedAt: Date | null; document: { text: string } | null },
    ranges: [number, number][],
  ) => {
    if (e.contentRemovedAt) return { removed: true as const, pieces: [] };
    const text = e.body?.trim() ? e.body : (e.document?.text ?? "");
    return { removed: false as const, pieces: highlightPieces(text, tokenize(text), ranges) };
  };
  return {
    id: row.id,
    a: side(
      row.entryA,
      passages.map((p) => p.a),
    ),
    b: side(
      row.entryB,
      passages.map((p) => p.b),
    ),
    passages: passages.map((p) => p.words),
  };
}

export class PairRefused extends DomainError {}

/**
 * An admin's decision on an open (or already decided) pair of this contest: "cleared" (not a
 * copy), or "disqualified" with the entry to disqualify (through the entries' disqualification,
 * so its unscored assignments go too) and a kind message to the writer.
 */
export async function decideCopyPair(input: {
  contestId: string;
  pairId: string;
  adminId: string;
  decision: "clear" | "disqualify";
  entryId?: string;
  note: string;
}) {
  const pair = await prisma.copyPair.findFirst({
    where: {
      id: input.pairId,
      OR: [{ contestAId: input.contestId }, { contestBId: input.contestId }],
    },
    select: { id: true, entryAId: true, entryBId: true },
  });
  if (!pair) return null;
  if (input.decision === "disqualify") {
    const entryId = input.entryId;
    if (entryId !== pair.entryAId && entryId !== pair.entryBId)
      throw new PairRefused("Choose which entry to disqualify.");
    const entry = await prisma.submission.findUnique({
      where: { id: entryId },
      select: { status: true },
    });
    if (entry?.status !== "disqualified") {
      // Throws TransitionRefused when the entry is not submitted (the route says so).
      await disqualifySubmission(entryId, COPY_DISQUALIFY_REASON);
      await enqueueEvent(prisma, "entry/copy.disqualified", { submissionId: entryId });
    }
  }
  await prisma.copyPair.update({
    where: { id: pair.id },
    data: {
      status: input.decision === "clear" ? "cleared" : "disqualified",
      decidedById: input.adminId,
      decidedAt: new Date(),
      note: input.note || null,
    },
  });
  return input.decision;
}

/**
 * The class's entries that are in an undecided pair (the educator's flag): ids only, never the
 * other entry or its writer.
 */
export async function openCopyFlags(submissionIds: string[]): Promise<Set<string>> {
  if (submissionIds.length === 0) return new Set();
  const rows = await prisma.copyPair.findMany({
    where: {
      status: "open",
      OR: [{ entryAId: { in: submissionIds } }, { entryBId: { in: submissionIds } }],
    },
    select: { entryAId: true, entryBId: true },
  });
  const mine = new Set(submissionIds);
  return new Set(rows.flatMap((r) => [r.entryAId, r.entryBId]).filter((id) => mine.has(id)));
}

/** Starts the whole contest's check in the background (the admin's button). */
export async function requestContestCheck(contestId: string) {
  await enqueueEvent(prisma, "contest/copies.check", { contestId });
}
