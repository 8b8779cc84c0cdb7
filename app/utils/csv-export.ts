/** Shared by every CSV download (entries, scoring, consents, discount-code uses, class results). */

/**
 * What a spreadsheet may read as the start of a formula: = + - @, once the text is NFKC-normalised
 * (full-width ＝ ＋ － ＠ and the small and raised variants fold to them), after any leading
 * whitespace or invisible format characters; or a leading tab, CR or LF.
 */
const FORMULA_START = /^(?:[\t\r\n]|[\s\p{Cf}]*[=+\-@])/u;

/**
 * A spreadsheet cell that cannot run as a formula (CSV injection): a cell that starts like one
 * (FORMULA_START) gets a leading quote, its text otherwise unchanged. Numbers pass through. Every
 * CSV download writes its cells through this.
 */
export function csvSafe(value: string): string;
export function csvSafe(value: string | number): string | number;
export function csvSafe(value: string | number) {
  if (typeof value === "number") return value;
  return FORMULA_START.test(value.normalize("NFKC")) ? `'${value}` : value;
}

/** A CSV download that is never cached. */
export function csvResponse(body: BodyInit, fileName: string) {
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
