/**
 * The winner's certificate: a one-page PDF made on the server with pdf-lib, naming the contest,
 * the entry, the writer, the award and the date (docs/decisions/0019-results.md). Every
 * character is drawn, whatever the script: Noto fonts chosen per run of characters
 * (certificate-fonts.server.ts, docs/decisions/0023-privacy-and-links.md).
 */
import { resultsDate, resultsReleaseSelect } from "~/features/contests/results-release";
import type { RGB } from "pdf-lib";
import { formatDate } from "~/utils/dates";
import { prisma, type Prisma } from "~/utils/db.server";
import { awardLabel, withDivision, type Award } from "./awards";
import { certificateFonts, type Run } from "./certificate-fonts.server";
import { awardsOf, entryAward, readerOf } from "./results.server";
import { writerName, writerSelect } from "~/features/judging/writer";
import { certificateFileName } from "./certificate-name";

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

type Line = { text: string; y: number; weight: "regular" | "bold"; size: number; ink?: boolean };

/** One certificate page (A4 landscape, the double frame) with its lines centred. */
async function drawCertificate(meta: { title: string; subject: string }, lines: Line[]) {
  // pdf-lib loads with the first certificate, not at every server start (ADR 0040 addendum).
  const { PDFDocument, rgb } = await import("pdf-lib");
  const pdf = await PDFDocument.create();
  pdf.setTitle(meta.title);
  pdf.setAuthor("Inkwell");
  pdf.setSubject(meta.subject);
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
  for (const line of lines) {
    await center(line.text, line.y, line.weight, line.size, line.ink ? ink : undefined);
  }
  return pdf.save();
}

export async function certificatePdf(input: {
  contest: string;
  entry: string;
  writer: string;
  award: string;
  date: string;
}) {
  return drawCertificate({ title: `${input.award}: ${input.entry}`, subject: input.contest }, [
    { text: "Inkwell", y: 500, weight: "bold", size: 22, ink: true },
    { text: "Certificate of Achievement", y: 455, weight: "bold", size: 34 },
    { text: "This certifies that", y: 405, weight: "regular", size: 16 },
    { text: input.writer, y: 370, weight: "bold", size: 28, ink: true },
    { text: `won ${input.award} in`, y: 325, weight: "regular", size: 16 },
    { text: input.contest, y: 292, weight: "bold", size: 22 },
    { text: "for the story", y: 250, weight: "regular", size: 16 },
    { text: input.entry, y: 218, weight: "bold", size: 20 },
    { text: input.date, y: 110, weight: "regular", size: 14 },
  ]);
}

/**
 * The educator's certificate: "Grace Hopkins, Maple Grove Primary, in recognition of guiding
 * Mia R. to 1st place in Winter Tales 2026" (docs/decisions/0031-classrooms-and-shared-computers.md).
 */
export async function educatorCertificatePdf(input: {
  educator: string;
  school: string;
  placed: { pupil: string; award: string }[];
  contest: string;
  date: string;
}) {
  const guided = input.placed.map((p) => `${p.pupil} to ${p.award}`);
  const list =
    guided.length <= 1
      ? (guided[0] ?? "")
      : `${guided.slice(0, -1).join(", ")} and ${guided[guided.length - 1]}`;
  return drawCertificate({ title: `In recognition: ${input.educator}`, subject: input.contest }, [
    { text: "Inkwell", y: 500, weight: "bold", size: 22, ink: true },
    { text: "Certificate of Recognition", y: 455, weight: "bold", size: 34 },
    { text: "This certificate is presented to", y: 405, weight: "regular", size: 16 },
    { text: `${input.educator}, ${input.school}`, y: 370, weight: "bold", size: 26, ink: true },
    { text: `in recognition of guiding ${list} in`, y: 320, weight: "regular", size: 16 },
    { text: input.contest, y: 240, weight: "bold", size: 22 },
    { text: input.date, y: 110, weight: "regular", size: 14 },
  ]);
}

/**
 * "1st place", "an honourable mention": how an award reads inside a sentence; with the division
 * it was won in, "1st place, Grades 6-8" (docs/decisions/0032-divisions-and-rounds.md).
 */
export const awardInSentence = (
  award: Pick<Award, "kind" | "place"> & { division?: string | null },
) =>
  withDivision(
    awardLabel(award)
      .toLowerCase()
      .replace(/^honourable/, "an honourable"),
    award.division,
  );

const certificateEntrySelect = {
  id: true,
  title: true,
  ...writerSelect,
  contest: { select: { title: true, timeZone: true, ...resultsReleaseSelect } },
} as const;

/**
 * The certificate of an awarded entry the user may read (their own, or one sent for them as a
 * pupil), once results are out, with a file name naming the writer; null otherwise.
 */
export async function entrantCertificate(userId: string, submissionId: string, now = new Date()) {
  const entry = await prisma.submission.findFirst({
    where: { id: submissionId, ...readerOf(userId) },
    select: certificateEntrySelect,
  });
  if (!entry) return null;
  const award = await entryAward(submissionId, now);
  if (!award) return null;
  return entryCertificate(entry, award);
}

async function entryCertificate(
  entry: Prisma.SubmissionGetPayload<{ select: typeof certificateEntrySelect }>,
  award: Pick<Award, "kind" | "place"> & { division?: string | null },
) {
  const writer = writerName(entry);
  const pdf = await certificatePdf({
    contest: entry.contest.title,
    entry: entry.title,
    writer,
    award: awardInSentence(award),
    date: formatDate(resultsDate(entry.contest), entry.contest.timeZone),
  });
  return { pdf, writer, fileName: certificateFileName(writer) };
}

/**
 * The certificates of those of `submissionIds` that won an award (results out), in the order
 * given: one query for the entries and one for the awards, then one PDF each.
 */
export async function certificatesFor(submissionIds: string[], now = new Date()) {
  const awards = await awardsOf(submissionIds, now);
  const ids = submissionIds.filter((id) => awards.has(id));
  if (!ids.length) return [];
  const entries = new Map(
    (
      await prisma.submission.findMany({
        where: { id: { in: ids } },
        select: certificateEntrySelect,
      })
    ).map((e) => [e.id, e]),
  );
  const out = [];
  for (const id of ids) {
    const entry = entries.get(id);
    if (entry) out.push({ submissionId: id, ...(await entryCertificate(entry, awards.get(id)!)) });
  }
  return out;
}
