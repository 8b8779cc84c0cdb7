import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  createLocalStorage,
  createS3Storage,
  entryFileKey,
  type FileStorage,
} from "~/utils/storage.server";

const MB = 1024 * 1024;

/** `total` bytes in 64 KB chunks, a byte pattern that shows misordered chunks; optionally fails after `failAfter` bytes. */
async function* bytes(total: number, failAfter?: number) {
  let sent = 0;
  while (sent < total) {
    if (failAfter !== undefined && sent >= failAfter) throw new Error("client went away");
    const n = Math.min(64 * 1024, total - sent);
    const chunk = new Uint8Array(n);
    for (let i = 0; i < n; i++) chunk[i] = (sent + i) % 251;
    sent += n;
    yield chunk;
  }
}

async function readAll(stream: Readable) {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c));
  return Buffer.concat(chunks);
}

function expectPattern(buf: Buffer, total: number) {
  expect(buf.length).toBe(total);
  for (let i = 0; i < total; i += 9973) expect(buf[i]).toBe(i % 251);
}

function contract(name: string, make: () => FileStorage, afterFailure?: () => Promise<void>) {
  describe(`${name} storage`, () => {
    test("streams a file in and out, then deletes it", async () => {
      const storage = make();
      const key = entryFileKey("user1", "contest1", "pdf", new Date(1_700_000_000_000));
      expect(key).toBe("user1/contest1/1700000000000.pdf");
      const total = 11 * MB + 123;
      const { size } = await storage.put(key, bytes(total), { contentType: "application/pdf" });
      expect(size).toBe(total);
      expect(await storage.exists(key)).toBe(true);
      const got = await storage.get(key);
      expect(got).not.toBeNull();
      expectPattern(await readAll(got!.body), total);
      await storage.delete(key);
      expect(await storage.exists(key)).toBe(false);
      expect(await storage.get(key)).toBeNull();
      await storage.delete(key); // deleting a missing object is fine
    });

    test("a failed upload leaves nothing behind (small and multipart)", async () => {
      const storage = make();
      for (const [total, failAfter] of [
        [1 * MB, 512 * 1024],
        [12 * MB, 7 * MB],
      ]) {
        const key = entryFileKey("user2", "contest2", "txt", new Date(1_700_000_000_000 + total));
        await expect(storage.put(key, bytes(total, failAfter))).rejects.toThrow();
        expect(await storage.exists(key)).toBe(false);
        expect(await storage.get(key)).toBeNull();
      }
      await afterFailure?.();
    });

    test("lists a folder's objects, at any depth, and nothing outside it", async () => {
      const storage = make();
      const keys = [
        "backups/inkwell-2026-11-24T06-00-00Z.db.gz",
        "backups/inkwell-2026-11-25T06-00-00Z.db.gz",
        "backups/old/inkwell-2026-11-01T06-00-00Z.db",
      ];
      for (const key of keys) await storage.put(key, bytes(1000));
      await storage.put("backupsx/other.txt", bytes(10));
      await storage.put(entryFileKey("backups", "c", "pdf", new Date(1)), bytes(10));
      const listed = await storage.list("backups/");
      expect(listed.map((o) => o.key).sort()).toEqual(["backups/c/1.pdf", ...keys].sort());
      for (const o of listed) {
        if (keys.includes(o.key)) expect(o.size).toBe(1000);
        expect(o.modifiedAt).toBeInstanceOf(Date);
      }
      expect(await storage.list("nothing-here/")).toEqual([]);
      await expect(storage.list("../")).rejects.toThrow(/Invalid storage prefix/);
      await expect(storage.list("backups")).rejects.toThrow(/Invalid storage prefix/);
      for (const o of listed) await storage.delete(o.key);
      expect(await storage.list("backups/")).toEqual([]);
    });

    test("keys outside the pattern are refused", async () => {
      const storage = make();
      await expect(storage.put("../escape.txt", bytes(10))).rejects.toThrow(/Invalid storage key/);
      await expect(storage.get("a/../../b.txt")).rejects.toThrow(/Invalid storage key/);
    });
  });
}

const localRoot = fs.mkdtempSync(path.join(os.tmpdir(), "inkwell-local-"));
afterAll(() => fs.rmSync(localRoot, { recursive: true, force: true }));

describe("local storage's folders", () => {
  test("deleting a folder's last file removes the folders left empty, never the root or a folder in use", async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "inkwell-prune-"));
    try {
      const storage = createLocalStorage(root);
      const a = entryFileKey("userA", "contest1", "pdf", new Date(1));
      const b = entryFileKey("userA", "contest1", "pdf", new Date(2));
      const c = entryFileKey("userA", "contest2", "pdf", new Date(3));
      const other = entryFileKey("userB", "contest1", "pdf", new Date(4));
      for (const key of [a, b, c, other]) await storage.put(key, bytes(10));
      await storage.delete(a);
      expect(fs.readdirSync(path.join(root, "userA", "contest1"))).toEqual(["2.pdf"]);
      await storage.delete(b);
      expect(fs.readdirSync(path.join(root, "userA"))).toEqual(["contest2"]);
      await storage.delete(c);
      expect(fs.readdirSync(root)).toEqual(["userB"]);
      await storage.delete(other);
      expect(fs.readdirSync(root)).toEqual([]);
      await storage.delete(other); // a missing file still is not an error
      // A refused upload leaves no empty folder either, and the root can be written again.
      await expect(storage.put(a, bytes(MB, 100 * 1024))).rejects.toThrow();
      expect(fs.readdirSync(root)).toEqual([]);
      await storage.put(a, bytes(10));
      expect(await storage.exists(a)).toBe(true);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  test("stored files and their folders can be read by the server's user only", async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "inkwell-mode-"));
    try {
      const key = entryFileKey("userD", "contest1", "pdf", new Date(5));
      await createLocalStorage(root).put(key, bytes(10));
      expect(fs.statSync(path.join(root, key)).mode & 0o777).toBe(0o600);
      expect(fs.statSync(path.join(root, "userD")).mode & 0o777).toBe(0o700);
      expect(fs.statSync(path.join(root, "userD", "contest1")).mode & 0o777).toBe(0o700);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  test("a file written while its emptied folder is being removed is kept (30 at once)", async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "inkwell-prune-"));
    try {
      const storage = createLocalStorage(root);
      const keys = Array.from({ length: 30 }, (_, i) =>
        entryFileKey("userC", "contest1", "pdf", new Date(100 + i)),
      );
      // Each put races the delete of the one before it, in the same folder.
      for (let i = 0; i < keys.length; i += 2) await storage.put(keys[i], bytes(10));
      await Promise.all(
        keys.map((key, i) => (i % 2 === 0 ? storage.delete(key) : storage.put(key, bytes(10)))),
      );
      for (const [i, key] of keys.entries()) expect(await storage.exists(key)).toBe(i % 2 === 1);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

contract(
  "local",
  () => createLocalStorage(localRoot),
  async () => {
    // No temporary ".part" files remain anywhere under the root.
    const leftovers = fs
      .readdirSync(localRoot, { recursive: true })
      .map(String)
      .filter((f) => f.endsWith(".part") || /\.(txt)$/.test(f));
    expect(leftovers).toEqual([]);
  },
);

const s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), "inkwell-s3rver-"));
let s3rver: S3rver;
let endpoint = "";
beforeAll(async () => {
  s3rver = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: "entries" }],
  });
  const { port } = await s3rver.run();
  endpoint = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await s3rver?.close();
  fs.rmSync(s3Dir, { recursive: true, force: true });
});

contract(
  "s3",
  () =>
    createS3Storage({
      bucket: "entries",
      endpoint,
      region: "us-east-1",
      credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    }),
  async () => {
    // Nothing stored under the failed keys' prefix in the bucket's directory.
    const files = fs
      .readdirSync(s3Dir, { recursive: true })
      .map(String)
      .filter((f) => f.includes("user2"));
    expect(files.filter((f) => !fs.statSync(path.join(s3Dir, f)).isDirectory())).toEqual([]);
  },
);
