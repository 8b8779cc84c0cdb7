/**
 * Entry files are checked by content, not by name (docs/decisions/0005-files-and-uploads.md): the name's extension
 * must be one of the allowed kinds AND the bytes must be that kind.
 *   pdf  — file-type detects "%PDF-"
 *   doc  — an OLE compound file (D0 CF 11 E0 A1 B1 1A E1; file-type says "cfb")
 *   docx — a zip whose [Content_Types].xml / entries make it a Word document (file-type says "docx")
 *   txt  — UTF-8 or UTF-16 (LE/BE, with or without a byte-order mark) without NUL characters,
 *          checked over the whole stream (docs/decisions/0013-entry-form-and-limits.md)
 */
import { fileTypeFromBuffer } from "file-type";

export const FILE_KINDS = ["pdf", "doc", "docx", "txt"] as const;
export type FileKind = (typeof FILE_KINDS)[number];

export const MIME_TYPES: Record<FileKind, string> = {
  pdf: "application/pdf",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  txt: "text/plain; charset=utf-8",
};

/** How many leading bytes are buffered for sniffing before anything is stored. */
export const SNIFF_BYTES = 64 * 1024;

export const ACCEPT_ATTRIBUTE = ".pdf,.doc,.docx,.txt";

/** The largest document accepted: the entry form's limit, and the judge's copy's. */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;

/** The kind a file name claims, or null when its extension is not allowed. */
export function kindFromFileName(name: string): FileKind | null {
  const match = /\.([A-Za-z0-9]+)$/.exec(name.trim());
  const ext = match?.[1]?.toLowerCase();
  return (FILE_KINDS as readonly string[]).includes(ext ?? "") ? (ext as FileKind) : null;
}

const OLE_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];

function startsWith(bytes: Uint8Array, signature: number[]) {
  return signature.every((b, i) => bytes[i] === b);
}

/** A zip whose local headers name word/ entries (a fallback when the head is too short for file-type). */
function zipHasWordEntries(bytes: Uint8Array) {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1");
  return text.includes("[Content_Types].xml") && text.includes("word/");
}

/**
 * Whether the leading bytes (up to SNIFF_BYTES, or the whole file when shorter) are of the
 * claimed binary kind. Text is checked separately, over the whole stream, by a TextValidator.
 */
export async function headMatchesKind(head: Uint8Array, kind: FileKind): Promise<boolean> {
  if (kind === "txt") {
    const validator = createTextValidator();
    // Only a first look: a multi-byte character may be cut at the end of the head.
    return validator.push(head) && (head.byteLength >= DETECT_BYTES || validator.end());
  }
  if (kind === "doc") return startsWith(head, OLE_SIGNATURE);
  let detected: string | undefined;
  try {
    detected = (await fileTypeFromBuffer(head))?.ext;
  } catch {
    detected = undefined;
  }
  if (kind === "pdf") return detected === "pdf";
  // docx
  if (detected === "docx") return true;
  return detected === "zip" && startsWith(head, ZIP_SIGNATURE) && zipHasWordEntries(head);
}

export type TextEncodingName = "utf-8" | "utf-16le" | "utf-16be";

/**
 * The encoding of a text file from its first bytes: a byte-order mark when there is one; otherwise
 * UTF-16 when NUL bytes fall only (or overwhelmingly) on one side of each byte pair, as they do in
 * UTF-16 text (Windows Notepad's "Unicode"); otherwise UTF-8. Decoding then proves it.
 */
export function detectTextEncoding(head: Uint8Array): TextEncodingName {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return "utf-8";
  if (head[0] === 0xff && head[1] === 0xfe) return "utf-16le";
  if (head[0] === 0xfe && head[1] === 0xff) return "utf-16be";
  let low = 0; // NUL in the second byte of a pair: little-endian ASCII
  let high = 0; // NUL in the first byte of a pair: big-endian ASCII
  for (let i = 0; i + 1 < head.length; i += 2) {
    if (head[i + 1] === 0 && head[i] !== 0) low++;
    else if (head[i] === 0 && head[i + 1] !== 0) high++;
  }
  if (low > 0 && low >= 4 * high) return "utf-16le";
  if (high > 0 && high >= 4 * low) return "utf-16be";
  return "utf-8";
}

/** JavaScript's \s: the whitespace countWords splits on. */
function isSpace(c: number) {
  return (
    (c >= 0x09 && c <= 0x0d) ||
    c === 0x20 ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/** Bytes enough to tell UTF-16 from UTF-8 when there is no byte-order mark. */
const DETECT_BYTES = 1024;

export type TextValidator = {
  /** Feeds a chunk; false as soon as the text is invalid (bad encoding or a NUL character). */
  push(chunk: Uint8Array): boolean;
  /** Ends the stream; false when the text is invalid or ended inside a character. */
  end(): boolean;
  /** The encoding found (UTF-8 until the first bytes say otherwise). */
  encoding(): TextEncodingName;
  /** Words in the decoded text so far (whitespace-separated, as countWords counts them). */
  words(): number;
};

/**
 * A streaming check that a file is text: UTF-8 or UTF-16 (LE or BE), with or without a byte-order
 * mark, without NUL characters. It also counts the words of the decoded text.
 */
export function createTextValidator(): TextValidator {
  let decoder: TextDecoder | null = null;
  let found: TextEncodingName = "utf-8";
  let pending: Uint8Array[] = [];
  let pendingSize = 0;
  let ok = true;
  let words = 0;
  let inWord = false;

  const take = (text: string) => {
    if (!text) return true;
    if (text.includes("\u0000")) return false;
    // A word continuing from the previous chunk is not a new word. (A loop, not a regex: a
    // 10 MB word must not exhaust the regex engine's stack.)
    for (let i = 0; i < text.length; i++) {
      const space = isSpace(text.charCodeAt(i));
      if (!space && !inWord) words++;
      inWord = !space;
    }
    return true;
  };
  const decode = (bytes?: Uint8Array) => {
    try {
      return take(bytes ? decoder!.decode(bytes, { stream: true }) : decoder!.decode());
    } catch {
      return false;
    }
  };
  const start = () => {
    const head = pending.length === 1 ? pending[0] : concat(pending, pendingSize);
    pending = [];
    found = detectTextEncoding(head);
    decoder = new TextDecoder(found, { fatal: true });
    return decode(head);
  };
  return {
    push(chunk) {
      if (!ok) return false;
      if (!decoder) {
        pending.push(chunk);
        pendingSize += chunk.byteLength;
        if (pendingSize < DETECT_BYTES) return true;
        return (ok = start());
      }
      return (ok = decode(chunk));
    },
    end() {
      if (!ok) return false;
      if (!decoder && !(ok = start())) return false;
      return (ok = decode());
    },
    encoding: () => found,
    words: () => words,
  };
}

function concat(chunks: Uint8Array[], size: number) {
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

/** The stored content type of a text file in this encoding. */
export function textMimeType(encoding: TextEncodingName) {
  return `text/plain; charset=${encoding}`;
}

/** Whole-buffer check, for tests and small inputs. */
export async function bytesMatchKind(bytes: Uint8Array, kind: FileKind) {
  if (kind === "txt") {
    const v = createTextValidator();
    return v.push(bytes) && v.end();
  }
  return headMatchesKind(bytes.subarray(0, SNIFF_BYTES), kind);
}

/** What a stored file is served as: a text file names the encoding it was sent in. */
export function storedType(kind: FileKind, head: Uint8Array | null, encoding?: TextEncodingName) {
  if (kind !== "txt") return MIME_TYPES[kind];
  return textMimeType(encoding ?? (head ? detectTextEncoding(head) : "utf-8"));
}

/** What the text validator learnt about a stored text file: its encoding and its words. */
export function textFacts(text: TextValidator | null) {
  return text ? { encoding: text.encoding(), words: text.words() } : {};
}
