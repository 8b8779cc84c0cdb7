/**
 * A corpus of labelled pairs for measuring copy detection (docs/decisions/0054-copied-entries.md),
 * generated from a seeded random source: identical texts, lightly edited ones, re-ordered
 * paragraphs, one paragraph copied into a different story, and different stories written to the
 * same prompt (which must not match). Used by the unit test and the benchmark.
 */

export type Expectation = "near-identical" | "shared-passage" | "none";
export type LabelledPair = { label: string; expect: Expectation; a: string; b: string };

/** A small deterministic random source (mulberry32). */
export function randomSource(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  return { next, pick };
}

const NAMES = ["Mara", "Tobias", "Ines", "Kofi", "Lena", "Arjun", "Zoë", "Mateo", "Hana", "Wren"];
const NOUNS = [
  "lantern",
  "harbour",
  "staircase",
  "notebook",
  "orchard",
  "bicycle",
  "kettle",
  "window",
  "compass",
  "blanket",
  "river",
  "attic",
  "pebble",
  "violin",
  "garden",
  "ladder",
  "tunnel",
  "bakery",
  "feather",
  "mirror",
  "island",
  "clock",
  "suitcase",
  "meadow",
  "bridge",
  "envelope",
  "fox",
  "owl",
  "storm",
  "map",
  "key",
  "boat",
  "candle",
  "forest",
  "cellar",
  "raincoat",
];
const ADJECTIVES = [
  "quiet",
  "crooked",
  "silver",
  "muddy",
  "bright",
  "hollow",
  "ancient",
  "tiny",
  "rusty",
  "gentle",
  "stubborn",
  "golden",
  "narrow",
  "sleepy",
  "wild",
  "cold",
  "secret",
  "broken",
];
const VERBS = [
  "found",
  "carried",
  "followed",
  "dropped",
  "painted",
  "hid",
  "opened",
  "mended",
  "watched",
  "counted",
  "lost",
  "chased",
  "borrowed",
  "buried",
  "pushed",
  "folded",
  "noticed",
  "heard",
];
const PLACES = [
  "behind the school",
  "under the bridge",
  "near the old mill",
  "at the edge of town",
  "inside the library",
  "on the windy hill",
  "by the frozen pond",
  "past the market",
];
const FEELINGS = ["nervous", "proud", "curious", "tired", "hopeful", "grumpy", "brave", "lonely"];

type Vocabulary = {
  NAMES: readonly string[];
  NOUNS: readonly string[];
  ADJECTIVES: readonly string[];
  VERBS: readonly string[];
  PLACES: readonly string[];
  FEELINGS: readonly string[];
};
const SMALL: Vocabulary = { NAMES, NOUNS, ADJECTIVES, VERBS, PLACES, FEELINGS };

/** Made-up words from syllables, so a large corpus is not made of a few dozen words. */
function madeUp(seed: number, n: number, suffix = ""): string[] {
  const r = randomSource(seed);
  const syllables = ["ka", "lo", "mi", "ren", "tu", "sa", "vel", "or", "pim", "dra", "no", "eth"];
  return Array.from({ length: n }, () => {
    const k = 2 + Math.floor(r.next() * 2);
    return Array.from({ length: k }, () => r.pick(syllables)).join("") + suffix;
  });
}

/** A vocabulary of thousands of words, like real stories' (the benchmark's contests). */
const LARGE: Vocabulary = {
  NAMES: [...NAMES, ...madeUp(1, 300).map((w) => w[0]!.toUpperCase() + w.slice(1))],
  NOUNS: [...NOUNS, ...madeUp(2, 3000)],
  ADJECTIVES: [...ADJECTIVES, ...madeUp(3, 800, "y")],
  VERBS: [...VERBS, ...madeUp(4, 800, "ed")],
  PLACES: [...PLACES, ...madeUp(5, 400).map((w) => `near the ${w}`)],
  FEELINGS: [...FEELINGS, ...madeUp(6, 200, "ful")],
};

/** Sentences with slots, so stories on one prompt share grammar but not long runs of words. */
const TEMPLATES: ((r: ReturnType<typeof randomSource>, v: Vocabulary) => string)[] = [
  (r, v) =>
    `${r.pick(v.NAMES)} ${r.pick(v.VERBS)} a ${r.pick(v.ADJECTIVES)} ${r.pick(v.NOUNS)} ${r.pick(v.PLACES)}.`,
  (r, v) =>
    `It was ${r.pick(v.ADJECTIVES)} and ${r.pick(v.ADJECTIVES)}, like a ${r.pick(v.NOUNS)} in winter.`,
  (r, v) =>
    `"Where is the ${r.pick(v.NOUNS)}?" asked ${r.pick(v.NAMES)}, feeling ${r.pick(v.FEELINGS)}.`,
  (r, v) =>
    `Nobody had ${r.pick(v.VERBS)} the ${r.pick(v.NOUNS)} since the ${r.pick(v.ADJECTIVES)} ${r.pick(v.NOUNS)} ${r.pick(v.VERBS)} it.`,
  (r, v) =>
    `${r.pick(v.NAMES)} felt ${r.pick(v.FEELINGS)} when the ${r.pick(v.NOUNS)} ${r.pick(v.VERBS)} the ${r.pick(v.NOUNS)}.`,
  (r, v) =>
    `Later, ${r.pick(v.PLACES)}, a ${r.pick(v.ADJECTIVES)} ${r.pick(v.NOUNS)} waited for someone ${r.pick(v.FEELINGS)}.`,
  (r, v) =>
    `The ${r.pick(v.NOUNS)} smelled of ${r.pick(v.NOUNS)}s and ${r.pick(v.ADJECTIVES)} ${r.pick(v.NOUNS)}s.`,
  (r, v) =>
    `So ${r.pick(v.NAMES)} ${r.pick(v.VERBS)} it, and then ${r.pick(v.VERBS)} the ${r.pick(v.ADJECTIVES)} ${r.pick(v.NOUNS)} too.`,
];

export const PROMPT_LINE = "The lighthouse keeper had not seen a ship in forty years.";

function paragraph(r: ReturnType<typeof randomSource>, sentences: number, v: Vocabulary) {
  return Array.from({ length: sentences }, () => r.pick(TEMPLATES)(r, v)).join(" ");
}

/**
 * A story written to the prompt: the prompt's line, then paragraphs of template sentences; `large`
 * draws from thousands of words instead of a few dozen.
 */
export function story(seed: number, paragraphs = 5, large = false): string {
  const r = randomSource(seed);
  const v = large ? LARGE : SMALL;
  const paras = Array.from({ length: paragraphs }, () =>
    paragraph(r, 5 + Math.floor(r.next() * 3), v),
  );
  return [PROMPT_LINE + " " + paras[0], ...paras.slice(1)].join("\n\n");
}

/** A few words changed, added or removed, spread through the text. */
function lightlyEdit(text: string, seed: number, edits: number): string {
  const r = randomSource(seed);
  const words = text.split(" ");
  for (let e = 0; e < edits; e++) {
    const at = Math.floor(r.next() * words.length);
    const what = r.next();
    if (what < 0.5) words[at] = r.pick(NOUNS);
    else if (what < 0.75) words.splice(at, 0, r.pick(ADJECTIVES));
    else words.splice(at, 1);
  }
  return words.join(" ");
}

function reorder(text: string, seed: number): string {
  const r = randomSource(seed);
  const paras = text.split("\n\n");
  for (let i = paras.length - 1; i > 0; i--) {
    const j = Math.floor(r.next() * (i + 1));
    [paras[i], paras[j]] = [paras[j]!, paras[i]!];
  }
  // Never the same order: the first paragraph goes last.
  if (paras.join("\n\n") === text) paras.push(paras.shift()!);
  return paras.join("\n\n");
}

/** A copied paragraph of 50 to 70 words put into the middle of a different story. */
function withCopiedParagraph(source: string, other: string, seed: number): string {
  const r = randomSource(seed);
  const sourceParas = source.split("\n\n").slice(1);
  const copied = sourceParas
    .map((p) =>
      p
        .split(" ")
        .slice(0, 50 + Math.floor(r.next() * 20))
        .join(" "),
    )
    .find((p) => p.split(" ").length >= 50)!;
  const paras = other.split("\n\n");
  paras.splice(2, 0, copied);
  return paras.join("\n\n");
}

/** The labelled pairs: 12 identical, 12 lightly edited, 10 re-ordered, 10 copied, 20 different. */
export function labelledPairs(): LabelledPair[] {
  const pairs: LabelledPair[] = [];
  let seed = 1000;
  for (let i = 0; i < 12; i++) {
    const a = story(seed++);
    // Identical words; case, spacing and punctuation may differ (copied from another editor).
    const b = i % 2 ? a.toUpperCase().replace(/[.,"]/g, "") : a.replace(/\n\n/g, "\n\n\n");
    pairs.push({ label: `identical ${i + 1}`, expect: "near-identical", a, b });
  }
  for (let i = 0; i < 12; i++) {
    const a = story(seed++);
    pairs.push({
      label: `lightly edited ${i + 1}`,
      expect: "near-identical",
      a,
      b: lightlyEdit(a, seed * 7, 3 + (i % 5)),
    });
  }
  for (let i = 0; i < 10; i++) {
    const a = story(seed++);
    pairs.push({ label: `re-ordered ${i + 1}`, expect: "near-identical", a, b: reorder(a, seed) });
  }
  for (let i = 0; i < 10; i++) {
    const a = story(seed++);
    const other = story(seed++);
    pairs.push({
      label: `copied paragraph ${i + 1}`,
      expect: "shared-passage",
      a,
      b: withCopiedParagraph(a, other, seed),
    });
  }
  for (let i = 0; i < 20; i++) {
    pairs.push({
      label: `same prompt ${i + 1}`,
      expect: "none",
      a: story(seed++),
      b: story(seed++),
    });
  }
  return pairs;
}
