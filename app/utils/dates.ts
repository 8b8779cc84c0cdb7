/**
 * Dates are stored in UTC; each contest has an IANA time zone, and every date shown names it
 * (docs/decisions/0009-domain-rules.md). Dates are shown with Intl formatters, made once per
 * zone and kept (making one costs far more than using it). Zoned input is parsed in
 * zoned-input.ts, apart, so pages that only show dates do not ship date-fns-tz.
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

const FORMATS = {
  dateTime: {
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    hour12: true,
    timeZoneName: "short",
  },
  date: { month: "short", day: "numeric", year: "numeric" },
  input: {
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

const formatters = new Map<string, Intl.DateTimeFormat>();

function parts(date: Date | string, timeZone: string, kind: keyof typeof FORMATS) {
  const key = `${kind}|${timeZone}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", { ...FORMATS[kind], timeZone });
    formatters.set(key, formatter);
  }
  const out: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of formatter.formatToParts(toDate(date))) out[part.type] = part.value;
  return out;
}

/** Recent answers of formatDateTime: a list shows the same few deadlines on every row. */
const dateTimes = new Map<string, string>();

/** "Mar 14, 2027, 11:59 PM EDT" — a date and time that names its zone. */
export function formatDateTime(date: Date | string, timeZone: string) {
  const key = `${toDate(date).getTime()}|${timeZone}`;
  let text = dateTimes.get(key);
  if (text === undefined) {
    const p = parts(date, timeZone, "dateTime");
    text = `${p.month} ${p.day}, ${p.year}, ${p.hour}:${p.minute} ${p.dayPeriod} ${p.timeZoneName}`;
    if (dateTimes.size >= 1000) dateTimes.clear();
    dateTimes.set(key, text);
  }
  return text;
}

/** "Mar 14, 2027" in the given zone. */
export function formatDate(date: Date | string, timeZone: string) {
  const p = parts(date, timeZone, "date");
  return `${p.month} ${p.day}, ${p.year}`;
}

/** Submission dates: month abbreviation, day, year e.g. "Nov 22, 2026". */
export function formatSubmissionDate(date: Date | string, timeZone = DEFAULT_TIME_ZONE) {
  return formatDate(date, timeZone);
}

/** Value for an <input type="datetime-local"> showing `date` in `timeZone`. */
export function toZonedInputValue(date: Date | string, timeZone: string) {
  const p = parts(date, timeZone, "input");
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

/** Fee display: "$15.00"; zero is "Free". */
export function formatFee(cents: number) {
  return cents > 0 ? `$${(cents / 100).toFixed(2)}` : "Free";
}

/** Dollars with two decimals, no "Free" (the form preview and the submit button). */
export function formatDollars(cents: number) {
  return `$${(cents / 100).toFixed(2)}`;
}

/** How long until something can be tried again, rounded up: "in 40 seconds", "in 4 minutes". */
export function waitWords(ms: number) {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return `in ${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes <= 90) return `in ${minutes} minute${minutes === 1 ? "" : "s"}`;
  const hours = Math.ceil(minutes / 60);
  return `in ${hours} hours`;
}
