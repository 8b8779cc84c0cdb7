/**
 * Every text a document carries besides its story (docs/decisions/0046-every-text-a-document-carries.md):
 * link targets and field codes are read for the identity check as they are and as words, so
 * "https://example.test/quentin-marchbanks" or `HYPERLINK "…/Quentin_Marchbanks"` names
 * Quentin Marchbanks as surely as the words do.
 */

/** A link or field code as words: percent-escapes decoded, every run of punctuation a space. */
export function linkWords(target: string): string {
  let decoded = target;
  try {
    decoded = decodeURIComponent(target.replace(/\+/g, " "));
  } catch {
    // A stray "%": read as written.
  }
  return decoded.replace(/[^\p{L}\p{N}@]+/gu, " ").trim();
}

/** The text as written, then as words when that differs. */
export function withLinkWords(text: string): string {
  const words = linkWords(text);
  return words && words !== text.trim() ? `${text}\n${words}` : text;
}
