/**
 * Documents read at upload (docs/decisions/0034-reading-desk.md): their words are counted like
 * typed text and held to the contest's range, their text is kept for judges, and entries received
 * before that get it from the backfill. On SQLite and PostgreSQL.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { docxBytes, textBytes } from "#tests/fixtures/entry-files";
import { settled } from "./entry-outcome";

process.env.RESEND_API_KEY = "re_test_key";
process.env.RESEND_BASE_URL = "http://127.0.0.1:9";

const { prisma } = await import("~/utils/db.server");
const { createLocalStorage, setStorageForTests, entryFileKey, getStorage } =
  await import("~/utils/storage.server");
const { receiveEntry: receive } = await import("~/features/entries/receive-entry.server");
const receiveEntry = settled(receive);
const { backfillEntryDocuments } = await import("~/features/entries/entry-document.server");
const { publicContest } = await import("~/features/contests/public-contest");
const { contestSelect } = await import("~/features/contests/public-contests.server");
const { wordRangeMessage } = await import("~/features/entries/entry-rules");

const root = fs.mkdtempSync(path.join(os.tmpdir(), "inkwell-reading-"));
const DAY = 86_400_000;
let userId = "";
let contestId = "";

const words = (n: number, word = "river") => Array.from({ length: n }, () => word).join(" ");

beforeAll(async () => {
  setStorageForTests(createLocalStorage(root));
  const user = await prisma.user.create({
    data: {
      email: "reader-writer@example.test",
      displayName: "Priya Nair",
      dateOfBirth: new Date("2005-01-01T00:00:00Z"),
    },
  });
  userId = user.id;
  const now = Date.now();
  const contest = await prisma.contest.create({
    data: {
      slug: "reading-desk-contest",
      title: "Reading Desk Contest",
      description: "A contest of 10 to 50 words.",
      isPublished: true,
      wordMin: 10,
      wordMax: 50,
      entriesPerWriter: 100,
      submissionsOpen: new Date(now - DAY),
      submissionsClose: new Date(now + DAY),
      judgingOpen: new Date(now + 2 * DAY),
      judgingClose: new Date(now + 3 * DAY),
      resultsAt: new Date(now + 4 * DAY),
    },
  });
  contestId = contest.id;
});
beforeEach(async () => {
  await prisma.submission.deleteMany({ where: { contestId } });
});
afterAll(() => {
  setStorageForTests(undefined);
  fs.rmSync(root, { recursive: true, force: true });
});

const confirmed = {
  confirmOriginal: "on",
  confirmEligible: "on",
  confirmRules: "on",
  confirmAnonymous: "on",
};

function request(fields: Record<string, string>, file?: { name: string; bytes: Uint8Array }) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  if (file) fd.append("file", new Blob([new Uint8Array(file.bytes)]), file.name);
  return new Request("http://localhost/contests/reading-desk-contest/enter", {
    method: "POST",
    body: fd,
  });
}
const contest = async () =>
  publicContest(
    await prisma.contest.findUniqueOrThrow({ where: { id: contestId }, select: contestSelect }),
  );
const user = () => prisma.user.findUniqueOrThrow({ where: { id: userId } });
const storedFiles = () =>
  fs
    .readdirSync(root, { recursive: true })
    .map(String)
    .filter((f) => fs.statSync(path.join(root, f)).isFile());

/** UTF-16 LE with its byte order mark. */
const utf16 = (s: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(s, "utf16le")]);

describe("a document's words", () => {
  test("a document under the contest's range is refused with the word-range message; nothing is kept", async () => {
    const before = storedFiles().length;
    for (const file of [
      { name: "short.docx", bytes: docxBytes(words(5)) },
      { name: "short.txt", bytes: textBytes(words(5)) },
      { name: "long.txt", bytes: textBytes(words(51)) },
    ]) {
      const outcome = await receiveEntry(
        request({ title: "Too Short", ...confirmed }, file),
        await user(),
        await contest(),
      );
      expect(outcome.ok, file.name).toBe(false);
      if (!outcome.ok) expect(outcome.reply?.error?.file).toEqual([wordRangeMessage(10, 50)]);
    }
    expect(await prisma.submission.count({ where: { contestId } })).toBe(0);
    expect(storedFiles().length).toBe(before);
  });

  test("a document in range is counted like typed text and its text kept, paragraphs and all", async () => {
    const story = `${words(12, "lantern")}`;
    for (const file of [
      { name: "ok.docx", bytes: docxBytes(story) },
      { name: "ok.txt", bytes: textBytes(`${words(6)}\n\n${words(6, "stone")}`) },
      { name: "wide.txt", bytes: utf16(`${words(6)}\n\n${words(6, "stöne")}`) },
    ]) {
      const outcome = await receiveEntry(
        request({ title: `Counted ${file.name}`, ...confirmed }, file),
        await user(),
        await contest(),
      );
      expect(outcome, file.name).toMatchObject({ ok: true });
      const id = outcome.ok ? outcome.submissionId : "";
      const row = await prisma.submission.findUniqueOrThrow({
        where: { id },
        select: { wordCount: true, document: true, mentionsEntrant: true },
      });
      expect(row.wordCount, file.name).toBe(12);
      expect(row.document?.status).toBe("text");
      expect(row.mentionsEntrant).toBe(false);
    }
    const texts = await prisma.entryDocument.findMany({ select: { text: true } });
    expect(texts.map((t) => t.text)).toContain(`${words(6)}\n\n${words(6, "stöne")}`);
  });

  test("typed text beside a file is what counts", async () => {
    const outcome = await receiveEntry(
      request(
        { title: "Both", body: words(20), ...confirmed },
        { name: "short.docx", bytes: docxBytes(words(3)) },
      ),
      await user(),
      await contest(),
    );
    expect(outcome).toMatchObject({ ok: true });
    const row = await prisma.submission.findFirstOrThrow({ where: { contestId } });
    expect(row.wordCount).toBe(20);
  });

  test("a document that names its writer records where, in its text", async () => {
    const text = `${words(10)} by Priya Nair`;
    const outcome = await receiveEntry(
      request({ title: "Signed", ...confirmed }, { name: "signed.docx", bytes: docxBytes(text) }),
      await user(),
      await contest(),
    );
    expect(outcome).toMatchObject({ ok: true });
    const id = outcome.ok ? outcome.submissionId : "";
    const row = await prisma.submission.findUniqueOrThrow({
      where: { id },
      select: { mentionsEntrant: true, document: { select: { text: true } }, identityHits: true },
    });
    expect(row.mentionsEntrant).toBe(true);
    expect(row.identityHits).toHaveLength(1);
    const [hit] = row.identityHits;
    expect(row.document!.text.slice(hit.start, hit.end)).toBe("Priya Nair");
    expect(hit).toMatchObject({ kind: "name", status: "pending" });
  });
});

describe("the backfill of entries received before documents were read", () => {
  async function oldEntry(title: string, file: { ext: string; bytes: Buffer } | null) {
    const key = file
      ? entryFileKey(userId, contestId, file.ext, new Date(Date.now() + Math.random() * 1e6))
      : null;
    if (file && key) await getStorage().put(key, Readable.from([file.bytes]));
    return prisma.submission.create({
      data: {
        contestId,
        entrantId: userId,
        title,
        status: "submitted",
        wordCount: 0,
        filePath: key ?? `${userId}/${contestId}/1.docx`,
        fileName: `${title}.${file?.ext ?? "docx"}`,
        fileType: file?.ext === "txt" ? "text/plain; charset=utf-16le" : null,
        fileSize: file?.bytes.byteLength ?? 100,
      },
    });
  }

  test("gives old document entries their text, count and flags, once; a missing file is recorded as unreadable", async () => {
    const plain = await oldEntry("Plain", { ext: "docx", bytes: docxBytes(words(15)) });
    const wide = await oldEntry("Wide", { ext: "txt", bytes: utf16(words(7, "höme")) });
    const signed = await oldEntry("Signed", {
      ext: "docx",
      bytes: docxBytes(`${words(10)} reader-writer@example.test`),
    });
    const gone = await oldEntry("Gone", null);
    let done = 0;
    for (let i = 0; i < 10; i++) {
      const n = await backfillEntryDocuments(2);
      if (n === 0) break;
      done += n;
    }
    expect(done).toBe(4);
    const row = (id: string) =>
      prisma.submission.findUniqueOrThrow({
        where: { id },
        select: { wordCount: true, mentionsEntrant: true, document: true, identityHits: true },
      });
    expect(await row(plain.id)).toMatchObject({
      wordCount: 15,
      mentionsEntrant: false,
      document: { status: "text" },
    });
    expect(await row(wide.id)).toMatchObject({
      wordCount: 7,
      document: { status: "text", text: words(7, "höme") },
    });
    const s = await row(signed.id);
    expect(s.mentionsEntrant).toBe(true);
    expect(s.identityHits.map((h) => h.kind)).toEqual(["email"]);
    expect(await row(gone.id)).toMatchObject({
      wordCount: 0,
      document: { status: "unreadable", text: "" },
    });
    // Nothing is left: another pass reads nothing.
    expect(await backfillEntryDocuments(2)).toBe(0);
  });
});
