/**
 * The roster's pure rules (docs/decisions/0031-classrooms-and-shared-computers.md): how a pupil
 * is typed (first name, last initial, grade K-12, optional parent e-mail), the duplicate key,
 * a joined pupil's name taken from their display name, and the class join code's shape.
 */
import { z } from "zod";

export const FIRST_NAME_MAX = 40;
export const CLASS_SIZE_MAX = 60;

/** "K" (or "0") → 0, "1".."12" → 1..12, "" → null; anything else → undefined (not a grade). */
export function parseGrade(raw: string | null | undefined): number | null | undefined {
  const v = (raw ?? "")
    .trim()
    .toUpperCase()
    .replace(/^GRADE\s*/, "");
  if (v === "") return null;
  if (v === "K" || v === "KG" || v === "0") return 0;
  if (/^\d{1,2}$/.test(v)) {
    const n = Number(v);
    if (n >= 1 && n <= 12) return n;
  }
  return undefined;
}

/** How a grade reads: "K", "5", or "" when none was given. */
export const gradeLabel = (grade: number | null) =>
  grade === null ? "" : grade === 0 ? "K" : String(grade);

/** Trims and joins inner runs of spaces: "  Mia   Rose " → "Mia Rose". */
export const tidy = (s: string) => s.trim().replace(/\s+/g, " ");

/**
 * Invisible format characters a name never needs (docs/decisions/0041-class-joining-at-class-
 * size.md): the bidirectional embeddings, overrides and isolates (U+202A-202E, U+2066-2069), the
 * direction marks (U+200E, U+200F, U+061C), zero-width space, word joiner, invisible operators
 * and the byte-order mark (U+200B, U+2060-2064, U+FEFF), soft hyphen (U+00AD) and Mongolian
 * vowel separator (U+180E). Zero-width (non-)joiners (U+200C, U+200D) are kept only between two
 * letters of a script that uses them (Persian, Indic); elsewhere they hide inside a name.
 */
const INVISIBLE =
  /[\u00AD\u061C\u180E\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/gu;
const JOINERS = /[\u200C\u200D]+/gu;
const nonLatinLetter = /[\p{L}\p{M}]/u;
const latin = /\p{Script=Latin}/u;

/**
 * A name as stored and shown: Unicode NFC, the invisible characters above removed (so "Mia"
 * behind a right-to-left override or with a zero-width space inside is plain "Mia"), control
 * characters dropped, spaces tidied. Pure; the join form, the roster form and the CSV import all
 * read names through it.
 */
export function cleanName(raw: string): string {
  const s = raw.normalize("NFC").replace(INVISIBLE, "");
  const kept = s.replace(JOINERS, (m, at: number) => {
    const before = s[at - 1] ?? "";
    const after = s[at + m.length] ?? "";
    const scriptJoin =
      nonLatinLetter.test(before) &&
      nonLatinLetter.test(after) &&
      !latin.test(before) &&
      !latin.test(after);
    return scriptJoin ? m : "";
  });
  // eslint-disable-next-line no-control-regex -- control characters are what it removes
  return tidy(kept.replace(/[\u0000-\u001f\u007f-\u009f]/g, " "));
}

/** A name's first user-perceived character (a grapheme: "É" with its accent, "क्ष", one emoji). */
const graphemes = (s: string) =>
  [...new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(s)].map((g) => g.segment);

/**
 * Words of a last name that an initial skips when more follows: "van der Berg" → B, "de la
 * Cruz" → C, "al-Farsi" and Arabic "الفارسي" → F / ف, "ibn Rushd" → R. A name that is only
 * particles keeps its first word.
 */
const PARTICLES = new Set([
  "al",
  "el",
  "ad",
  "ar",
  "as",
  "at",
  "az",
  "ash",
  "bin",
  "ibn",
  "bint",
  "da",
  "das",
  "de",
  "del",
  "della",
  "der",
  "den",
  "des",
  "di",
  "do",
  "dos",
  "du",
  "la",
  "le",
  "ten",
  "ter",
  "van",
  "von",
  "zu",
]);
/** The Arabic article written onto its word ("الفارسي"), and "al-"/"el-" with a hyphen. */
const ARABIC_ARTICLE = /^\u0627\u0644(?=\p{L}{2})/u;
const HYPHENED_ARTICLE = /^(?:al|el|ad|ar|as|at|az|ash)[-\u2010\u2011'’](?=\p{L})/iu;

/**
 * A last initial from what was typed (docs/decisions/0041-class-joining-at-class-size.md): one
 * letter, or the first letter (grapheme) of a whole last name after its particles. Null when
 * there is no letter to take.
 */
export function lastInitialOf(raw: string): string | null {
  const words = cleanName(raw).replace(/\.$/, "").split(" ").filter(Boolean);
  if (words.length === 0) return null;
  let i = 0;
  while (i < words.length - 1 && PARTICLES.has(words[i].toLocaleLowerCase())) i++;
  const word = words[i].replace(HYPHENED_ARTICLE, "").replace(ARABIC_ARTICLE, "");
  const first = graphemes(word)[0];
  if (!first || !/^\p{L}/u.test(first)) return null;
  return first.toLocaleUpperCase();
}

/** Whether a typed initial is one letter (a grapheme starting with a letter; "R." is fine). */
export const isOneInitial = (raw: string) => {
  const v = cleanName(raw).replace(/\.$/, "");
  const g = graphemes(v);
  return g.length === 1 && /^\p{L}/u.test(g[0]);
};

/** How a pupil is named: "Mia R.", or "Mia" when no initial was given. */
export const pupilLabel = (p: { firstName: string; lastInitial: string }) =>
  p.lastInitial ? `${p.firstName} ${p.lastInitial}.` : p.firstName;

export const GRADE_MESSAGE = "The grade must be K or 1 to 12";
export const FIRST_NAME_MESSAGE = `The first name must be 1 to ${FIRST_NAME_MAX} characters`;
export const INITIAL_MESSAGE = "The last initial must be one letter";
export const PARENT_EMAIL_MESSAGE = "The parent e-mail does not look like an e-mail address";

const emailCheck = z.string().email().max(254);

export type PupilInput = {
  firstName: string;
  lastInitial: string;
  grade: number | null;
  parentEmail: string | null;
};

/**
 * One pupil as typed (a form or a CSV row): the tidy values, or the problems in plain words.
 * `fullLastName` lets a whole last name stand for its initial (the CSV); the form wants a letter.
 */
export function checkPupil(
  raw: { firstName?: string; lastInitial?: string; grade?: string; parentEmail?: string },
  { fullLastName = false } = {},
):
  | { ok: true; pupil: PupilInput }
  | { ok: false; errors: Partial<Record<keyof PupilInput, string>> } {
  const errors: Partial<Record<keyof PupilInput, string>> = {};
  const firstName = cleanName(raw.firstName ?? "");
  if (firstName.length < 1 || [...firstName].length > FIRST_NAME_MAX || /[<>]/.test(firstName))
    errors.firstName = FIRST_NAME_MESSAGE;
  const typedInitial = raw.lastInitial ?? "";
  const lastInitial = lastInitialOf(typedInitial);
  if (!lastInitial || (!fullLastName && !isOneInitial(typedInitial)))
    errors.lastInitial = INITIAL_MESSAGE;
  const grade = parseGrade(raw.grade);
  if (grade === undefined) errors.grade = GRADE_MESSAGE;
  const email = (raw.parentEmail ?? "").trim().toLowerCase();
  if (email && !emailCheck.safeParse(email).success) errors.parentEmail = PARENT_EMAIL_MESSAGE;
  if (Object.keys(errors).length) return { ok: false, errors };
  return {
    ok: true,
    pupil: {
      firstName,
      lastInitial: lastInitial!,
      grade: grade ?? null,
      parentEmail: email || null,
    },
  };
}

/** Two rows name the same pupil when first name and initial match, in any case. */
export const pupilKey = (p: { firstName: string; lastInitial: string }) =>
  `${firstNameKey(p.firstName)}|${p.lastInitial.toLocaleLowerCase()}`;

/** A first name compared in any case and form ("ÉLOÏSE" and "éloïse"). */
export const firstNameKey = (firstName: string) => cleanName(firstName).toLocaleLowerCase();

/**
 * What the join form offers a pupil as their name, from their display name
 * (docs/decisions/0041-class-joining-at-class-size.md): the first word, and the initial of the
 * last word when there are two or more; a one-word name gives no initial (never its own first
 * letter). The pupil may correct both on the form.
 */
export function nameFromDisplayName(displayName: string): {
  firstName: string;
  lastInitial: string;
} {
  const words = cleanName(displayName).split(" ").filter(Boolean);
  const firstName = [...(words[0] ?? "")].slice(0, FIRST_NAME_MAX).join("");
  const lastInitial = words.length > 1 ? (lastInitialOf(words[words.length - 1]) ?? "") : "";
  return { firstName, lastInitial };
}

/** Join codes: no I, O, 0 or 1, so a code read aloud or from a board is never mistyped. */
export const JOIN_CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/**
 * A random code like "K7Q-4PX": six characters from the alphabet (32^6, about 10^9 codes), each
 * picked by `pick(n)` (a random whole number below n: node:crypto's randomInt on the server).
 */
export function joinCodeFrom(pick: (n: number) => number): string {
  let s = "";
  for (let i = 0; i < 6; i++) s += JOIN_CODE_ALPHABET[pick(JOIN_CODE_ALPHABET.length)];
  return `${s.slice(0, 3)}-${s.slice(3)}`;
}

/** A code as typed or in a link: capitals, no spaces; at most 12 characters, else "". */
export function normalizeJoinCode(raw: string): string {
  const v = raw.trim().toUpperCase().replace(/\s+/g, "");
  return /^[A-Z0-9-]{3,12}$/.test(v) ? v : "";
}

/** Places left for pupils joining with the code. */
export const placesLeft = (size: number, joined: number) => Math.max(0, size - joined);
