import { describe, expect, test } from "vitest";
import {
  docBytes,
  docxBytes,
  exeBytes,
  pdfBytes,
  plainZipBytes,
  textBytes,
} from "../../../tests/fixtures/entry-files";
import {
  bytesMatchKind,
  createTextValidator,
  headMatchesKind,
  kindFromFileName,
} from "./file-sniff";

describe("file kinds from names", () => {
  test("only pdf, doc, docx and txt, any case", () => {
    expect(kindFromFileName("story.PDF")).toBe("pdf");
    expect(kindFromFileName("my.story.docx")).toBe("docx");
    expect(kindFromFileName("a.doc")).toBe("doc");
    expect(kindFromFileName("a.txt")).toBe("txt");
    expect(kindFromFileName("a.exe")).toBeNull();
    expect(kindFromFileName("pdf")).toBeNull();
    expect(kindFromFileName("a.pdf.exe")).toBeNull();
  });
});

describe("content sniffing", () => {
  test("real documents match their kind", async () => {
    expect(await bytesMatchKind(pdfBytes(), "pdf")).toBe(true);
    expect(await bytesMatchKind(docxBytes(), "docx")).toBe(true);
    expect(await bytesMatchKind(docBytes(), "doc")).toBe(true);
    expect(await bytesMatchKind(textBytes("Héllo, wörld — a story ✍️\n"), "txt")).toBe(true);
  });
  test("a renamed executable is refused whatever it claims to be", async () => {
    for (const kind of ["pdf", "doc", "docx", "txt"] as const) {
      expect(await bytesMatchKind(exeBytes(), kind), kind).toBe(false);
    }
  });
  test("plain text renamed .pdf, a plain zip renamed .docx, a pdf renamed .doc are refused", async () => {
    expect(await bytesMatchKind(textBytes("just some words"), "pdf")).toBe(false);
    expect(await bytesMatchKind(plainZipBytes(), "docx")).toBe(false);
    expect(await bytesMatchKind(pdfBytes(), "doc")).toBe(false);
    expect(await bytesMatchKind(docxBytes(), "pdf")).toBe(false);
  });
  test("text must be UTF-8 without NUL bytes", async () => {
    expect(await bytesMatchKind(Buffer.from([0x61, 0x00, 0x62]), "txt")).toBe(false);
    expect(await bytesMatchKind(Buffer.from([0x61, 0xff, 0x62]), "txt")).toBe(false);
    expect(await headMatchesKind(Buffer.from([0x61, 0x62]), "txt")).toBe(true);
  });
  test("the text validator streams: a character split across chunks is fine, a truncated one is not", () => {
    const euro = Buffer.from("€", "utf8"); // 3 bytes
    const v = createTextValidator();
    expect(v.push(euro.subarray(0, 1))).toBe(true);
    expect(v.push(euro.subarray(1))).toBe(true);
    expect(v.end()).toBe(true);
    const cut = createTextValidator();
    expect(cut.push(euro.subarray(0, 2))).toBe(true);
    expect(cut.end()).toBe(false);
  });
});
