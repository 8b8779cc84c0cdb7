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
  detectTextEncoding,
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
  test("text must be UTF-8 or UTF-16 without NUL characters", async () => {
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

describe("UTF-16 text, as older Windows Notepad saves it", () => {
  const story = "Once upon a time, a small fox — called Ünal — found a lantern. ✍️\r\nThe end.\r\n";
  const le = Buffer.from(story, "utf16le");
  const be = Buffer.from(le).swap16();
  const bom = {
    le: Buffer.from([0xff, 0xfe]),
    be: Buffer.from([0xfe, 0xff]),
    u8: Buffer.from([0xef, 0xbb, 0xbf]),
  };
  const cases: [string, Buffer, string][] = [
    ["UTF-16 LE with a byte-order mark", Buffer.concat([bom.le, le]), "utf-16le"],
    ["UTF-16 LE without one", le, "utf-16le"],
    ["UTF-16 BE with a byte-order mark", Buffer.concat([bom.be, be]), "utf-16be"],
    ["UTF-16 BE without one", be, "utf-16be"],
    ["UTF-8 with a byte-order mark", Buffer.concat([bom.u8, Buffer.from(story, "utf8")]), "utf-8"],
    ["UTF-8 without one", Buffer.from(story, "utf8"), "utf-8"],
  ];

  test.each(cases)(
    "%s is accepted as TXT, and its decoded words are counted",
    async (_, bytes, encoding) => {
      expect(detectTextEncoding(bytes)).toBe(encoding);
      expect(await bytesMatchKind(bytes, "txt")).toBe(true);
      expect(await headMatchesKind(bytes, "txt")).toBe(true);
      const v = createTextValidator();
      // one byte at a time: detection waits for enough bytes, characters split across chunks are fine
      for (const byte of bytes) expect(v.push(Uint8Array.of(byte))).toBe(true);
      expect(v.end()).toBe(true);
      expect(v.encoding()).toBe(encoding);
      // 17 words, as entries/word-count.ts counts them (word-count.test.ts checks the two agree).
      expect(v.words()).toBe(17);
    },
  );

  test("a word split across chunks counts once; a long file is counted over every chunk", () => {
    const text = "alpha beta gamma ".repeat(500);
    const bytes = Buffer.concat([bom.le, Buffer.from(text, "utf16le")]);
    const v = createTextValidator();
    for (let i = 0; i < bytes.length; i += 777)
      expect(v.push(bytes.subarray(i, i + 777))).toBe(true);
    expect(v.end()).toBe(true);
    expect(v.words()).toBe(1500);
  });

  test("UTF-16 with an unpaired surrogate, a cut-off character or a NUL character is refused", async () => {
    expect(
      await bytesMatchKind(Buffer.concat([bom.le, Buffer.from([0x00, 0xd8, 0x41, 0x00])]), "txt"),
    ).toBe(false);
    expect(
      await bytesMatchKind(Buffer.concat([bom.le, Buffer.from([0x41, 0x00, 0x42])]), "txt"),
    ).toBe(false);
    expect(
      await bytesMatchKind(Buffer.concat([bom.le, Buffer.from([0x41, 0x00, 0x00, 0x00])]), "txt"),
    ).toBe(false);
  });
});
