import { describe, expect, test } from "vitest";
import {
  docWithAuthor,
  docxBomb,
  docxWithAuthor,
  identityHits,
  pdfWithAuthor,
} from "#tests/fixtures/authored-documents";
import { docxBytes, pdfBytes } from "#tests/fixtures/entry-files";
import { CompoundFile } from "./document-doc";
import fc from "fast-check";
import { containsWord, inspectDocument, judgeCopy, mentionsIdentity } from "./documents";
import { bytesMatchKind } from "./file-sniff";

const writer = { name: "Lucas Romero", email: "lucas.romero@example.test" };
const secrets = [writer.name, writer.email, "lucas.romero", "LR"];
const story = "The lighthouse keeper's daughter";

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
    expect(inspected.ok && inspected.text).toContain("Fix this later.");
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
    expect(await inspectDocument("txt", Buffer.from("hello"))).toEqual({ ok: true, text: "hello" });
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
    expect((await inspectDocument("docx", docxBomb(1024 * 1024))).ok).toBe(true);
  });
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
