/**
 * Words are the whitespace-separated tokens of the trimmed text (docs/decisions/0009). Empty or blank text
 * counts 0.
 */
export function countWords(text: string | null | undefined): number {
  const trimmed = (text ?? "").trim();
  if (!trimmed) return 0;
  return trimmed.split(/\s+/u).length;
}

/** Whether a count lies in the contest's range, inclusive at both ends. */
export function withinWordRange(count: number, min: number, max: number) {
  return count >= min && count <= max;
}

export type WordRangeStatus = {
  state: "empty" | "short" | "ok" | "long";
  /** Plain words for the writer; never only a colour. */
  message: string;
};

const plural = (n: number, word = "word") => `${n} ${word}${n === 1 ? "" : "s"}`;

/** Where a live count sits against the contest's range, said in words. */
export function wordRangeStatus(count: number, min: number, max: number): WordRangeStatus {
  if (count === 0) return { state: "empty", message: `Write ${min} to ${max} words.` };
  if (count < min)
    return { state: "short", message: `Too short: add at least ${plural(min - count)}.` };
  if (count > max) return { state: "long", message: `Too long: remove ${plural(count - max)}.` };
  return { state: "ok", message: `Good: between ${min} and ${max} words.` };
}

/**
 * An entry's length in lists (the writer's dashboard): the counted words for a typed story and a
 * document alike ("203 words, story.docx"); only a document whose words were never counted (an
 * older entry) is named by its file alone.
 */
export function entryLengthLabel(entry: { wordCount: number; fileName: string | null }) {
  const words = `${entry.wordCount} ${entry.wordCount === 1 ? "word" : "words"}`;
  if (!entry.fileName) return words;
  return entry.wordCount > 0 ? `${words}, ${entry.fileName}` : `File: ${entry.fileName}`;
}
