/**
 * Copied and near-identical texts (docs/decisions/0054-copied-entries.md), pure: a text's words
 * folded (case, diacritics, punctuation; order kept), its 5-word shingles, a 128-hash MinHash
 * signature banded for locality-sensitive hashing (near-identical texts), winnowed shingle
 * fingerprints (long shared passages inside otherwise different texts), and the exact check of a
 * candidate pair: resemblance, containment and the longest shared passages as word ranges.
 */

/** Words per shingle. */
export const SHINGLE_WORDS = 5;
/** MinHash functions per signature. */
export const MINHASH_SIZE = 128;
/** LSH bands × rows = MINHASH_SIZE; a pair is a candidate when one band agrees in every row. */
export const BANDS = 32;
export const ROWS = MINHASH_SIZE / BANDS;
/**
 * Winnowing window (in shingles): every window of a text gives a fingerprint, its least hash
 * (Schleimer, Wilkerson and Aiken). A shared run of 2 × WINDOW + SHINGLE_WORDS - 1 words holds
 * two disjoint windows, so two shared fingerprints: a candidate needs two, which a phrase shared
 * by chance rarely gives.
 */
export const WINDOW = 18;
/** A passage this long (in words) shared by two otherwise different texts is reported. */
export const PASSAGE_MIN_WORDS = 2 * WINDOW + SHINGLE_WORDS - 1;
/** Shared passage fingerprints that make a candidate (any one shared band key does). */
export const PASSAGE_KEYS_NEEDED = 2;
/** Resemblance (Jaccard of shingle sets) from which two texts are "near-identical". */
export const NEAR_IDENTICAL = 0.5;
/**
 * A key held by more texts than this is a phrase many writers share (the prompt's own line, a
 * saying): it makes no candidate. A text copied by more writers than this is still found by its
 * band keys when the copies are near-identical.
 */
export const COMMON_KEY_OWNERS = 50;
/** Texts with fewer words than this are not compared (a title, a line of a poem). */
export const MIN_WORDS = 20;

export type Token = { word: string; start: number; end: number };

const WORD = /[\p{L}\p{N}]+(?:['’\u2019-][\p{L}\p{N}]+)*/gu;
const MARKS = /[\p{M}'’\u2019-]/gu;

/**
 * The text's words in order, each folded (lower case, diacritics and inner apostrophes or hyphens
 * dropped) with its place [start, end) in the original text, for highlighting.
 */
export function tokenize(text: string): Token[] {
  const out: Token[] = [];
  for (const m of text.matchAll(WORD)) {
    const word = m[0].normalize("NFKD").replace(MARKS, "").toLowerCase();
    if (word) out.push({ word, start: m.index, end: m.index + m[0].length });
  }
  return out;
}

/** FNV-1a over a string's UTF-16 units, 32 bits. */
function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** murmur3's finaliser: a fast, well-mixed 32-bit permutation. */
function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** The hash of each shingle, in word order (shingle i covers words i .. i + 4). */
export function shingleHashes(tokens: readonly Token[]): Uint32Array {
  const k = SHINGLE_WORDS;
  if (tokens.length < k) return new Uint32Array(0);
  const words = tokens.map((t) => fnv1a(t.word));
  const out = new Uint32Array(tokens.length - k + 1);
  for (let i = 0; i < out.length; i++) {
    let h = 0x9e3779b9;
    for (let j = 0; j < k; j++) h = fmix32((h ^ words[i + j]!) + j);
    out[i] = h;
  }
  return out;
}

/** Deterministic seeds of the MinHash functions (fixed: stored signatures stay comparable). */
const SEEDS = (() => {
  const seeds = new Uint32Array(MINHASH_SIZE);
  let s = 0x2545f491;
  for (let i = 0; i < MINHASH_SIZE; i++) {
    s = fmix32(s + 0x9e3779b9);
    seeds[i] = s;
  }
  return seeds;
})();

/** The MinHash signature of a set of shingle hashes (all 0xffffffff when it is empty). */
export function minhash(shingles: Uint32Array): Uint32Array {
  const sig = new Uint32Array(MINHASH_SIZE).fill(0xffffffff);
  for (let i = 0; i < shingles.length; i++) {
    const x = shingles[i]!;
    for (let f = 0; f < MINHASH_SIZE; f++) {
      const v = fmix32(x ^ SEEDS[f]!);
      if (v < sig[f]!) sig[f] = v;
    }
  }
  return sig;
}

/** As a signed 32-bit integer (the database's INTEGER). */
const int32 = (n: number) => n | 0;

/** Band keys are even, passage keys odd, so one indexed column holds both. */
export const isBandKey = (key: number) => (key & 1) === 0;

/** Whether the keys two texts share make them a candidate pair. */
export function isCandidate(shared: Iterable<number>): boolean {
  let passages = 0;
  for (const key of shared) {
    if (isBandKey(key)) return true;
    if (++passages >= PASSAGE_KEYS_NEEDED) return true;
  }
  return false;
}

/** One key per band: the band's rows hashed with its number (signed 32-bit, even). */
export function bandKeys(sig: Uint32Array): number[] {
  const keys: number[] = [];
  for (let b = 0; b < BANDS; b++) {
    let h = fmix32(0x42a5 + b);
    for (let r = 0; r < ROWS; r++) h = fmix32(h ^ sig[b * ROWS + r]!);
    keys.push(int32(h) & ~1);
  }
  return keys;
}

/**
 * Winnowing: the least hash of every window of WINDOW shingles (rightmost on ties), each kept
 * once, salted, odd so it never equals a band key (signed 32-bit).
 */
export function passageKeys(shingles: Uint32Array): number[] {
  const n = shingles.length;
  if (n === 0) return [];
  const w = Math.min(WINDOW, n);
  const picked = new Set<number>();
  for (let i = 0; i + w <= n; i++) {
    let min = i;
    for (let j = i + 1; j < i + w; j++) if (shingles[j]! <= shingles[min]!) min = j;
    picked.add(shingles[min]!);
  }
  return [...picked].map((h) => int32(fmix32(h ^ 0x5bd1e995)) | 1);
}

/** A text ready to compare: its tokens, shingles, signature and lookup keys. */
export type Fingerprint = {
  tokens: Token[];
  shingles: Uint32Array;
  signature: Uint32Array;
  keys: number[];
};

/** Everything the index needs of a text; no keys when it is too short to compare. */
export function fingerprint(text: string): Fingerprint {
  const tokens = tokenize(text);
  const shingles = tokens.length >= MIN_WORDS ? shingleHashes(tokens) : new Uint32Array(0);
  const signature = minhash(shingles);
  const keys = shingles.length
    ? [...new Set([...bandKeys(signature), ...passageKeys(shingles)])]
    : [];
  return { tokens, shingles, signature, keys };
}

/** Estimated resemblance from two signatures (the share of agreeing functions). */
export function estimatedResemblance(a: Uint32Array, b: Uint32Array): number {
  let same = 0;
  for (let i = 0; i < MINHASH_SIZE; i++) if (a[i] === b[i]) same++;
  return same / MINHASH_SIZE;
}

/** A shared passage: word ranges [start, end) in each text. */
export type Passage = { a: [number, number]; b: [number, number]; words: number };

export type PairKind = "near-identical" | "shared-passage";

export type Comparison = {
  kind: PairKind | null;
  /** Jaccard of the two shingle sets, 0..1. */
  resemblance: number;
  /** Shared shingles over the smaller set, 0..1. */
  containment: number;
  /** Words of A inside a passage shared with B. */
  sharedWords: number;
  /** The shared passages of at least PASSAGE_MIN_WORDS words, longest first (at most 20). */
  passages: Passage[];
};

/**
 * The exact check of a candidate pair. Near-identical when the resemblance is at least
 * NEAR_IDENTICAL; otherwise a shared passage when a run of at least PASSAGE_MIN_WORDS words is
 * the same in both; otherwise no match (kind null).
 */
export function compareTexts(a: Uint32Array, b: Uint32Array): Comparison {
  const setA = new Set(a);
  const setB = new Set(b);
  let inter = 0;
  for (const h of setA) if (setB.has(h)) inter++;
  const union = setA.size + setB.size - inter;
  const resemblance = union ? inter / union : 0;
  const containment = Math.min(setA.size, setB.size) ? inter / Math.min(setA.size, setB.size) : 0;

  // Runs of consecutive equal shingles: from each place of A, the longest run starting at one of
  // the places its shingle has in B; the run is taken and the walk goes on after it.
  const where = new Map<number, number[]>();
  for (let j = 0; j < b.length; j++) {
    const list = where.get(b[j]!);
    if (list) list.push(j);
    else where.set(b[j]!, [j]);
  }
  const runs: Passage[] = [];
  let coveredUntil = 0;
  let sharedWords = 0;
  for (let i = 0; i < a.length;) {
    const places = where.get(a[i]!);
    if (!places) {
      i++;
      continue;
    }
    let best = 0;
    let bestJ = 0;
    for (const j of places) {
      let len = 0;
      while (i + len < a.length && j + len < b.length && a[i + len] === b[j + len]) len++;
      if (len > best) {
        best = len;
        bestJ = j;
      }
      if (places.length > 64) break; // a phrase repeated everywhere: its first place will do
    }
    const words = best + SHINGLE_WORDS - 1;
    const from = Math.max(i, coveredUntil);
    const to = i + words;
    if (to > from) sharedWords += to - from;
    coveredUntil = Math.max(coveredUntil, to);
    if (words >= PASSAGE_MIN_WORDS)
      runs.push({ a: [i, i + words], b: [bestJ, bestJ + words], words });
    i += best;
  }
  runs.sort((x, y) => y.words - x.words || x.a[0] - y.a[0]);
  const passages = runs.slice(0, 20);
  const kind: PairKind | null =
    resemblance >= NEAR_IDENTICAL ? "near-identical" : passages.length ? "shared-passage" : null;
  return {
    kind,
    resemblance,
    containment,
    sharedWords: passages.length ? sharedWords : 0,
    passages,
  };
}

/** A signature as bytes for storage (little-endian), and back. */
export function signatureBytes(sig: Uint32Array): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(sig.length * 4);
  const view = new DataView(out.buffer);
  for (let i = 0; i < sig.length; i++) view.setUint32(i * 4, sig[i]!, true);
  return out;
}

export function signatureFromBytes(bytes: Uint8Array): Uint32Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out = new Uint32Array(Math.floor(bytes.byteLength / 4));
  for (let i = 0; i < out.length; i++) out[i] = view.getUint32(i * 4, true);
  return out;
}

/**
 * The method's version: part of every stored source hash, so changing a parameter above (shingle
 * size, seeds, bands, window) makes every stored fingerprint stale and the next pass recomputes it.
 */
export const FINGERPRINT_VERSION = 1;

/**
 * Whether an entry's stored fingerprint is still its text's: the method's version, two 32-bit
 * hashes of the text as read (every character, so any edit changes it) and its length.
 */
export function sourceHash(text: string): string {
  let h1 = 0x811c9dc5;
  let h2 = 0x2545f491;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193);
    h2 = Math.imul(h2 ^ c, 0x5bd1e995) ^ (h2 >>> 15);
  }
  const hex = (h: number) => (fmix32(h) >>> 0).toString(16).padStart(8, "0");
  return `v${FINGERPRINT_VERSION}:${hex(h1)}${hex(h2)}:${text.length}`;
}

/** Lookup keys (signed 32-bit) as bytes for storage, and back. */
export function keysBytes(keys: readonly number[]): Uint8Array<ArrayBuffer> {
  return signatureBytes(Uint32Array.from(keys, (k) => k >>> 0));
}

export function keysFromBytes(bytes: Uint8Array): number[] {
  return Array.from(signatureFromBytes(bytes), (k) => k | 0);
}

/** A stable hash of the folded words, to know whether a stored signature is still the text's. */
export function textHash(tokens: readonly Token[]): string {
  let h1 = 0x811c9dc5;
  let h2 = 0x2545f491;
  for (const t of tokens) {
    const w = fnv1a(t.word);
    h1 = fmix32(h1 ^ w);
    h2 = fmix32(h2 + w + 0x9e3779b9);
  }
  return `${h1.toString(16).padStart(8, "0")}${h2.toString(16).padStart(8, "0")}:${tokens.length}`;
}

/** Splits a text into plain and shared pieces for display, from word ranges of its tokens. */
export function highlightPieces(
  text: string,
  tokens: readonly Token[],
  ranges: ReadonlyArray<readonly [number, number]>,
): { text: string; shared: boolean }[] {
  const spans = ranges
    .map(([s, e]) => [tokens[s]?.start, tokens[Math.min(e, tokens.length) - 1]?.end] as const)
    .filter((r): r is readonly [number, number] => r[0] !== undefined && r[1] !== undefined)
    .sort((x, y) => x[0] - y[0]);
  const merged: [number, number][] = [];
  for (const [s, e] of spans) {
    const last = merged[merged.length - 1];
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else merged.push([s, e]);
  }
  const out: { text: string; shared: boolean }[] = [];
  let at = 0;
  for (const [s, e] of merged) {
    if (s > at) out.push({ text: text.slice(at, s), shared: false });
    out.push({ text: text.slice(s, e), shared: true });
    at = e;
  }
  if (at < text.length) out.push({ text: text.slice(at), shared: false });
  return out;
}
