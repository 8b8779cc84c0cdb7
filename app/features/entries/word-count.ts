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
