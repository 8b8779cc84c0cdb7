/**
 * The winner's certificate: a one-page PDF made on the server with pdf-lib, naming the contest,
 * the entry, the writer, the award and the date (docs/decisions/0019-results.md).
 */
import { PDFDocument, rgb, StandardFonts, type PDFFont } from "pdf-lib";
import { formatDate } from "~/utils/dates";
import { prisma } from "~/utils/db.server";
import { awardLabel } from "./awards";
import { entryAward } from "./results.server";

/** The standard PDF fonts cover Latin-1; any other character is drawn as "?" rather than failing. */
function drawable(font: PDFFont, text: string) {
  return Array.from(text)
    .map((ch) => {
      try {
        font.encodeText(ch);
        return ch;
      } catch {
        return "?";
      }
    })
    .join("");
}

/** Breaks `text` into lines no wider than `width` at `size`. */
function wrap(font: PDFFont, text: string, size: number, width: number) {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) <= width || !line) line = next;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines.slice(0, 3);
}

export async function certificatePdf(input: {
  contest: string;
  entry: string;
  writer: string;
  award: string;
  date: string;
}) {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${input.award}: ${input.entry}`);
  pdf.setAuthor("Inkwell");
  pdf.setSubject(input.contest);
  const page = pdf.addPage([842, 595]); // A4 landscape
  const serif = await pdf.embedFont(StandardFonts.TimesRoman);
  const bold = await pdf.embedFont(StandardFonts.TimesRomanBold);
  const ink = rgb(0.2, 0.27, 0.56);
  page.drawRectangle({ x: 24, y: 24, width: 794, height: 547, borderColor: ink, borderWidth: 3 });
  page.drawRectangle({ x: 34, y: 34, width: 774, height: 527, borderColor: ink, borderWidth: 1 });
  const center = (
    text: string,
    y: number,
    font: PDFFont,
    size: number,
    color = rgb(0.1, 0.1, 0.15),
  ) => {
    for (const [i, line] of wrap(font, drawable(font, text), size, 700).entries()) {
      const w = font.widthOfTextAtSize(line, size);
      page.drawText(line, { x: (842 - w) / 2, y: y - i * size * 1.2, size, font, color });
    }
  };
  center("Inkwell", 500, bold, 22, ink);
  center("Certificate of Achievement", 455, bold, 34);
  center("This certifies that", 405, serif, 16);
  center(input.writer, 370, bold, 28, ink);
  center(`won ${input.award} in`, 325, serif, 16);
  center(input.contest, 292, bold, 22);
  center("for the story", 250, serif, 16);
  center(`"${input.entry}"`, 218, bold, 20);
  center(input.date, 110, serif, 14);
  return pdf.save();
}

/** The certificate of the entrant's own awarded entry, once results are out; null otherwise. */
export async function entrantCertificate(
  entrantId: string,
  submissionId: string,
  now = new Date(),
) {
  const entry = await prisma.submission.findFirst({
    where: { id: submissionId, entrantId },
    select: {
      title: true,
      entrant: { select: { displayName: true } },
      contest: { select: { title: true, resultsAt: true, timeZone: true } },
    },
  });
  if (!entry) return null;
  const award = await entryAward(submissionId, now);
  if (!award) return null;
  return certificatePdf({
    contest: entry.contest.title,
    entry: entry.title,
    writer: entry.entrant.displayName,
    award: awardLabel(award)
      .toLowerCase()
      .replace(/^honourable/, "an honourable"),
    date: formatDate(entry.contest.resultsAt, entry.contest.timeZone),
  });
}
