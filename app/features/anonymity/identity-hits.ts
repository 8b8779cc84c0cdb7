/**
 * Where an entry names its writer (docs/decisions/0034-reading-desk.md): the writer's name,
 * e-mail, school or educator found in the entry's reading text as whole words, ignoring case,
 * accents and how the words are spaced or broken across lines. Hits are offsets into the text as
 * stored, so the admin sees the passage highlighted and judges read "[removed]" in its place.
 */

export const HIT_KINDS = ["name", "email", "school", "educator", "hidden"] as const;
export type HitKind = (typeof HIT_KINDS)[number];
export const HIT_STATUSES = ["pending", "redacted", "cleared"] as const;
export type HitStatus = (typeof HIT_STATUSES)[number];

/** What the admin reads for each kind of hit. */
export const HIT_KIND_LABELS: Record<HitKind, string> = {
  name: "the writer's name",
  email: "the writer's e-mail address",
  school: "the writer's school",
  educator: "the writer's teacher",
  hidden: "text whose direction is overridden, so it can read differently from how it is stored",
};

export type Identity = { kind: Exclude<HitKind, "hidden">; value: string };
export type Span = { kind: HitKind; start: number; end: number };

/** Fewer letters than this are never looked for: they would match ordinary words. */
const MIN_LETTERS = 4;

/**
 * Letters of other scripts that look like Latin ones (docs/decisions/0046-every-text-a-document-carries.md):
 * a hand table of the common Cyrillic and Greek look-alikes (and a few Latin variants), after
 * Unicode's confusables list. Capitals are looked up first (Greek "Η" looks like "H", its small
 * "η" like "n"), then the small letter the character folds to.
 */
const CAPITAL_LOOKALIKES: Record<string, string> = {
  // Cyrillic
  А: "a",
  В: "b",
  Е: "e",
  К: "k",
  М: "m",
  Н: "h",
  О: "o",
  Р: "p",
  С: "c",
  Т: "t",
  Х: "x",
  У: "y",
  Ѕ: "s",
  І: "i",
  Ј: "j",
  Ԛ: "q",
  Ԝ: "w",
  Ү: "y",
  Ӏ: "l",
  // Greek
  Α: "a",
  Β: "b",
  Ε: "e",
  Ζ: "z",
  Η: "h",
  Ι: "i",
  Κ: "k",
  Μ: "m",
  Ν: "n",
  Ο: "o",
  Ρ: "p",
  Τ: "t",
  Υ: "y",
  Χ: "x",
};
const SMALL_LOOKALIKES: Record<string, string> = {
  // Cyrillic
  а: "a",
  в: "b",
  г: "r",
  е: "e",
  к: "k",
  м: "m",
  н: "h",
  о: "o",
  п: "n",
  р: "p",
  с: "c",
  т: "t",
  у: "y",
  х: "x",
  ь: "b",
  ѕ: "s",
  і: "i",
  ј: "j",
  һ: "h",
  ԁ: "d",
  ԛ: "q",
  ԝ: "w",
  ү: "y",
  ӏ: "l",
  // Greek
  α: "a",
  β: "b",
  γ: "y",
  ε: "e",
  η: "n",
  ι: "i",
  κ: "k",
  μ: "u",
  ν: "v",
  ο: "o",
  ρ: "p",
  τ: "t",
  υ: "u",
  χ: "x",
  ω: "w",
  ϲ: "c",
  ϳ: "j",
  // Latin variants
  ı: "i",
  ȷ: "j",
  ɑ: "a",
  ɡ: "g",
  ɩ: "i",
  ʏ: "y",
};

/** Invisible format characters (zero-width spaces and joiners, soft hyphens, direction marks…). */
const FORMAT = /\p{Cf}/u;

/** One character as it is compared: compatibility forms, accents, case and look-alikes folded. */
function foldChar(ch: string): string {
  const capital = CAPITAL_LOOKALIKES[ch];
  if (capital) return capital;
  const f = ch.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
  let out = "";
  for (const c of f) out += SMALL_LOOKALIKES[c] ?? CAPITAL_LOOKALIKES[c] ?? c;
  return out;
}

/**
 * The text folded for matching (compatibility forms as NFKC has them, lower case, no accents,
 * look-alike letters of other scripts as the Latin ones, invisible format characters left out,
 * every run of white space one space), with `at[i]` = the offset in the original text of the
 * folded text's i-th UTF-16 unit (`at[length]` = the original length) and `endAt[i]` = the offset
 * just after the character it came from, so a match covers exactly its characters in the
 * original, whatever was hidden inside it.
 */
export function folded(text: string) {
  const parts: string[] = [];
  const at: number[] = [];
  const endAt: number[] = [];
  let space = false;
  for (let i = 0; i < text.length;) {
    const c = text.charCodeAt(i);
    if (c < 0x80) {
      // ASCII (most of any story): no normalisation needed.
      if (c === 32 || (c >= 9 && c <= 13)) {
        if (!space) {
          parts.push(" ");
          at.push(i);
          endAt.push(i + 1);
        }
        space = true;
      } else {
        parts.push(String.fromCharCode(c >= 65 && c <= 90 ? c + 32 : c));
        at.push(i);
        endAt.push(i + 1);
        space = false;
      }
      i++;
      continue;
    }
    const ch = String.fromCodePoint(text.codePointAt(i)!);
    const next = i + ch.length;
    if (FORMAT.test(ch)) {
      // Left out (U+FEFF is also white space to JavaScript: it must not split a name).
    } else if (/\s/u.test(ch)) {
      if (!space) {
        parts.push(" ");
        at.push(i);
        endAt.push(next);
      }
      space = true;
    } else {
      const f = foldChar(ch);
      for (let k = 0; k < f.length; k++) {
        at.push(i);
        endAt.push(next);
      }
      parts.push(f);
      if (f) space = false;
    }
    i = next;
  }
  at.push(text.length);
  return { text: parts.join(""), at, endAt };
}

/** The text as it is compared, without offsets (for a document's other texts). */
export const fold = (s: string) => folded(s).text.trim();
const letters = (s: string) => s.replace(/[^\p{L}\p{N}]/gu, "").length;

/** The strings looked for from one identity: the whole of it, and a surname or e-mail's name. */
export function needles(identity: Identity): string[] {
  const whole = fold(identity.value);
  if (letters(whole) < MIN_LETTERS) return [];
  const out = new Set([whole]);
  if (identity.kind === "email") {
    const local = whole.split("@")[0] ?? "";
    if (letters(local) >= MIN_LETTERS) out.add(local);
  }
  if (identity.kind === "name" || identity.kind === "educator") {
    // A surname alone names a writer as surely ("Mia R." gives nothing: too short).
    const parts = whole.split(" ").filter(Boolean);
    const last = parts.at(-1)?.replace(/\.$/, "") ?? "";
    if (parts.length > 1 && letters(last) >= MIN_LETTERS) out.add(last);
  }
  return [...out];
}

const WORD_CHAR = /[\p{L}\p{N}]/u;

/** Whether text[i, i + length) is bounded by non-letters (or the ends) on both sides. */
function wholeWordAt(text: string, i: number, length: number) {
  const before = Array.from(text.slice(Math.max(0, i - 2), i)).at(-1) ?? "";
  const after = Array.from(text.slice(i + length, i + length + 2))[0] ?? "";
  return !WORD_CHAR.test(before) && !WORD_CHAR.test(after);
}

/** Where each identity occurs in `text` as whole words (folded), unmerged. */
function identityMatches(text: string, identities: Identity[]): Span[] {
  const hay = folded(text);
  const found: Span[] = [];
  for (const identity of identities) {
    for (const needle of needles(identity)) {
      for (let i = hay.text.indexOf(needle); i >= 0; i = hay.text.indexOf(needle, i + 1)) {
        if (!wholeWordAt(hay.text, i, needle.length)) continue;
        found.push({
          kind: identity.kind,
          start: hay.at[i]!,
          end: hay.endAt[i + needle.length - 1]!,
        });
      }
    }
  }
  return found;
}

/** Characters that override or embed a direction (LRE, RLE, PDF, LRO, RLO; LRI, RLI, FSI, PDI). */
export const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/u;
const OPENERS = new Set([0x202a, 0x202b, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068]);

/**
 * The places where a text overrides its direction: from each embedding, override or isolate to
 * the character that ends it (or the end of its line), and any stray closing character. Inside
 * a right-to-left override (RLO) Latin letters are shown in reverse: a name written backwards
 * there reads forwards on screen, so each such run is also searched reversed.
 */
function bidiRuns(text: string): { start: number; end: number; reversed: boolean }[] {
  const runs: { start: number; end: number; reversed: boolean }[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (!(c >= 0x202a && c <= 0x202e) && !(c >= 0x2066 && c <= 0x2069)) continue;
    if (!OPENERS.has(c)) {
      runs.push({ start: i, end: i + 1, reversed: false });
      continue;
    }
    const closer = c >= 0x2066 ? 0x2069 : 0x202c;
    let end = i + 1;
    let depth = 1;
    for (; end < text.length; end++) {
      const d = text.charCodeAt(end);
      if (d === 10 || d === 13 || d === 0x2029) break;
      if (d === c) depth++;
      else if (d === closer && --depth === 0) {
        end++;
        break;
      }
    }
    runs.push({ start: i, end, reversed: c === 0x202e });
    i = end - 1;
  }
  return runs;
}

/** The code points of a string in reverse order (what an RLO shows). */
const reversed = (s: string) => Array.from(s).reverse().join("");

/**
 * Every whole-word occurrence of each identity in `text`, in text order, overlaps merged, and
 * every place that overrides the text's direction (kind "hidden", or the identity's kind when
 * a name is written backwards inside it). Names are compared folded (see `folded`): zero-width
 * characters inside a name, accents and look-alike letters of other scripts do not hide it.
 */
export function findIdentityHits(text: string, identities: Identity[]): Span[] {
  if (!text) return [];
  const found = identityMatches(text, identities);
  if (BIDI_CONTROLS.test(text)) {
    for (const run of bidiRuns(text)) {
      const shown = run.reversed
        ? identityMatches(reversed(text.slice(run.start, run.end)), identities)
        : [];
      found.push({ kind: shown[0]?.kind ?? "hidden", start: run.start, end: run.end });
    }
  }
  return mergeSpans(found);
}

/** Sorted, overlapping or touching spans merged (a name's kind before "hidden", else the first). */
function mergeSpans(spans: Span[]): Span[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start || b.end - a.end);
  const out: Span[] = [];
  for (const s of sorted) {
    const last = out.at(-1);
    if (last && s.start <= last.end) {
      last.end = Math.max(last.end, s.end);
      if (last.kind === "hidden") last.kind = s.kind;
    } else out.push({ ...s });
  }
  return out;
}

/** What judges read in place of a removed passage. */
export const REMOVED = "[removed]";

/**
 * The text as judges read it: every span that is not cleared replaced by "[removed]". Spans with
 * start = end (the file names the writer, not the text) change nothing here.
 */
export function textForJudges(
  text: string,
  hits: { start: number; end: number; status: string }[],
): string {
  const spans = hits
    .filter((h) => h.status !== "cleared" && h.end > h.start)
    .sort((a, b) => a.start - b.start);
  let out = "";
  let at = 0;
  for (const h of spans) {
    if (h.end <= at) continue;
    out += text.slice(at, Math.max(at, h.start)) + REMOVED;
    at = h.end;
  }
  return out + text.slice(at);
}

/** A hit's passage for the admin: some words before and after, and the hit itself. */
export function passage(text: string, hit: { start: number; end: number }, context = 80) {
  const from = Math.max(0, hit.start - context);
  const to = Math.min(text.length, hit.end + context);
  // Start and end on word boundaries so the passage reads as words.
  const before = text.slice(from, hit.start).replace(from > 0 ? /^\S*\s/u : /^/u, "");
  const after = text.slice(hit.end, to).replace(to < text.length ? /\s\S*$/u : /$/u, "");
  return {
    before: `${from > 0 ? "…" : ""}${before}`,
    match: text.slice(hit.start, hit.end),
    after: `${after}${to < text.length ? "…" : ""}`,
  };
}

/** Paragraphs of a reading text (one blank line between them), line breaks inside kept. */
export function paragraphs(text: string): string[] {
  return text
    .replace(/\r\n?/g, "\n")
    .split(/\n[ \t]*\n+/)
    .map((p) => p.replace(/^\n+|\n+$/g, ""))
    .filter((p) => p.trim().length > 0);
}
