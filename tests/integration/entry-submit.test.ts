import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import Database from "better-sqlite3";
import pg from "pg";
import { docxBomb, docxWithAuthor, pdfWithAuthor } from "#tests/fixtures/authored-documents";
import { docxBytes, exeBytes, pdfBytes, textBytes } from "#tests/fixtures/entry-files";
import { settled } from "./entry-outcome";

// E-mail goes to a Resend endpoint that refuses connections: sending fails, the entry must not.
process.env.RESEND_API_KEY = "re_test_key";
process.env.RESEND_BASE_URL = "http://127.0.0.1:9";

const { ENTRY_BUSY_BUDGET_MS, observeSql, prisma } = await import("~/utils/db.server");
const { createLocalStorage, setStorageForTests } = await import("~/utils/storage.server");
const { receiveEntry: receive, newEntryKey } =
  await import("~/features/entries/receive-entry.server");
const receiveEntry = settled(receive);
const { publicContest } = await import("~/features/contests/public-contest");
const { contestSelect } = await import("~/features/contests/public-contests.server");
const { deliverDueEvents } = await import("~/features/lifecycle/outbox.server");
const { handleLocally } = await import("~/features/lifecycle/scheduler.server");

const root = fs.mkdtempSync(path.join(os.tmpdir(), "inkwell-entries-"));
const DAY = 86_400_000;
let userId = "";
let contestId = "";

beforeAll(async () => {
  setStorageForTests(createLocalStorage(root));
  const user = await prisma.user.create({
    data: {
      email: "writer@example.test",
      displayName: "Writer",
      dateOfBirth: new Date("2005-01-01T00:00:00Z"),
    },
  });
  userId = user.id;
  const now = Date.now();
  const contest = await prisma.contest.create({
    data: {
      slug: "open-contest",
      title: "Open Contest",
      description: "An open contest for tests.",
      isPublished: true,
      wordMin: 3,
      wordMax: 50,
      submissionsOpen: new Date(now - DAY),
      submissionsClose: new Date(now + DAY),
      judgingOpen: new Date(now + 2 * DAY),
      judgingClose: new Date(now + 3 * DAY),
      resultsAt: new Date(now + 4 * DAY),
    },
  });
  contestId = contest.id;
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

function request(
  fields: Record<string, string>,
  file?: { name: string; bytes: Uint8Array; type?: string },
) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  if (file)
    fd.append(
      "file",
      new Blob([new Uint8Array(file.bytes)], { type: file.type ?? "application/octet-stream" }),
      file.name,
    );
  return new Request("http://localhost/contests/open-contest/enter", { method: "POST", body: fd });
}

async function contest() {
  return publicContest(
    await prisma.contest.findUniqueOrThrow({ where: { id: contestId }, select: contestSelect }),
  );
}
const user = () => prisma.user.findUniqueOrThrow({ where: { id: userId } });
const storedFiles = () =>
  fs.existsSync(root)
    ? fs
        .readdirSync(root, { recursive: true })
        .map(String)
        .filter((f) => fs.statSync(path.join(root, f)).isFile())
    : [];
const rows = () =>
  prisma.submission.findMany({ where: { entrantId: userId }, orderBy: { createdAt: "asc" } });

describe("receiving an entry", () => {
  test("a file entry is streamed to storage and written; a failed confirmation e-mail leaves it submitted and logged", async () => {
    const outcome = await receiveEntry(
      request({ title: "Paper Boats", ...confirmed }, { name: "boats.docx", bytes: docxBytes() }),
      await user(),
      await contest(),
    );
    expect(outcome).toMatchObject({ ok: true, status: "submitted", duplicate: false });
    const [row] = await rows();
    expect(row).toMatchObject({
      title: "Paper Boats",
      status: "submitted",
      // A document's words are counted as typed text is ("Once upon a time").
      wordCount: 4,
      fileName: "boats.docx",
    });
    expect(row.filePath).toMatch(new RegExp(`^${userId}/${contestId}/\\d+\\.docx$`));
    expect(fs.readFileSync(path.join(root, row.filePath!)).equals(docxBytes())).toBe(true);
    // The confirmation is an outbox event written with the entry, sent by the workflow.
    const event = await prisma.outboxEvent.findFirstOrThrow({ where: { name: "entry/submitted" } });
    expect(JSON.parse(event.payload)).toEqual({ submissionId: row.id });
    // The copy check (docs/decisions/0054-copied-entries.md) is delivered; the confirmation fails.
    expect(await deliverDueEvents(new Date(), handleLocally)).toEqual({ delivered: 1, failed: 1 });
    const log = await prisma.emailLog.findFirstOrThrow({
      where: { to: "writer@example.test", template: "submission-confirmation" },
    });
    expect(log.status).toBe("failed");
    expect(log.error).toBeTruthy();
    const retried = await prisma.outboxEvent.findUniqueOrThrow({ where: { id: event.id } });
    expect(retried).toMatchObject({ attempts: 1, deliveredAt: null });
    expect(retried.lastError).toContain(`e-mail confirm:${row.id} failed`);
    expect(retried.nextAttemptAt).not.toBeNull();
    await prisma.outboxEvent.deleteMany({});
    await prisma.submission.deleteMany({});
    fs.rmSync(path.join(root, row.filePath!));
  });

  test("validation failure after the upload removes the stored file", async () => {
    const outcome = await receiveEntry(
      request({ ...confirmed }, { name: "s.pdf", bytes: pdfBytes() }),
      await user(),
      await contest(),
    );
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.reply?.error?.title).toEqual(["Title is required"]);
    expect(await rows()).toHaveLength(0);
    expect(storedFiles()).toEqual([]);
  });

  test("content that is not what its name says is refused before anything is stored", async () => {
    const outcome = await receiveEntry(
      request({ title: "X", ...confirmed }, { name: "s.pdf", bytes: exeBytes() }),
      await user(),
      await contest(),
    );
    expect(outcome.ok).toBe(false);
    if (!outcome.ok)
      expect(outcome.reply?.error?.file).toEqual([
        "Only PDF, DOC, DOCX, and TXT files are allowed",
      ]);
    expect(storedFiles()).toEqual([]);
  });

  test("a file over 10 MB is cut off, refused and removed", async () => {
    const big = new Uint8Array(10 * 1024 * 1024 + 1).fill(0x61);
    const outcome = await receiveEntry(
      request({ title: "Big", ...confirmed }, { name: "big.txt", bytes: big }),
      await user(),
      await contest(),
    );
    expect(outcome.ok).toBe(false);
    if (!outcome.ok)
      expect(outcome.reply?.error?.file).toEqual(["File size must be less than 10MB"]);
    expect(storedFiles()).toEqual([]);
    // Exactly 10 MB, in 20 (long) words: within the contest's word range (ADR 0034).
    const exact = new Uint8Array(10 * 1024 * 1024).fill(0x61);
    for (let i = 1; i < 20; i++) exact[Math.floor((i * exact.length) / 20)] = 0x20;
    const ok = await receiveEntry(
      request({ title: "Exactly ten", ...confirmed }, { name: "ten.txt", bytes: exact }),
      await user(),
      await contest(),
    );
    expect(ok).toMatchObject({ ok: true });
    await prisma.submission.deleteMany({});
    fs.rmSync(root, { recursive: true, force: true });
    fs.mkdirSync(root);
  }, 60_000); // 10 MB through the stream: slow when the machine is shared, never a measure

  test("if the database write fails after the upload, the stored file is removed and no row remains", async () => {
    // A real failing write: the database refuses this insert.
    if (onPostgres) {
      await prisma.$executeRawUnsafe(
        `CREATE FUNCTION fail_entry() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF NEW."title" = 'Lost?' THEN RAISE EXCEPTION 'disk full'; END IF; RETURN NEW; END $$`,
      );
      await prisma.$executeRawUnsafe(
        `CREATE TRIGGER fail_entry BEFORE INSERT ON "Submission" FOR EACH ROW EXECUTE FUNCTION fail_entry()`,
      );
    } else
      await prisma.$executeRawUnsafe(
        `CREATE TRIGGER fail_entry BEFORE INSERT ON Submission WHEN NEW.title = 'Lost?' BEGIN SELECT RAISE(ABORT, 'disk full'); END;`,
      );
    const outcome = await receiveEntry(
      request({ title: "Lost?", ...confirmed }, { name: "s.pdf", bytes: pdfBytes() }),
      await user(),
      await contest(),
    );
    await prisma.$executeRawUnsafe(
      onPostgres ? `DROP TRIGGER fail_entry ON "Submission"` : `DROP TRIGGER fail_entry`,
    );
    expect(outcome).toMatchObject({ ok: false, status: 500, formError: "Failed to submit entry" });
    expect(await rows()).toHaveLength(0);
    expect(storedFiles()).toEqual([]);
  });

  test("the window is checked at the moment of the write: a form shown open but sent after close is refused", async () => {
    const shown = await contest(); // loaded while open
    await prisma.contest.update({
      where: { id: contestId },
      data: { submissionsClose: new Date(Date.now() - 1000) },
    });
    const outcome = await receiveEntry(
      request({ title: "Late", ...confirmed }, { name: "s.pdf", bytes: pdfBytes() }),
      await user(),
      shown,
    );
    await prisma.contest.update({
      where: { id: contestId },
      data: { submissionsClose: new Date(Date.now() + DAY) },
    });
    expect(outcome).toMatchObject({
      ok: false,
      status: 403,
      formError: "Submissions are not currently open for this contest.",
    });
    expect(await rows()).toHaveLength(0);
    expect(storedFiles()).toEqual([]);
  });

  test("eligibility is checked at the write too (under 13 without consent)", async () => {
    await prisma.user.update({
      where: { id: userId },
      data: { dateOfBirth: new Date(Date.now() - 10 * 365 * DAY) },
    });
    const outcome = await receiveEntry(
      request({ title: "Young", body: "one two three", ...confirmed }),
      { id: userId, dateOfBirth: new Date("2005-01-01"), parentConsentAt: null },
      await contest(),
    );
    await prisma.user.update({
      where: { id: userId },
      data: { dateOfBirth: new Date("2005-01-01T00:00:00Z") },
    });
    expect(outcome.ok).toBe(false);
    expect(await rows()).toHaveLength(0);
  });

  test("the same form posted twice creates one entry and keeps one file", async () => {
    const entryKey = newEntryKey();
    const send = async () =>
      receiveEntry(
        request({ title: "Twice", entryKey, ...confirmed }, { name: "s.pdf", bytes: pdfBytes() }),
        await user(),
        await contest(),
      );
    const first = await send();
    await new Promise((r) => setTimeout(r, 5)); // a different timestamp key for the second upload
    const second = await send();
    expect(first).toMatchObject({ ok: true, submissionId: entryKey, duplicate: false });
    expect(second).toMatchObject({ ok: true, submissionId: entryKey, duplicate: true });
    expect(await rows()).toHaveLength(1);
    expect(storedFiles()).toHaveLength(1);
  });

  test("Back then Submit without JavaScript (a new key, the same title and text) makes no second entry", async () => {
    await prisma.submission.deleteMany({ where: { entrantId: userId } });
    const story = { title: "Back Button", body: "one two three four five", ...confirmed };
    const send = async (fields: Record<string, string>) =>
      receiveEntry(request({ ...fields, entryKey: newEntryKey() }), await user(), await contest());
    const first = await send(story);
    const again = await send(story);
    expect(first).toMatchObject({ ok: true, duplicate: false });
    expect(again).toMatchObject({ ok: true, duplicate: true });
    expect(first.ok && again.ok && again.submissionId).toBe(first.ok && first.submissionId);
    expect(await rows()).toHaveLength(1);
    // The same file again (another key) is the same entry too, and its second copy is not kept.
    await prisma.submission.deleteMany({ where: { entrantId: userId } });
    const filed = async () =>
      receiveEntry(
        request(
          { title: "Filed Twice", entryKey: newEntryKey(), ...confirmed },
          { name: "twice.pdf", bytes: pdfBytes() },
        ),
        await user(),
        await contest(),
      );
    const filesBefore = storedFiles().length;
    expect(await filed()).toMatchObject({ ok: true, duplicate: false });
    await new Promise((r) => setTimeout(r, 5)); // a different timestamp key for the second upload
    expect(await filed()).toMatchObject({ ok: true, duplicate: true });
    expect(await rows()).toHaveLength(1);
    expect(storedFiles()).toHaveLength(filesBefore + 1);
    // A withdrawn entry is not the same post: sending it again makes a new entry.
    await prisma.submission.updateMany({
      where: { entrantId: userId },
      data: { status: "withdrawn" },
    });
    expect(await filed()).toMatchObject({ ok: true, duplicate: false });
    await prisma.submission.deleteMany({ where: { entrantId: userId } });
  });

  test("a forged form key naming someone else's entry is ignored: a new entry is made, theirs is untouched", async () => {
    await prisma.submission.deleteMany({ where: { entrantId: userId } }); // one entry per writer
    const other = await prisma.user.create({
      data: {
        email: "other@example.test",
        displayName: "Other",
        dateOfBirth: new Date("2004-01-01T00:00:00Z"),
      },
    });
    const theirs = await prisma.submission.create({
      data: {
        id: newEntryKey(),
        contestId,
        entrantId: other.id,
        title: "Theirs",
        body: "their own words",
        status: "submitted",
      },
    });
    const outcome = await receiveEntry(
      request({ title: "Mine", body: "my own words here", entryKey: theirs.id, ...confirmed }),
      await user(),
      await contest(),
    );
    expect(outcome).toMatchObject({ ok: true, duplicate: false });
    expect(outcome.ok && outcome.submissionId).not.toBe(theirs.id);
    expect(await prisma.submission.findUniqueOrThrow({ where: { id: theirs.id } })).toMatchObject({
      entrantId: other.id,
      title: "Theirs",
    });
  });
});

/** A multipart body written byte for byte, as browsers (and attackers) send it. */
function rawMultipart(
  fields: Record<string, string>,
  file?: { disposition: Buffer | string; bytes: Uint8Array },
) {
  const boundary = "----inkwellTestBoundary7MA4YWxk";
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
    );
  if (file)
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; `),
      Buffer.from(file.disposition),
      Buffer.from("\r\nContent-Type: application/octet-stream\r\n\r\n"),
      Buffer.from(file.bytes),
      Buffer.from("\r\n"),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return new Request("http://localhost/contests/open-contest/enter", {
    method: "POST",
    headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` },
    body: Buffer.concat(parts),
  });
}

/** Each block below starts with no entries and no stored files. */
async function clean() {
  await prisma.submission.deleteMany({});
  fs.rmSync(root, { recursive: true, force: true });
  fs.mkdirSync(root);
}

describe("file names and bodies a browser (or anyone) can send", () => {
  beforeAll(clean);
  const story = textBytes("Once upon a time a river ran backwards.\n");
  const names: [string, Buffer | string, string][] = [
    ["equals", 'filename="Chapter=1.txt"', "Chapter=1.txt"],
    ["semicolon", 'filename="Draft; final.txt"', "Draft; final.txt"],
    ["leading equals", 'filename="=final draft.txt"', "=final draft.txt"],
    ["quotes", 'filename="My \\"best\\" story.txt"', 'My "best" story.txt'],
    ["path", 'filename="../../etc/passwd.txt"', "passwd.txt"],
    ["windows path", 'filename="C:\\\\Users\\\\kid\\\\story.txt"', "story.txt"],
    ["RFC 5987", "filename*=UTF-8''%C3%89lodie%27s%20story.txt", "Élodie's story.txt"],
    ["control", 'filename="tab\tand\u0001bell.txt"', "tab andbell.txt"],
    [
      "invalid UTF-8",
      Buffer.concat([
        Buffer.from('filename="bad'),
        Buffer.from([0xff, 0xfe]),
        Buffer.from('.txt"'),
      ]),
      "bad\uFFFD\uFFFD.txt",
    ],
  ];
  for (const [label, disposition, shown] of names) {
    test(`a file named with ${label} is stored under a generated key and shown safely`, async () => {
      await prisma.submission.deleteMany({});
      const outcome = await receiveEntry(
        rawMultipart(
          { title: `Name ${label}`, body: "typed words here too", ...confirmed },
          {
            disposition,
            bytes: story,
          },
        ),
        await user(),
        await contest(),
      );
      expect(outcome).toMatchObject({ ok: true, status: "submitted" });
      const [row] = await rows();
      expect(row.fileName).toBe(shown);
      expect(row.filePath).toMatch(new RegExp(`^${userId}/${contestId}/\\d+\\.txt$`));
      expect(fs.readFileSync(path.join(root, row.filePath!)).equals(story)).toBe(true);
      await prisma.submission.deleteMany({});
      fs.rmSync(path.join(root, row.filePath!));
    });
  }

  test("a second file is refused, not silently dropped; a file part without a name is refused too", async () => {
    const fd = new FormData();
    for (const [k, v] of Object.entries({ title: "Two files", ...confirmed })) fd.append(k, v);
    fd.append("file", new Blob([story]), "one.txt");
    fd.append("file", new Blob([story]), "two.txt");
    const two = await receiveEntry(
      new Request("http://localhost/x", { method: "POST", body: fd }),
      await user(),
      await contest(),
    );
    expect(two.ok).toBe(false);
    if (!two.ok) expect(two.reply?.error?.file).toEqual(["Please upload one file."]);
    const unnamed = await receiveEntry(
      rawMultipart(
        { title: "Unnamed", body: "typed words here too", ...confirmed },
        {
          disposition: 'filename=""',
          bytes: story,
        },
      ),
      await user(),
      await contest(),
    );
    expect(unnamed.ok).toBe(false);
    if (!unnamed.ok)
      expect(unnamed.reply?.error?.file).toEqual([
        "Only PDF, DOC, DOCX, and TXT files are allowed",
      ]);
    expect(await rows()).toHaveLength(0);
    expect(storedFiles()).toEqual([]);
  });

  test("broken multipart, JSON and oversized fields are 4xx answers that write nothing", async () => {
    const broken = new Request("http://localhost/x", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=zz" },
      body: '--zz\r\nContent-Disposition: form-data; name="title"\r\n\r\nhalf a form',
    });
    expect(await receiveEntry(broken, await user(), await contest())).toMatchObject({
      ok: false,
      status: 400,
    });
    const json = new Request("http://localhost/x", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ title: "x" }),
    });
    expect(await receiveEntry(json, await user(), await contest())).toMatchObject({
      ok: false,
      status: 415,
    });
    const huge = rawMultipart({ title: "Huge", body: "word ".repeat(600_000), ...confirmed });
    expect(await receiveEntry(huge, await user(), await contest())).toMatchObject({
      ok: false,
      status: 413,
    });
    expect(await rows()).toHaveLength(0);
    expect(storedFiles()).toEqual([]);
  });
});

describe("documents and the entrant's identity", () => {
  beforeAll(clean);
  test("a .docx that unpacks past 50 MB is refused and not kept", async () => {
    const outcome = await receiveEntry(
      request(
        { title: "Bomb", ...confirmed },
        { name: "bomb.docx", bytes: docxBomb(60 * 1024 * 1024) },
      ),
      await user(),
      await contest(),
    );
    expect(outcome.ok).toBe(false);
    if (!outcome.ok)
      expect(outcome.reply?.error?.file).toEqual([
        "This document is too large once opened (over 50 MB unpacked). Please upload a smaller file.",
      ]);
    expect(await rows()).toHaveLength(0);
    expect(storedFiles()).toEqual([]);
  });

  test("an entry whose text or file names the entrant is flagged for the admin; others are not", async () => {
    await prisma.user.update({ where: { id: userId }, data: { displayName: "Priya Nair" } });
    const me = { name: "Priya Nair", email: "writer@example.test" };
    const cases: [string, Request, boolean][] = [
      [
        "plain text",
        request({ title: "Plain", body: "a story about a river", ...confirmed }),
        false,
      ],
      [
        "name in text",
        request({ title: "Signed", body: "a story by Priya Nair", ...confirmed }),
        true,
      ],
      [
        "e-mail in a file",
        request(
          { title: "Mailed", ...confirmed },
          {
            name: "s.txt",
            bytes: textBytes("write to me at writer@example.test"),
          },
        ),
        true,
      ],
      [
        "name in a PDF",
        request(
          { title: "PDF", ...confirmed },
          {
            name: "s.pdf",
            bytes: await pdfWithAuthor(
              { name: "Someone Else", email: "x@y.test" },
              "by Priya Nair",
            ),
          },
        ),
        true,
      ],
      [
        "name only in the metadata (stripped for judges, not flagged)",
        request({ title: "Meta", ...confirmed }, { name: "s.docx", bytes: docxWithAuthor(me) }),
        false,
      ],
    ];
    // Several entries from one writer here: lift the contest's entries-per-writer limit.
    await prisma.contest.update({ where: { id: contestId }, data: { entriesPerWriter: 100 } });
    for (const [label, req, flagged] of cases) {
      const outcome = await receiveEntry(req, await user(), await contest());
      expect(outcome, label).toMatchObject({ ok: true });
      const row = await prisma.submission.findUniqueOrThrow({
        where: { id: outcome.ok ? outcome.submissionId : "" },
      });
      expect(row.mentionsEntrant, label).toBe(flagged);
    }
    await prisma.user.update({ where: { id: userId }, data: { displayName: "Writer" } });
    await prisma.submission.deleteMany({});
    fs.rmSync(root, { recursive: true, force: true });
    fs.mkdirSync(root);
  });
});

const onPostgres = process.env.DATABASE_URL!.startsWith("postgres");

async function lockEntries() {
  if (onPostgres) {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    await client.query(`BEGIN; LOCK TABLE "Submission" IN ACCESS EXCLUSIVE MODE`);
    return {
      release: async () => {
        await client.query("ROLLBACK");
        await client.end();
      },
    };
  }
  const db = new Database(process.env.DATABASE_URL!.slice("file:".length));
  db.exec("BEGIN IMMEDIATE");
  return {
    release: async () => {
      db.exec("ROLLBACK");
      db.close();
    },
  };
}

describe("a locked database", () => {
  beforeAll(clean);
  test("an entry waits its budget (ENTRY_BUSY_BUDGET_MS), then answers 503 with the typed values; nothing is written or kept", async () => {
    // Another connection holds the write lock: SQLite's, or on PostgreSQL the table's.
    const locker = await lockEntries();
    const started = Date.now();
    try {
      const outcome = await receiveEntry(
        request(
          { title: "Kept title", body: "kept words in the story", ...confirmed },
          {
            name: "s.pdf",
            bytes: pdfBytes(),
          },
        ),
        await user(),
        await contest(),
      );
      expect(outcome).toMatchObject({
        ok: false,
        status: 503,
        formError: "The site is busy, please try again.",
      });
      // A rush's entry waits its turn for up to 8 s (docs/decisions/0071-rush-write-lock.md),
      // then the clear answer: not the 2.5 s of other writes, and not forever (the test's 20 s).
      expect(Date.now() - started).toBeGreaterThanOrEqual(ENTRY_BUSY_BUDGET_MS - 500);
      if (!outcome.ok)
        expect(outcome.reply?.initialValue).toMatchObject({
          title: "Kept title",
          body: "kept words in the story",
        });
    } finally {
      await locker.release();
    }
    expect(await rows()).toHaveLength(0);
    expect(storedFiles()).toEqual([]);
  });
});

describe.skipIf(onPostgres)(
  "SQLite: an entry's write run again holds the write lock from its first statement",
  () => {
    beforeAll(clean);
    test("another connection that writes between any two of the submit's statements cannot make it stale: the entry is stored", async () => {
      // Another server process: after every statement of the submit it tries to commit a write at
      // once. Before ADR 0071 the write read first and wrote last, so such a commit between its
      // reads and its INSERT refused the INSERT (SQLITE_BUSY_SNAPSHOT) every attempt, until 503.
      const other = new Database(process.env.DATABASE_URL!.slice("file:".length), { timeout: 0 });
      let committed = 0;
      let refused = 0;
      const stop = observeSql(() => {
        try {
          other
            .prepare(
              `INSERT INTO "SchedulerLease" ("name", "holder", "expiresAt") VALUES ('probe', 'other', 0)
             ON CONFLICT ("name") DO UPDATE SET "holder" = "holder" || 'x'`,
            )
            .run();
          committed++;
        } catch (error) {
          if ((error as { code?: string }).code !== "SQLITE_BUSY") throw error;
          refused++;
        }
      });
      try {
        const outcome = await receiveEntry(
          request({
            title: "Busy neighbour",
            body: "words typed while another wrote",
            ...confirmed,
          }),
          await user(),
          await contest(),
        );
        expect(outcome).toMatchObject({ ok: true, duplicate: false });
      } finally {
        stop();
        other.prepare(`DELETE FROM "SchedulerLease" WHERE "name" = 'probe'`).run();
        other.close();
      }
      expect(await rows()).toHaveLength(1);
      // The other writer wrote between the statements before the write, and was refused between
      // those inside it: a writer's own typed entry is one direct write that holds the lock from
      // its BEGIN IMMEDIATE (docs/decisions/0080-rush-direct-write.md), so after each of its three
      // statements (the one read of the checks, the INSERT and its outbox event); before, the
      // client's retry took the lock with a statement of its own, a fourth.
      expect(committed).toBeGreaterThan(0);
      expect(refused).toBeGreaterThanOrEqual(3);
    });
  },
);
