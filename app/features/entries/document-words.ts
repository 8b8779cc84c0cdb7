/**
 * Counting a chosen document's words in the browser, before it is sent, where that can be done
 * cheaply (docs/decisions/0034-reading-desk.md): a .txt file (UTF-8 or UTF-16 with its byte order
 * mark) and a .docx (the text runs of word/document.xml, paragraph by paragraph; deleted tracked
 * changes are not text runs, so they do not count). PDF and .doc files are counted by the server
 * when the form is sent. The server's count is the one that decides.
 */
import { unzipSync, strFromU8 } from "fflate";
import { countWords } from "./word-count";

/** The most a browser reads to count (the entry limit is 10 MB; an unpacked document.xml less). */
const MAX_XML_BYTES = 20 * 1024 * 1024;

function decodeText(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder("utf-16le").decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder("utf-16be").decode(bytes);
  return new TextDecoder("utf-8").decode(bytes);
}

/** The words of a .docx's main text, or null when it cannot be read here. */
function docxWords(bytes: Uint8Array): number | null {
  let xml: Uint8Array | undefined;
  try {
    xml = unzipSync(bytes, {
      filter: (f) => f.name === "word/document.xml" && f.originalSize <= MAX_XML_BYTES,
    })["word/document.xml"];
  } catch {
    return null;
  }
  if (!xml) return null;
  const text = strFromU8(xml)
    .split(/<\/w:p>/)
    .map((p) => Array.from(p.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g), (m) => m[1]).join(""))
    .join("\n");
  return countWords(text);
}

/** The words of a chosen file, or null when only the server can count them (PDF, .doc). */
export function wordsInFile(name: string, bytes: Uint8Array): number | null {
  const ext = name.toLowerCase().split(".").pop();
  if (ext === "txt") return countWords(decodeText(bytes));
  if (ext === "docx") return docxWords(bytes);
  return null;
}
