/**
 * Reading text as every document kind gives it (docs/decisions/0034-reading-desk.md): lines, with
 * "" where a paragraph ends, normalised to plain text (NFC, no control characters, paragraphs one
 * blank line apart, a paragraph's line breaks kept).
 */
/** One line of text, or "" where a paragraph ends. */
export type Lines = string[];

export const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
// C0 and C1 controls other than line feed (tabs and other breaks are mapped before).
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u00ad\ufeff\ufff9-\ufffb]/g;

/** Lines (with "" between paragraphs) as reading text. */
export function normaliseLines(lines: Lines): string {
  const paragraphs: string[] = [];
  let current: string[] = [];
  const end = () => {
    if (current.length) paragraphs.push(current.join("\n"));
    current = [];
  };
  for (const raw of lines) {
    for (const piece of raw
      .normalize("NFC")
      .replace(/\r\n?|[\v\f\u0085\u2028]/g, "\n")
      .replace(/\u2029/g, "\n\n")
      .replace(/\t/g, " ")
      .replace(CONTROLS, "")
      .split("\n")) {
      const line = piece.replace(/[^\S\n]+/g, " ").trim();
      if (line) current.push(line);
      else end();
    }
    if (raw === "") end();
  }
  end();
  const text = paragraphs.join("\n\n");
  return LETTER_OR_DIGIT.test(text) ? text : "";
}

/** Plain text (a .txt, or any text with blank lines between paragraphs) as reading text. */
export function plainText(text: string) {
  return normaliseLines(text.split(/\r\n?|\n/));
}
