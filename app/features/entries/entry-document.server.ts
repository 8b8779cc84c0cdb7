/**
 * An entry's document as text (docs/decisions/0034-reading-desk.md): saved with the entry when it
 * is received, and, once, for entries received before documents were read (the backfill, run by
 * the scheduler's tick a few entries at a time until none is left).
 */
import { prisma, withBusyRetry, type Prisma } from "~/utils/db.server";
import { enqueueEvent } from "~/utils/outbox.server";
import { getStorage } from "~/utils/storage.server";
import {
  MAX_FILE_BYTES,
  kindFromFileName,
  type TextEncodingName,
} from "~/features/documents/file-sniff";
import {
  identitySpans,
  saveIdentityHits,
  writerIdentities,
} from "~/features/anonymity/identity.server";
import { inspectStored } from "./entry-upload.server";
import { countWords } from "./word-count";

type Db = Prisma.TransactionClient | typeof prisma;

/** Saves (or replaces) a document's reading text; "" means no words could be read from it. */
export async function saveEntryDocument(
  db: Db,
  submissionId: string,
  text: string,
  status: "text" | "no-text" | "unreadable" = text ? "text" : "no-text",
) {
  const data = { text, status, extractedAt: new Date() };
  await db.entryDocument.upsert({
    where: { submissionId },
    create: { submissionId, ...data },
    update: data,
  });
}

/** The encoding a text entry was stored in, from its stored media type. */
function encodingOf(fileType: string | null): TextEncodingName | undefined {
  const charset = /charset=([\w-]+)/i.exec(fileType ?? "")?.[1]?.toLowerCase();
  return charset === "utf-16le" || charset === "utf-16be" || charset === "utf-8"
    ? charset
    : undefined;
}

/** Set once a pass finds nothing left, so later ticks of this process skip the query. */
let backfillDone = false;

/**
 * Reads up to `limit` stored documents of entries that have no text yet, one at a time (in the
 * inspection worker, with its time and memory bounds), and saves their text, word count and
 * identity hits. Idempotent: an entry is done once its EntryDocument row exists, whatever the
 * outcome ("unreadable" when its file is gone or cannot be read). Returns how many were done.
 */
export async function backfillEntryDocuments(limit = 10): Promise<number> {
  if (backfillDone) return 0;
  const rows = await prisma.submission.findMany({
    where: { filePath: { not: null }, document: null },
    select: {
      id: true,
      entrantId: true,
      pupilId: true,
      filePath: true,
      fileType: true,
      fileSize: true,
      body: true,
    },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: limit,
  });
  if (rows.length === 0) {
    backfillDone = true;
    return 0;
  }
  const storage = getStorage();
  for (const row of rows) {
    const key = row.filePath!;
    const kind = kindFromFileName(key);
    let reading = "";
    let file = "";
    let status: "text" | "no-text" | "unreadable" = "unreadable";
    try {
      if (kind) {
        // A file that is gone throws: the entry is recorded as unreadable.
        const inspection = await inspectStored(
          storage,
          key,
          kind,
          row.fileSize ?? MAX_FILE_BYTES,
          encodingOf(row.fileType),
        );
        if (inspection.ok) {
          reading = inspection.text;
          file = inspection.fullText;
          status = reading ? "text" : "no-text";
        }
      }
    } catch (error) {
      console.error(`[documents] could not read the document of entry ${row.id}`, error);
    }
    // The places that name the writer are found before the write (ADR 0034).
    const spans = row.body
      ? null
      : identitySpans(await writerIdentities(prisma, row), { reading, file });
    await withBusyRetry(() =>
      prisma.$transaction(async (tx) => {
        await saveEntryDocument(tx, row.id, reading, status);
        // Its text is compared for copies now that it is read (docs/decisions/0054-copied-entries.md).
        if (!row.body && status === "text")
          await enqueueEvent(tx, "entry/copies.check", { submissionId: row.id });
        if (!spans) return;
        if (status !== "unreadable")
          await tx.submission.update({
            where: { id: row.id },
            data: { wordCount: countWords(reading) },
          });
        await saveIdentityHits(tx, row.id, spans);
      }),
    );
  }
  return rows.length;
}
