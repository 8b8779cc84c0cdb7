/**
 * The winner's certificate: a one-page PDF made on the server with pdf-lib, naming the contest,
 * the entry, the writer, the award and the date (docs/decisions/0019-results.md). Every
 * character is drawn, whatever the script: Noto fonts chosen per run of characters
 * (certificate-fonts.server.ts, docs/decisions/0023-privacy-and-links.md).
 */
import { PDFDocument, rgb, type RGB } from "pdf-lib";
import { formatDate } from "~/utils/dates";
import { prisma } from "~/utils/db.server";
import { awardLabel } from "./awards";
import { certificateFonts, type Run } from "./certificate-fonts.server";
import { entryAward } from "./results.server";

const width = (runs: Run[], size: number) =>
  runs.reduce((w, r) => w + r.font.widthOfTextAtSize(r.text, size), 0);

const RTL = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/;

/**
 * A line's words in the order they are drawn, left to right: consecutive right-to-left words
 * (Arabic, Hebrew) are reversed as a group, each word already laid out right to left by fontkit.
 */
function visualOrder(words: Run[][]) {
  const out: Run[][] = [];
  let group: Run[][] = [];
  for (const word of words) {
    if (word.some((r) => RTL.test(r.text))) group.push(word);
    else {
      out.push(...group.reverse(), word);
      group = [];
    }
  }
  return [...out, ...group.reverse()];
}

/** Breaks runs into lines no wider than `max` at `size`, at spaces; at most 3 lines. */
function wrap(runs: Run[], size: number, max: number) {
  // Words keep their runs (a word can mix fonts: "Wiśniewska李").
  const words: Run[][] = [[]];
  for (const run of runs) {
    run.text.split(/(\s+)/).forEach((part, i) => {
      if (i % 2 === 1) words.push([]);
      else if (part) words[words.length - 1].push({ text: part, font: run.font });
    });
  }
  const join = (line: Run[][]) =>
    visualOrder(line).flatMap((word, i) =>
      i ? [{ text: " ", font: word[0].font }, ...word] : word,
    );
  const lines: Run[][][] = [];
  let line: Run[][] = [];
  for (const word of words.filter((w) => w.length)) {
    if (!line.length || width(join([...line, word]), size) <= max) line.push(word);
    else {
      lines.push(line);
      line = [word];
    }
  }
  if (line.length) lines.push(line);
  return lines.slice(0, 3).map(join);
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
  const fonts = await certificateFonts(pdf);
  const page = pdf.addPage([842, 595]); // A4 landscape
  const ink = rgb(0.2, 0.27, 0.56);
  page.drawRectangle({ x: 24, y: 24, width: 794, height: 547, borderColor: ink, borderWidth: 3 });
  page.drawRectangle({ x: 34, y: 34, width: 774, height: 527, borderColor: ink, borderWidth: 1 });
  const center = async (
    text: string,
    y: number,
    weight: "regular" | "bold",
    size: number,
    color: RGB = rgb(0.1, 0.1, 0.15),
  ) => {
    for (const [i, line] of wrap(await fonts.runs(text, weight), size, 700).entries()) {
      let x = (842 - width(line, size)) / 2;
      for (const run of line) {
        page.drawText(run.text, { x, y: y - i * size * 1.2, size, font: run.font, color });
        x += run.font.widthOfTextAtSize(run.text, size);
      }
    }
  };
  await center("Inkwell", 500, "bold", 22, ink);
  await center("Certificate of Achievement", 455, "bold", 34);
  await center("This certifies that", 405, "regular", 16);
  await center(input.writer, 370, "bold", 28, ink);
  await center(`won ${input.award} in`, 325, "regular", 16);
  await center(input.contest, 292, "bold", 22);
  await center("for the story", 250, "regular", 16);
  await center(input.entry, 218, "bold", 20);
  await center(input.date, 110, "regular", 14);
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
