import { describe, expect, it } from "vitest";
import { docxBytes, pdfBytes } from "#tests/fixtures/entry-files";
import { wordsInFile } from "./document-words";

describe("wordsInFile", () => {
  it("counts a .txt in UTF-8 and UTF-16 like typed text", () => {
    expect(wordsInFile("a.txt", new TextEncoder().encode("one two\n\nthree"))).toBe(3);
    const wide = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("un deux", "utf16le")]);
    expect(wordsInFile("a.TXT", wide)).toBe(2);
  });

  it("counts a .docx's text runs, paragraphs apart", () => {
    expect(wordsInFile("a.docx", docxBytes("The lantern glowed softly"))).toBe(4);
    const twoParagraphs = docxBytes("first</w:t></w:r></w:p><w:p><w:r><w:t>second");
    expect(wordsInFile("a.docx", twoParagraphs)).toBe(2);
  });

  it("leaves PDFs, .doc files and broken documents to the server", () => {
    expect(wordsInFile("a.pdf", pdfBytes())).toBeNull();
    expect(wordsInFile("a.docx", new Uint8Array([1, 2, 3]))).toBeNull();
  });
});
