/**
 * Entry documents and anonymity (docs/decisions/0010-hardening.md, 0007-judging.md):
 *  - `judgeCopy`: what a judge downloads, the document without its author metadata;
 *  - `inspectDocument`: at upload, a document must unpack within bounds and be readable (so a
 *    judge copy can always be made), and its text is read for the identity check;
 *  - `mentionsIdentity`: whether a text names the entrant (display name or e-mail), which the
 *    admin sees as a flag on the entry.
 */
import { ZipTooLarge } from "~/utils/zip";
import { docText, stripDoc } from "./document-doc";
import { docxText, stripDocx } from "./document-docx";
import { readingText } from "./document-text";
import type { FileKind } from "./file-sniff";

// pdf-lib loads with the first PDF, not at every server start (ADR 0040 addendum).
const pdfReader = () => import("./document-pdf");

export type DocumentProblem =
  "unpacked-too-large" | "unreadable" | "too-slow" | "too-much-memory" | "no-text";
export type Inspection =
  | {
      ok: true;
      /** The reading text (document-text.ts): what judges read and the words are counted on. */
      text: string;
      /**
       * Every text of the judge copy (headers, footers, comments, notes, deleted revisions, the
       * strings of the file) as the raw readers give it, then the reading text: for the identity
       * check of the file, not for reading.
       */
      fullText: string;
    }
  | { ok: false; problem: DocumentProblem };

/** The document as a judge receives it. Throws when it cannot be read. */
export async function judgeCopy(kind: FileKind, bytes: Uint8Array): Promise<Uint8Array> {
  switch (kind) {
    case "pdf":
      return (await pdfReader()).stripPdf(bytes);
    case "docx":
      return stripDocx(bytes);
    case "doc":
      return stripDoc(bytes);
    case "txt":
      return bytes;
  }
}

async function rawText(kind: FileKind, bytes: Uint8Array): Promise<string> {
  switch (kind) {
    case "pdf":
      return (await pdfReader()).pdfText(bytes);
    case "docx":
      return docxText(bytes);
    case "doc":
      return docText(bytes);
    case "txt":
      return "";
  }
}

/**
 * How much of a document's other texts (headers, notes, links, a PDF's raw strings…) is kept for
 * the identity check (docs/decisions/0046-every-text-a-document-carries.md): a real document's are
 * a few kilobytes; what a reader sees on the page is in the reading text, which is kept whole.
 */
const MAX_OTHER_TEXT_CHARS = 2 * 1024 * 1024;

/**
 * A document at upload: its judge copy must be made within bounds (a zip bomb is refused before
 * any parser reads it), then the reading text is read from that copy; a document without a
 * single readable word (a scan without a text layer) is refused as "no-text".
 */
export async function inspectDocument(
  kind: FileKind,
  bytes: Uint8Array,
  encoding?: string,
): Promise<Inspection> {
  try {
    const copy = await judgeCopy(kind, bytes);
    // The raw strings first: pdf.js then reads the copy in place.
    const raw = await rawText(kind, copy);
    const text = await readingText(kind, copy, encoding);
    if (!text) return { ok: false, problem: "no-text" };
    // The file's other texts are bounded: the server compares them with the writer's names.
    const other = raw.length > MAX_OTHER_TEXT_CHARS ? raw.slice(0, MAX_OTHER_TEXT_CHARS) : raw;
    return { ok: true, text, fullText: other ? `${other}\n\n${text}` : text };
  } catch (error) {
    if (error instanceof ZipTooLarge) return { ok: false, problem: "unpacked-too-large" };
    return { ok: false, problem: "unreadable" };
  }
}

function fold(s: string) {
  return s.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
}

const WORD_CHAR = /^[\p{L}\p{N}]$/u;
const isHigh = (c: number) => c >= 0xd800 && c <= 0xdbff;
const isLow = (c: number) => c >= 0xdc00 && c <= 0xdfff;
/** Whether position i falls inside a surrogate pair (a code point cannot be cut there). */
const splitsPair = (s: string, i: number) =>
  i > 0 && i < s.length && isLow(s.charCodeAt(i)) && isHigh(s.charCodeAt(i - 1));

/** The code point that ends just before `i` ("" at the start). */
function codePointBefore(s: string, i: number) {
  if (i <= 0) return "";
  const start = splitsPair(s, i - 1) ? i - 2 : i - 1;
  return String.fromCodePoint(s.codePointAt(start)!);
}

/**
 * Whether `needle` occurs in `haystack` as a whole word: at the start or after a code point that
 * is not a letter or digit, and at the end or before one. The same test as the regular expression
 * (^|[^\p{L}\p{N}])needle($|[^\p{L}\p{N}]) without compiling one per entry (that compile
 * was most of the cost of receiving a text entry; docs/decisions/0021-performance.md).
 */
export function containsWord(haystack: string, needle: string) {
  if (!needle) return false;
  for (let i = haystack.indexOf(needle); i >= 0; i = haystack.indexOf(needle, i + 1)) {
    const end = i + needle.length;
    if (splitsPair(haystack, i) || splitsPair(haystack, end)) continue;
    const after = end < haystack.length ? String.fromCodePoint(haystack.codePointAt(end)!) : "";
    if (!WORD_CHAR.test(codePointBefore(haystack, i)) && !WORD_CHAR.test(after)) return true;
  }
  return false;
}

/**
 * Whether `text` contains the entrant's display name or e-mail address (or the part of the
 * address before the @), as whole words, ignoring case, accents and line breaks. Names shorter
 * than 4 letters are not looked for: they would match ordinary words.
 */
export function mentionsIdentity(
  text: string,
  identity: { displayName?: string | null; email?: string | null },
): boolean {
  if (!text) return false;
  const haystack = fold(text).replace(/\s+/g, " ");
  const squashed = haystack.replace(/\s+/g, "");
  const email = fold(identity.email ?? "").trim();
  const local = email.split("@")[0] ?? "";
  const candidates = [
    fold(identity.displayName ?? "")
      .trim()
      .replace(/\s+/g, " "),
    email,
    local,
  ];
  return candidates.some((c) => {
    if (c.replace(/[^\p{L}\p{N}]/gu, "").length < 4) return false;
    if (containsWord(haystack, c)) return true;
    // Text taken from documents may split a name across runs or lines.
    const joined = c.replace(/\s+/g, "");
    return c.includes(" ") && joined.length >= 8 && squashed.includes(joined);
  });
}
