/**
 * A judge's own declarations at acceptance (docs/decisions/0033-judging-panel.md): their school
 * and the schools they work with, typed by hand (one a line), kept as "school" conflicts for every
 * contest. Pure rules, shared by the server and the form.
 */

/** The most "work with" schools one judge declares. */
export const MAX_WORK_WITH = 20;
export const MAX_SCHOOL_NAME = 120;

/** What a declaration row's note says, so the form can be filled in again. */
export const DECLARED_NOTE = {
  own: "Their own school",
  workWith: "A school they work with",
} as const;

/** A typed school name tidied: outer spaces off, inner runs of spaces as one. */
export const tidySchoolName = (name: string) => name.trim().replace(/\s+/g, " ");

/**
 * The "work with" box as school names: one a line, blank lines dropped, the same name (letter case
 * aside) kept once, the judge's own school left out.
 */
export function workWithSchools(text: string, ownSchool = ""): string[] {
  const seen = new Set<string>();
  const own = tidySchoolName(ownSchool).toLowerCase();
  if (own) seen.add(own);
  const out: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const name = tidySchoolName(line);
    const key = name.toLowerCase();
    if (!name || seen.has(key)) continue;
    seen.add(key);
    out.push(name);
  }
  return out;
}

/** The problem with a declaration, or null. */
export function declarationProblem(ownSchool: string, workWith: readonly string[]): string | null {
  if (tidySchoolName(ownSchool).length > MAX_SCHOOL_NAME)
    return `A school's name has at most ${MAX_SCHOOL_NAME} letters.`;
  if (workWith.length > MAX_WORK_WITH)
    return `Name at most ${MAX_WORK_WITH} schools you work with.`;
  if (workWith.some((n) => n.length > MAX_SCHOOL_NAME))
    return `A school's name has at most ${MAX_SCHOOL_NAME} letters.`;
  return null;
}

/**
 * A capacity as typed: blank is no limit (null); otherwise a whole number of at least 1, or
 * undefined when it is not one.
 */
export function parseCapacity(value: string | undefined | null): number | null | undefined {
  const text = (value ?? "").trim();
  if (text === "") return null;
  if (!/^\d+$/.test(text)) return undefined;
  const n = Number(text);
  return n >= 1 && n <= 100_000 ? n : undefined;
}
