/**
 * The text sizes a judge can choose for the entry they read (docs/decisions/0034-reading-desk.md):
 * kept in a cookie so it holds across entries, with or without JavaScript.
 */
export const READING_SIZES = ["standard", "large", "larger"] as const;
export type ReadingSize = (typeof READING_SIZES)[number];

export const READING_SIZE_LABELS: Record<ReadingSize, string> = {
  standard: "Standard",
  large: "Large",
  larger: "Larger",
};

export const isReadingSize = (value: unknown): value is ReadingSize =>
  typeof value === "string" && (READING_SIZES as readonly string[]).includes(value);

/**
 * Where the size form may send the judge back to: a path of this site under /judge/ (its query
 * and #fragment kept), else the queue. Never another site, never a scheme or "//host".
 */
export function readingBackPath(value: unknown): string {
  if (typeof value !== "string" || !value.startsWith("/judge/") || /[\\\s]/.test(value))
    return "/judge";
  try {
    const base = "http://inkwell.invalid";
    const url = new URL(value, base);
    if (url.origin !== base || !url.pathname.startsWith("/judge/")) return "/judge";
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return "/judge";
  }
}
