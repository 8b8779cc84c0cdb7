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

/** One line of text, or "" where a paragraph ends. */
type Lines = string[];

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
// C0 and C1 controls other than line feed (tabs and other breaks are mapped before).
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u00ad\ufeff\ufff9-\ufffb]/g;

/** Lines (with "" between paragraphs) as reading text. */
export function normaliseLines(lines: Lines): string {
  const paragraphs: string[] = [];
  let current: string[] = [];
  const end = () => {
    if (current.length) paragraphs.push(current.join("\n"));
    current = [];
  };
  for (const raw of lines) {
    for (const piece of raw
      .normalize("NFC")
      .replace(/\r\n?|[\v\f\u0085\u2028]/g, "\n")
      .replace(/\u2029/g, "\n\n")
      .replace(/\t/g, " ")
      .replace(CONTROLS, "")
      .split("\n")) {
      const line = piece.replace(/[^\S\n]+/g, " ").trim();
      if (line) current.push(line);
      else end();
    }
    if (raw === "") end();
  }
  end();
  const text = paragraphs.join("\n\n");
  return LETTER_OR_DIGIT.test(text) ? text : "";
}

/** Plain text (a .txt, or any text with blank lines between paragraphs) as reading text. */
export function plainText(text: string) {
  return normaliseLines(text.split(/\r\n?|\n/));
}

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

// ---------------------------------------------------------------- PDF

type Item = { str: string; x: number; y: number; width: number; size: number; eol: boolean };
/** A line of a page; `width` is the page's. */
type Line = { text: string; x: number; y: number; right: number; size: number; width: number };

/** A page's text items as lines, top to bottom as the content stream gives them. */
function pageLines(items: Item[], width: number): Line[] {
  const lines: Line[] = [];
  let line: Line | null = null;
  let lastRight = 0;
  for (const item of items) {
    const size = item.size || 10;
    if (line && Math.abs(item.y - line.y) > size * 0.5) {
      lines.push(line);
      line = null;
    }
    if (!line) {
      line = { text: "", x: item.x, y: item.y, right: item.x, size, width };
      lastRight = item.x;
    } else if (
      item.str &&
      item.x - lastRight > size * 0.15 &&
      !/\s$/.test(line.text) &&
      !/^\s/.test(item.str)
    ) {
      line.text += " ";
    }
    line.text += item.str;
    if (item.str.trim()) {
      line.x = Math.min(line.x, item.x);
      line.right = Math.max(line.right, item.x + item.width);
      line.size = Math.max(line.size, size);
    }
    lastRight = item.x + item.width;
    if (item.eol) {
      lines.push(line);
      line = null;
    }
  }
  if (line) lines.push(line);
  return lines.filter((l) => l.text.trim());
}

/** The same line on many pages, digits aside: a running header or footer, or a page number. */
const shape = (text: string) => text.replace(/\d+/g, "#").replace(/\s+/g, " ").trim();

/**
 * Pages without their running header and footer: the topmost and the bottommost line of a page
 * (wherever the content stream draws them) when the same line, digits aside, is there on more
 * than half of the pages (three pages at least).
 */
function dropRunningLines(pages: Line[][]) {
  if (pages.length < 3) return pages;
  const edge = (lines: Line[], top: boolean) =>
    lines.reduce<Line | undefined>(
      (best, l) => (!best || (top ? l.y > best.y : l.y < best.y) ? l : best),
      undefined,
    );
  const count = (edges: (Line | undefined)[]) => {
    const seen = new Map<string, number>();
    for (const l of edges) if (l) seen.set(shape(l.text), (seen.get(shape(l.text)) ?? 0) + 1);
    return seen;
  };
  let out = pages;
  for (const top of [true, false]) {
    const edges = out.map((lines) => edge(lines, top));
    const seen = count(edges);
    out = out.map((lines, i) => {
      const l = edges[i];
      const running = !!l && (seen.get(shape(l.text)) ?? 0) * 2 > pages.length;
      return running ? lines.filter((x) => x !== l) : lines;
    });
  }
  return out;
}

/** The line spacing: the lower quartile of the gaps (most gaps are between lines of a paragraph). */
function lowerQuartile(values: number[]) {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 4)];
}

/**
 * Lines of all pages as reading lines. A paragraph starts after a gap clearly larger than the
 * usual line spacing (capped at 1.6 lines, so double spacing is still spacing), at a first-line
 * indent, and at a new page unless the page before ended in a wrapped line. Inside a paragraph a
 * line is joined to the one before when that one was wrapped (the next line's first word would
 * not have fitted on it); otherwise the break is kept (a poem's line).
 */
function pdfLines(pages: Line[][]): Lines {
  const all = pages.flat();
  const maxRight = all.reduce((m, l) => Math.max(m, l.right), 0);
  const left = lowerQuartile(all.map((l) => l.x));
  const gaps: number[] = [];
  for (const lines of pages)
    for (let i = 1; i < lines.length; i++) {
      const gap = lines[i - 1].y - lines[i].y;
      if (gap > 0) gaps.push(gap / lines[i].size);
    }
  const usual = Math.min(lowerQuartile(gaps) || 1.2, 1.6);
  const out: Lines = [];
  let text = "";
  let previous: Line | undefined;
  for (const lines of pages) {
    lines.forEach((line, i) => {
      const next = line.text.trim();
      const indented = line.x - left > line.size && (previous?.x ?? left) - left <= line.size * 0.5;
      // The text's right edge: the longest line, or the left margin mirrored on the page.
      const right = Math.max(maxRight, line.width - left);
      const firstWord = next.split(/\s/)[0] ?? "";
      const perChar = (line.right - line.x) / Math.max(1, next.length);
      // Wrapped: the next line's first word would not have fitted at the end of this one.
      const wrapped = !!previous && previous.right + perChar * (firstWord.length + 1) > right;
      // Across a page, a paragraph goes on only where the last line was wrapped.
      const gap = previous && i > 0 ? (previous.y - line.y) / line.size : -1;
      const breaks = i > 0 ? gap <= 0 || gap > usual * 1.4 : !wrapped;
      previous = line;
      if (!text) text = next;
      else if (breaks || indented) {
        out.push(text, "");
        text = next;
      } else if (!wrapped) text += `\n${next}`;
      else if (/[-\u2010]$/.test(text)) text += next;
      else text += ` ${next}`;
    });
  }
  if (text) out.push(text, "");
  return out;
}

/** Options that keep pdf.js to reading text: no fonts loaded, no code generated, no fetching. */
const PDF_OPTIONS = {
  isEvalSupported: false,
  useSystemFonts: false,
  disableFontFace: true,
  useWorkerFetch: false,
  isOffscreenCanvasSupported: false,
  stopAtErrors: false,
  verbosity: 0,
} as const;

async function pdfText(bytes: Uint8Array): Promise<string> {
  const { getDocumentProxy } = await import("unpdf");
  // pdf.js reads a Uint8Array that owns its whole buffer in place (the judge copy: no second
  // 10 MB copy) and copies anything else (a Buffer's slice of a pool).
  const owned =
    !Buffer.isBuffer(bytes) &&
    bytes.byteOffset === 0 &&
    bytes.byteLength === bytes.buffer.byteLength;
  const pdf = await getDocumentProxy(owned ? bytes : new Uint8Array(bytes), PDF_OPTIONS);
  try {
    const pages: Line[][] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      const content = await page.getTextContent();
      const items = content.items
        .flatMap((i) => ("str" in i ? [i] : []))
        .map((i) => ({
          str: i.str,
          x: i.transform[4],
          y: i.transform[5],
          width: i.width,
          size: Math.hypot(i.transform[2], i.transform[3]) || i.height,
          eol: i.hasEOL,
        }));
      const [x0, , x1] = page.view;
      pages.push(pageLines(items, Math.abs(x1 - x0)));
      page.cleanup();
    }
    return normaliseLines(pdfLines(dropRunningLines(pages)));
  } finally {
    await pdf.destroy();
  }
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
