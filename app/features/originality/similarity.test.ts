import { describe, expect, it } from "vitest";
import { labelledPairs, story } from "./corpus-fixture";
import {
  COMMON_KEY_OWNERS,
  MIN_WORDS,
  PASSAGE_MIN_WORDS,
  compareTexts,
  estimatedResemblance,
  isCandidate,
  fingerprint,
  keysBytes,
  keysFromBytes,
  sourceHash,
  highlightPieces,
  signatureBytes,
  signatureFromBytes,
  textHash,
  tokenize,
} from "./similarity";

describe("tokenize", () => {
  it("folds case, diacritics and punctuation and keeps word order and places", () => {
    const tokens = tokenize("Zoë's CAFÉ — naïve, well-known!");
    expect(tokens.map((t) => t.word)).toEqual(["zoes", "cafe", "naive", "wellknown"]);
    expect(tokens[1]).toMatchObject({ start: 6, end: 10 });
  });
});

describe("compareTexts", () => {
  it("finds identical texts whatever their case and punctuation", () => {
    const a = story(1);
    const fa = fingerprint(a);
    const fb = fingerprint(a.toUpperCase().replace(/[.,]/g, " "));
    const c = compareTexts(fa.shingles, fb.shingles);
    expect(c.kind).toBe("near-identical");
    expect(c.resemblance).toBe(1);
    expect(estimatedResemblance(fa.signature, fb.signature)).toBe(1);
    expect(c.passages[0]!.words).toBe(fa.tokens.length);
  });

  it("maps a copied paragraph back to its word ranges in both texts", () => {
    const copied = story(2).split("\n\n")[1]!;
    const a = `${story(3)}\n\n${copied}`;
    const b = `${copied}\n\n${story(4)}`;
    const fa = fingerprint(a);
    const fb = fingerprint(b);
    const c = compareTexts(fa.shingles, fb.shingles);
    expect(c.kind).toBe("shared-passage");
    const words = tokenize(copied).length;
    expect(c.passages[0]!.words).toBeGreaterThanOrEqual(words);
    const [bs, be] = c.passages[0]!.b;
    expect(bs).toBe(0);
    expect(be).toBeGreaterThanOrEqual(words);
    const pieces = highlightPieces(b, fb.tokens, [c.passages[0]!.b]);
    expect(pieces[0]!.shared).toBe(true);
    expect(pieces[0]!.text.startsWith(copied.slice(0, -1))).toBe(true);
  });

  it("ignores a shared run shorter than a passage and texts too short to compare", () => {
    const line = "one two three four five six seven eight nine ten";
    const c = compareTexts(
      fingerprint(`${story(5)} ${line}`).shingles,
      fingerprint(`${line} ${story(6)}`).shingles,
    );
    expect(c.kind).toBeNull();
    expect(PASSAGE_MIN_WORDS).toBe(40);
    expect(fingerprint("a short poem of few words").keys).toEqual([]);
    expect(MIN_WORDS).toBeGreaterThan(5);
  });
});

describe("storage helpers", () => {
  it("round-trips a signature and hashes folded words only", () => {
    const f = fingerprint(story(7));
    expect([...signatureFromBytes(signatureBytes(f.signature))]).toEqual([...f.signature]);
    expect(textHash(tokenize("Hello, World"))).toBe(textHash(tokenize("hello world")));
    expect(textHash(tokenize("Hello World"))).not.toBe(textHash(tokenize("World Hello")));
  });
});

/**
 * The measured quality of ADR 0054: every text of the corpus is indexed together; candidates are
 * the pairs sharing a key (an LSH band or a passage fingerprint), then checked exactly.
 */
describe("detection quality on the labelled corpus", () => {
  const pairs = labelledPairs();
  const texts = pairs.flatMap((p) => [p.a, p.b]);
  const prints = texts.map((t) => fingerprint(t));
  const owners = new Map<number, number[]>();
  prints.forEach((p, i) => {
    for (const k of p.keys) owners.set(k, [...(owners.get(k) ?? []), i]);
  });
  const shared = new Map<string, number[]>();
  for (const [key, list] of owners)
    if (list.length <= COMMON_KEY_OWNERS)
      for (let x = 0; x < list.length; x++)
        for (let y = x + 1; y < list.length; y++) {
          const pair = `${list[x]}:${list[y]}`;
          shared.set(pair, [...(shared.get(pair) ?? []), key]);
        }
  const candidates = new Set([...shared].filter(([, keys]) => isCandidate(keys)).map(([p]) => p));
  const found = new Map<string, string>();
  for (const key of candidates) {
    const [x, y] = key.split(":").map(Number) as [number, number];
    const c = compareTexts(prints[x]!.shingles, prints[y]!.shingles);
    if (c.kind) found.set(key, c.kind);
  }

  it("has at least 50 labelled pairs of every kind", () => {
    expect(pairs.length).toBeGreaterThanOrEqual(50);
    for (const kind of ["near-identical", "shared-passage", "none"])
      expect(pairs.filter((p) => p.expect === kind).length).toBeGreaterThanOrEqual(10);
  });

  it("finds every identical, lightly edited, re-ordered and copied pair, with its kind", () => {
    const missed = pairs.flatMap((p, i) =>
      p.expect !== "none" && found.get(`${2 * i}:${2 * i + 1}`) !== p.expect ? [p.label] : [],
    );
    expect(missed).toEqual([]);
  });

  it("reports nothing else: no same-prompt pair, no pair of unrelated texts", () => {
    const expected = new Set(
      pairs.flatMap((p, i) => (p.expect === "none" ? [] : [`${2 * i}:${2 * i + 1}`])),
    );
    const falsePositives = [...found.keys()].filter((k) => !expected.has(k));
    expect(falsePositives).toEqual([]);
    // And LSH keeps the exact checks few: far fewer candidates than pairs.
    expect(candidates.size).toBeLessThan((texts.length * (texts.length - 1)) / 2 / 10);
  });
});

describe("stored fingerprints", () => {
  it("keeps signed keys through bytes", () => {
    const keys = fingerprint(story(5)).keys;
    expect(keys.some((k) => k < 0)).toBe(true);
    expect(keysFromBytes(keysBytes(keys))).toEqual(keys);
  });

  it("changes the source hash with any edit of the text, even one the folded words ignore", () => {
    const text = story(6);
    expect(sourceHash(text)).toBe(sourceHash(`${text}`));
    expect(sourceHash(text)).not.toBe(sourceHash(text.replace(".", "!")));
    expect(sourceHash(text)).not.toBe(sourceHash(`${text} `));
    expect(sourceHash(text)).toMatch(/^v1:/);
  });
});
