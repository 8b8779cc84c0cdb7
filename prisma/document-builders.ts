/**
 * Small, real documents made from text, for the demo data (seed-documents.ts) and the end-to-end
 * tests: a PDF set in Times with wrapped lines and a gap between paragraphs, and a minimal
 * WordprocessingML (DOCX) zip. Paragraphs are separated by a blank line; a line break inside a
 * paragraph (a poem's lines) is kept as a line break in both.
 */
import { strToU8, zipSync } from "fflate";
import { PDFDocument, StandardFonts, rgb } from "pdf-lib";

const paragraphsOf = (text: string) =>
  text
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);

/** A US Letter PDF: the title, then the paragraphs, lines wrapped to the page's measure. */
export async function pdfFromText(title: string, text: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  // No author in the file's properties: judging is anonymous.
  pdf.setAuthor("");
  pdf.setProducer("Inkwell demo");
  pdf.setCreator("Inkwell demo");
  const font = await pdf.embedFont(StandardFonts.TimesRoman);
  const bold = await pdf.embedFont(StandardFonts.TimesRomanBold);
  const [width, height] = [612, 792];
  const margin = 72;
  const size = 12;
  const leading = 16;
  const measure = width - 2 * margin;
  let page = pdf.addPage([width, height]);
  let y = height - margin;
  const line = (s: string, f = font, at = size) => {
    if (y < margin + leading) {
      page = pdf.addPage([width, height]);
      y = height - margin;
    }
    page.drawText(s, { x: margin, y, size: at, font: f, color: rgb(0.1, 0.1, 0.1) });
    y -= at === size ? leading : at * 1.6;
  };
  line(title, bold, 16);
  y -= 8;
  for (const paragraph of paragraphsOf(text)) {
    for (const hard of paragraph.split("\n")) {
      let current = "";
      for (const word of hard.trim().split(/\s+/)) {
        const next = current ? `${current} ${word}` : word;
        if (current && font.widthOfTextAtSize(next, size) > measure) {
          line(current);
          current = word;
        } else current = next;
      }
      if (current) line(current);
    }
    y -= leading * 0.6; // the gap between paragraphs
  }
  return pdf.save();
}

const xml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main";

/** One paragraph: its lines as runs, joined by line breaks. */
const paragraphXml = (p: string, style?: string) =>
  `<w:p>${style ? `<w:pPr><w:pStyle w:val="${style}"/></w:pPr>` : ""}<w:r>${p
    .split("\n")
    .map((l) => `<w:t xml:space="preserve">${xml(l.trim())}</w:t>`)
    .join("<w:br/>")}</w:r></w:p>`;

/** A minimal DOCX: the title (if any) as a heading paragraph, then one paragraph per paragraph. */
export function docxFromText(title: string, text: string): Uint8Array {
  const body = [
    ...(title ? [paragraphXml(title, "Title")] : []),
    ...paragraphsOf(text).map((p) => paragraphXml(p)),
  ];
  const files: Record<string, string> = {
    "[Content_Types].xml": `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`,
    "_rels/.rels": `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`,
    "word/document.xml": `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="${W}"><w:body>${body.join("")}<w:sectPr/></w:body></w:document>`,
  };
  return zipSync(Object.fromEntries(Object.entries(files).map(([k, v]) => [k, strToU8(v)])));
}
