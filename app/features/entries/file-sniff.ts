/**
 * Entry files are checked by content, not by name (docs/decisions/0005-files-and-uploads.md): the name's extension
 * must be one of the allowed kinds AND the bytes must be that kind.
 *   pdf  — file-type detects "%PDF-"
 *   doc  — an OLE compound file (D0 CF 11 E0 A1 B1 1A E1; file-type says "cfb")
 *   docx — a zip whose [Content_Types].xml / entries make it a Word document (file-type says "docx")
 *   txt  — valid UTF-8 without NUL bytes, checked over the whole stream
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
    return validator.push(head);
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

export type TextValidator = {
  /** Feeds a chunk; false as soon as the text is invalid (bad UTF-8 or a NUL byte). */
  push(chunk: Uint8Array): boolean;
  /** Ends the stream; false when the text ended inside a multi-byte character. */
  end(): boolean;
};

/** A streaming check that a file is UTF-8 text without NUL bytes. */
export function createTextValidator(): TextValidator {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let ok = true;
  return {
    push(chunk) {
      if (!ok) return false;
      if (chunk.includes(0)) return (ok = false);
      try {
        decoder.decode(chunk, { stream: true });
      } catch {
        ok = false;
      }
      return ok;
    },
    end() {
      if (!ok) return false;
      try {
        decoder.decode();
      } catch {
        ok = false;
      }
      return ok;
    },
  };
}

/** Whole-buffer check, for tests and small inputs. */
export async function bytesMatchKind(bytes: Uint8Array, kind: FileKind) {
  if (kind === "txt") {
    const v = createTextValidator();
    return v.push(bytes) && v.end();
  }
  return headMatchesKind(bytes.subarray(0, SNIFF_BYTES), kind);
}
