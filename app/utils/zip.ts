/**
 * Reading a zip (a .docx) with a bound on what it unpacks to (docs/decisions/0010-hardening.md).
 * The central directory is read first and its declared sizes must fit the bound; every entry is
 * then inflated by zlib with `maxOutputLength`, so an archive that lies about its sizes stops at
 * the bound instead of filling memory. `maxPartBytes` bounds each entry the same way
 * (docs/decisions/0024-hostile-documents.md).
 */
import zlib from "node:zlib";

export class ZipTooLarge extends Error {}
export class ZipUnreadable extends Error {}

export type ZipEntry = { name: string; data: Uint8Array };

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

export function readZip(
  bytes: Uint8Array,
  limits: { maxUnpackedBytes: number; maxEntries: number; maxPartBytes?: number },
): ZipEntry[] {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const fail = (why: string): never => {
    throw new ZipUnreadable(why);
  };
  // End of central directory: within the last 64 KB + 22 bytes.
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 65_557); i--) {
    if (buf.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) fail("no end of central directory");
  const count = buf.readUInt16LE(eocd + 10);
  const cdSize = buf.readUInt32LE(eocd + 12);
  const cdOffset = buf.readUInt32LE(eocd + 16);
  if (count === 0xffff || cdOffset === 0xffffffff) fail("zip64 is not supported");
  if (count > limits.maxEntries) throw new ZipTooLarge(`${count} entries`);
  if (cdOffset + cdSize > eocd) fail("central directory out of range");

  type Header = {
    name: string;
    method: number;
    flags: number;
    csize: number;
    size: number;
    local: number;
  };
  const headers: Header[] = [];
  let declared = 0;
  const partLimit = limits.maxPartBytes ?? limits.maxUnpackedBytes;
  for (let i = 0, p = cdOffset; i < count; i++) {
    if (p + 46 > eocd || buf.readUInt32LE(p) !== CENTRAL) fail("bad central directory entry");
    const flags = buf.readUInt16LE(p + 8);
    const method = buf.readUInt16LE(p + 10);
    const csize = buf.readUInt32LE(p + 20);
    const size = buf.readUInt32LE(p + 24);
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    const local = buf.readUInt32LE(p + 42);
    const name = buf.toString(flags & 0x800 ? "utf8" : "latin1", p + 46, p + 46 + nameLen);
    if (flags & 1) fail("encrypted entry");
    if (method !== 0 && method !== 8) fail(`compression method ${method}`);
    if (size > partLimit) throw new ZipTooLarge(`${name} declares ${size} bytes`);
    declared += size;
    if (declared > limits.maxUnpackedBytes) throw new ZipTooLarge("declared sizes");
    headers.push({ name, method, flags, csize, size, local });
    p += 46 + nameLen + extraLen + commentLen;
  }

  let unpacked = 0;
  return headers.map((h) => {
    if (h.local + 30 > buf.length || buf.readUInt32LE(h.local) !== LOCAL) fail("bad local header");
    const start = h.local + 30 + buf.readUInt16LE(h.local + 26) + buf.readUInt16LE(h.local + 28);
    const end = start + h.csize;
    if (end > buf.length) fail("entry out of range");
    const raw = buf.subarray(start, end);
    // No part inflates past its own bound or what is left of the whole (zip bombs).
    const budget = Math.min(partLimit, limits.maxUnpackedBytes - unpacked);
    let data: Buffer;
    if (h.method === 0) {
      data = raw;
    } else {
      try {
        data = zlib.inflateRawSync(raw, { maxOutputLength: Math.max(1, budget + 1) });
      } catch (error) {
        if (
          (error as { code?: string }).code === "ERR_BUFFER_TOO_LARGE" ||
          error instanceof RangeError
        )
          throw new ZipTooLarge(`${h.name} unpacks past the bound`);
        throw new ZipUnreadable(`${h.name}: ${(error as Error).message}`);
      }
    }
    unpacked += data.byteLength;
    if (data.byteLength > partLimit || unpacked > limits.maxUnpackedBytes)
      throw new ZipTooLarge(`${h.name} unpacks past the bound`);
    return { name: h.name, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
  });
}
