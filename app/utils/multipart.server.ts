/**
 * Streaming multipart/form-data with busboy (docs/decisions/0010-hardening.md): quoted and
 * RFC 5987 (`filename*=`) file names, any bytes in them, and limits enforced while the body
 * streams. Fields are collected (each up to `fieldBytes`); each file part is handed to `onFile`
 * as a stream, and whatever `onFile` does not read is discarded. A file part that goes past
 * `fileBytes` stops the reading at once (413, reason "file"): the caller answers while the
 * client is still sending, and the server (server/request-guards.ts) throws the rest of the body away
 * (docs/decisions/0024-hostile-documents.md).
 */
import { once } from "node:events";
import busboy from "busboy";
import { BODY_MESSAGES } from "./request-body";

export class MultipartRefused extends Error {
  constructor(
    readonly status: 400 | 413,
    message: string,
    /** "file": a file part went past `fileBytes` (the rest of the body was not read). */
    readonly reason: "body" | "file" = "body",
  ) {
    super(message);
  }
}

export type FilePart = {
  field: string;
  /** As sent (decoded as UTF-8, path stripped); "" when the part has an empty name. */
  filename: string;
  mimeType: string;
  data: AsyncIterable<Uint8Array>;
  /** True once the stream was cut at `fileBytes` (the body is then not read further). */
  truncated(): boolean;
};

export type MultipartLimits = {
  /** Bytes per text field. */
  fieldBytes: number;
  fields: number;
  files: number;
  /** Bytes delivered per file; one more than the allowed size lets the caller see "too large". */
  fileBytes: number;
  /** Bytes of the whole body, files included. */
  totalBytes: number;
};

const CONTROL = new Set([...Array(32).keys(), 127].filter((b) => b !== 9 && b !== 10 && b !== 13));

/**
 * Browsers send a file's name as it is, escaping only quotes and line breaks: a name may hold
 * other control characters, which busboy (rightly, for HTTP headers) refuses. This pass removes
 * them from the part headers only, leaving every byte of the parts' contents as sent.
 */
export function headerControlFilter(boundary: string) {
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  const headerEnd = Buffer.from("\r\n\r\n");
  // The body starts with "--boundary": as if a line break came before it.
  let pending: Buffer = Buffer.from("\r\n");
  let skip = 2;
  let state: "body" | "after" | "headers" | "epilogue" = "body";
  const strip = (b: Buffer) =>
    b.some((c) => CONTROL.has(c)) ? Buffer.from(b.filter((c) => !CONTROL.has(c))) : b;
  return function push(chunk: Uint8Array | null): Buffer {
    pending = chunk ? Buffer.concat([pending, chunk]) : pending;
    const out: Buffer[] = [];
    const emit = (b: Buffer) => {
      if (skip > 0) {
        const n = Math.min(skip, b.length);
        skip -= n;
        b = b.subarray(n);
      }
      // Views, not copies: an upload passes through here chunk by chunk.
      if (b.length) out.push(b);
    };
    for (;;) {
      if (state === "epilogue") {
        emit(pending);
        pending = Buffer.alloc(0);
        break;
      }
      if (state === "body") {
        const i = pending.indexOf(delimiter);
        if (i < 0) {
          const keep = chunk ? delimiter.length - 1 : 0;
          emit(pending.subarray(0, Math.max(0, pending.length - keep)));
          pending = pending.subarray(Math.max(0, pending.length - keep));
          break;
        }
        emit(pending.subarray(0, i + delimiter.length));
        pending = pending.subarray(i + delimiter.length);
        state = "after";
      }
      if (state === "after") {
        if (pending.length < 2 && chunk) break;
        state = pending.subarray(0, 2).toString() === "--" ? "epilogue" : "headers";
        continue;
      }
      if (state === "headers") {
        const i = pending.indexOf(headerEnd);
        if (i < 0) {
          const keep = chunk ? headerEnd.length - 1 : 0;
          emit(strip(pending.subarray(0, Math.max(0, pending.length - keep))));
          pending = pending.subarray(Math.max(0, pending.length - keep));
          break;
        }
        emit(strip(pending.subarray(0, i + headerEnd.length)));
        pending = pending.subarray(i + headerEnd.length);
        state = "body";
      }
    }
    return out.length === 1 ? out[0] : Buffer.concat(out);
  };
}

async function discard(stream: AsyncIterable<unknown>) {
  try {
    for await (const _ of stream) {
      // thrown away
    }
  } catch {
    // destroyed with the parser: nothing left to read
  }
}

function boundaryOf(contentType: string) {
  const m = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return m ? (m[1] ?? m[2]) : null;
}

/** Parses the request's multipart body; rejects with MultipartRefused (400 broken, 413 too large). */
export async function readMultipart(
  request: Request,
  limits: MultipartLimits,
  onFile: (part: FilePart) => Promise<void>,
): Promise<FormData> {
  const contentType = request.headers.get("Content-Type") ?? "";
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      defParamCharset: "utf8",
      limits: {
        fieldSize: limits.fieldBytes,
        fields: limits.fields,
        files: limits.files,
        fileSize: limits.fileBytes,
        parts: limits.fields + limits.files,
      },
    });
  } catch {
    throw new MultipartRefused(400, BODY_MESSAGES.unreadable);
  }

  const fields = new FormData();
  const handlers: Promise<void>[] = [];
  let refusal: MultipartRefused | null = null;
  let failure: unknown = null;
  const tooLarge = () => (refusal ??= new MultipartRefused(413, BODY_MESSAGES.tooLarge));

  parser.on("field", (name, value, info) => {
    if (info.valueTruncated || info.nameTruncated) tooLarge();
    else fields.append(name, value);
  });
  let fileTooLarge = false;
  parser.on("file", (name, stream, info) => {
    stream.once("limit", () => (fileTooLarge = true));
    const part: FilePart = {
      field: name,
      filename: info.filename ?? "",
      mimeType: info.mimeType,
      // An iterator left early must not destroy the stream: busboy would wait on it forever.
      data: { [Symbol.asyncIterator]: () => stream.iterator({ destroyOnReturn: false }) },
      truncated: () => Boolean((stream as { truncated?: boolean }).truncated),
    };
    handlers.push(
      onFile(part)
        .catch((error) => {
          failure ??= error;
        })
        // Anything left unread is read and discarded, so the parser never waits on this part.
        // (resume() alone does nothing while an iterator's 'readable' listener is attached, and
        // the parser then never finishes: the upload got no answer at all.)
        .finally(() => discard(stream)),
    );
  });
  for (const event of ["fieldsLimit", "filesLimit", "partsLimit"] as const)
    parser.on(event, tooLarge);

  const finished = new Promise<void>((resolve, reject) => {
    parser.once("close", resolve);
    parser.once("error", reject);
  });
  finished.catch(() => {}); // observed below

  let total = 0;
  const boundary = boundaryOf(contentType);
  const filter = boundary ? headerControlFilter(boundary) : (chunk: Uint8Array | null) => chunk;
  const feed = async (bytes: Uint8Array | null) => {
    if (bytes?.byteLength && !parser.write(bytes))
      await Promise.race([once(parser, "drain"), finished.then(() => undefined)]);
  };
  try {
    if (request.body) {
      const reader = request.body.getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        total += value.byteLength;
        if (total > limits.totalBytes) {
          await reader.cancel().catch(() => {});
          tooLarge();
          parser.destroy();
          break;
        }
        await feed(filter(value));
        if (fileTooLarge) {
          // Answer now rather than after the rest of a file that is refused anyway.
          refusal ??= new MultipartRefused(413, BODY_MESSAGES.tooLarge, "file");
          await reader.cancel().catch(() => {});
          parser.destroy();
          break;
        }
      }
    }
    if (!refusal) {
      await feed(filter(null));
      parser.end();
      await finished;
    }
  } catch {
    refusal ??= new MultipartRefused(400, BODY_MESSAGES.unreadable);
    parser.destroy();
  }
  await Promise.all(handlers);
  if (refusal) throw refusal;
  if (failure) throw failure;
  return fields;
}
