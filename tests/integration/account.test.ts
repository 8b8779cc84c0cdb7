import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, describe, expect, test } from "vitest";
import { deleteAccount } from "~/features/privacy/account-deletion.server";
import { prisma } from "~/utils/db.server";
import { createLocalStorage, entryFileKey, setStorageForTests } from "~/utils/storage.server";

const DAY = 86_400_000;

async function contest(slug: string, resultsOffsetDays: number) {
  const base = Date.now();
  return prisma.contest.create({
    data: {
      slug,
      title: slug,
      description: "A contest for testing",
      submissionsOpen: new Date(base - 30 * DAY),
      submissionsClose: new Date(base - 20 * DAY),
      judgingOpen: new Date(base - 19 * DAY),
      judgingClose: new Date(base - 10 * DAY),
      resultsAt: new Date(base + resultsOffsetDays * DAY),
    },
  });
}

describe("deleting an account", () => {
  test("a writer with no published results is removed entirely", async () => {
    const user = await prisma.user.create({
      data: { email: "gone@example.com", displayName: "Gone", password: { create: { hash: "x" } } },
    });
    const open = await contest("open-del", 5);
    await prisma.submission.create({
      data: {
        contestId: open.id,
        entrantId: user.id,
        title: "Draft",
        body: "text",
        status: "submitted",
      },
    });
    const result = await deleteAccount(user.id);
    expect(result).toEqual({ removed: 1, anonymised: 0 });
    expect(await prisma.user.count({ where: { id: user.id } })).toBe(0);
    expect(await prisma.submission.count({ where: { entrantId: user.id } })).toBe(0);
  });

  test("entries with published results keep only their title; personal data is removed", async () => {
    const user = await prisma.user.create({
      data: {
        email: "winner@example.com",
        displayName: "Winner",
        parentEmail: "p@example.com",
        password: { create: { hash: "x" } },
        sessions: { create: { expiresAt: new Date(Date.now() + DAY) } },
      },
    });
    const done = await contest("done-del", -1);
    const open = await contest("open-del-2", 5);
    const kept = await prisma.submission.create({
      data: {
        contestId: done.id,
        entrantId: user.id,
        title: "Prize story",
        body: "secret text",
        status: "submitted",
      },
    });
    await prisma.submission.create({
      data: {
        contestId: open.id,
        entrantId: user.id,
        title: "New story",
        body: "x",
        status: "submitted",
      },
    });
    expect(await deleteAccount(user.id)).toEqual({ removed: 1, anonymised: 1 });
    const row = await prisma.user.findUniqueOrThrow({
      where: { id: user.id },
      include: { password: true, sessions: true },
    });
    expect(row).toMatchObject({
      displayName: "Deleted account",
      parentEmail: null,
      dateOfBirth: null,
      password: null,
      sessions: [],
    });
    expect(row.email).not.toContain("winner");
    expect(await prisma.submission.findUniqueOrThrow({ where: { id: kept.id } })).toMatchObject({
      title: "Prize story",
      body: null,
    });
  });

  test("the writer's files go, and with them the folders left empty; others' stay", async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "inkwell-account-"));
    const storage = createLocalStorage(root);
    setStorageForTests(storage);
    afterAll(() => {
      setStorageForTests(undefined);
      fs.rmSync(root, { recursive: true, force: true });
    });
    const [writer, other] = await Promise.all(
      ["files-gone@example.com", "files-kept@example.com"].map((email) =>
        prisma.user.create({ data: { email, displayName: email } }),
      ),
    );
    const contests = [await contest("files-del-1", 5), await contest("files-del-2", 5)];
    const store = async (userId: string, contestId: string, n: number) => {
      const key = entryFileKey(userId, contestId, "pdf", new Date(1_700_000_000_000 + n));
      await storage.put(key, Readable.from([Buffer.from("%PDF-1.4 a story")]));
      await prisma.submission.create({
        data: {
          contestId,
          entrantId: userId,
          title: `File ${n}`,
          status: "submitted",
          filePath: key,
          fileName: "story.pdf",
        },
      });
      return key;
    };
    await store(writer.id, contests[0].id, 1);
    await store(writer.id, contests[1].id, 2);
    const kept = await store(other.id, contests[0].id, 3);

    await deleteAccount(writer.id);
    expect(fs.existsSync(path.join(root, writer.id))).toBe(false);
    expect(fs.readdirSync(root)).toEqual([other.id]);
    expect(await storage.exists(kept)).toBe(true);
  });
});
