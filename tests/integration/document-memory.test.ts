/**
 * PDF reading is bounded in memory as it is in time (docs/decisions/0046-every-text-a-document-carries.md).
 * A 1.1 MB PDF whose object stream inflates to 1.1 GB took the server process from 97 MB to
 * 1,421 MB in one upload (15 s, then "too slow") and the memory was not given back (1,508 MB
 * after three): the reader was a thread of the server. Now it is a child process with a heap
 * limit and a memory watch: 20 such uploads are each refused with a clear message and the
 * server's own memory stays within its bound.
 */
import { afterAll, describe, expect, test } from "vitest";
import { pdfObjectStreamBomb } from "#tests/fixtures/heavy-documents";
import { pdfFromText } from "../../prisma/document-builders";
import {
  inspectInWorker,
  judgeCopyInReader,
  NoJudgeCopy,
  stopInspectionWorker,
} from "~/features/documents/document-inspection.server";
import { ENTRY_MESSAGES, PROBLEM_MESSAGES } from "~/features/entries/entry-rules";

afterAll(stopInspectionWorker);

const rssMb = () => process.memoryUsage().rss / (1024 * 1024);

describe("a PDF built to exhaust memory", () => {
  test("20 uploads are refused with a clear message and leave the server's memory within 300 MB", async () => {
    const bomb = await pdfObjectStreamBomb();
    expect(bomb.byteLength).toBeLessThan(1.5 * 1024 * 1024);
    const before = rssMb();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb())), 20);
    try {
      for (let i = 0; i < 20; i++) {
        // Each upload hands the reader its own copy, as the upload path does. The time limit is
        // set far away so a busy machine cannot make this a "too slow" refusal instead.
        const result = await inspectInWorker("pdf", new Uint8Array(bomb), {
          timeLimitMs: 600_000,
        });
        expect(result).toEqual({ ok: false, problem: "too-much-memory" });
      }
      // The judge's copy of such a file (a download) is refused the same way, never made here.
      await expect(judgeCopyInReader("pdf", new Uint8Array(bomb))).rejects.toBeInstanceOf(
        NoJudgeCopy,
      );
    } finally {
      clearInterval(sampler);
    }
    const after = rssMb();
    console.info(
      `[document-memory] server RSS before ${before.toFixed(0)} MB, peak ${peak.toFixed(0)} MB, after ${after.toFixed(0)} MB`,
    );
    expect(peak - before).toBeLessThan(300);
    expect(after - before).toBeLessThan(300);
    // The writer reads why, in words.
    expect(PROBLEM_MESSAGES["too-much-memory"]).toBe(ENTRY_MESSAGES.tooMuchMemory);
    expect(ENTRY_MESSAGES.tooMuchMemory).toMatch(/too much memory/);
    // And the next, ordinary document is read as ever.
    const story = await pdfFromText("Salt", "The sea was grey and the gulls were loud.");
    const ok = await inspectInWorker("pdf", story);
    expect(ok.ok && ok.text).toContain("the gulls were loud");
  }, 900_000);
});
