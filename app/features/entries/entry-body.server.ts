/**
 * Reading an entry form's body: the multipart body is parsed by busboy as it streams in
 * (docs/decisions/0010-hardening.md) and its one file goes to storage and is inspected through
 * entry-upload.server.ts. A writer who has used up the contest's entries has the file only
 * measured, never stored or read (docs/decisions/0024-hostile-documents.md).
 */
import type { SubmissionResult } from "@conform-to/react";
import { FormReplyRefused } from "~/utils/domain-error";
import { readForm } from "~/utils/form-body.server";
import { MultipartRefused, readMultipart } from "~/utils/multipart.server";
import { UPLOAD_BODY_LIMIT, mediaType } from "~/utils/request-body";
import type { FileStorage } from "~/utils/storage.server";
import { storeFilePart, type Upload } from "./entry-upload.server";
import { ENTRY_MESSAGES, MAX_FILE_BYTES } from "./entry-schema";
import { displayFileName } from "./file-name";

/** Text fields are small; a story of 100,000 words is well under this. */
const MAX_TEXT_FIELD_BYTES = 2 * 1024 * 1024;

export type EntryBody = {
  form: FormData;
  /** At the limit: the file's name and length only, to know a repeated post. */
  limitedFile: { name: string; size: number } | null;
};

/**
 * Reads the form, storing its file into `upload` (upload.key is set once the object is stored,
 * so the caller can delete it on any later refusal). A body that cannot be read is refused with
 * a `FormReplyRefused`; what came before a too-large file is kept for the form.
 */
export async function readEntryBody(
  request: Request,
  target: { userId: string; contestId: string; atLimit: boolean },
  storage: FileStorage,
  upload: Upload,
): Promise<EntryBody> {
  let form: FormData;
  let fileParts = 0;
  let limitedFile: EntryBody["limitedFile"] = null;
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
          if (target.atLimit) {
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
          await storeFilePart(part, target, storage, upload);
        },
      );
    } else {
      form = await readForm(request);
    }
  } catch (error) {
    throw await bodyRefusal(error);
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
  return { form, limitedFile };
}

/** Why a body could not be read, as the form's refusal. */
async function bodyRefusal(error: unknown): Promise<FormReplyRefused> {
  if (error instanceof MultipartRefused && error.reason === "file") {
    // Answered before the rest of the body arrives: what came before the file is kept.
    const reply: SubmissionResult<string[]> = {
      status: "error",
      error: { file: [ENTRY_MESSAGES.fileTooLarge] },
    };
    return new FormReplyRefused(ENTRY_MESSAGES.fileTooLarge, 413, reply);
  }
  if (error instanceof MultipartRefused)
    return new FormReplyRefused(error.message, error.status, null);
  if (error instanceof Response)
    return new FormReplyRefused(await error.text(), error.status === 415 ? 415 : 400, null);
  console.error("entry upload failed", error);
  return new FormReplyRefused(ENTRY_MESSAGES.failed, 500, null);
}
