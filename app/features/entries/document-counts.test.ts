/**
 * A document's words are counted as typed text is (docs/decisions/0034-reading-desk.md): the
 * reading text of each kind, read in the inspection worker, has the words of the story typed.
 */
import { afterAll, describe, expect, test } from "vitest";
import {
  docStory,
  docxStory,
  pdfStory,
  storyNamingWriter,
  storyOfWords,
  utf16Text,
} from "#tests/fixtures/reading-documents";
import {
  inspectInWorker,
  stopInspectionWorker,
} from "~/features/documents/document-inspection.server";
import { inspectDocument } from "~/features/documents/documents";
import { countWords } from "./word-count";

afterAll(stopInspectionWorker);

describe("words are counted as if the story were typed", () => {
  const words = storyOfWords(2500);
  const typedWords = countWords(words.join("\n\n"));
  test.each([
    ["pdf", () => pdfStory(words)],
    ["docx", async () => docxStory(words)],
    ["doc", async () => docStory(words)],
    ["txt", async () => utf16Text(words.join("\r\n\r\n"), "le")],
  ] as const)(
    "%s",
    async (kind, make) => {
      const inspected = await inspectInWorker(kind, await make(), {
        encoding: kind === "txt" ? "utf-16le" : undefined,
      });
      expect(inspected.ok && countWords(inspected.text)).toBe(typedWords);
    },
    30_000,
  );
  test("a document naming its writer in the body has the name in its reading text", async () => {
    const writer = { name: "Lucas Romero", email: "lucas.romero@example.test" };
    for (const bytes of [
      docxStory(storyNamingWriter(writer)),
      await pdfStory(storyNamingWriter(writer)),
    ]) {
      const kind = bytes[0] === 0x25 ? "pdf" : "docx";
      const inspected = await inspectDocument(kind, bytes);
      expect(inspected.ok && inspected.text).toContain(`by ${writer.name}`);
      expect(inspected.ok && inspected.text).toContain(writer.email);
    }
  });
});
