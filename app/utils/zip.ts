/**
 * Reading a zip (a .docx) with a bound on what it unpacks to (docs/decisions/0010-hardening.md).
 * fflate's Unzip reads the archive's structure; declared sizes must fit the bound before an entry
 * is inflated, and each deflated entry is inflated by zlib with `maxOutputLength`, so an archive
 * that lies about its sizes stops at the bound instead of filling memory. `maxPartBytes` bounds
 * each entry the same way (docs/decisions/0024-hostile-documents.md). (fflate's own inflate
 * trusts the declared size, truncating a lying entry without a word, and took 1.7 s where zlib
 * takes 0.05 s to refuse a 60 MB bomb.)
 */
import zlib from "node:zlib";
import { Unzip, type AsyncFlateStreamHandler, type UnzipDecoder } from "fflate";

export class ZipTooLarge extends Error {}
class ZipUnreadable extends Error {}

export type ZipEntry = { name: string; data: Uint8Array };

/** The archive's entries, in order; throws ZipTooLarge past a bound, ZipUnreadable otherwise. */
export function readZip(
  bytes: Uint8Array,
  limits: { maxUnpackedBytes: number; maxEntries: number; maxPartBytes?: number },
): ZipEntry[] {
  const partLimit = limits.maxPartBytes ?? limits.maxUnpackedBytes;
  const entries: ZipEntry[] = [];
  let declared = 0;
  let unpacked = 0;

  /** Deflate, inflated by zlib within what is left of the bounds once the entry is complete. */
  class BoundedInflate implements UnzipDecoder {
    static compression = 8;
    ondata: AsyncFlateStreamHandler = () => {};
    private chunks: Uint8Array[] = [];
    constructor(private name: string) {}
    push(chunk: Uint8Array, final: boolean) {
      this.chunks.push(chunk);
      if (!final) return;
      // No part inflates past its own bound or what is left of the whole (zip bombs).
      const budget = Math.min(partLimit, limits.maxUnpackedBytes - unpacked);
      let data: Uint8Array<ArrayBuffer>;
      try {
        const out = zlib.inflateRawSync(Buffer.concat(this.chunks), {
          maxOutputLength: Math.max(1, budget + 1),
        });
        // zlib's output owns its (never shared) memory.
        data = new Uint8Array(out.buffer as ArrayBuffer, out.byteOffset, out.byteLength);
      } catch (error) {
        if (
          (error as { code?: string }).code === "ERR_BUFFER_TOO_LARGE" ||
          error instanceof RangeError
        )
          throw new ZipTooLarge(`${this.name} unpacks past the bound`);
        throw new ZipUnreadable(`${this.name}: ${(error as Error).message}`);
      }
      this.ondata(null, data, true);
    }
  }

  const unzip = new Unzip((file) => {
    if (entries.length >= limits.maxEntries)
      throw new ZipTooLarge(`over ${limits.maxEntries} entries`);
    if (file.compression !== 0 && file.compression !== 8)
      throw new ZipUnreadable(`compression method ${file.compression}`);
    if (file.originalSize !== undefined) {
      if (file.originalSize > partLimit)
        throw new ZipTooLarge(`${file.name} declares ${file.originalSize} bytes`);
      declared += file.originalSize;
      if (declared > limits.maxUnpackedBytes) throw new ZipTooLarge("declared sizes");
    }
    const entry: ZipEntry = { name: file.name, data: new Uint8Array(0) };
    entries.push(entry);
    const chunks: Uint8Array[] = [];
    let size = 0;
    file.ondata = (error, chunk, final) => {
      if (error) throw error;
      size += chunk.length;
      unpacked += chunk.length;
      if (size > partLimit || unpacked > limits.maxUnpackedBytes)
        throw new ZipTooLarge(`${file.name} unpacks past the bound`);
      chunks.push(chunk);
      if (final) entry.data = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
    };
    file.start();
  });
  unzip.register(BoundedInflate);
  try {
    unzip.push(bytes, true);
  } catch (error) {
    if (error instanceof ZipTooLarge || error instanceof ZipUnreadable) throw error;
    throw new ZipUnreadable((error as Error).message);
  }
  if (entries.length === 0) throw new ZipUnreadable("no entries");
  return entries;
}
