/**
 * A Word 97-2003 .doc without its authors (docs/decisions/0010-hardening.md). A .doc is a
 * Compound File (MS-CFB): a small file system of sectors. Its streams are found through the FAT
 * and the directory and overwritten in place, byte for byte the same length, so the file stays
 * valid:
 *  - every property set stream ("\u0005SummaryInformation", "\u0005DocumentSummaryInformation":
 *    title, author, last saved by, company, manager…) keeps only its code page;
 *  - in the table stream (MS-DOC): the associated strings (author, template path), the autosave
 *    source, comment authors and initials, tracked-change authors, the "saved by" list and the
 *    file names of linked files are blanked.
 * The story text is left as it is.
 */

export class UnreadableDoc extends Error {}

const FREESECT = 0xffffffff;
const ENDOFCHAIN = 0xfffffffe;
const SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

type DirEntry = { name: string; type: number; start: number; size: number };

function fail(why: string): never {
  throw new UnreadableDoc(why);
}

/** A compound file's streams, read and rewritten in place. */
export class CompoundFile {
  readonly buf: Buffer;
  private readonly sectorSize: number;
  private readonly miniSectorSize: number;
  private readonly miniCutoff: number;
  private readonly fat: number[];
  private readonly miniFat: number[];
  private readonly miniStreamSectors: number[];
  readonly entries: DirEntry[];

  constructor(bytes: Uint8Array) {
    const buf = Buffer.from(bytes); // a copy: the caller's bytes are never changed
    this.buf = buf;
    if (buf.length < 512 || !buf.subarray(0, 8).equals(SIGNATURE)) fail("not a compound file");
    const sectorShift = buf.readUInt16LE(0x1e);
    if (sectorShift !== 9 && sectorShift !== 12) fail("sector size");
    this.sectorSize = 1 << sectorShift;
    this.miniSectorSize = 1 << buf.readUInt16LE(0x20);
    if (this.miniSectorSize !== 64) fail("mini sector size");
    this.miniCutoff = buf.readUInt32LE(0x38);
    const fatCount = buf.readUInt32LE(0x2c);
    const maxSectors = Math.ceil(buf.length / this.sectorSize);
    if (fatCount > maxSectors) fail("FAT size");

    // FAT sectors: 109 in the header, the rest in a chain of DIFAT sectors.
    const fatSectors: number[] = [];
    for (let i = 0; i < 109 && fatSectors.length < fatCount; i++) {
      const s = buf.readUInt32LE(0x4c + i * 4);
      if (s !== FREESECT) fatSectors.push(s);
    }
    let difat = buf.readUInt32LE(0x44);
    const perDifat = this.sectorSize / 4 - 1;
    for (let guard = 0; fatSectors.length < fatCount && difat < ENDOFCHAIN; guard++) {
      if (guard > maxSectors) fail("DIFAT loop");
      const off = this.offset(difat);
      for (let i = 0; i < perDifat && fatSectors.length < fatCount; i++) {
        const s = buf.readUInt32LE(off + i * 4);
        if (s !== FREESECT) fatSectors.push(s);
      }
      difat = buf.readUInt32LE(off + perDifat * 4);
    }
    this.fat = [];
    for (const s of fatSectors) {
      const off = this.offset(s);
      for (let i = 0; i < this.sectorSize / 4; i++) this.fat.push(buf.readUInt32LE(off + i * 4));
    }

    const dir = this.chain(buf.readUInt32LE(0x30), this.fat).map((s) => this.offset(s));
    this.entries = [];
    for (const off of dir) {
      for (let e = off; e < off + this.sectorSize; e += 128) {
        const type = buf.readUInt8(e + 0x42);
        const nameBytes = Math.min(64, buf.readUInt16LE(e + 0x40));
        const name = buf.toString("utf16le", e, e + Math.max(0, nameBytes - 2));
        const size =
          this.sectorSize === 512
            ? buf.readUInt32LE(e + 0x78)
            : buf.readUInt32LE(e + 0x78) + buf.readUInt32LE(e + 0x7c) * 2 ** 32;
        this.entries.push({ name, type, start: buf.readUInt32LE(e + 0x74), size });
      }
    }
    const root = this.entries.find((e) => e.type === 5);
    if (!root) fail("no root entry");
    this.miniStreamSectors = root.start < ENDOFCHAIN ? this.chain(root.start, this.fat) : [];
    const miniFatSectors = this.chain(buf.readUInt32LE(0x3c), this.fat);
    this.miniFat = [];
    for (const s of miniFatSectors) {
      const off = this.offset(s);
      for (let i = 0; i < this.sectorSize / 4; i++)
        this.miniFat.push(buf.readUInt32LE(off + i * 4));
    }
  }

  private offset(sector: number) {
    const off = (sector + 1) * this.sectorSize;
    if (off + this.sectorSize > this.buf.length) fail(`sector ${sector} out of range`);
    return off;
  }

  private chain(start: number, table: number[]): number[] {
    const out: number[] = [];
    const seen = new Set<number>();
    for (let s = start; s < ENDOFCHAIN; s = table[s]) {
      if (seen.has(s) || s >= table.length) fail("broken sector chain");
      seen.add(s);
      out.push(s);
    }
    return out;
  }

  /** Where a stream's bytes are in the file, in order: [offset, length] pieces. */
  private ranges(entry: DirEntry): [number, number][] {
    const pieces: [number, number][] = [];
    let left = entry.size;
    if (entry.size < this.miniCutoff) {
      for (const m of this.chain(entry.start, this.miniFat)) {
        if (left <= 0) break;
        const at = m * this.miniSectorSize;
        const sector = this.miniStreamSectors[Math.floor(at / this.sectorSize)];
        if (sector === undefined) fail("mini sector out of range");
        const len = Math.min(this.miniSectorSize, left);
        pieces.push([this.offset(sector) + (at % this.sectorSize), len]);
        left -= len;
      }
    } else {
      for (const s of this.chain(entry.start, this.fat)) {
        if (left <= 0) break;
        const len = Math.min(this.sectorSize, left);
        pieces.push([this.offset(s), len]);
        left -= len;
      }
    }
    if (left > 0) fail(`stream ${entry.name} is shorter than its size`);
    return pieces;
  }

  stream(name: string): DirEntry | undefined {
    return this.entries.find((e) => e.type === 2 && e.name === name);
  }

  read(entry: DirEntry): Buffer {
    return Buffer.concat(this.ranges(entry).map(([o, l]) => this.buf.subarray(o, o + l)));
  }

  write(entry: DirEntry, data: Buffer) {
    if (data.length !== entry.size) fail("a stream cannot change size");
    let at = 0;
    for (const [o, l] of this.ranges(entry)) {
      data.copy(this.buf, o, at, at + l);
      at += l;
    }
  }
}

/** Keeps only the code page (property 1) of every section of a property set stream. */
export function blankPropertySet(data: Buffer) {
  const ok = data.length >= 48 && data.readUInt16LE(0) === 0xfffe;
  const sections = ok ? data.readUInt32LE(24) : 0;
  if (!ok || sections > 16 || 28 + sections * 20 > data.length) {
    data.fill(0, Math.min(data.length, 28));
    return;
  }
  for (let k = 0; k < sections; k++) {
    const base = data.readUInt32LE(28 + k * 20 + 16);
    if (base + 8 > data.length) continue;
    const end = Math.min(data.length, base + data.readUInt32LE(base));
    const count = data.readUInt32LE(base + 4);
    if (base + 8 + count * 8 > end) {
      data.fill(0, base + 8, end);
      continue;
    }
    const props = Array.from({ length: count }, (_, i) => ({
      id: data.readUInt32LE(base + 8 + i * 8),
      at: base + data.readUInt32LE(base + 12 + i * 8),
    })).sort((a, b) => a.at - b.at);
    props.forEach((p, i) => {
      if (p.id === 1) return; // the code page, needed to read the rest
      const stop = Math.min(end, props[i + 1]?.at ?? end);
      if (p.at < stop) data.fill(0, p.at, stop);
    });
  }
}

/** Replaces the characters of a UTF-16 (or 8-bit) run with spaces. */
function blankChars(data: Buffer, from: number, count: number, wide: boolean) {
  const end = Math.min(data.length, from + count * (wide ? 2 : 1));
  for (let i = from; i < end; i += wide ? 2 : 1) {
    data[i] = 0x20;
    if (wide && i + 1 < end) data[i + 1] = 0;
  }
}

/** An STTB (string table) at [fc, fc + lcb): every string blanked; zeroed when it does not parse. */
function blankSttb(table: Buffer, fc: number, lcb: number) {
  const end = Math.min(table.length, fc + lcb);
  if (lcb < 4 || fc + 4 > end) return;
  const wide = table.readUInt16LE(fc) === 0xffff;
  let p = wide ? fc + 2 : fc;
  const count = table.readUInt16LE(p);
  const extra = table.readUInt16LE(p + 2);
  p += 4;
  for (let i = 0; i < count; i++) {
    const cch = p + 2 <= end ? (wide ? table.readUInt16LE(p) : table.readUInt8(p)) : -1;
    const bytes = cch * (wide ? 2 : 1);
    if (cch < 0 || p + (wide ? 2 : 1) + bytes + extra > end) {
      table.fill(0, fc, end); // an empty table rather than a half-blanked one
      return;
    }
    p += wide ? 2 : 1;
    blankChars(table, p, cch, wide);
    p += bytes + extra;
  }
}

/** A run of Xst strings (a 16-bit count, then UTF-16 characters) filling [fc, fc + lcb). */
function blankXsts(table: Buffer, fc: number, lcb: number) {
  const end = Math.min(table.length, fc + lcb);
  for (let p = fc; p + 2 <= end;) {
    const cch = table.readUInt16LE(p);
    blankChars(table, p + 2, cch, true);
    p += 2 + cch * 2;
  }
}

/** Comment reference records (ATRDPre10) begin with the author's initials: count + 9 characters. */
function blankCommentInitials(table: Buffer, fc: number, lcb: number) {
  if (lcb < 4 || (lcb - 4) % 34 !== 0) return;
  const n = (lcb - 4) / 34;
  const first = fc + (n + 1) * 4;
  for (let i = 0; i < n; i++) {
    const at = first + i * 30;
    if (at + 20 > table.length) return;
    blankChars(table, at + 2, 9, true);
  }
}

// FibRgFcLcb97 pairs (MS-DOC 2.5.6), by index.
const PLCF_AND_REF = 4;
const STTBF_ASSOC = 32;
const AUTOSAVE_SOURCE = 35;
const GRP_XST_ATN_OWNERS = 36;
const STTBF_RMARK = 51;
const STTB_SAVED_BY = 71;
const STTB_FNM = 72;

export function stripDoc(bytes: Uint8Array): Uint8Array {
  const cfb = new CompoundFile(bytes);
  for (const entry of cfb.entries) {
    if (entry.type === 2 && entry.name.startsWith("\u0005")) {
      const data = cfb.read(entry);
      blankPropertySet(data);
      cfb.write(entry, data);
    }
  }
  const wordEntry = cfb.stream("WordDocument");
  if (!wordEntry) fail("no WordDocument stream");
  const word = cfb.read(wordEntry);
  if (word.length < 154 || word.readUInt16LE(0) !== 0xa5ec) fail("not a Word document");
  const flags = word.readUInt16LE(0x0a);
  if (flags & 0x0100) fail("encrypted document");
  const tableEntry = cfb.stream(flags & 0x0200 ? "1Table" : "0Table");
  if (!tableEntry) fail("no table stream");
  const table = cfb.read(tableEntry);

  const csw = word.readUInt16LE(32);
  const lwAt = 34 + csw * 2;
  const cslw = word.readUInt16LE(lwAt);
  const fcLcbAt = lwAt + 2 + cslw * 4;
  const pairs = word.readUInt16LE(fcLcbAt);
  const pair = (k: number): [number, number] | null => {
    const at = fcLcbAt + 2 + k * 8;
    if (k >= pairs || at + 8 > word.length) return null;
    const fc = word.readUInt32LE(at);
    const lcb = word.readUInt32LE(at + 4);
    return lcb > 0 && fc < table.length ? [fc, lcb] : null;
  };
  for (const k of [STTBF_ASSOC, STTBF_RMARK, STTB_SAVED_BY, STTB_FNM]) {
    const p = pair(k);
    if (p) blankSttb(table, ...p);
  }
  for (const k of [AUTOSAVE_SOURCE, GRP_XST_ATN_OWNERS]) {
    const p = pair(k);
    if (p) blankXsts(table, ...p);
  }
  const refs = pair(PLCF_AND_REF);
  if (refs) blankCommentInitials(table, ...refs);
  cfb.write(tableEntry, table);
  return new Uint8Array(cfb.buf);
}

/** The text of a .doc as far as it can be read without its piece table: 8-bit and UTF-16 readings. */
export function docText(bytes: Uint8Array): string {
  const cfb = new CompoundFile(bytes);
  const word = cfb.stream("WordDocument");
  if (!word) fail("no WordDocument stream");
  const data = cfb.read(word);
  return `${data.toString("latin1")}\n${data.toString("utf16le")}`;
}
