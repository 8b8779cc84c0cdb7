/** Shared by the CSV downloads (admin submissions, scoring ranking). */

/** A spreadsheet cell that cannot run as a formula (CSV injection): a leading = + - @ (or tab/CR) gets a quote. Numbers pass through. */
export function csvSafe(value: string): string;
export function csvSafe(value: string | number): string | number;
export function csvSafe(value: string | number) {
  if (typeof value === "number") return value;
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
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
