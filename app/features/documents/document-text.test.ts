import { afterAll, describe, expect, test } from "vitest";
import { docxBomb } from "#tests/fixtures/authored-documents";
import {
  docStory,
  docxStory,
  docxWithTableAndRevisions,
  pdfScan,
  pdfStory,
  storyOfWords,
  utf16Text,
} from "#tests/fixtures/reading-documents";
import { inspectInWorker, stopInspectionWorker } from "./document-inspection.server";
import { readingText, wordParagraphs } from "./document-text";
import { normaliseLines } from "./reading-lines";
import { inspectDocument, judgeCopy } from "./documents";

afterAll(stopInspectionWorker);

/** Whitespace-separated words (the rule of entries/word-count.ts, tested with it there). */
const countWords = (text: string) => text.split(/\s+/u).filter(Boolean).length;

const story = [
  "The Lantern Boat",
  "The river was slow that night, and the lantern boat drifted past the mill where the miller's daughter sat counting the stars one by one until she fell asleep on the warm stones.",
  "Roses are red,\nviolets are blue,\nthe boat is slow.",
  "Café au lait — naïve fiancée.",
];
const typed = story.join("\n\n");

describe("reading text keeps paragraphs and a poem's lines", () => {
  test("PDF: wrapped lines are joined, short lines kept, gaps end paragraphs", async () => {
    expect(await readingText("pdf", await pdfStory(story))).toBe(typed);
    // Two short paragraphs (no usual spacing to learn from, no full line).
    const two = ["Hello there reader.", "Second paragraph here."];
    expect(await readingText("pdf", await pdfStory(two))).toBe(two.join("\n\n"));
  });
  test("PDF: a double-spaced manuscript's paragraphs are found by their indent", async () => {
    const prose = storyOfWords(300, 60);
    const text = await readingText("pdf", await pdfStory(prose, { manuscript: true }));
    expect(text).toBe(prose.join("\n\n"));
  });
  test("PDF: a running header and page numbers repeated on every page are left out", async () => {
    const long = storyOfWords(1200, 80);
    const text = await readingText("pdf", await pdfStory(long, { header: "Draft - do not share" }));
    expect(text).not.toContain("Draft - do not share");
    expect(text).not.toMatch(/Page \d/);
    expect(countWords(text)).toBe(1200);
  });
  test("DOCX: paragraphs and line breaks", async () => {
    expect(await readingText("docx", docxStory(story))).toBe(typed);
  });
  test("DOC: paragraphs (a line break inside a paragraph reads as a paragraph in a .doc)", async () => {
    const text = await readingText("doc", docStory(story));
    expect(text).toBe(typed.replace(/,\n/g, ",\n\n").replace(/blue,\n\n/, "blue,\n\n"));
    expect(countWords(text)).toBe(countWords(typed));
  });
  test("DOC: the judge copy of a genuine .doc still reads", async () => {
    const copy = await judgeCopy("doc", docStory(story));
    expect(countWords(await readingText("doc", copy))).toBe(countWords(typed));
  });
  test("TXT: UTF-8, UTF-16 LE and BE with a byte-order mark", async () => {
    const text = typed.replace(/\n/g, "\r\n");
    expect(await readingText("txt", Buffer.from(`\ufeff${text}`, "utf8"), "utf-8")).toBe(typed);
    expect(await readingText("txt", utf16Text(text, "le"), "utf-16le")).toBe(typed);
    expect(await readingText("txt", utf16Text(text, "be"), "utf-16be")).toBe(typed);
    // Without the encoding, the byte-order mark says it.
    expect(await readingText("txt", utf16Text(text, "be"))).toBe(typed);
  });
  test("a poem typed with Enter at every line keeps its stanzas", () => {
    const paragraphs = ["Stanza one line one", "line two", "", "Stanza two line one", "line two"];
    expect(normaliseLines(wordParagraphs(paragraphs))).toBe(
      "Stanza one line one\nline two\n\nStanza two line one\nline two",
    );
    // A story with one scene break among many paragraphs keeps its paragraphs.
    const prose = [...Array.from({ length: 12 }, (_, i) => `Paragraph ${i}.`), "", "After."];
    expect(normaliseLines(wordParagraphs(prose)).split("\n\n")).toHaveLength(13);
  });
  test("control characters, odd spaces and NFD are cleaned", () => {
    expect(
      normaliseLines(["  Cafe\u0301\u0007  au\tlait\u00a0 ", "", "", "\u0000", "end\r\nline"]),
    ).toBe("Café au lait\n\nend\nline");
    expect(normaliseLines(["...", "", "—"])).toBe("");
  });
});

describe("DOCX tracked changes, tables, headers and comments", () => {
  test("deleted text is absent, inserted text present, each cell its own paragraph", async () => {
    const text = await readingText("docx", docxWithTableAndRevisions());
    expect(text).toContain("The gate was always open in spring.");
    expect(text).not.toContain("never");
    for (const cell of ["Apples", "Pears", "Plums", "Quinces"])
      expect(text).toContain(`\n\n${cell}\n\n`);
    expect(text).toContain("Roses are red,\nthe gate is green.");
    // A footnote is the writer's words: kept, without mammoth's "[1]" and "↑" links.
    expect(text).toMatch(/A note follows\.\n\nThe gate was painted in 1920\.$/);
    expect(text).not.toMatch(/\[1\]|↑/);
  });
  test("headers, footers and comments are in the full text only", async () => {
    const inspected = await inspectDocument("docx", docxWithTableAndRevisions());
    expect(inspected.ok).toBe(true);
    if (!inspected.ok) return;
    for (const extra of ["header text", "Footer words", "A comment for the editor"]) {
      expect(inspected.text).not.toContain(extra);
      expect(inspected.fullText).toContain(extra);
    }
    expect(inspected.fullText).toContain(inspected.text);
  });
});

describe("documents without words, and bombs", () => {
  test("a scanned PDF (no text layer) reads as nothing and is refused as no-text", async () => {
    const scan = await pdfScan();
    expect(await readingText("pdf", scan)).toBe("");
    expect(await inspectDocument("pdf", scan)).toEqual({ ok: false, problem: "no-text" });
    expect(await inspectInWorker("pdf", await pdfScan())).toEqual({
      ok: false,
      problem: "no-text",
    });
  }, 30_000);
  test("an empty .docx and a blank text file are no-text", async () => {
    expect(await inspectDocument("docx", docxStory(["", "   "]))).toEqual({
      ok: false,
      problem: "no-text",
    });
    expect(await inspectDocument("txt", Buffer.from(" \n\n "))).toEqual({
      ok: false,
      problem: "no-text",
    });
  });
  test("a decompression bomb is refused before mammoth reads it", async () => {
    expect(await inspectDocument("docx", docxBomb(60 * 1024 * 1024, { lie: true }))).toEqual({
      ok: false,
      problem: "unpacked-too-large",
    });
    expect(await inspectInWorker("docx", docxBomb(25 * 1024 * 1024))).toEqual({
      ok: false,
      problem: "unpacked-too-large",
    });
  }, 30_000);
});
