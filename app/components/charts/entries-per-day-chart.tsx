/**
 * Entries per day up to the deadline (docs/decisions/0057-charts.md), from `entriesPerDay`
 * (app/features/entries/entries-per-day.server.ts) on the contest's overview.
 */
import { ColumnChart } from "./column-chart";

export type EntriesPerDayData = {
  timeZone: string;
  days: { date: string; count: number }[];
  total: number;
};

// One formatter per wording, made once: `toLocaleDateString` builds a new one on every call, and a
// contest's chart names every day of its window three ways (ADR 0057).
const utcFormat = (opts: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat("en-US", { timeZone: "UTC", ...opts });
const LONG_DAY = utcFormat({ month: "long", day: "numeric" });
const DAY_LABEL = utcFormat({ weekday: "short", month: "short", day: "numeric", year: "numeric" });
const DAY_TICK = utcFormat({ month: "short", day: "numeric" });
const dayName = (date: string, format: Intl.DateTimeFormat) =>
  format.format(new Date(`${date}T12:00:00Z`));

/** The chart's summary: the total, the days, and the busiest day. */
export function entriesPerDaySummary(data: EntriesPerDayData): string {
  if (data.days.length === 0) return "Submissions have not opened yet.";
  const n = data.days.length;
  const busiest = data.days.reduce((a, b) => (b.count > a.count ? b : a));
  const entries = (k: number) => `${k} ${k === 1 ? "entry" : "entries"}`;
  const head = `${entries(data.total)} over ${n} ${n === 1 ? "day" : "days"} (${data.timeZone} time).`;
  return busiest.count > 0
    ? `${head} The most, ${busiest.count}, on ${dayName(busiest.date, LONG_DAY)}.`
    : head;
}

export function EntriesPerDayChart({ data }: { data: EntriesPerDayData }) {
  return (
    <ColumnChart
      title="Entries per day"
      summary={entriesPerDaySummary(data)}
      categoryName="Day"
      valueName="Entries"
      columns={data.days.map((d) => ({
        key: d.date,
        label: dayName(d.date, DAY_LABEL),
        tick: dayName(d.date, DAY_TICK),
        value: d.count,
      }))}
    />
  );
}
