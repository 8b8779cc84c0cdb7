/**
 * Writing one received entry, in one transaction at the moment of the write
 * (docs/decisions/0013-entry-form-and-limits.md): the contest's window, the account's eligibility
 * (or the class's checks), the writer's limit, the division and its word range are read as they
 * are now; the row, its document text and identity places, the fee and the confirmation event are
 * written together, or nothing is.
 */
import { saveNewEntryHits } from "~/features/anonymity/identity.server";
import type { DivisionRule } from "~/features/divisions/eligibility";
import { DivisionRefused } from "~/features/divisions/placement";
import { placeEntry } from "~/features/divisions/placement.server";
import { storedType } from "~/features/documents/file-sniff";
import { priceNewEntry } from "~/features/payments/checkout.server";
import {
  ENTRY_BUSY_BUDGET_MS,
  lockingTransaction,
  lockRow,
  prisma,
  withBusyRetry,
  takeWriteLock,
} from "~/utils/db.server";
import { enqueueEvents, type QueuedEvent } from "~/utils/outbox.server";
import { saveEntryDocument } from "./entry-document.server";
import { insertEntry, readAtWrite } from "./entry-statements.server";
import { initialStatus } from "./submission-status";
import { writeOwnEntryDirectly } from "./write-entry-direct.server";
import type { EntryWrite, EntryWritten } from "./write-entry-types";
import {
  counted,
  eligibilityMessage,
  keyRepeatAndLimit,
  openAndSignedIn,
  outsideWordRange,
} from "./write-rules";

export { eligibilityMessage };

export type { EntryUser, EntryWrite, EntryWritten, PupilEntry } from "./write-entry-types";

/** Writes the entry, or finds the one already written, or says why not (nothing written). */
export async function writeEntry(input: EntryWrite): Promise<EntryWritten> {
  const { user, contestId, forPupil, form, writer, entryWriter, words, value, file } = input;
  // A writer's own typed entry that needs only its row and events: one direct write without the
  // client (docs/decisions/0080-rush-direct-write.md, 0084-postgresql-rush-write.md); null means
  // the client writes.
  const direct = forPupil
    ? null
    : await withBusyRetry(async () => writeOwnEntryDirectly(input), ENTRY_BUSY_BUDGET_MS);
  if (direct) return direct;
  let id = input.id;
  // A busy database is waited for outside the transaction (see db.server), then refused.
  let attempts = 0;
  const result = await withBusyRetry(
    () =>
      prisma.$transaction(
        async (tx) => {
          // SQLite: a write run again (another process's commit made the first one's reads
          // stale, or held the lock) takes the write lock first, so it cannot be refused after
          // its reads (docs/decisions/0071-rush-write-lock.md).
          if (attempts++ > 0) await takeWriteLock(tx);
          // One writer's entries are written one at a time (their limit is read, then written).
          await lockRow(tx, "User", user.id);
          // A linked pupil's own entries and class entries count together (ADR 0031).
          if (forPupil?.pupilUserId) await lockRow(tx, "User", forPupil.pupilUserId);
          // The moment of the write: every read of the rules below in one statement
          // (docs/decisions/0078-rush-entry-cpu.md), as the database is now.
          const now = new Date();
          const read = await readAtWrite(tx, {
            contestId,
            accountId: user.id,
            key: id,
            writer,
            repeat: {
              contestId,
              entrantId: user.id,
              pupilId: forPupil?.pupilId,
              title: value.title,
              body: value.body ?? null,
              file: file ? { name: file.name, size: file.size } : null,
            },
            now,
          });
          // The window and the account's eligibility, as they are now.
          const signedIn = openAndSignedIn(read, now);
          if ("refused" in signedIn) return { refused: signedIn.refused } as const;
          const { account } = signedIn;
          if (forPupil) {
            // The educator's approval and the pupil's consent, as they are now.
            const refusal = await forPupil.check(tx, form);
            if (refusal) return { refused: refusal.message, field: refusal.field } as const;
          } else {
            const notEligible = eligibilityMessage(account);
            if (notEligible) return { refused: notEligible } as const;
          }
          const ruled = keyRepeatAndLimit(read, signedIn.contest, {
            id,
            userId: user.id,
            newKey: input.newKey,
            ai: value.ai,
            declarer: forPupil?.declarer,
            account,
          });
          if ("refused" in ruled) return { refused: ruled.refused, field: ruled.field } as const;
          id = ruled.id;
          if ("duplicate" in ruled) return { duplicate: true, status: ruled.status } as const;
          const { shown, declared } = ruled;
          // The division as it is now (the admin may have edited it, or the profile changed).
          let placed: DivisionRule | null;
          try {
            placed = await placeEntry(read.divisions, entryWriter, now, account, tx);
          } catch (error) {
            if (!(error instanceof DivisionRefused)) throw error;
            return { refused: error.message } as const;
          }
          const outside = outsideWordRange(shown, placed, words, counted(value, file));
          if (outside) return { refused: outside.refused, field: outside.field } as const;
          await insertEntry(
            tx,
            {
              id,
              contestId,
              entrantId: user.id,
              pupilId: forPupil?.pupilId ?? null,
              divisionId: placed?.id ?? null,
              title: value.title,
              body: value.body ?? null,
              wordCount: value.body ? value.wordCount : (file?.words ?? 0),
              // Written unpaid first; priceNewEntry below sets what the fee and any code allow.
              status: initialStatus(shown.entryFeeCents),
              filePath: file?.key ?? null,
              fileName: file?.name ?? null,
              fileType: file ? storedType(file.kind, null, file.encoding) : null,
              fileSize: file?.size ?? null,
              showIfAwarded: value.showIfAwarded,
              aiPolicyBroken: declared?.breaksPolicy ?? false,
              mentionsEntrant: input.identities.length > 0,
            },
            now,
          );
          if (declared) await tx.aiDeclaration.create({ data: { submissionId: id, ...declared } });
          // The document's text, read for judges, and every place the entry names its writer
          // (docs/decisions/0034-reading-desk.md).
          if (file) await saveEntryDocument(tx, id, input.text);
          await saveNewEntryHits(tx, id, input.identities);
          // The fee after any discount code, and the code's use, in this same transaction
          // (docs/decisions/0020-payments.md); a refused code throws and nothing is written.
          const priced = await priceNewEntry(
            tx,
            { submissionId: id, contest: { id: contestId, entryFeeCents: shown.entryFeeCents } },
            value.discountCode,
            new Date(),
          );
          const status = priced.status;
          if (forPupil) await forPupil.record(tx, id, form);
          if (status === "submitted" && shown.entryFeeCents > 0)
            await tx.submission.update({ where: { id }, data: { status } });
          // The confirmation e-mail is an outbox event of this transaction, sent by a workflow
          // (docs/decisions/0017-contest-lifecycle.md).
          // A class entry's sender is told on the class's page and by the one receipt of its
          // payment, not by one e-mail per pupil (ADR 0031).
          // Every entry is checked for copies off this request (docs/decisions/0054-copied-entries.md).
          // Both events in one statement: on PostgreSQL the entry's INSERT holds its contest's
          // RankingVersion row (a trigger moves it on) until COMMIT, so every statement after it
          // is time that the contest's other submits wait (docs/decisions/0059-writing-at-scale.md).
          const events: QueuedEvent[] = [];
          if (status === "submitted" && !forPupil)
            events.push({ name: "entry/submitted", data: { submissionId: id } });
          events.push({ name: "entry/copies.check", data: { submissionId: id } });
          await enqueueEvents(tx, events);
          return { duplicate: false, status } as const;
        },
        // A deadline rush queues its writers (the writer's row, a pool connection, the contest's
        // RankingVersion at COMMIT): Prisma's default 5 s for the whole transaction lost entries
        // of a 32-connection rush on a busy machine ("expired transaction"); a slow entry is
        // better than a lost one (docs/decisions/0059-writing-at-scale.md).
        { ...lockingTransaction, maxWait: 10_000, timeout: 30_000 },
      ),
    ENTRY_BUSY_BUDGET_MS,
  );
  if (result.refused !== undefined) return { refused: result.refused, field: result.field };
  return { id, duplicate: result.duplicate, status: result.status };
}
