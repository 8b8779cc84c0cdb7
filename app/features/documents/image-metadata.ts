/**
 * Images without what cameras and editors write about their owner (docs/decisions/0024-hostile-documents.md):
 * JPEG EXIF/XMP (APP1), IPTC (APP13), MPF and other application segments and comments, and PNG
 * text, EXIF and time chunks. The picture data itself is copied byte for byte. An image that
 * cannot be walked is returned empty: a judge loses a broken picture, never a name.
 */

const EMPTY = new Uint8Array(0);

/** APPn segments kept: JFIF/JFXX (APP0) and Adobe's colour transform (APP14); ICC profiles (APP2) by name. */
function keepJpegSegment(marker: number, data: Uint8Array) {
  if (marker === 0xe0 || marker === 0xee) return true;
  if (marker === 0xe2)
    return Buffer.from(data.subarray(0, 12)).toString("latin1") === "ICC_PROFILE\0";
  if (marker >= 0xe0 && marker <= 0xef) return false; // other application data (EXIF, XMP, IPTC, MPF…)
  return marker !== 0xfe; // comments
}

export function stripJpeg(bytes: Uint8Array): Uint8Array {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return EMPTY;
  const out: Uint8Array[] = [bytes.subarray(0, 2)];
  let p = 2;
  while (p < bytes.length) {
    if (bytes[p] !== 0xff) return EMPTY;
    const marker = bytes[p + 1];
    if (marker === 0xff) {
      p++; // fill byte
      continue;
    }
    if (marker === 0xd9) {
      out.push(bytes.subarray(p, p + 2));
      return Buffer.concat(out);
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      out.push(bytes.subarray(p, p + 2));
      p += 2;
      continue;
    }
    if (p + 4 > bytes.length) return EMPTY;
    const length = (bytes[p + 2] << 8) | bytes[p + 3];
    const end = p + 2 + length;
    if (length < 2 || end > bytes.length) return EMPTY;
    if (keepJpegSegment(marker, bytes.subarray(p + 4, end))) out.push(bytes.subarray(p, end));
    p = end;
    if (marker === 0xda) {
      // Entropy-coded data runs to the next marker that is not a stuffed 0xFF00 or a restart.
      let q = p;
      while (q + 1 < bytes.length) {
        if (bytes[q] === 0xff) {
          const next = bytes[q + 1];
          if (next !== 0x00 && !(next >= 0xd0 && next <= 0xd7) && next !== 0xff) break;
        }
        q++;
      }
      out.push(bytes.subarray(p, q));
      p = q;
      if (q + 1 >= bytes.length) return EMPTY;
    }
  }
  return EMPTY;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** Chunks that draw the picture; text (tEXt, zTXt, iTXt), eXIf, tIME and private chunks are dropped. */
const PNG_KEPT = new Set([
  "IHDR",
  "PLTE",
  "IDAT",
  "IEND",
  "tRNS",
  "gAMA",
  "cHRM",
  "sRGB",
  "iCCP",
  "sBIT",
  "pHYs",
  "bKGD",
  "acTL",
  "fcTL",
  "fdAT",
]);

export function stripPng(bytes: Uint8Array): Uint8Array {
  if (bytes.length < 8 || PNG_SIGNATURE.some((b, i) => bytes[i] !== b)) return EMPTY;
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out: Uint8Array[] = [bytes.subarray(0, 8)];
  let p = 8;
  while (p + 12 <= buf.length) {
    const length = buf.readUInt32BE(p);
    const type = buf.toString("latin1", p + 4, p + 8);
    const end = p + 12 + length;
    if (end > buf.length) return EMPTY;
    if (PNG_KEPT.has(type)) out.push(bytes.subarray(p, end));
    p = end;
    if (type === "IEND") return Buffer.concat(out);
  }
  return EMPTY;
}

/** The image without its metadata, by file name; other files are returned as they are. */
export function stripImage(name: string, bytes: Uint8Array): Uint8Array | null {
  if (/\.(jpe?g|jfif)$/i.test(name)) return stripJpeg(bytes);
  if (/\.png$/i.test(name)) return stripPng(bytes);
  return null;
}

/** Whether these bytes are a JPEG (an image stream of a PDF is one when DCT-encoded). */
export const isJpeg = (bytes: Uint8Array) => bytes[0] === 0xff && bytes[1] === 0xd8;
