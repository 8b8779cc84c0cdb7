/**
 * Receiving an entry: the body is read as it streams in (entry-body.server.ts), its file stored
 * and inspected; the form is validated against the writer's word range; the row is written at
 * the moment of the write (write-entry.server.ts). Every refusal after the file is stored deletes
 * it, so no file is orphaned, and the row is written only after the file is safely stored, so no
 * row points at a missing file. A refusal is thrown as a `FormReplyRefused` carrying the form's
 * reply and its HTTP status (docs/decisions/0030-one-error-style-and-checked-promises.md).
 */
import { randomBytes } from "node:crypto";
import { parseWithZod } from "@conform-to/zod";
import { identitySpans, writerIdentities } from "~/features/anonymity/identity.server";
import type { Identity } from "~/features/anonymity/identity-hits";
import type { PublicContest } from "~/features/contests/public-contest";
import { divisionWordRange, type DivisionRule } from "~/features/divisions/eligibility";
import { DivisionRefused } from "~/features/divisions/placement";
import { entryDivision, type EntryWriter } from "~/features/divisions/placement.server";
import { CodeRefused } from "~/features/payments/discount-codes.server";
import { BUSY_MESSAGE, isDatabaseBusy, prisma } from "~/utils/db.server";
import { DomainError, FormReplyRefused } from "~/utils/domain-error";
import { getStorage } from "~/utils/storage.server";
import { readEntryBody } from "./entry-body.server";
import { entriesLeftAfter, entryLimitMessage } from "./entry-limit";
import { entriesLeftFor, ownEntry, type Writer } from "./entry-limit.server";
import { ENTRY_MESSAGES, entrySchema } from "./entry-schema";
import type { Upload } from "./entry-upload.server";
import { findRepeatedEntry } from "./repeat-entry.server";
import { writeEntry, type EntryUser, type PupilEntry } from "./write-entry.server";
export { discardBody } from "./entry-upload.server";
export { eligibilityMessage, type PupilEntry } from "./write-entry.server";

const ENTRY_KEY = /^e[0-9a-f]{24}$/;

/** A fresh key for one entry form; the submission is created with it as its id, so a repeated post cannot create a second row. */
export function newEntryKey() {
  return `e${randomBytes(12).toString("hex")}`;
}

/** The entry received: written now, or the same one found already written (`duplicate`). */
export type ReceivedEntry = { submissionId: string; status: string; duplicate: boolean };

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
  "aiUse",
  "aiHow",
] as const;

/**
 * Parses, stores, validates and writes one entry. The contest's window and the user's eligibility
 * are checked again inside the write transaction. Throws `FormReplyRefused` when the entry is
 * refused; nothing is then kept.
 */
export async function receiveEntry(
  request: Request,
  user: EntryUser,
  contest: PublicContest,
  forPupil?: PupilEntry,
  /**
   * What the route already read for this request (`readBeforeBody`): the writer's division (null:
   * none) and, for a writer's own entry, their counted entries and identities.
   */
  known?: { division: DivisionRule | null; used?: number; identities?: Identity[] },
): Promise<ReceivedEntry> {
  const writer: Writer = forPupil
    ? { pupilId: forPupil.pupilId, userId: forPupil.pupilUserId }
    : { userId: user.id };
  const storage = getStorage();
  const upload: Upload = { key: null, check: null, extra: false, text: "", fullText: "" };
  // A writer who has used up the contest's entries: the file is not stored or read at all
  // (docs/decisions/0024-hostile-documents.md); the write checks again.
  const atLimit =
    (known?.used !== undefined
      ? entriesLeftAfter(contest.entriesPerWriter, known.used)
      : await entriesLeftFor(writer, contest.id, contest.entriesPerWriter).catch(() => 1)) === 0;
  try {
    const { form, limitedFile } = await readEntryBody(
      request,
      { userId: user.id, contestId: contest.id, atLimit },
      storage,
      upload,
    );
    if (atLimit) {
      // The same form posted again after it was written is the entry already made.
      const repeated = await ownEntry(user.id, form.get("entryKey"));
      if (repeated) return { ...repeated, duplicate: true };
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
      if (same) return { submissionId: same.id, status: same.status, duplicate: true };
      const refused = entryLimitMessage(contest.entriesPerWriter);
      throw new FormReplyRefused(refused, 403, { error: { "": [refused] } });
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
      // Read once a request: the route's check before the body is read is the same question.
      division = known ? known.division : await entryDivision(contest.id, entryWriter, new Date());
    } catch (error) {
      if (!(error instanceof DivisionRefused)) throw error;
      throw new FormReplyRefused(error.message, 403, {
        status: "error",
        error: { "": [error.message] },
      });
    }
    const words = divisionWordRange(contest, division);
    const submission = parseWithZod(fields, {
      schema: entrySchema({ ...words, aiPolicy: contest.aiPolicy }, upload.check),
    });
    if (submission.status !== "success") throw new FormReplyRefused(null, 400, submission.reply());
    const rawKey = form.get("entryKey");
    const file =
      upload.key && upload.check?.kind
        ? { key: upload.key, ...upload.check, kind: upload.check.kind }
        : null;
    // Where the entry names its writer, found before the write (a long text must not hold the
    // transaction open; docs/decisions/0034-reading-desk.md).
    const identities = identitySpans(
      known?.identities ??
        (await writerIdentities(prisma, {
          entrantId: user.id,
          pupilId: forPupil?.pupilId ?? null,
        })),
      { reading: submission.value.body ?? upload.text, file: upload.fullText },
    );
    let written;
    try {
      written = await writeEntry({
        id: typeof rawKey === "string" && ENTRY_KEY.test(rawKey) ? rawKey : newEntryKey(),
        user,
        contestId: contest.id,
        forPupil,
        form,
        writer,
        entryWriter,
        words,
        value: submission.value,
        file,
        text: upload.text,
        identities,
        newKey: newEntryKey,
      });
    } catch (error) {
      if (error instanceof CodeRefused)
        throw new FormReplyRefused(
          error.message,
          400,
          submission.reply({ fieldErrors: { discountCode: [error.message] } }),
        );
      // Nothing was written; the form comes back with what was typed.
      if (isDatabaseBusy(error))
        throw new FormReplyRefused(
          BUSY_MESSAGE,
          503,
          submission.reply({ formErrors: [BUSY_MESSAGE] }),
        );
      console.error("entry write failed", error);
      throw new FormReplyRefused(
        ENTRY_MESSAGES.failed,
        500,
        submission.reply({ formErrors: [ENTRY_MESSAGES.failed] }),
      );
    }
    if ("refused" in written) {
      const message = written.refused || ENTRY_MESSAGES.failed;
      if (written.field)
        throw new FormReplyRefused(
          null,
          400,
          submission.reply({ fieldErrors: { [written.field]: [message] } }),
        );
      throw new FormReplyRefused(message, 403, submission.reply({ formErrors: [message] }));
    }
    if (!written.duplicate) upload.key = null; // the row owns the file now
    return { submissionId: written.id, status: written.status, duplicate: written.duplicate };
  } catch (error) {
    if (upload.key) {
      const key = upload.key;
      upload.key = null;
      await storage
        .delete(key)
        .catch((failure) => console.error(`could not delete orphaned upload ${key}`, failure));
    }
    if (error instanceof DomainError) throw error;
    console.error("entry upload failed", error);
    throw new FormReplyRefused(ENTRY_MESSAGES.failed, 500, null);
  }
}
