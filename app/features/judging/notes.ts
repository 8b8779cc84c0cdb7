import { z } from "zod";

/**
 * Notes on an entry (docs/decisions/0033-judging-panel.md): a short discussion between the
 * contest's admins and the entry's judges before the awards. Anonymous between judges: a judge
 * reads the others as "Judge A", "Judge B" (in the order they were given the entry, the same
 * letters for everyone), their own notes as "You", an admin's as "Contest admin".
 */
export const NOTE_MAX = 2000;

export const noteSchema = z.object({
  intent: z.literal("note"),
  body: z
    .string({ required_error: "Write a note first" })
    .trim()
    .min(1, "Write a note first")
    .max(NOTE_MAX, `A note can be at most ${NOTE_MAX} characters`),
});

export const ADMIN_LABEL = "Contest admin";

/** "Judge A" … "Judge Z", then "Judge AA" …: the letter of the n-th judge (0-based). */
export function judgeLetter(index: number): string {
  let n = index;
  let letters = "";
  do {
    letters = String.fromCharCode(65 + (n % 26)) + letters;
    n = Math.floor(n / 26) - 1;
  } while (n >= 0);
  return `Judge ${letters}`;
}

/**
 * Who wrote a note, as the reader sees it: `judgeOrder` lists the entry's judges in assignment
 * order; `viewerId` is the reading judge (null for an admin, who sees names elsewhere).
 */
export function noteAuthorLabel(
  note: { authorId: string; authorRole: string },
  judgeOrder: readonly string[],
  viewerId: string | null,
): string {
  if (note.authorRole === "admin") return ADMIN_LABEL;
  if (viewerId && note.authorId === viewerId) return "You";
  const i = judgeOrder.indexOf(note.authorId);
  return i < 0 ? "A judge no longer on this entry" : judgeLetter(i);
}
