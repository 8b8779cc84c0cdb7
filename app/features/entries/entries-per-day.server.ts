/**
 * Entries per day for the contest's chart (docs/decisions/0057-charts.md): submitted entries
 * counted by the day they were written, in the contest's time zone, from the day submissions open
 * to the deadline's day (or today, while open). Summed here from the contest's quarter-hour
 * counters (docs/decisions/0067-entry-buckets.md), each day's bounds computed from the zone (so
 * both engines count the same, without time zone support in SQL): the read grows with the days
 * shown, not with the entries.
 */
import { formatInTimeZone, fromZonedTime } from "date-fns-tz";
import { Prisma } from "~/generated/prisma/client";
import { fromSql, prisma } from "~/utils/db.server";

/** At most this many days are drawn (the last ones, up to the deadline or today). */
export const MAX_CHART_DAYS = 120;

export type EntriesPerDay = {
  timeZone: string;
  /** Each day, "YYYY-MM-DD" in the contest's time zone, with its submitted entries. */
  days: { date: string; count: number }[];
  total: number;
};

const DAY = 86_400_000;
/** The counters' bucket: a quarter hour, on which every zone's day starts (ADR 0067). */
const BUCKET = 900_000;

/** The calendar days from `from`'s day to `to`'s day in `timeZone`, as "YYYY-MM-DD". */
export function localDays(from: Date, to: Date, timeZone: string): string[] {
  return calendarDays(
    formatInTimeZone(from, timeZone, "yyyy-MM-dd"),
    formatInTimeZone(to, timeZone, "yyyy-MM-dd"),
  );
}

function calendarDays(first: string, last: string): string[] {
  const days: string[] = [];
  // Calendar arithmetic at noon UTC: every date is one day after the last, whatever the zone.
  for (let t = Date.parse(`${first}T12:00:00Z`); t <= Date.parse(`${last}T12:00:00Z`); t += DAY)
    days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

export async function entriesPerDay(
  contestId: string,
  now = new Date(),
): Promise<EntriesPerDay | null> {
  const contest = await prisma.contest.findUnique({
    where: { id: contestId },
    select: { timeZone: true, submissionsOpen: true, submissionsClose: true },
  });
  return contest ? entriesPerDayOf({ id: contestId, ...contest }, now) : null;
}

/** The same for a contest already read (the Overview reads it with its own row, ADR 0075). */
export async function entriesPerDayOf(
  contest: { id: string; timeZone: string; submissionsOpen: Date; submissionsClose: Date },
  now = new Date(),
): Promise<EntriesPerDay> {
  const { timeZone } = contest;
  const end = now < contest.submissionsClose ? now : contest.submissionsClose;
  if (end < contest.submissionsOpen) return { timeZone, days: [], total: 0 };
  const { dates, starts } = dayStarts(contest.submissionsOpen, end, timeZone);
  const counts = starts.every((t) => t % BUCKET === 0)
    ? await countFromBuckets(contest.id, starts)
    : await countEntries(contest.id, starts);
  const days = dates.map((date, i) => ({ date, count: counts[i]! }));
  return { timeZone, days, total: days.reduce((n, d) => n + d.count, 0) };
}

/**
 * The days drawn and each day's start in UTC (with the next day's start as the last's end). A
 * pure function of the zone and the first and last local dates, so it is kept per process: the
 * zone conversion cost about 1.5 ms a request at 120 days (docs/decisions/0075-signed-in-request-cpu.md).
 */
const startsKept = new Map<string, { dates: string[]; starts: number[] }>();

export function dayStarts(from: Date, to: Date, timeZone: string) {
  const first = formatInTimeZone(from, timeZone, "yyyy-MM-dd");
  const last = formatInTimeZone(to, timeZone, "yyyy-MM-dd");
  const key = `${timeZone}|${first}|${last}`;
  const kept = startsKept.get(key);
  if (kept) return kept;
  const dates = calendarDays(first, last).slice(-MAX_CHART_DAYS);
  const starts = [...dates, nextDate(dates[dates.length - 1]!)].map((d) =>
    fromZonedTime(`${d}T00:00:00`, timeZone).getTime(),
  );
  if (startsKept.size >= 256) startsKept.clear();
  const value = { dates, starts };
  startsKept.set(key, value);
  return value;
}

/**
 * Each day's submitted entries from the contest's quarter-hour counters (ContestEntryBucket, kept
 * by triggers: docs/decisions/0067-entry-buckets.md): one range of its primary key, at most 96
 * rows a day whatever the contest's size. `starts` are on quarter hours.
 */
async function countFromBuckets(contestId: string, starts: number[]): Promise<number[]> {
  const rows = await prisma.$queryRaw<{ bucket: number | bigint; n: number | bigint }[]>`
    SELECT "bucket", "n" FROM "ContestEntryBucket"
    WHERE "contestId" = ${contestId} AND "bucket" >= ${starts[0]! / BUCKET}
      AND "bucket" < ${starts[starts.length - 1]! / BUCKET}
    ORDER BY "bucket"`;
  const counts = new Array<number>(starts.length - 1).fill(0);
  let day = 0;
  for (const row of rows) {
    const t = fromSql.int(row.bucket) * BUCKET;
    while (t >= starts[day + 1]!) day++;
    counts[day]! += fromSql.int(row.n);
  }
  return counts;
}

/**
 * A zone whose day does not start on a quarter hour (none today; local mean time before the
 * 1970s): one count per day, each a range of the (contest, status, createdAt) index (ADR 0057).
 */
async function countEntries(contestId: string, starts: number[]): Promise<number[]> {
  const bounds = starts.map((t) => new Date(t));
  const counts = bounds.slice(0, -1).map(
    (_, i) =>
      Prisma.sql`(SELECT COUNT(*) FROM "Submission" s WHERE s."contestId" = ${contestId}
        AND s."status" = 'submitted' AND s."createdAt" >= ${bounds[i]}
        AND s."createdAt" < ${bounds[i + 1]}) AS ${Prisma.raw(`"d${i}"`)}`,
  );
  const [row] = await prisma.$queryRaw<Record<string, bigint | number | null>[]>`
    SELECT ${Prisma.join(counts)}`;
  return counts.map((_, i) => fromSql.int(row?.[`d${i}`]));
}

function nextDate(date: string): string {
  return new Date(Date.parse(`${date}T12:00:00Z`) + DAY).toISOString().slice(0, 10);
}
