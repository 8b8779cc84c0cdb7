/**
 * What a judge reads on the review screen (docs/decisions/0034-reading-desk.md): the entry's typed
 * text, or else its document's text, with every place that names the writer removed unless an
 * admin cleared it; and whether the original file may be given to them. Nothing here returns the
 * removed words.
 */
import { identityHitsOf, originalFileAllowed } from "~/features/anonymity/identity.server";
import { paragraphs, textForJudges } from "~/features/anonymity/identity-hits";
import { prisma } from "~/utils/db.server";

export type Reading = {
  /** Where the text comes from: typed in the form, or read from the uploaded document. */
  source: "typed" | "document";
  /**
   * "text": readable; "no-text": the document has no words we could read (a scan);
   * "unreadable": its file could not be read; "waiting": not read yet (an older entry).
   */
  status: "text" | "no-text" | "unreadable" | "waiting";
  paragraphs: string[];
  /** How many passages were removed because they named the writer. */
  removed: number;
  /** Whether the judge may download the original file (never when it names the writer). */
  originalAllowed: boolean;
};

type ReadableEntry = {
  id: string;
  body: string | null;
  filePath: string | null;
  mentionsEntrant: boolean;
  document: { text: string; status: string } | null;
};

export async function readingFor(entry: ReadableEntry, db = prisma): Promise<Reading> {
  const hits = await identityHitsOf(entry.id, db);
  const typed = !!entry.body;
  const raw = typed ? entry.body! : (entry.document?.text ?? "");
  const status = typed
    ? "text"
    : entry.document
      ? (entry.document.status as Reading["status"])
      : entry.filePath
        ? "waiting"
        : "text";
  const shown = textForJudges(raw, hits);
  return {
    source: typed || !entry.filePath ? "typed" : "document",
    status,
    paragraphs: paragraphs(shown),
    removed: hits.filter((h) => h.status !== "cleared" && h.end > h.start).length,
    originalAllowed: !!entry.filePath && originalFileAllowed(entry.mentionsEntrant, hits),
  };
}

/** Whether the judge's download of this entry's original file is allowed (ADR 0034). */
export async function originalAllowedFor(submissionId: string) {
  const [entry, hits] = await Promise.all([
    prisma.submission.findUnique({
      where: { id: submissionId },
      select: { mentionsEntrant: true },
    }),
    identityHitsOf(submissionId),
  ]);
  return !!entry && originalFileAllowed(entry.mentionsEntrant, hits);
}
