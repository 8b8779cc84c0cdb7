import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { zipOf } from "#tests/fixtures/authored-documents";
import { settled } from "./entry-outcome";

// E-mail goes nowhere here: sending fails quietly, the entry must not.
process.env.RESEND_API_KEY = "re_test_key";
process.env.RESEND_BASE_URL = "http://127.0.0.1:9";

const { prisma } = await import("~/utils/db.server");
const { createLocalStorage, setStorageForTests } = await import("~/utils/storage.server");
const { receiveEntry: receive, newEntryKey } =
  await import("~/features/entries/receive-entry.server");
const receiveEntry = settled(receive);
const { publicContest } = await import("~/features/contests/public-contest");
const { contestSelect } = await import("~/features/contests/public-contests.server");
const { buildSnapshot } = await import("~/features/contests/contest-snapshot");

const root = fs.mkdtempSync(path.join(os.tmpdir(), "inkwell-entry-limit-"));
const DAY = 86_400_000;
let userId = "";
let contestId = "";

beforeAll(async () => {
  setStorageForTests(createLocalStorage(root));
  userId = (
    await prisma.user.create({
      data: {
        email: "limit-writer@example.test",
        displayName: "Writer",
        dateOfBirth: new Date("2005-01-01T00:00:00Z"),
      },
    })
  ).id;
  const now = Date.now();
  contestId = (
    await prisma.contest.create({
      data: {
        slug: "limit-contest",
        title: "Limit Contest",
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
    })
  ).id;
});
beforeEach(async () => {
  await prisma.submission.deleteMany({ where: { contestId } });
  await setLimit(1);
});
afterAll(() => {
  setStorageForTests(undefined);
  fs.rmSync(root, { recursive: true, force: true });
});

/** Sets the limit on the row and in the published snapshot the entrant is shown. */
async function setLimit(entriesPerWriter: number) {
  const row = await prisma.contest.update({
    where: { id: contestId },
    data: { entriesPerWriter },
    include: { prompts: true, rubrics: true },
  });
  await prisma.contest.update({
    where: { id: contestId },
    data: { publishedSnapshot: JSON.stringify(buildSnapshot(row)) },
  });
}

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
    fd.append("file", new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return new Request("http://localhost/contests/limit-contest/enter", { method: "POST", body: fd });
}
const contest = async () =>
  publicContest(
    await prisma.contest.findUniqueOrThrow({ where: { id: contestId }, select: contestSelect }),
  );
const user = () => prisma.user.findUniqueOrThrow({ where: { id: userId } });
const rows = () =>
  prisma.submission.findMany({ where: { entrantId: userId }, orderBy: { createdAt: "asc" } });
const send = async (fields: Record<string, string>, file?: Parameters<typeof request>[1]) =>
  receiveEntry(
    request({ entryKey: newEntryKey(), ...fields }, file),
    await user(),
    await contest(),
  );

describe("live validation never writes", () => {
  test("a valid form posted as conform's validate intent creates nothing", async () => {
    const outcome = await send({
      __intent__: JSON.stringify({ type: "validate", payload: { name: "title" } }),
      title: "T",
      body: "a story of enough words",
      ...confirmed,
    });
    expect(outcome.ok).toBe(false);
    expect(await rows()).toHaveLength(0);
    expect(await prisma.emailLog.count({ where: { to: "limit-writer@example.test" } })).toBe(0);
  });
});

describe("a writer at the limit", () => {
  test("is refused before the file is stored or read (docs/decisions/0024-hostile-documents.md)", async () => {
    expect(await send({ title: "First", body: "one two three four", ...confirmed })).toMatchObject({
      ok: true,
    });
    const local = createLocalStorage(root);
    const puts: string[] = [];
    const gets: string[] = [];
    setStorageForTests({
      ...local,
      put: (key, body, opts) => (puts.push(key), local.put(key, body, opts)),
      get: (key) => (gets.push(key), local.get(key)),
    });
    try {
      const docx = zipOf([["[Content_Types].xml", "<Types/>"]]);
      const outcome = await send(
        { title: "Second", ...confirmed },
        { name: "s.docx", bytes: docx },
      );
      expect(outcome).toMatchObject({
        ok: false,
        status: 403,
        formError: "You have already entered this contest.",
      });
      expect(puts).toEqual([]);
      expect(gets).toEqual([]);
    } finally {
      setStorageForTests(createLocalStorage(root));
    }
    expect((await rows()).map((r) => r.title)).toEqual(["First"]);
  });
});

describe("entries per writer, checked at the write", () => {
  test("one entry per writer by default: the second is refused with a clear message", async () => {
    expect(await send({ title: "First", body: "one two three four", ...confirmed })).toMatchObject({
      ok: true,
    });
    const second = await send({ title: "Second", body: "one two three four", ...confirmed });
    expect(second).toMatchObject({
      ok: false,
      status: 403,
      formError: "You have already entered this contest.",
    });
    expect((await rows()).map((r) => r.title)).toEqual(["First"]);
  });

  test("withdrawn and expired entries do not count; a raised limit allows more, then says the number", async () => {
    await prisma.submission.createMany({
      data: [
        { contestId, entrantId: userId, title: "Old", status: "withdrawn" },
        { contestId, entrantId: userId, title: "Unpaid", status: "expired" },
      ],
    });
    expect(await send({ title: "Again", body: "one two three four", ...confirmed })).toMatchObject({
      ok: true,
    });
    await setLimit(2);
    expect(await send({ title: "More", body: "one two three four", ...confirmed })).toMatchObject({
      ok: true,
    });
    expect(await send({ title: "Too many", body: "one two three", ...confirmed })).toMatchObject({
      ok: false,
      formError: "You have reached this contest's limit of 2 entries.",
    });
    expect((await rows()).filter((r) => r.status === "submitted")).toHaveLength(2);
  });

  test("two forms sent at the same moment make one entry", async () => {
    const outcomes = await Promise.all(
      ["A", "B", "C"].map((title) => send({ title, body: "one two three four", ...confirmed })),
    );
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(await rows()).toHaveLength(1);
  });
});

describe("UTF-16 text files", () => {
  test("a Notepad 'Unicode' file (UTF-16 LE with a byte-order mark) is accepted, its words counted", async () => {
    const story = "The fox found a lantern.\r\nIt glowed like a small moon. ✍️\r\n";
    const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(story, "utf16le")]);
    const outcome = await send({ title: "Lantern", ...confirmed }, { name: "fox.txt", bytes });
    expect(outcome).toMatchObject({ ok: true });
    const [row] = await rows();
    expect(row).toMatchObject({
      fileName: "fox.txt",
      wordCount: 12,
      fileType: "text/plain; charset=utf-16le",
    });
    expect(fs.readFileSync(path.join(root, row.filePath!)).equals(bytes)).toBe(true);
  });
});
