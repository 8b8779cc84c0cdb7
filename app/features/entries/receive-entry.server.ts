/**
 * Receiving an entry: the multipart body is parsed by busboy as it streams in
 * (docs/decisions/0010-hardening.md); its file goes to storage and is inspected through
 * entry-upload.server.ts. Every later failure (validation, closed window,
 * eligibility, database) deletes the stored object, so no file is orphaned, and the row is
 * written only after the file is safely stored, so no row points at a missing file.
 */
import { randomBytes } from "node:crypto";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import {
  BUSY_MESSAGE,
  isDatabaseBusy,
  lockingTransaction,
  lockRow,
  prisma,
  withBusyRetry,
  type Prisma,
} from "~/utils/db.server";
import { readForm } from "~/utils/form-body.server";
import { MultipartRefused, readMultipart } from "~/utils/multipart.server";
import { UPLOAD_BODY_LIMIT, mediaType } from "~/utils/request-body.mjs";
import { ENTRY_MESSAGES, MAX_FILE_BYTES, entrySchema } from "./entry-schema";
import { storedType } from "~/features/documents/file-sniff";
import { displayFileName } from "./file-name";
import {
  identitySpans,
  saveIdentityHits,
  writerIdentities,
} from "~/features/anonymity/identity.server";
import { saveEntryDocument } from "./entry-document.server";
import { isSubmissionWindowOpen } from "~/features/contests/phase";
import { publicContest, type PublicContest } from "~/features/contests/public-contest";
import { getStorage } from "~/utils/storage.server";
import { contestSelect } from "~/features/contests/public-contests.server";
import { enqueueEvent } from "~/utils/outbox.server";
import { initialStatus } from "./submission-status";
import { entriesLeft, entryLimitMessage } from "./entry-limit";
import { countedStatuses, entriesLeftFor, ownEntry, type Writer } from "./entry-limit.server";
import { submitEligibility } from "~/features/accounts/user";
import { priceNewEntry } from "~/features/payments/checkout.server";
import { findRepeatedEntry } from "./repeat-entry.server";
import { CodeRefused } from "~/features/payments/discount-codes.server";
import { storeFilePart, type Upload } from "./entry-upload.server";
import { divisionWordRange, type DivisionRule } from "~/features/divisions/eligibility";
import { DivisionRefused } from "~/features/divisions/placement";
import { entryDivision, type EntryWriter } from "~/features/divisions/placement.server";
import { wordRangeMessage } from "./entry-rules";
import { withinWordRange } from "./word-count";
export { discardBody } from "./entry-upload.server";

/** Text fields are small; a story of 100,000 words is well under this. */
const MAX_TEXT_FIELD_BYTES = 2 * 1024 * 1024;

const ENTRY_KEY = /^e[0-9a-f]{24}$/;

/** A fresh key for one entry form; the submission is created with it as its id, so a repeated post cannot create a second row. */
export function newEntryKey() {
  return `e${randomBytes(12).toString("hex")}`;
}

export type EntryOutcome =
  | { ok: true; submissionId: string; status: string; duplicate: boolean }
  | {
      ok: false;
      status: 400 | 403 | 413 | 415 | 500 | 503;
      formError?: string;
      reply: SubmissionResult<string[]> | null;
    };

/**
 * An entry an educator sends for a pupil of their class
 * (docs/decisions/0031-classrooms-and-shared-computers.md), given by the route after it checked the
 * educator owns the pupil. The entry's sender (entrantId) is the educator; the writer is the pupil.
 * `check` and `record` run inside the entry's write transaction: a refusal writes nothing, and the
 * attestations exist exactly when the entry does.
 */
export type PupilEntry = {
  pupilId: string;
  /** The pupil's own account, when the pupil joined or was linked. */
  pupilUserId: string | null;
  /** Names an anonymous entry must not carry: the pupil's, the educator's, the school's. */
  names: string[];
  check: (
    tx: Prisma.TransactionClient,
    form: FormData,
  ) => Promise<{ field?: string; message: string } | null>;
  record: (tx: Prisma.TransactionClient, submissionId: string, form: FormData) => Promise<void>;
};

type EntryUser = {
  id: string;
  dateOfBirth: Date | string | null;
  parentConsentAt: Date | string | null;
};

export function eligibilityMessage(user: EntryUser) {
  const e = submitEligibility(user);
  if (e.ok) return null;
  return e.reason === "awaiting-parental-consent"
    ? ENTRY_MESSAGES.underThirteen
    : ENTRY_MESSAGES.noDateOfBirth;
}

const FORM_FIELDS = [
  // conform's validate intent: parseWithZod then never reports success, so nothing is written
  // (docs/decisions/0013-entry-form-and-limits.md).
  "__intent__",
  "title",
  "body",
  "confirmOriginal",
  "confirmEligible",
  "confirmRules",
  "showIfAwarded",
  "confirmAnonymous",
  "discountCode",
] as const;

/**
 * Parses, stores, validates and writes one entry. The contest's window and the user's eligibility
 * are checked again inside the write transaction.
 */
export async function receiveEntry(
  request: Request,
  user: EntryUser,
  contest: PublicContest,
  forPupil?: PupilEntry,
): Promise<EntryOutcome> {
  const writer: Writer = forPupil
    ? { pupilId: forPupil.pupilId, userId: forPupil.pupilUserId }
    : { userId: user.id };
  const storage = getStorage();
  const upload: Upload = { key: null, check: null, extra: false, text: "", fullText: "" };
  const cleanup = async () => {
    if (upload.key) {
      const key = upload.key;
      upload.key = null;
      await storage
        .delete(key)
        .catch((error) => console.error(`could not delete orphaned upload ${key}`, error));
    }
  };

  let form: FormData;
  let fileParts = 0;
  let limitedFile: { name: string; size: number } | null = null;
  // A writer who has used up the contest's entries: the file is not stored or read at all
  // (docs/decisions/0024-hostile-documents.md); the write checks again.
  const atLimit =
    (await entriesLeftFor(writer, contest.id, contest.entriesPerWriter).catch(() => 1)) === 0;
  try {
    if (mediaType(request.headers.get("Content-Type")) === "multipart/form-data") {
      form = await readMultipart(
        request,
        {
          fieldBytes: MAX_TEXT_FIELD_BYTES,
          fields: 20,
          files: 3,
          fileBytes: MAX_FILE_BYTES + 1,
          totalBytes: UPLOAD_BODY_LIMIT,
        },
        async (part) => {
          if (part.field !== "file") return;
          if (atLimit) {
            // Not stored or inspected: only its name and length, to know a repeated post.
            if (!part.filename || limitedFile) return;
            let size = 0;
            for await (const chunk of part.data) size += chunk.byteLength;
            limitedFile = { name: displayFileName(part.filename), size };
            return;
          }
          // Parts arrive one after another while the first may still be streaming to storage.
          if (++fileParts > 1) {
            // A second file for the one file field is refused below, never silently dropped.
            upload.extra = true;
            return;
          }
          await storeFilePart(part, { userId: user.id, contestId: contest.id }, storage, upload);
        },
      );
    } else {
      form = await readForm(request);
    }
  } catch (error) {
    await cleanup();
    if (error instanceof MultipartRefused && error.reason === "file") {
      // Answered before the rest of the body arrives: what came before the file is kept.
      const reply: SubmissionResult<string[]> = {
        status: "error",
        error: { file: [ENTRY_MESSAGES.fileTooLarge] },
      };
      return { ok: false, status: 413, formError: ENTRY_MESSAGES.fileTooLarge, reply };
    }
    if (error instanceof MultipartRefused)
      return { ok: false, status: error.status, formError: error.message, reply: null };
    if (error instanceof Response) {
      const status = error.status === 415 ? 415 : 400;
      return { ok: false, status, formError: await error.text(), reply: null };
    }
    console.error("entry upload failed", error);
    return { ok: false, status: 500, formError: ENTRY_MESSAGES.failed, reply: null };
  }
  // A "file" that arrived as a plain field (no file name) is still an upload: it is refused, not lost.
  for (const stray of form.getAll("file")) {
    if (typeof stray !== "string" || stray.length === 0) continue;
    if (upload.check && upload.check.size > 0) upload.extra = true;
    else upload.check = { name: "", size: Buffer.byteLength(stray), kind: null, tooLarge: false };
  }
  if (upload.extra) {
    const first = upload.check ?? { name: "", size: 0, kind: null, tooLarge: false };
    upload.check = { ...first, size: Math.max(1, first.size), problem: "several" };
  }

  if (atLimit) {
    // The same form posted again after it was written is the entry already made.
    const repeated = await ownEntry(user.id, form.get("entryKey"));
    if (repeated) return { ok: true, ...repeated, duplicate: true };
    // Back then Submit with a new key: the same typed story is still the entry already made.
    const title = form.get("title");
    const body = form.get("body");
    const text = typeof body === "string" ? body.replace(/\r\n/g, "\n").trim() : "";
    const same =
      typeof title === "string" && (text || limitedFile)
        ? await findRepeatedEntry(prisma, {
            contestId: contest.id,
            entrantId: user.id,
            pupilId: forPupil?.pupilId,
            title: title.trim(),
            // As the entry schema stores it.
            body: text || null,
            file: text ? null : limitedFile,
          })
        : null;
    if (same) return { ok: true, submissionId: same.id, status: same.status, duplicate: true };
    const refused = entryLimitMessage(contest.entriesPerWriter);
    return { ok: false, status: 403, formError: refused, reply: { error: { "": [refused] } } };
  }

  const fields = new FormData();
  for (const name of FORM_FIELDS) {
    const v = form.get(name);
    if (typeof v === "string") fields.set(name, v);
  }
  // A contest with divisions: the writer's division decides the word range the story is checked
  // against (docs/decisions/0032-divisions-and-rounds.md); the write places the entry again.
  const entryWriter: EntryWriter = forPupil
    ? { pupilId: forPupil.pupilId, pupilName: forPupil.names[0] ?? "This pupil" }
    : { userId: user.id };
  let division: DivisionRule | null;
  try {
    division = await entryDivision(contest.id, entryWriter, new Date());
  } catch (error) {
    await cleanup();
    if (!(error instanceof DivisionRefused)) throw error;
    return {
      ok: false,
      status: 403,
      formError: error.message,
      reply: { status: "error", error: { "": [error.message] } },
    };
  }
  const words = divisionWordRange(contest, division);
  const submission = parseWithZod(fields, {
    schema: entrySchema(words, upload.check),
  });
  if (submission.status !== "success") {
    await cleanup();
    return { ok: false, status: 400, reply: submission.reply() };
  }
  const rawKey = form.get("entryKey");
  let id = typeof rawKey === "string" && ENTRY_KEY.test(rawKey) ? rawKey : newEntryKey();
  const file =
    upload.key && upload.check?.kind
      ? { key: upload.key, ...upload.check, kind: upload.check.kind }
      : null;

  // Where the entry names its writer, found before the write (a long text must not hold the
  // transaction open; docs/decisions/0034-reading-desk.md).
  const identities = identitySpans(
    await writerIdentities(prisma, { entrantId: user.id, pupilId: forPupil?.pupilId ?? null }),
    { reading: submission.value.body ?? upload.text, file: upload.fullText },
  );
  try {
    // A busy database is waited for outside the transaction (see db.server), then refused.
    const result = await withBusyRetry(() =>
      prisma.$transaction(async (tx) => {
        // One writer's entries are written one at a time (their limit is read, then written).
        await lockRow(tx, "User", user.id);
        // A linked pupil's own entries and class entries count together (ADR 0031).
        if (forPupil?.pupilUserId) await lockRow(tx, "User", forPupil.pupilUserId);
        // The moment of the write: the window and the account's eligibility, as they are now.
        const row = await tx.contest.findFirst({
          where: { id: contest.id, isPublished: true },
          select: contestSelect,
        });
        if (!row || !isSubmissionWindowOpen(publicContest(row), new Date()))
          return { refused: ENTRY_MESSAGES.notOpen } as const;
        const account = await tx.user.findUnique({
          where: { id: user.id },
          select: {
            id: true,
            dateOfBirth: true,
            parentConsentAt: true,
            displayName: true,
            email: true,
          },
        });
        if (!account) return { refused: ENTRY_MESSAGES.mustSignIn } as const;
        if (forPupil) {
          // The educator's approval and the pupil's consent, as they are now.
          const refusal = await forPupil.check(tx, form);
          if (refusal) return { refused: refusal.message, field: refusal.field } as const;
        } else {
          const notEligible = eligibilityMessage(account);
          if (notEligible) return { refused: notEligible } as const;
        }

        const existing = await tx.submission.findUnique({
          where: { id },
          select: { entrantId: true, status: true },
        });
        // A key that names someone else's entry (a forged form) is ignored, not an error.
        if (existing && existing.entrantId !== user.id) id = newEntryKey();
        else if (existing) return { duplicate: true, status: existing.status } as const;
        const repeated = await findRepeatedEntry(tx, {
          contestId: contest.id,
          entrantId: user.id,
          pupilId: forPupil?.pupilId,
          title: submission.value.title,
          body: submission.value.body ?? null,
          file: file ? { name: file.name, size: file.size } : null,
        });
        if (repeated) {
          id = repeated.id;
          return { duplicate: true, status: repeated.status } as const;
        }
        const shown = publicContest(row);
        const mine = await countedStatuses(tx, writer, contest.id);
        if (entriesLeft(shown.entriesPerWriter, mine) === 0)
          return { refused: entryLimitMessage(shown.entriesPerWriter) } as const;
        // The division as it is now (the admin may have edited it, or the profile changed).
        let placed: DivisionRule | null;
        try {
          placed = await entryDivision(contest.id, entryWriter, new Date(), tx);
        } catch (error) {
          if (!(error instanceof DivisionRefused)) throw error;
          return { refused: error.message } as const;
        }
        const range = divisionWordRange(shown, placed);
        // Typed text, or else the document's words (docs/decisions/0034-reading-desk.md).
        const counted = submission.value.body ? submission.value.wordCount : file?.words;
        if (
          counted !== undefined &&
          (range.wordMin !== words.wordMin || range.wordMax !== words.wordMax) &&
          !withinWordRange(counted, range.wordMin, range.wordMax)
        )
          return {
            refused: wordRangeMessage(range.wordMin, range.wordMax),
            field: submission.value.body ? "body" : "file",
          } as const;
        await tx.submission.create({
          data: {
            id,
            contestId: contest.id,
            entrantId: user.id,
            pupilId: forPupil?.pupilId ?? null,
            divisionId: placed?.id ?? null,
            title: submission.value.title,
            body: submission.value.body,
            wordCount: submission.value.body ? submission.value.wordCount : (file?.words ?? 0),
            // Written unpaid first; priceNewEntry below sets what the fee and any code allow.
            status: initialStatus(shown.entryFeeCents),
            filePath: file?.key ?? null,
            fileName: file?.name ?? null,
            fileType: file ? storedType(file.kind, null, file.encoding) : null,
            fileSize: file?.size ?? null,
            showIfAwarded: submission.value.showIfAwarded,
          },
        });
        // The document's text, read for judges, and every place the entry names its writer
        // (docs/decisions/0034-reading-desk.md).
        if (file) await saveEntryDocument(tx, id, upload.text);
        await saveIdentityHits(tx, id, identities);
        // The fee after any discount code, and the code's use, in this same transaction
        // (docs/decisions/0020-payments.md); a refused code throws and nothing is written.
        const priced = await priceNewEntry(
          tx,
          { submissionId: id, contest: { id: contest.id, entryFeeCents: shown.entryFeeCents } },
          submission.value.discountCode,
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
        if (status === "submitted" && !forPupil)
          await enqueueEvent(tx, "entry/submitted", { submissionId: id });
        return { duplicate: false, status } as const;
      }, lockingTransaction),
    );
    if ("refused" in result) {
      await cleanup();
      const message = result.refused ?? ENTRY_MESSAGES.failed;
      if ("field" in result && result.field)
        return {
          ok: false,
          status: 400,
          reply: submission.reply({ fieldErrors: { [result.field]: [message] } }),
        };
      return {
        ok: false,
        status: 403,
        formError: message,
        reply: submission.reply({ formErrors: [message] }),
      };
    }
    if (result.duplicate) {
      await cleanup();
      return { ok: true, submissionId: id, status: result.status, duplicate: true };
    }
    upload.key = null; // the row owns the file now
    return { ok: true, submissionId: id, status: result.status, duplicate: false };
  } catch (error) {
    await cleanup();
    if (error instanceof CodeRefused) {
      return {
        ok: false,
        status: 400,
        formError: error.message,
        reply: submission.reply({ fieldErrors: { discountCode: [error.message] } }),
      };
    }
    if (isDatabaseBusy(error)) {
      // Nothing was written; the form comes back with what was typed.
      return {
        ok: false,
        status: 503,
        formError: BUSY_MESSAGE,
        reply: submission.reply({ formErrors: [BUSY_MESSAGE] }),
      };
    }
    console.error("entry write failed", error);
    return {
      ok: false,
      status: 500,
      formError: ENTRY_MESSAGES.failed,
      reply: submission.reply({ formErrors: [ENTRY_MESSAGES.failed] }),
    };
  }
}
