import { fromZonedTime } from "date-fns-tz";

/**
 * Parses a datetime-local value entered in `timeZone` into a UTC Date, or null when invalid.
 * Apart from dates.ts so that only the forms that read zoned input ship date-fns-tz.
 */
export function fromZonedInputValue(value: string, timeZone: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return null;
  const d = fromZonedTime(value, timeZone);
  return Number.isNaN(d.getTime()) ? null : d;
}
