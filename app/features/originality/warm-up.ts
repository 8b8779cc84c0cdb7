/**
 * A fresh process's first copy checks cost several times a warm one's: V8 compiles, then
 * optimizes, the method's functions on their first uses (ADR 0054 measured up to 398 ms of CPU
 * for a process's first checks against 20–95 ms warm). The scheduler runs the method on made-up
 * text when it starts, so an entry's check does not pay for that. Pure: no data is read or
 * written, and nothing is kept.
 */
import {
  compareTexts,
  fingerprint,
  keysBytes,
  keysFromBytes,
  signatureBytes,
  signatureFromBytes,
  sourceHash,
} from "./similarity";

const WORDS = (
  "the a lamp harbour keeper ship storm night light rope island gull wave stone door " +
  "window old young sister brother dog cat river bridge hill forest snow morning bell " +
  "quiet loud ran walked saw heard found lost kept opened closed climbed fell sang " +
  "laughed cried waited and but then because so when while under over beside across " +
  "through into her his their our my bright dark cold warm little great"
).split(" ");

/** Made-up text: `words` words drawn from a small vocabulary by a seeded generator. */
function madeUp(seed: number, words: number) {
  let x = (seed * 2654435761 + 1) >>> 0;
  const out: string[] = [];
  for (let i = 0; i < words; i++) {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    out.push(WORDS[x % WORDS.length]!);
    if (i % 60 === 59) out.push("\n\n");
  }
  return out.join(" ");
}

/**
 * Runs every part of a check (folding, shingles, MinHash, keys, the exact check of a
 * near-identical pair, of a copied paragraph and of an unrelated text, the storage encodings)
 * `rounds` times. Returns the pairs it found (two a round), so a test can see it did the work.
 */
export function warmUpCopyCheck(rounds = 12) {
  let found = 0;
  for (let r = 0; r < rounds; r++) {
    const story = madeUp(r, 500);
    const words = story.split(" ");
    const edited = [...words.slice(0, 100), "different", ...words.slice(101)].join(" ");
    const copied = `${madeUp(r + 1000, 150)} ${words.slice(200, 260).join(" ")} ${madeUp(r + 2000, 150)}`;
    const a = fingerprint(story);
    for (const other of [edited, copied, madeUp(r + 3000, 500)]) {
      const b = fingerprint(other);
      if (compareTexts(a.shingles, b.shingles).kind) found++;
    }
    sourceHash(story);
    keysFromBytes(keysBytes(a.keys));
    signatureFromBytes(signatureBytes(a.signature));
  }
  return found;
}
