/**
 * Where entry files live. Two implementations behind one interface (docs/decisions/0005-files-and-uploads.md):
 * local disk (the embedded default) and S3 (any S3-compatible store). Both stream: a file is
 * never held whole in memory. Entry keys are `{userId}/{contestId}/{timestamp}.{ext}` (three
 * segments); the database's backups are `backups/inkwell-{time}.db.gz` (two segments: a cuid is
 * never "backups", and no entry key has two segments), docs/decisions/0037-backups-and-maintenance.md.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  type S3ClientConfig,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { env } from "./env.server";

export type StoredObject = { body: Readable; size: number | null; contentType: string | null };
/** One object found by `list`. */
export type ListedObject = { key: string; size: number; modifiedAt: Date };

export interface FileStorage {
  readonly driver: "local" | "s3";
  /** Streams `body` to `key`. On any failure nothing is left at `key`, and the error is rethrown. */
  put(
    key: string,
    body: AsyncIterable<Uint8Array> | Readable,
    opts?: { contentType?: string },
  ): Promise<{ size: number }>;
  /** The object as a stream, or null when it does not exist. */
  get(key: string): Promise<StoredObject | null>;
  exists(key: string): Promise<boolean>;
  /** Removes the object (on local disk also the folders it leaves empty); a missing object is not an error. */
  delete(key: string): Promise<void>;
  /** Every object under `prefix` (a folder such as "backups/", any depth), in no set order. */
  list(prefix: string): Promise<ListedObject[]>;
}

// The last segment has one extension, or two (`.db.gz`); never "..".
const KEY_PATTERN = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*\/[A-Za-z0-9_-]+(\.[a-z0-9]+){1,2}$/;
const PREFIX_PATTERN = /^([A-Za-z0-9_-]+\/)+$/;

/** `{userId}/{contestId}/{timestamp}.{ext}`. */
export function entryFileKey(
  userId: string,
  contestId: string,
  ext: string,
  now: Date = new Date(),
) {
  const key = `${userId}/${contestId}/${now.getTime()}.${ext}`;
  assertKey(key);
  return key;
}

export function assertKey(key: string) {
  if (!KEY_PATTERN.test(key) || key.includes("..")) throw new Error(`Invalid storage key: ${key}`);
}

function assertPrefix(prefix: string) {
  if (!PREFIX_PATTERN.test(prefix)) throw new Error(`Invalid storage prefix: ${prefix}`);
}

/** Passes the chunks through, counting bytes. */
async function* counted(body: AsyncIterable<Uint8Array>, counter: { size: number }) {
  for await (const chunk of body) {
    counter.size += chunk.byteLength;
    yield chunk;
  }
}

export function createLocalStorage(root: string): FileStorage {
  const base = path.resolve(root);
  const fileFor = (key: string) => {
    assertKey(key);
    const file = path.resolve(base, key);
    if (!file.startsWith(base + path.sep)) throw new Error(`Invalid storage key: ${key}`);
    return file;
  };
  /**
   * Removes the folders above `file` that are left empty (`{userId}/{contestId}/`, then
   * `{userId}/`), never the root. A folder with anything in it stays (rmdir refuses).
   */
  const pruneFolders = async (file: string) => {
    for (let dir = path.dirname(file); dir.startsWith(base + path.sep); dir = path.dirname(dir)) {
      try {
        await fsp.rmdir(dir);
      } catch {
        return;
      }
    }
  };
  /**
   * Creates `tmp` (and its folders). A delete may remove the folder, just emptied, between the
   * mkdir and the open: then both are done again. Once the file exists its folder stays.
   */
  const create = async (tmp: string) => {
    for (let attempt = 1; ; attempt++) {
      // A child's story is read by the server only: folders 0700, files 0600 (not the umask's 0644).
      await fsp.mkdir(path.dirname(tmp), { recursive: true, mode: 0o700 });
      try {
        return await fsp.open(tmp, "wx", 0o600);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOENT" || attempt >= 5) throw error;
      }
    }
  };
  return {
    driver: "local",
    async put(key, body) {
      const file = fileFor(key);
      // Written to a temporary name and renamed when complete: a reader never sees half a file.
      const tmp = `${file}.${randomBytes(6).toString("hex")}.part`;
      const counter = { size: 0 };
      const handle = await create(tmp);
      try {
        await pipeline(
          Readable.from(counted(body, counter), { objectMode: false }),
          handle.createWriteStream(),
        );
        await fsp.rename(tmp, file);
        return { size: counter.size };
      } catch (error) {
        await handle.close().catch(() => {});
        await fsp.rm(tmp, { force: true });
        await pruneFolders(tmp);
        throw error;
      }
    },
    async get(key) {
      const file = fileFor(key);
      try {
        const stat = await fsp.stat(file);
        return { body: fs.createReadStream(file), size: stat.size, contentType: null };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async exists(key) {
      try {
        await fsp.access(fileFor(key));
        return true;
      } catch {
        return false;
      }
    },
    async delete(key) {
      const file = fileFor(key);
      await fsp.rm(file, { force: true });
      await pruneFolders(file);
    },
    async list(prefix) {
      assertPrefix(prefix);
      const dir = path.resolve(base, prefix);
      let names: string[];
      try {
        names = (await fsp.readdir(dir, { recursive: true })).map(String);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
        throw error;
      }
      const found: ListedObject[] = [];
      for (const name of names) {
        const key = prefix + name.split(path.sep).join("/");
        // Skips folders, unfinished ".part" files and anything else no key could name.
        if (!KEY_PATTERN.test(key)) continue;
        const stat = await fsp.stat(path.join(dir, name)).catch(() => null);
        if (stat?.isFile()) found.push({ key, size: stat.size, modifiedAt: stat.mtime });
      }
      return found;
    },
  };
}

export type S3StorageOptions = {
  bucket: string;
  region?: string;
  endpoint?: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Bytes per multipart part (S3's minimum is 5 MB); memory use is about one part. */
  partSize?: number;
};

export function createS3Storage(options: S3StorageOptions): FileStorage {
  const config: S3ClientConfig = {
    region: options.region ?? "us-east-1",
    forcePathStyle: Boolean(options.endpoint),
  };
  if (options.endpoint) config.endpoint = options.endpoint;
  if (options.credentials) config.credentials = options.credentials;
  const client = new S3Client(config);
  const Bucket = options.bucket;
  const isMissing = (error: unknown) => {
    const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
    return (
      e?.name === "NoSuchKey" || e?.name === "NotFound" || e?.$metadata?.httpStatusCode === 404
    );
  };
  const remove = async (Key: string) => {
    await client.send(new DeleteObjectCommand({ Bucket, Key }));
  };
  return {
    driver: "s3",
    async put(key, body, opts) {
      assertKey(key);
      const counter = { size: 0 };
      const source = Readable.from(counted(body, counter), { objectMode: false });
      const upload = new Upload({
        client,
        params: { Bucket, Key: key, Body: source, ContentType: opts?.contentType },
        queueSize: 1,
        partSize: options.partSize ?? 5 * 1024 * 1024,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
        return { size: counter.size };
      } catch (error) {
        // A failed multipart upload is aborted by lib-storage; make sure no object remains either.
        await remove(key).catch(() => {});
        source.destroy();
        throw error;
      }
    },
    async get(key) {
      assertKey(key);
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!res.Body) return null;
        return {
          body: res.Body as Readable,
          size: res.ContentLength ?? null,
          contentType: res.ContentType ?? null,
        };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async exists(key) {
      assertKey(key);
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
    async delete(key) {
      assertKey(key);
      await remove(key);
    },
    async list(prefix) {
      assertPrefix(prefix);
      const found: ListedObject[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket,
            Prefix: prefix,
            ContinuationToken,
          }),
        );
        for (const o of page.Contents ?? [])
          if (o.Key && KEY_PATTERN.test(o.Key))
            found.push({
              key: o.Key,
              size: o.Size ?? 0,
              modifiedAt: o.LastModified ?? new Date(0),
            });
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return found;
    },
  };
}

let storage: FileStorage | undefined;

/** The configured storage: STORAGE_DRIVER=local (UPLOAD_DIR) or s3 (S3_BUCKET, S3_REGION, S3_ENDPOINT, AWS keys). */
export function getStorage(): FileStorage {
  if (storage) return storage;
  const e = env();
  if (e.STORAGE_DRIVER === "s3") {
    storage = createS3Storage({
      bucket: e.S3_BUCKET!,
      region: e.S3_REGION,
      endpoint: e.S3_ENDPOINT,
      credentials:
        e.AWS_ACCESS_KEY_ID && e.AWS_SECRET_ACCESS_KEY
          ? { accessKeyId: e.AWS_ACCESS_KEY_ID, secretAccessKey: e.AWS_SECRET_ACCESS_KEY }
          : undefined,
    });
  } else {
    storage = createLocalStorage(e.UPLOAD_DIR);
  }
  return storage;
}

/** Tests only: replace the configured storage. */
export function setStorageForTests(replacement: FileStorage | undefined) {
  storage = replacement;
}
