/**
 * Every text a document carries is part of the entry (docs/decisions/0046-every-text-a-document-carries.md):
 * a name in a picture's alt text, a link, a field code, a text box, a header, a footer, a note, a
 * comment or the properties either never reaches the judge's copy or is found by the name check
 * (and then judges are not given the file, ADR 0034).
 */
import { afterAll, describe, expect, test } from "vitest";
import { identityHits } from "#tests/fixtures/authored-documents";
import {
  DOCX_CARRIERS,
  PDF_CARRIERS,
  docxCarrying,
  pdfCarrying,
  type DocxCarrier,
  type PdfCarrier,
} from "#tests/fixtures/carrier-documents";
import { inspectDocument, judgeCopy } from "~/features/documents/documents";
import { stopInspectionWorker } from "~/features/documents/document-inspection.server";
import { identitySpans, originalFileAllowed } from "./identity.server";
import type { Identity } from "./identity-hits";

afterAll(stopInspectionWorker);

const name = "Quentin Marchbanks";
const identities: Identity[] = [
  { kind: "name", value: name },
  { kind: "email", value: "qm2014@example.test" },
];
const story = "The lighthouse keeper's daughter rowed out at dawn.";
/** How the name can be spelt in a file: as words, as a link's slug, as a field's path. */
const spellings = [name, "quentin-marchbanks", "Quentin_Marchbanks"];

/** What happens to each carrier: removed from the judge's copy, or found by the name check. */
const DOCX_OUTCOME: Record<DocxCarrier, "removed" | "flagged"> = {
  "alt-text": "removed",
  properties: "removed",
  hyperlink: "flagged",
  "field-code": "flagged",
  "text-box": "flagged",
  header: "flagged",
  footer: "flagged",
  footnote: "flagged",
  endnote: "flagged",
  comment: "flagged",
};

async function outcome(kind: "docx" | "pdf", original: Buffer) {
  const inspected = await inspectDocument(kind, original);
  if (!inspected.ok) throw new Error(`not read: ${inspected.problem}`);
  expect(inspected.text).toContain("lighthouse keeper");
  const spans = identitySpans(identities, { reading: inspected.text, file: inspected.fullText });
  const copy = Buffer.from(await judgeCopy(kind, original));
  return {
    inCopy: identityHits(copy, spellings),
    flagged: spans.length > 0,
    fileForJudges: originalFileAllowed(
      spans.length > 0,
      spans.map(() => ({ status: "pending" })),
    ),
  };
}

describe("a DOCX that names its writer outside its story", () => {
  test.each(DOCX_CARRIERS)("%s", async (carrier) => {
    const original = docxCarrying(carrier, name, story);
    // The fixture does carry the name (so the check below can fail).
    expect(identityHits(original, spellings)).not.toEqual([]);
    const found = await outcome("docx", original);
    if (DOCX_OUTCOME[carrier] === "removed") {
      expect(found.inCopy).toEqual([]);
    } else {
      expect(found.flagged).toBe(true);
      expect(found.fileForJudges).toBe(false);
    }
  });

  test("a story that names no one is neither flagged nor changed in its words", async () => {
    const found = await outcome("docx", docxCarrying("hyperlink", "Other Person", story));
    expect(found.flagged).toBe(false);
    expect(found.fileForJudges).toBe(true);
  });
});

describe("a PDF that names its writer outside its page's text", () => {
  test.each(PDF_CARRIERS)("%s", async (carrier: PdfCarrier) => {
    const original = await pdfCarrying(carrier, name, story);
    expect(identityHits(original, spellings)).not.toEqual([]);
    const found = await outcome("pdf", original);
    expect(found.flagged).toBe(true);
    expect(found.fileForJudges).toBe(false);
  });
});
