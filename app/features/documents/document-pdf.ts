/**
 * A PDF without its authors (docs/decisions/0010-hardening.md, 0024-hostile-documents.md), with
 * pdf-lib: the document information dictionary (Author, Creator, Producer, Title…) and every XMP
 * /Metadata stream are removed, as are annotation authors (/T of markup annotations, written as
 * objects or inline), application data (/PieceInfo), embedded and associated files
 * (/EmbeddedFiles, /AF, /EF, file attachment annotations' files) and JPEG images' EXIF/XMP. Objects no longer reachable from the document (old revisions of an incrementally
 * saved file keep their own Info dictionaries) are dropped before it is written again.
 */
import zlib from "node:zlib";
import { isJpeg, stripJpeg } from "./image-metadata";
import { withLinkWords } from "./carried-text";
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFRawStream,
  PDFRef,
  PDFStream,
  PDFString,
  type PDFObject,
} from "pdf-lib";

/** Decoded content read for the identity check, at most. */
const MAX_DECODED_BYTES = 50 * 1024 * 1024;

const MARKUP_ANNOTATIONS = new Set(
  [
    "Text",
    "FreeText",
    "Line",
    "Square",
    "Circle",
    "Polygon",
    "PolyLine",
    "Highlight",
    "Underline",
    "Squiggly",
    "StrikeOut",
    "Stamp",
    "Caret",
    "Ink",
    "FileAttachment",
    "Sound",
    "Redact",
    "Popup",
  ].map((n) => `/${n}`),
);

async function load(bytes: Uint8Array) {
  return PDFDocument.load(bytes, {
    ignoreEncryption: true,
    updateMetadata: false,
    throwOnInvalidObject: false,
  });
}

/** Keys removed wherever they appear: metadata, application data, attached and embedded files. */
const DROPPED_KEYS = ["Metadata", "PieceInfo", "AF", "EF", "EmbeddedFiles", "Collection"].map((k) =>
  PDFName.of(k),
);

function cleanDict(dict: PDFDict) {
  for (const key of DROPPED_KEYS) dict.delete(key);
  const subtype = dict.get(PDFName.of("Subtype"));
  if (subtype instanceof PDFName && MARKUP_ANNOTATIONS.has(subtype.asString())) {
    dict.delete(PDFName.of("T"));
    // A file attachment annotation carries the file (and its original path).
    if (subtype.asString() === "/FileAttachment") dict.delete(PDFName.of("FS"));
  }
}

/** Every dictionary inside `root` that is not an indirect object of its own (those are visited as such). */
function* directDicts(root: PDFObject): Generator<PDFDict> {
  const stack: PDFObject[] = [root];
  while (stack.length) {
    const object = stack.pop()!;
    if (object instanceof PDFDict) {
      yield object;
      for (const [, value] of object.entries()) stack.push(value);
    } else if (object instanceof PDFStream) {
      stack.push(object.dict);
    } else if (object instanceof PDFArray) {
      for (const value of object.asArray()) stack.push(value);
    }
  }
}

/** A DCT (JPEG) image stream without its EXIF/XMP segments; null when there is nothing to do. */
function cleanImage(stream: PDFRawStream): PDFRawStream | null {
  const dict = stream.dict;
  if (dict.get(PDFName.of("Filter")) !== PDFName.of("DCTDecode")) return null;
  const contents = stream.getContents();
  if (!isJpeg(contents)) return null;
  const stripped = stripJpeg(contents);
  return stripped.byteLength === contents.byteLength ? null : PDFRawStream.of(dict, stripped);
}

export async function stripPdf(bytes: Uint8Array): Promise<Uint8Array> {
  const doc = await load(bytes);
  const { context } = doc;
  context.trailerInfo.Info = undefined;
  for (const [ref, object] of context.enumerateIndirectObjects()) {
    // Annotations, file specifications and names can be written inline (not as objects of their own).
    for (const dict of directDicts(object)) cleanDict(dict);
    if (object instanceof PDFRawStream) {
      const image = cleanImage(object);
      if (image) context.assign(ref, image);
    }
  }
  dropUnreachable(doc);
  return doc.save({ useObjectStreams: false, updateFieldAppearances: false });
}

/** Deletes every indirect object the trailer cannot reach. */
function dropUnreachable(doc: PDFDocument) {
  const { context } = doc;
  const reachable = new Set<string>();
  const stack: PDFObject[] = [];
  for (const root of [context.trailerInfo.Root, context.trailerInfo.Encrypt])
    if (root) stack.push(root);
  while (stack.length) {
    const object = stack.pop()!;
    if (object instanceof PDFRef) {
      const tag = object.tag;
      if (reachable.has(tag)) continue;
      reachable.add(tag);
      const target = context.lookup(object);
      if (target) stack.push(target);
    } else if (object instanceof PDFDict) {
      for (const [, value] of object.entries()) stack.push(value);
    } else if (object instanceof PDFStream) {
      stack.push(object.dict);
    } else if (object instanceof PDFArray) {
      for (const value of object.asArray()) stack.push(value);
    }
  }
  for (const [ref] of context.enumerateIndirectObjects())
    if (!reachable.has(ref.tag)) context.delete(ref);
}

/**
 * The PDF's text as far as it can be read without fonts: the strings its content streams show,
 * plus the decoded streams themselves. Best effort (text in CID fonts is not decoded).
 */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const doc = await load(bytes);
  const parts: string[] = [];
  let budget = MAX_DECODED_BYTES;
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream) || budget <= 0) continue;
    const dict = object.dict;
    if (dict.get(PDFName.of("Subtype")) || dict.get(PDFName.of("Length1"))) continue;
    const decoded = decode(object, budget);
    if (!decoded) continue;
    budget -= decoded.byteLength;
    const latin1 = decoded.toString("latin1");
    parts.push(shownStrings(latin1), latin1);
  }
  parts.push(...objectStrings(doc));
  return parts.join("\n");
}

/** Strings read from objects, at most (a real document's are a few kilobytes). */
const MAX_OBJECT_STRING_CHARS = 1024 * 1024;

/**
 * Every string the document's objects carry (ADR 0046): link targets (/URI, as words too),
 * notes' text (/Contents), bookmarks (/Title), form fields' values, alternate text (/Alt,
 * /ActualText)… whatever a viewer can show. The information dictionary is gone from the judge
 * copy this reads.
 */
function objectStrings(doc: PDFDocument): string[] {
  const out: string[] = [];
  let budget = MAX_OBJECT_STRING_CHARS;
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    const stack: PDFObject[] = [object];
    while (stack.length && budget > 0) {
      const o = stack.pop()!;
      if (o instanceof PDFString || o instanceof PDFHexString) {
        let text: string;
        try {
          text = o.decodeText();
        } catch {
          continue;
        }
        budget -= text.length;
        out.push(/^[a-z][a-z0-9+.-]*:/i.test(text) ? withLinkWords(text) : text);
      } else if (o instanceof PDFDict) {
        for (const [, value] of o.entries()) stack.push(value);
      } else if (o instanceof PDFStream) {
        stack.push(o.dict);
      } else if (o instanceof PDFArray) {
        for (const value of o.asArray()) stack.push(value);
      }
    }
  }
  return out;
}

function decode(stream: PDFRawStream, budget: number): Buffer | null {
  const filter = stream.dict.get(PDFName.of("Filter"));
  const filters =
    filter instanceof PDFName
      ? [filter.asString()]
      : filter instanceof PDFArray
        ? filter.asArray().map((f) => (f instanceof PDFName ? f.asString() : "?"))
        : [];
  const raw = Buffer.from(stream.getContents());
  if (filters.length === 0) return raw.byteLength <= budget ? raw : null;
  if (filters.length !== 1 || filters[0] !== "/FlateDecode") return null;
  try {
    return zlib.inflateSync(raw, { maxOutputLength: Math.max(1, budget) });
  } catch {
    return null;
  }
}

/** The strings shown by Tj, TJ, ' and " in a content stream: one TJ array's pieces joined. */
function shownStrings(content: string): string {
  const out: string[] = [];
  let i = 0;
  let inArray: string[] | null = null;
  while (i < content.length) {
    const c = content[i];
    if (c === "(") {
      const [text, next] = literal(content, i);
      (inArray ?? out).push(text);
      i = next;
    } else if (c === "<" && content[i + 1] !== "<") {
      const end = content.indexOf(">", i);
      if (end < 0) break;
      const hex = content.slice(i + 1, end).replace(/[^0-9a-fA-F]/g, "");
      (inArray ?? out).push(
        Buffer.from(hex.length % 2 ? `${hex}0` : hex, "hex").toString("latin1"),
      );
      i = end + 1;
    } else if (c === "[") {
      inArray = [];
      i++;
    } else if (c === "]") {
      if (inArray) out.push(inArray.join(""));
      inArray = null;
      i++;
    } else {
      i++;
    }
  }
  return out.join(" ");
}

const ESCAPES: Record<string, string> = { n: "\n", r: "\r", t: "\t", b: "\b", f: "\f" };

function literal(s: string, start: number): [string, number] {
  let depth = 0;
  let text = "";
  for (let i = start; i < s.length; i++) {
    const c = s[i];
    if (c === "\\") {
      const n = s[i + 1];
      if (n === undefined) return [text, s.length];
      if (/[0-7]/.test(n)) {
        const oct = /^[0-7]{1,3}/.exec(s.slice(i + 1))![0];
        text += String.fromCharCode(parseInt(oct, 8) & 0xff);
        i += oct.length;
      } else {
        text += ESCAPES[n] ?? (n === "\r" || n === "\n" ? "" : n);
        i++;
      }
    } else if (c === "(") {
      if (depth++ > 0) text += c;
    } else if (c === ")") {
      if (--depth === 0) return [text, i + 1];
      text += c;
    } else {
      text += c;
    }
  }
  return [text, s.length];
}
