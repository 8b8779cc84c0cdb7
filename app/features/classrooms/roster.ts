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

/** A last initial from what was typed: one letter, or the first letter of a full last name. */
export function lastInitialOf(raw: string): string | null {
  const v = tidy(raw).replace(/\.$/, "");
  const first = [...v][0];
  if (!first || !/^\p{L}$/u.test(first)) return null;
  return first.toLocaleUpperCase();
}

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
  const firstName = tidy(raw.firstName ?? "");
  if (firstName.length < 1 || [...firstName].length > FIRST_NAME_MAX || /[<>]/.test(firstName))
    errors.firstName = FIRST_NAME_MESSAGE;
  const typedInitial = tidy(raw.lastInitial ?? "").replace(/\.$/, "");
  const lastInitial = lastInitialOf(typedInitial);
  if (!lastInitial || (!fullLastName && [...typedInitial].length !== 1))
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
  `${tidy(p.firstName).toLocaleLowerCase()}|${p.lastInitial.toLocaleLowerCase()}`;

/**
 * A joined pupil's name from their display name: the first word, and the first letter of the
 * last word (of the first word when there is one word, or the last has no letter).
 */
export function nameFromDisplayName(displayName: string): {
  firstName: string;
  lastInitial: string;
} {
  const words = tidy(displayName).split(" ").filter(Boolean);
  const firstName = [...(words[0] ?? "Pupil")].slice(0, FIRST_NAME_MAX).join("");
  const last = words.length > 1 ? words[words.length - 1] : firstName;
  const isLetter = (c: string) => /\p{L}/u.test(c);
  const letter = [...last].find(isLetter) ?? [...firstName].find(isLetter) ?? "P";
  return { firstName, lastInitial: letter.toLocaleUpperCase() };
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
