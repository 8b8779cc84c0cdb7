import { formatInTimeZone, fromZonedTime } from "date-fns-tz";

/**
 * Dates are stored in UTC; each contest has an IANA time zone, and every date shown names it
 * (docs/decisions/0009-domain-rules.md). date-fns-tz does the zone arithmetic.
 */
export const DEFAULT_TIME_ZONE = "America/New_York";

export function isValidTimeZone(tz: string) {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** Time zones for a picker (the runtime's IANA list). */
export function timeZoneOptions(): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (k: string) => string[] };
  return intl.supportedValuesOf?.("timeZone") ?? [DEFAULT_TIME_ZONE, "UTC"];
}

const toDate = (d: Date | string) => (typeof d === "string" ? new Date(d) : d);

/** "Mar 14, 2027, 11:59 PM EDT" — a date and time that names its zone. */
export function formatDateTime(date: Date | string, timeZone: string) {
  return formatInTimeZone(toDate(date), timeZone, "MMM d, yyyy, h:mm a zzz");
}

/** "Mar 14, 2027" in the given zone. */
export function formatDate(date: Date | string, timeZone: string) {
  return formatInTimeZone(toDate(date), timeZone, "MMM d, yyyy");
}

/** Submission dates: month abbreviation, day, year e.g. "Nov 22, 2026". */
export function formatSubmissionDate(date: Date | string, timeZone = DEFAULT_TIME_ZONE) {
  return formatDate(date, timeZone);
}

/** Value for an <input type="datetime-local"> showing `date` in `timeZone`. */
export function toZonedInputValue(date: Date | string, timeZone: string) {
  return formatInTimeZone(toDate(date), timeZone, "yyyy-MM-dd'T'HH:mm");
}

/** Parses a datetime-local value entered in `timeZone` into a UTC Date, or null when invalid. */
export function fromZonedInputValue(value: string, timeZone: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return null;
  const d = fromZonedTime(value, timeZone);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** Fee display: "$15.00"; zero is "Free". */
export function formatFee(cents: number) {
  return cents > 0 ? `$${(cents / 100).toFixed(2)}` : "Free";
}

/** Dollars with two decimals, no "Free" (the form preview and the submit button). */
export function formatDollars(cents: number) {
  return `$${(cents / 100).toFixed(2)}`;
}
