/**
 * The reading text of an entry document (docs/decisions/0034-reading-desk.md): what a judge reads
 * in the page and what the words are counted on. Plain text: paragraphs separated by one blank
 * line ("\n\n"), line breaks inside a paragraph kept as "\n" (a poem's lines), NFC, no control
 * characters, trimmed; "" when no word can be read (a scan without a text layer).
 *
 *  - PDF: pdf.js (through `unpdf`), lines rebuilt from the positions of the page's text items;
 *    a wrapped line is joined to the next, a line that stops short is kept; a clearly larger gap
 *    between lines starts a paragraph; a line repeated at the top or bottom of most pages (a
 *    running header, a page number) is left out; pages end paragraphs.
 *  - DOCX: `mammoth` (HTML, then paragraphs): tracked deletions are left out, insertions kept,
 *    each table cell is its own paragraph; headers, footers and comments are not part of it.
 *  - DOC: `word-extractor` (the body only).
 *  - TXT: decoded in the encoding the upload found (UTF-8, UTF-16 LE/BE).
 *
 * Runs inside the inspection worker (document-worker.ts) on the judge copy, which has already
 * passed the bounded unpacking (document-docx.ts): the parsers are only ever given a document
 * that unpacks within bounds. The libraries are imported when first needed, so the server
 * process (which only decodes text files) never loads them.
 */
import type { FileKind, TextEncodingName } from "./file-sniff";
import { pdfText } from "./document-text-pdf";
import { LETTER_OR_DIGIT, normaliseLines, plainText, type Lines } from "./reading-lines";

/**
 * Word paragraphs as lines. Writers who press Enter at the end of every line (poems, and stories
 * typed with an empty line between paragraphs) separate their paragraphs with empty ones: then
 * the lines between two empty paragraphs belong together (a stanza). Otherwise each Word
 * paragraph is a paragraph.
 */
export function wordParagraphs(paragraphs: string[]): Lines {
  const filled = paragraphs.map((p) => LETTER_OR_DIGIT.test(p) || /\S/.test(p));
  let boundaries = 0;
  let gaps = 0;
  let seen = false;
  let emptyRun = false;
  filled.forEach((f) => {
    if (!f) {
      emptyRun = seen;
      return;
    }
    if (seen) {
      boundaries++;
      if (emptyRun) gaps++;
    }
    seen = true;
    emptyRun = false;
  });
  // Stanzas of up to 8 lines (a gap at one boundary in 8) read as stanzas; a story with a
  // scene break or two does not.
  const stanzas = gaps > 0 && gaps * 8 >= boundaries;
  if (stanzas) return paragraphs.map((p, i) => (filled[i] ? p : ""));
  return paragraphs.flatMap((p) => [p, ""]);
}

// ---------------------------------------------------------------- TXT

export function txtText(bytes: Uint8Array, encoding?: string) {
  let label: TextEncodingName = "utf-8";
  if (encoding === "utf-16le" || encoding === "utf-16be") label = encoding;
  else if (bytes[0] === 0xff && bytes[1] === 0xfe) label = "utf-16le";
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) label = "utf-16be";
  // The byte-order mark is dropped by the decoder; bad sequences were refused at upload.
  return plainText(new TextDecoder(label).decode(bytes));
}

// ---------------------------------------------------------------- DOCX

/** Elements whose text is a paragraph of its own (mammoth's output). */
const BLOCKS = new Set(["p", "h1", "h2", "h3", "h4", "h5", "h6", "li", "td", "th", "caption"]);
/** mammoth's links between a note and its reference ("[1]", "↑"): not the writer's words. */
const NOTE_LINK = /^#(footnote|endnote)(-ref)?-/;

/**
 * The body's paragraphs read with the tokenizer, when mammoth cannot parse the document (XML
 * that Word would repair, a part cut short): w:t text and w:tab/w:br in w:p, deletions (w:delText)
 * left out. Only word/document.xml; no notes.
 */
async function docxTokenized(xml: string | undefined): Promise<string[]> {
  const { Parser } = await import("htmlparser2");
  if (!xml) return [];
  const paragraphs: string[] = [];
  let text = "";
  let inText = false;
  const local = (name: string) => name.slice(name.indexOf(":") + 1);
  const parser = new Parser(
    {
      onopentag(name) {
        const tag = local(name);
        if (tag === "t") inText = true;
        else if (tag === "tab") text += " ";
        else if (tag === "br" || tag === "cr") text += "\n";
      },
      ontext(data) {
        if (inText) text += data;
      },
      onclosetag(name) {
        const tag = local(name);
        if (tag === "t") inText = false;
        else if (tag === "p") {
          paragraphs.push(text);
          text = "";
        }
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(xml);
  parser.end();
  if (text) paragraphs.push(text);
  return paragraphs;
}

/**
 * A "<" that opens no tag, comment or declaration: XML Word never writes. mammoth's XML parser
 * (xmldom) takes minutes on a part ending in 120,000 "<" (the file of
 * docs/decisions/0024-hostile-documents.md), so such a document is read with the tokenizer.
 */
const STRAY_LESS_THAN = /<(?![A-Za-z_:/?!])/;

async function docxText(bytes: Uint8Array): Promise<string> {
  const [{ readDocx }, { strFromU8 }] = await Promise.all([
    import("./document-docx"),
    import("fflate"),
  ]);
  const xmlParts = readDocx(bytes)
    .filter((e) => /\.(xml|rels)$/i.test(e.name))
    .map((e) => ({ name: e.name.replace(/^\/+/, ""), xml: strFromU8(e.data) }));
  const body = xmlParts.find((p) => p.name === "word/document.xml")?.xml;
  let paragraphs: string[] | null = null;
  if (!xmlParts.some((p) => STRAY_LESS_THAN.test(p.xml))) {
    try {
      paragraphs = await docxMammoth(bytes);
    } catch {
      paragraphs = null;
    }
  }
  paragraphs ??= await docxTokenized(body);
  return normaliseLines(wordParagraphs(paragraphs));
}

async function docxMammoth(bytes: Uint8Array): Promise<string[]> {
  const [{ default: mammoth }, { Parser }] = await Promise.all([
    import("mammoth"),
    import("htmlparser2"),
  ]);
  const { value: html } = await mammoth.convertToHtml(
    { buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) },
    {
      ignoreEmptyParagraphs: false,
      // Images are not read (mammoth would inline each as base64).
      convertImage: mammoth.images.imgElement(() => Promise.resolve({ src: "" })),
    },
  );
  const paragraphs: string[] = [];
  let text = "";
  let depth = 0; // inside a block
  let skip = 0; // inside a note link
  const flush = () => {
    paragraphs.push(text);
    text = "";
  };
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === "a" && NOTE_LINK.test(attributes.href ?? "")) skip++;
        else if (name === "br") text += "\n";
        else if (BLOCKS.has(name)) {
          // A block inside a block (a list item's paragraph) ends the text before it.
          if (depth > 0 && text) flush();
          depth++;
        }
      },
      ontext(data) {
        if (!skip) text += data;
      },
      onclosetag(name) {
        if (name === "a" && skip) skip--;
        else if (BLOCKS.has(name)) {
          depth--;
          // An empty paragraph counts (it may separate stanzas); an empty cell does not.
          if (text || name === "p") flush();
        }
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  if (text) flush();
  return paragraphs;
}

// ---------------------------------------------------------------- DOC

async function docText(bytes: Uint8Array): Promise<string> {
  const { default: WordExtractor } = await import("word-extractor");
  const document = await new WordExtractor().extract(
    Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
  );
  // Paragraph marks and line breaks both come as "\n"; table cells end in "\t".
  const body = document.getBody({ filterUnicode: false }).replace(/\n$/, "");
  return normaliseLines(wordParagraphs(body.split("\n")));
}

/**
 * The reading text of a document (the judge copy). Throws when the document cannot be parsed;
 * "" when it has no words.
 */
export async function readingText(
  kind: FileKind,
  bytes: Uint8Array,
  encoding?: string,
): Promise<string> {
  switch (kind) {
    case "pdf":
      return pdfText(bytes);
    case "docx":
      return docxText(bytes);
    case "doc":
      return docText(bytes);
    case "txt":
      return txtText(bytes, encoding);
  }
}
