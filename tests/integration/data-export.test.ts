/**
 * "Download my data" is a zip with the JSON and the writer's uploaded files, streamed from
 * storage (docs/decisions/0026-entry-flow.md).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { strFromU8, unzipSync } from "fflate";

const { prisma } = await import("~/utils/db.server");
const { createLocalStorage, getStorage, setStorageForTests } =
  await import("~/utils/storage.server");
const { startSession } = await import("~/features/accounts/session.server");
const { loader } = await import("~/routes/_account+/account_.data");

const root = fs.mkdtempSync(path.join(os.tmpdir(), "inkwell-export-"));
const DAY = 86_400_000;
beforeAll(() => setStorageForTests(createLocalStorage(root)));
afterAll(() => {
  setStorageForTests(undefined);
  fs.rmSync(root, { recursive: true, force: true });
});

describe("download my data", () => {
  test("is a zip holding the JSON and the bytes of every uploaded file, named clearly", async () => {
    const now = Date.now();
    const writer = await prisma.user.create({
      data: { email: "exporter@example.test", displayName: "Exporter" },
    });
    const someoneElse = await prisma.user.create({
      data: { email: "other-exporter@example.test", displayName: "Other" },
    });
    const contest = await prisma.contest.create({
      data: {
        slug: "export-contest",
        title: "Export Contest",
        description: "A contest for the export.",
        isPublished: true,
        submissionsOpen: new Date(now - DAY),
        submissionsClose: new Date(now + DAY),
        judgingOpen: new Date(now + 2 * DAY),
        judgingClose: new Date(now + 3 * DAY),
        resultsAt: new Date(now + 4 * DAY),
      },
    });
    // A file larger than one read chunk, with every byte value in it.
    const pdf = Buffer.alloc(300_000);
    for (let i = 0; i < pdf.length; i++) pdf[i] = (i * 31) & 0xff;
    const txt = Buffer.from("Once upon a time, in Łódź, 李明 wrote a story.\n", "utf8");
    const put = async (key: string, bytes: Buffer) => {
      await getStorage().put(key, [new Uint8Array(bytes)] as unknown as AsyncIterable<Uint8Array>);
      return key;
    };
    const files = [
      {
        title: "Paper Boats",
        name: "boats/../story.pdf",
        bytes: pdf,
        key: `${writer.id}/${contest.id}/1.pdf`,
      },
      { title: "Second", name: "mine.txt", bytes: txt, key: `${writer.id}/${contest.id}/2.txt` },
    ];
    for (const [i, f] of files.entries()) {
      await prisma.submission.create({
        data: {
          contestId: contest.id,
          entrantId: writer.id,
          title: f.title,
          status: "submitted",
          filePath: await put(f.key, f.bytes),
          fileName: f.name,
          fileSize: f.bytes.length,
          createdAt: new Date(now - (10 - i) * 1000),
        },
      });
    }
    await prisma.submission.create({
      data: {
        contestId: contest.id,
        entrantId: writer.id,
        title: "Typed",
        body: "just text",
        status: "submitted",
      },
    });
    // Someone else's file is never in the zip.
    await prisma.submission.create({
      data: {
        contestId: contest.id,
        entrantId: someoneElse.id,
        title: "Not yours",
        status: "submitted",
        filePath: await put(`${someoneElse.id}/${contest.id}/3.txt`, Buffer.from("secret")),
        fileName: "secret.txt",
      },
    });

    const cookie = (await startSession(new Request("http://localhost/login"), writer.id)).split(
      ";",
    )[0];
    const res = await loader({
      request: new Request("http://localhost/account/data", { headers: { Cookie: cookie } }),
      params: {},
      context: {},
    });
    expect(res.headers.get("Content-Type")).toBe("application/zip");
    expect(res.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="inkwell-my-data-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const zip = unzipSync(new Uint8Array(await res.arrayBuffer()));
    expect(Object.keys(zip).sort()).toEqual([
      "files/01-boats_.._story.pdf",
      "files/02-mine.txt",
      "inkwell-my-data.json",
    ]);
    expect(Buffer.from(zip["files/01-boats_.._story.pdf"]).equals(pdf)).toBe(true);
    expect(Buffer.from(zip["files/02-mine.txt"]).equals(txt)).toBe(true);
    const data = JSON.parse(strFromU8(zip["inkwell-my-data.json"]));
    expect(data.profile.email).toBe("exporter@example.test");
    expect(
      data.entries.map((e: { title: string; fileInZip: string | null }) => [e.title, e.fileInZip]),
    ).toEqual([
      ["Paper Boats", "files/01-boats_.._story.pdf"],
      ["Second", "files/02-mine.txt"],
      ["Typed", null],
    ]);
  });
});
