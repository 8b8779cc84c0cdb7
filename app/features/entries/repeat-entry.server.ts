/**
 * The same entry sent twice. Without JavaScript, Back then Submit shows the browser's copy of the
 * form, or a reloaded form with a new entry key, so the key alone cannot catch a repeat: an entry
 * with the same title and the same text (or the same file name and size) from the same writer
 * in the same contest, made a few minutes before and still live, is that entry again, and no
 * second one is made (docs/decisions/0026-entry-flow.md).
 */
import type { Prisma } from "~/utils/db.server";
import { COUNTED_STATUSES } from "./entry-limit";

type Tx = Prisma.TransactionClient;

/** How long after an entry an identical one counts as the same post again. */
export const REPEAT_WINDOW_MS = 15 * 60 * 1000;

export type EntryContent = {
  contestId: string;
  entrantId: string;
  /** The pupil a class entry was sent for; a writer's own entries have none. */
  pupilId?: string | null;
  title: string;
  body: string | null;
  file: { name: string; size: number } | null;
};

/** The writer's live entry with this content made within the last few minutes, if any. */
export async function findRepeatedEntry(tx: Tx, entry: EntryContent, now = new Date()) {
  return tx.submission.findFirst({
    where: {
      contestId: entry.contestId,
      entrantId: entry.entrantId,
      pupilId: entry.pupilId ?? null,
      status: { in: [...COUNTED_STATUSES] },
      createdAt: { gte: new Date(now.getTime() - REPEAT_WINDOW_MS) },
      title: entry.title,
      body: entry.body ?? null,
      fileName: entry.file?.name ?? null,
      fileSize: entry.file?.size ?? null,
    },
    orderBy: { createdAt: "desc" },
    select: { id: true, status: true },
  });
}
