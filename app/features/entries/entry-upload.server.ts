/**
 * An entry's file on its way in: the file part is sniffed from its first bytes, then streamed to
 * storage while its size (10 MB) and, for text, its encoding are checked; nothing is held whole in
 * memory while it arrives. A stored document is then read back once (at most 10 MB), in a worker
 * with a time limit (docs/decisions/0024-hostile-documents.md), to refuse one that unpacks past a
 * sane size or cannot be read, and to find the entrant's name or e-mail in it for the admin.
 * Split from receive-entry.server.ts, which decides and writes the entry.
 */
import { concurrencyLimit } from "~/utils/concurrency";
import { collectGarbage } from "~/utils/memory.server";
import { UPLOAD_BODY_LIMIT } from "~/utils/request-body";
import { MAX_FILE_BYTES, type FileCheck } from "./entry-schema";
import {
  SNIFF_BYTES,
  createTextValidator,
  storedType,
  textFacts,
  headMatchesKind,
  kindFromFileName,
  type FileKind,
} from "~/features/documents/file-sniff";
import { displayFileName } from "./file-name";
import { inspectDocument, type Inspection } from "~/features/documents/documents";
import { countWords } from "./word-count";
import { inspectInWorker } from "~/features/documents/document-inspection.server";
import { entryFileKey, type FileStorage } from "~/utils/storage.server";

export class RefusedContent extends Error {}

/** Reads and discards a request body without holding it (at most the upload limit). */
export async function discardBody(request: Request) {
  if (!request.body || request.bodyUsed) return;
  const reader = request.body.getReader();
  let n = 0;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      n += value.byteLength;
      if (n > UPLOAD_BODY_LIMIT) {
        await reader.cancel();
        return;
      }
    }
  } catch {
    // the client will see our answer or a closed connection; nothing to clean up
  }
}

export type Upload = {
  key: string | null;
  check: FileCheck | null;
  /** More than one file was sent for the one file field. */
  extra: boolean;
  /** The stored document's reading text (docs/decisions/0034-reading-desk.md). */
  text: string;
  /** Every text of the document (headers, comments too), for the identity check of the file. */
  fullText: string;
};

/** Streams one file part to storage. Sets upload.key only once the object is fully stored. */
export async function storeFilePart(
  part: { filename: string; data: AsyncIterable<Uint8Array>; truncated(): boolean },
  target: { userId: string; contestId: string },
  storage: FileStorage,
  upload: Upload,
) {
  const it = part.data[Symbol.asyncIterator]();
  // The name is only ever shown (the object is stored under a generated key).
  const name = displayFileName(part.filename);
  const claimed = kindFromFileName(name);

  // 1. Buffer the head (at most SNIFF_BYTES) and sniff it before anything is stored.
  const head: Uint8Array[] = [];
  let headSize = 0;
  let ended = false;
  while (headSize < SNIFF_BYTES) {
    const { value, done } = await it.next();
    if (done) {
      ended = true;
      break;
    }
    head.push(value);
    headSize += value.byteLength;
  }
  const headBytes = Buffer.concat(head);
  if (headSize === 0) {
    upload.check = { name, size: 0, kind: claimed, tooLarge: false };
    return;
  }
  const kind: FileKind | null =
    claimed && (await headMatchesKind(headBytes, claimed)) ? claimed : null;
  if (!kind) {
    // The rest of the part is discarded by the parser.
    upload.check = { name, size: headSize, kind: null, tooLarge: false };
    return;
  }

  // 2. Stream head + rest to storage, enforcing the size limit and (for text) the encoding.
  const key = entryFileKey(target.userId, target.contestId, kind);
  const text = kind === "txt" ? createTextValidator() : null;
  let size = 0;
  let tooLarge = false;
  let refused = false;
  const accept = (chunk: Uint8Array) => {
    size += chunk.byteLength;
    if (size > MAX_FILE_BYTES) {
      tooLarge = true;
      throw new RefusedContent("too large");
    }
    if (text && !text.push(chunk)) {
      refused = true;
      throw new RefusedContent("not text");
    }
    return chunk;
  };
  async function* body() {
    yield accept(headBytes);
    while (!ended) {
      const { value, done } = await it.next();
      if (done) {
        ended = true;
        break;
      }
      yield accept(value);
    }
    if (part.truncated()) {
      tooLarge = true;
      throw new RefusedContent("too large");
    }
    if (text && !text.end()) {
      refused = true;
      throw new RefusedContent("not text");
    }
  }
  try {
    await storage.put(key, body(), { contentType: storedType(kind, headBytes) });
  } catch (error) {
    // storage.put leaves nothing behind on failure
    if (tooLarge || refused) {
      upload.check = { name, size, kind: refused ? null : kind, tooLarge };
      return;
    }
    throw error;
  }
  upload.key = key;
  upload.check = { name, size, kind, tooLarge: false, ...textFacts(text) };

  // 3. Read the stored document back once: it must unpack within bounds and be readable, so
  //    judges can be given a copy without its author metadata.
  const encoding = upload.check.encoding;
  const inspection = await inspecting(() => inspectStored(storage, key, kind, size, encoding));
  if (!inspection.ok) {
    upload.check = { name, size, kind, tooLarge: false, problem: inspection.problem };
    return;
  }
  upload.text = inspection.text;
  upload.fullText = inspection.fullText;
  // Every kind is counted as typed text is (docs/decisions/0034-reading-desk.md).
  upload.check = { ...upload.check, words: countWords(inspection.text) };
}

/**
 * One stored document read back at a time per process, its memory given back when it is done:
 * each needs the whole file in memory (and copies while it is checked), so 20 uploads at once
 * must not mean 20 copies at once (docs/decisions/0021-performance.md).
 */
const inspecting = concurrencyLimit(1, { after: collectGarbage });

export async function inspectStored(
  storage: FileStorage,
  key: string,
  kind: FileKind,
  size: number,
  encoding?: string,
): Promise<Inspection> {
  const object = await storage.get(key);
  if (!object) throw new Error(`stored upload ${key} vanished`);
  // Read into one buffer of the stored size (no list of chunks, no second copy).
  let bytes = Buffer.allocUnsafe(size);
  let n = 0;
  for await (const chunk of object.body) {
    const b = chunk as Buffer;
    if (n + b.byteLength > Math.max(size, MAX_FILE_BYTES)) {
      object.body.destroy();
      throw new Error(`stored upload ${key} grew`);
    }
    if (n + b.byteLength > bytes.byteLength)
      bytes = Buffer.concat([bytes.subarray(0, n)], Math.max(size, MAX_FILE_BYTES));
    b.copy(bytes, n);
    n += b.byteLength;
  }
  // Documents in a worker thread with a time limit (docs/decisions/0024-hostile-documents.md);
  // text is only decoded.
  if (kind === "txt") return inspectDocument(kind, bytes.subarray(0, n), encoding);
  return inspectInWorker(kind, bytes.subarray(0, n), { encoding });
}
