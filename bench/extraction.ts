/**
 * Extraction throughput (docs/decisions/0034-reading-desk.md): documents read per second by the
 * inspection worker (one worker thread = one core), each document inspected as an upload is
 * (judge copy, reading text, full text), in this process through `inspectInWorker`, not over
 * HTTP. Also the peak RSS of the process while it reads.
 *
 *   npx tsx bench/extraction.ts [--seconds 10] [--compare]
 *   npm run bench -- --only extraction --db sqlite     (the same case, as one row of the table)
 *
 * --compare also times each library against the reader it replaces, in process, per document:
 * unpdf (pdf.js) vs unpdf's own extractText vs the pdf-lib string reader; mammoth vs the
 * htmlparser2 reader; word-extractor vs the hand reader of the WordDocument stream.
 */
import {
  inspectInWorker,
  stopInspectionWorker,
} from "../app/features/documents/document-inspection.server";
import type { FileKind } from "../app/features/documents/file-sniff";
import {
  bigJpeg,
  docStory,
  docxStory,
  pdfStory,
  storyOfWords,
} from "../tests/fixtures/reading-documents";

type Doc = { name: string; kind: FileKind; bytes: Uint8Array; encoding?: string };

function rssMb() {
  return process.memoryUsage.rss() / 1024 / 1024;
}

export async function documents(): Promise<Doc[]> {
  const words = storyOfWords(2500, 80);
  const photo = bigJpeg(9_500_000);
  return [
    { name: "PDF, 2,500 words", kind: "pdf", bytes: await pdfStory(words) },
    { name: "DOCX, 2,500 words", kind: "docx", bytes: docxStory(words) },
    { name: "DOC, 2,500 words", kind: "doc", bytes: docStory(words) },
    {
      name: "TXT (UTF-16), 2,500 words",
      kind: "txt",
      bytes: Buffer.from(`\ufeff${words.join("\r\n\r\n")}`, "utf16le"),
      encoding: "utf-16le",
    },
    { name: "PDF, 10 MB (a photo)", kind: "pdf", bytes: await pdfStory(words, { image: photo }) },
    { name: "DOCX, 10 MB (a photo)", kind: "docx", bytes: docxStory(words, { image: photo }) },
  ];
}

export type ExtractionRow = {
  name: string;
  perSecond: number;
  msEach: number;
  peakRssMb: number;
  /** Peak RSS over the process's RSS before the worker started. */
  growthMb: number;
};

/** Each document inspected in the worker, one after another, for about `seconds`. */
export async function extractionThroughput(seconds = 5): Promise<ExtractionRow[]> {
  const docs = await documents();
  const base = rssMb();
  const out: ExtractionRow[] = [];
  for (const doc of docs) {
    // A first read starts the worker and loads the library.
    const first = await inspectInWorker(doc.kind, doc.bytes, { encoding: doc.encoding });
    if (!first.ok) throw new Error(`${doc.name}: ${first.problem}`);
    let peak = rssMb();
    const poll = setInterval(() => (peak = Math.max(peak, rssMb())), 10);
    let n = 0;
    const started = performance.now();
    while (performance.now() - started < seconds * 1000) {
      const r = await inspectInWorker(doc.kind, doc.bytes, { encoding: doc.encoding });
      if (!r.ok) throw new Error(`${doc.name}: ${r.problem}`);
      n++;
    }
    const ms = performance.now() - started;
    clearInterval(poll);
    out.push({
      name: doc.name,
      perSecond: (n * 1000) / ms,
      msEach: ms / n,
      peakRssMb: peak,
      growthMb: peak - base,
    });
  }
  await stopInspectionWorker();
  return out;
}

async function time(label: string, runs: number, f: () => Promise<unknown>) {
  await f();
  const started = performance.now();
  for (let i = 0; i < runs; i++) await f();
  const ms = (performance.now() - started) / runs;
  console.log(`| ${label} | ${ms.toFixed(1)} |`);
}

async function compare() {
  const { readingText } = await import("../app/features/documents/document-text");
  const { pdfText } = await import("../app/features/documents/document-pdf");
  const { docxText } = await import("../app/features/documents/document-docx");
  const { docText } = await import("../app/features/documents/document-doc");
  const { extractText, getDocumentProxy } = await import("unpdf");
  const docs = await documents();
  console.log("\n| document and reader | ms per document |\n|---|---|");
  for (const doc of docs) {
    const runs = doc.bytes.byteLength > 1e6 ? 5 : 20;
    await time(`${doc.name}: readingText`, runs, () =>
      readingText(doc.kind, doc.bytes, doc.encoding),
    );
    if (doc.kind === "pdf") {
      await time(`${doc.name}: unpdf extractText (merged, no lines)`, runs, async () => {
        const pdf = await getDocumentProxy(new Uint8Array(doc.bytes), { isEvalSupported: false });
        await extractText(pdf, { mergePages: true });
        await pdf.destroy();
      });
      await time(`${doc.name}: pdf-lib string reader (today's)`, runs, () => pdfText(doc.bytes));
    }
    if (doc.kind === "docx")
      await time(`${doc.name}: htmlparser2 reader (today's)`, runs, async () =>
        docxText(doc.bytes),
      );
    if (doc.kind === "doc")
      await time(`${doc.name}: hand reader (today's)`, runs, async () => docText(doc.bytes));
  }
}

async function main() {
  const args = process.argv.slice(2);
  const seconds = Number(args[args.indexOf("--seconds") + 1]) || 10;
  if (args.includes("--compare")) await compare();
  const rows = await extractionThroughput(seconds);
  console.log(
    `\nExtraction in the inspection worker (one thread), ${seconds} s per document, in process:\n`,
  );
  console.log(
    "| document | documents/s per core | ms each | peak RSS MB | over the start MB |\n|---|---|---|---|---|",
  );
  for (const r of rows)
    console.log(
      `| ${r.name} | ${r.perSecond.toFixed(1)} | ${r.msEach.toFixed(0)} | ${r.peakRssMb.toFixed(0)} | ${r.growthMb.toFixed(0)} |`,
    );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
