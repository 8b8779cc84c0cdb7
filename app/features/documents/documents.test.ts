import { afterAll, describe, expect, test } from "vitest";
import { PDFDocument, PDFName, PDFRawStream } from "pdf-lib";
import {
  docWithAuthor,
  docxBomb,
  docxWithAuthor,
  docxWithTagFlood,
  identityHits,
  jpegWithOwner,
  pdfWithAuthor,
  pngWithOwner,
} from "#tests/fixtures/authored-documents";
import { readZip } from "~/utils/zip";
import { inspectInWorker, stopInspectionWorker } from "./document-inspection.server";
import { stripJpeg, stripPng } from "./image-metadata";
import { docxBytes, pdfBytes } from "#tests/fixtures/entry-files";
import { CompoundFile } from "./document-doc";
import fc from "fast-check";
import { containsWord, inspectDocument, judgeCopy, mentionsIdentity } from "./documents";
import { bytesMatchKind } from "./file-sniff";

const writer = { name: "Lucas Romero", email: "lucas.romero@example.test" };
const secrets = [writer.name, writer.email, "lucas.romero", "LR"];
const story = "The lighthouse keeper's daughter";

afterAll(stopInspectionWorker);

describe("judge copies carry no author", () => {
  test("the fixtures do name the writer (so the checks below can fail)", async () => {
    expect(identityHits(await pdfWithAuthor(writer), secrets)).toEqual(
      expect.arrayContaining([writer.name, writer.email]),
    );
    expect(identityHits(docxWithAuthor(writer), secrets)).toEqual(secrets);
    expect(identityHits(docWithAuthor(writer), secrets)).toEqual(
      expect.arrayContaining([writer.name, writer.email, "lucas.romero"]),
    );
  });

  test("PDF: Info, XMP, annotation authors and stale objects are gone; the story stays", async () => {
    const copy = Buffer.from(await judgeCopy("pdf", await pdfWithAuthor(writer, story)));
    expect(identityHits(copy, secrets.slice(0, 3))).toEqual([]);
    expect(await bytesMatchKind(copy, "pdf")).toBe(true);
    const inspected = await inspectDocument("pdf", copy);
    expect(inspected.ok && inspected.text).toContain(story);
  });

  test("DOCX: core/app properties, comment and revision authors, people and template path are gone", async () => {
    const copy = Buffer.from(await judgeCopy("docx", docxWithAuthor(writer, story)));
    expect(identityHits(copy, secrets)).toEqual([]);
    expect(await bytesMatchKind(copy, "docx")).toBe(true);
    const inspected = await inspectDocument("docx", copy);
    expect(inspected.ok && inspected.text).toContain(story);
    // A comment is not the story: it is in the full text (the identity check) only.
    expect(inspected.ok && inspected.text).not.toContain("Fix this later.");
    expect(inspected.ok && inspected.fullText).toContain("Fix this later.");
  });

  test("DOCX: photos' EXIF/XMP, PNG text, embedded workbooks and objects, customXml, document variables and local link targets are gone", async () => {
    const original = docxWithAuthor(writer, story);
    const copy = Buffer.from(await judgeCopy("docx", original));
    expect(identityHits(copy, secrets)).toEqual([]);
    const parts = new Map(
      readZip(copy, { maxUnpackedBytes: 1e8, maxEntries: 100 }).map((e) => [
        e.name,
        Buffer.from(e.data),
      ]),
    );
    // Each hiding place is cleaned, not just the name spelled differently.
    expect([...parts.keys()].filter((n) => n.startsWith("customXml/"))).toEqual([]);
    expect(parts.get("[Content_Types].xml")!.toString()).not.toContain("customXml");
    const rels = parts.get("word/_rels/document.xml.rels")!.toString();
    expect(rels).not.toContain("customXml");
    expect(rels).not.toContain("file:");
    expect(rels).toContain('Target="https://example.org/lighthouses"');
    expect(parts.get("word/settings.xml")!.toString()).not.toContain("docVar ");
    const jpeg = parts.get("word/media/image1.jpeg")!;
    expect(jpeg.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect(jpeg.includes("Exif")).toBe(false);
    expect(jpeg.includes("xap/1.0")).toBe(false);
    expect(parts.get("word/media/image2.png")!.includes("tEXt")).toBe(false);
    expect(parts.get("word/embeddings/oleObject1.bin")!.length).toBe(0);
    const workbook = readZip(parts.get("word/embeddings/Microsoft_Excel_Worksheet.xlsx")!, {
      maxUnpackedBytes: 1e8,
      maxEntries: 100,
    }).map((e) => e.name);
    expect(workbook).toContain("xl/workbook.xml");
    const inspected = await inspectDocument("docx", copy);
    expect(inspected.ok && inspected.text).toContain(story);
  });

  test("PDF: attached files (/EmbeddedFiles, /AF), inline annotation authors and photo EXIF are gone; the photo stays", async () => {
    const original = await pdfWithAuthor(writer, story);
    expect(identityHits(original, [`${writer.name} (inline)`, "Exif"])).toHaveLength(2);
    const copy = Buffer.from(await judgeCopy("pdf", original));
    expect(identityHits(copy, [...secrets.slice(0, 3), "Exif", "xap/1.0", "notes.txt"])).toEqual(
      [],
    );
    const doc = await PDFDocument.load(copy);
    // Written without object streams: every key is in plain sight.
    expect(copy.includes("/EmbeddedFiles")).toBe(false);
    expect(copy.includes("/AF")).toBe(false);
    expect(copy.includes("/EF")).toBe(false);
    const images = doc.context
      .enumerateIndirectObjects()
      .map(([, o]) => o)
      .filter(
        (o): o is PDFRawStream =>
          o instanceof PDFRawStream && o.dict.get(PDFName.of("Subtype")) === PDFName.of("Image"),
      );
    expect(images).toHaveLength(1);
    expect(Buffer.from(images[0].getContents()).subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
  });

  test("images keep their picture and lose their owner", () => {
    const jpeg = Buffer.from(stripJpeg(jpegWithOwner(writer)));
    expect(identityHits(jpeg, secrets)).toEqual([]);
    // SOI, JFIF, tables, frame, scan and EOI remain.
    expect(jpeg.includes(Buffer.from("JFIF"))).toBe(true);
    expect(jpeg.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]));
    const png = Buffer.from(stripPng(pngWithOwner(writer)));
    expect(identityHits(png, secrets)).toEqual([]);
    expect(png.includes(Buffer.from("IDAT"))).toBe(true);
    expect(png.includes(Buffer.from("IEND"))).toBe(true);
    // Not an image at all: nothing is kept.
    expect(stripJpeg(Buffer.from("not a jpeg")).length).toBe(0);
  });

  test("DOC: summary properties, associated strings, comment and revision authors are blanked in place", async () => {
    const original = docWithAuthor(writer, story);
    const copy = Buffer.from(await judgeCopy("doc", original));
    expect(copy.length).toBe(original.length);
    expect(identityHits(copy, secrets.slice(0, 3))).toEqual([]);
    // Still a compound file with the same streams, and the story is untouched.
    const cfb = new CompoundFile(copy);
    expect(cfb.entries.filter((e) => e.type === 2).map((e) => e.name)).toEqual([
      "WordDocument",
      "1Table",
      "\u0005SummaryInformation",
      "\u0005DocumentSummaryInformation",
    ]);
    expect(cfb.read(cfb.stream("WordDocument")!).toString("latin1")).toContain(story);
  });

  test("plain documents without metadata come through readable", async () => {
    expect((await inspectDocument("pdf", pdfBytes())).ok).toBe(true);
    expect((await inspectDocument("docx", docxBytes())).ok).toBe(true);
    expect(await inspectDocument("txt", Buffer.from("hello"))).toEqual({
      ok: true,
      text: "hello",
      fullText: "hello",
    });
  });
});

describe("documents that cannot be judged safely are refused", () => {
  test("a .docx that unpacks past 50 MB, declared honestly or not", async () => {
    expect(await inspectDocument("docx", docxBomb(60 * 1024 * 1024))).toEqual({
      ok: false,
      problem: "unpacked-too-large",
    });
    expect(await inspectDocument("docx", docxBomb(60 * 1024 * 1024, { lie: true }))).toEqual({
      ok: false,
      problem: "unpacked-too-large",
    });
    // Within bounds it is read (and, being only spaces, has no words).
    expect(await inspectDocument("docx", docxBomb(1024 * 1024))).toEqual({
      ok: false,
      problem: "no-text",
    });
  });
  test("one part that unpacks past 20 MB, even when the whole stays under 50 MB", async () => {
    for (const lie of [false, true])
      expect(await inspectDocument("docx", docxBomb(25 * 1024 * 1024, { lie }))).toEqual({
        ok: false,
        problem: "unpacked-too-large",
      });
  });
  test("a 1 KB .docx ending in 120,000 '<' is read in linear time (it held a process for 12 s)", async () => {
    const flood = docxWithTagFlood(120_000, story);
    expect(flood.length).toBeLessThan(2048);
    const inspected = await inspectDocument("docx", flood);
    expect(inspected.ok).toBe(true);
    expect(inspected.ok && inspected.text).toContain(story);
    // In the worker (as uploads are), well within its time limit.
    const inWorker = await inspectInWorker("docx", docxWithTagFlood(120_000, story));
    expect(inWorker.ok && inWorker.text).toContain(story);
  }, 30_000); // a worker's first start under tsx takes seconds; the in-process read is what was slow
  test("a document the worker cannot finish in time is refused as too slow, and the next one is read", async () => {
    expect(await inspectInWorker("docx", docxWithAuthor(writer), { timeLimitMs: 1 })).toEqual({
      ok: false,
      problem: "too-slow",
    });
    const next = await inspectInWorker("docx", docxWithAuthor(writer, story));
    expect(next.ok && next.text).toContain(story);
  }, 30_000);
  test("a document that does not parse", async () => {
    const junk = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(100, 0xff)]);
    expect(await inspectDocument("pdf", junk)).toEqual({ ok: false, problem: "unreadable" });
    expect(await inspectDocument("docx", Buffer.from("PK\u0003\u0004 not a zip"))).toEqual({
      ok: false,
      problem: "unreadable",
    });
    const header = Buffer.alloc(1536);
    Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header);
    expect(await inspectDocument("doc", header)).toEqual({ ok: false, problem: "unreadable" });
  });
});

describe("mentionsIdentity", () => {
  const who = { displayName: "Lucas Romero", email: "lucas.romero@example.test" };
  test("finds the display name, the e-mail or its local part as words, in any case or accent", () => {
    expect(mentionsIdentity("A story by LUCAS ROMERO.", who)).toBe(true);
    expect(mentionsIdentity("Written by Lucas\nRomero", who)).toBe(true);
    expect(mentionsIdentity("Contact lucas.romero@example.test", who)).toBe(true);
    expect(mentionsIdentity("signed lucas.romero", who)).toBe(true);
    expect(mentionsIdentity("Lúcas Romèro wrote this", who)).toBe(true);
    expect(mentionsIdentity("Luc as Rom ero (split by a PDF)", who)).toBe(true);
  });
  test("ignores other words and very short names", () => {
    expect(mentionsIdentity("A story about Lucas and the sea.", who)).toBe(false);
    expect(mentionsIdentity("Romerolucas", { displayName: "Lucas", email: "x@y.z" })).toBe(false);
    expect(mentionsIdentity("Al went to the mall", { displayName: "Al", email: "al@x.y" })).toBe(
      false,
    );
    expect(mentionsIdentity("", who)).toBe(false);
  });
});

describe("containsWord", () => {
  // The regular expression it replaces, as the oracle.
  const oracle = (haystack: string, needle: string) =>
    new RegExp(
      `(^|[^\\p{L}\\p{N}])${needle.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}($|[^\\p{L}\\p{N}])`,
      "u",
    ).test(haystack);
  const pieces = ["a", "b", "é", "1", " ", "-", "@", ".", "😀", "𝒜", "ß", "名", "\n", "ab", "ba"];
  const text = fc.array(fc.constantFrom(...pieces), { maxLength: 14 }).map((p) => p.join(""));

  test("agrees with the whole-word regular expression", () => {
    fc.assert(
      fc.property(text, text, (haystack, needle) => {
        fc.pre(needle.length > 0);
        expect(containsWord(haystack, needle)).toBe(oracle(haystack, needle));
      }),
      { numRuns: 3000 },
    );
  });

  test("finds a needle taken from the text itself whenever the regular expression does", () => {
    fc.assert(
      fc.property(text, fc.nat(), fc.nat(), (haystack, a, b) => {
        const [from, to] = [a % (haystack.length + 1), b % (haystack.length + 1)].sort(
          (x, y) => x - y,
        );
        const needle = haystack.slice(from, to);
        fc.pre(needle.length > 0);
        expect(containsWord(haystack, needle)).toBe(oracle(haystack, needle));
      }),
      { numRuns: 3000 },
    );
  });
});
