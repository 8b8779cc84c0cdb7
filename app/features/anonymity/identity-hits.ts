/**
 * Where an entry names its writer (docs/decisions/0034-reading-desk.md): the writer's name,
 * e-mail, school or educator found in the entry's reading text as whole words, ignoring case,
 * accents and how the words are spaced or broken across lines. Hits are offsets into the text as
 * stored, so the admin sees the passage highlighted and judges read "[removed]" in its place.
 */

export const HIT_KINDS = ["name", "email", "school", "educator"] as const;
export type HitKind = (typeof HIT_KINDS)[number];
export const HIT_STATUSES = ["pending", "redacted", "cleared"] as const;
export type HitStatus = (typeof HIT_STATUSES)[number];

/** What the admin reads for each kind of hit. */
export const HIT_KIND_LABELS: Record<HitKind, string> = {
  name: "the writer's name",
  email: "the writer's e-mail address",
  school: "the writer's school",
  educator: "the writer's teacher",
};

export type Identity = { kind: HitKind; value: string };
export type Span = { kind: HitKind; start: number; end: number };

/** Fewer letters than this are never looked for: they would match ordinary words. */
const MIN_LETTERS = 4;

/**
 * The text folded for matching (lower case, no accents, every run of white space one space), with
 * `at[i]` = the offset in the original text of the folded text's i-th UTF-16 unit and
 * `at[length]` = the original length.
 */
function folded(text: string) {
  const parts: string[] = [];
  const at: number[] = [];
  let space = false;
  for (let i = 0; i < text.length;) {
    const c = text.charCodeAt(i);
    if (c < 0x80) {
      // ASCII (most of any story): no normalisation needed.
      if (c === 32 || (c >= 9 && c <= 13)) {
        if (!space) {
          parts.push(" ");
          at.push(i);
        }
        space = true;
      } else {
        parts.push(String.fromCharCode(c >= 65 && c <= 90 ? c + 32 : c));
        at.push(i);
        space = false;
      }
      i++;
      continue;
    }
    const ch = String.fromCodePoint(text.codePointAt(i)!);
    if (/\s/u.test(ch)) {
      if (!space) {
        parts.push(" ");
        at.push(i);
      }
      space = true;
    } else {
      const f = ch.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
      for (let k = 0; k < f.length; k++) at.push(i);
      parts.push(f);
      space = false;
    }
    i += ch.length;
  }
  at.push(text.length);
  return { text: parts.join(""), at };
}

const fold = (s: string) => folded(s).text.trim();
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

/** Every whole-word occurrence of each identity in `text`, in text order, overlaps merged. */
export function findIdentityHits(text: string, identities: Identity[]): Span[] {
  if (!text) return [];
  const hay = folded(text);
  const found: Span[] = [];
  for (const identity of identities) {
    for (const needle of needles(identity)) {
      for (let i = hay.text.indexOf(needle); i >= 0; i = hay.text.indexOf(needle, i + 1)) {
        if (!wholeWordAt(hay.text, i, needle.length)) continue;
        found.push({ kind: identity.kind, start: hay.at[i]!, end: hay.at[i + needle.length]! });
      }
    }
  }
  return mergeSpans(found);
}

/** Sorted, overlapping or touching spans merged (the first kind kept). */
function mergeSpans(spans: Span[]): Span[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start || b.end - a.end);
  const out: Span[] = [];
  for (const s of sorted) {
    const last = out.at(-1);
    if (last && s.start <= last.end) last.end = Math.max(last.end, s.end);
    else out.push({ ...s });
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
