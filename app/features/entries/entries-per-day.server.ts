/**
 * Entries per day for the contest's chart (docs/decisions/0057-charts.md): submitted entries
 * counted by the day they were written, in the contest's time zone, from the day submissions open
 * to the deadline's day (or today, while open). One statement: a sum per day, each day's bounds
 * computed here from the zone (so both engines count the same, without time zone support in SQL).
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

/** The calendar days from `from`'s day to `to`'s day in `timeZone`, as "YYYY-MM-DD". */
export function localDays(from: Date, to: Date, timeZone: string): string[] {
  const first = formatInTimeZone(from, timeZone, "yyyy-MM-dd");
  const last = formatInTimeZone(to, timeZone, "yyyy-MM-dd");
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
  if (!contest) return null;
  const { timeZone } = contest;
  const end = now < contest.submissionsClose ? now : contest.submissionsClose;
  if (end < contest.submissionsOpen) return { timeZone, days: [], total: 0 };
  const dates = localDays(contest.submissionsOpen, end, timeZone).slice(-MAX_CHART_DAYS);
  // Each day's start in UTC, and the next day's start as its end.
  const starts = [...dates, nextDate(dates[dates.length - 1]!)].map((d) =>
    fromZonedTime(`${d}T00:00:00`, timeZone),
  );
  // One count per day, each a range of the (contest, status, createdAt) index: every entry is
  // visited once, and no day's test runs on every row (docs/decisions/0058-story-rows.md).
  const counts = dates.map(
    (_, i) =>
      Prisma.sql`(SELECT COUNT(*) FROM "Submission" s WHERE s."contestId" = ${contestId}
        AND s."status" = 'submitted' AND s."createdAt" >= ${starts[i]}
        AND s."createdAt" < ${starts[i + 1]}) AS ${Prisma.raw(`"d${i}"`)}`,
  );
  const [row] = await prisma.$queryRaw<Record<string, bigint | number | null>[]>`
    SELECT ${Prisma.join(counts)}`;
  const days = dates.map((date, i) => ({ date, count: fromSql.int(row?.[`d${i}`]) }));
  return { timeZone, days, total: days.reduce((n, d) => n + d.count, 0) };
}

function nextDate(date: string): string {
  return new Date(Date.parse(`${date}T12:00:00Z`) + DAY).toISOString().slice(0, 10);
}
