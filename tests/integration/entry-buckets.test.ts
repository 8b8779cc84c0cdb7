import { fromZonedTime } from "date-fns-tz";
import { beforeAll, describe, expect, test } from "vitest";
import {
  dayStarts,
  entriesPerDay,
  localDays,
  MAX_CHART_DAYS,
} from "~/features/entries/entries-per-day.server";
import { prisma, type SubmissionStatus } from "~/utils/db.server";

// Issue 36: the entries-per-day chart counted every submitted entry of the contest on each
// request. It sums quarter-hour counters kept by triggers on both engines now
// (ContestEntryBucket, docs/decisions/0067-entry-buckets.md). What protects its correctness:
// after every kind of write (entries made one by one and many at once, submitted, withdrawn,
// disqualified and reinstated, moved to another contest, re-dated, deleted; in one transaction or
// many), every day of the chart equals a fresh COUNT of that day's submitted entries, in a zone
// of UTC+5:45 (days start at 18:15 UTC) and in one whose clocks go back in the window (a day of 25
// hours). And a contest's counters (these and ADR 0064's) go with the contest.

const stamp = `${Date.now().toString(36)}-${process.pid}`;
let writer = "";
let seq = 0;

type Setup = { id: string; timeZone: string; first: string; last: string; now: Date };
const contests: Record<"kathmandu" | "newYork" | "utc" | "monrovia", Setup> = {
  // Asia/Kathmandu is UTC+5:45 all year.
  kathmandu: {
    id: "",
    timeZone: "Asia/Kathmandu",
    first: "2030-03-01",
    last: "2030-03-06",
    now: new Date(0),
  },
  // New York's clocks go back on Sunday 2030-11-03: that day has 25 hours.
  newYork: {
    id: "",
    timeZone: "America/New_York",
    first: "2030-10-31",
    last: "2030-11-05",
    now: new Date(0),
  },
  utc: { id: "", timeZone: "UTC", first: "2030-03-02", last: "2030-03-04", now: new Date(0) },
  // Liberia kept UTC−0:44:30 until 1972: its days do not start on a quarter hour, so the chart
  // counts them one by one (ADR 0067's fallback).
  monrovia: {
    id: "",
    timeZone: "Africa/Monrovia",
    first: "1971-03-01",
    last: "1971-03-04",
    now: new Date(0),
  },
};

const local = (c: Setup, date: string, time: string) =>
  fromZonedTime(`${date}T${time}`, c.timeZone);

/** The chart as it was counted before ADR 0067: one COUNT of submitted entries per local day. */
async function fresh(c: Setup) {
  const close = local(c, c.last, "20:00:00");
  const end = c.now < close ? c.now : close;
  const dates = localDays(local(c, c.first, "09:00:00"), end, c.timeZone).slice(-MAX_CHART_DAYS);
  const next = (d: string) =>
    new Date(Date.parse(`${d}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const starts = [...dates, next(dates[dates.length - 1]!)].map((d) => local(c, d, "00:00:00"));
  return Promise.all(
    dates.map(async (date, i) => ({
      date,
      count: await prisma.submission.count({
        where: {
          contestId: c.id,
          status: "submitted",
          createdAt: { gte: starts[i]!, lt: starts[i + 1]! },
        },
      }),
    })),
  );
}

/** Every contest's chart equals the fresh counts, and shows some entries. */
async function expectCharts(step: string) {
  for (const c of Object.values(contests)) {
    const chart = await entriesPerDay(c.id, c.now);
    const expected = await fresh(c);
    expect(chart?.days, `${step}: ${c.timeZone}`).toEqual(expected);
    expect(chart?.total, `${step}: ${c.timeZone}`).toBe(expected.reduce((n, d) => n + d.count, 0));
    expect(chart?.total, `${step}: ${c.timeZone}`).toBeGreaterThan(0);
  }
}

/** Entries at each local day's edges: midnight, 1 ms either side, noon, the day's last ms. */
function edges(c: Setup, date: string): Date[] {
  const midnight = local(c, date, "00:00:00").getTime();
  return [
    midnight - 1,
    midnight,
    midnight + 1,
    local(c, date, "12:00:00").getTime(),
    midnight + 86_399_999,
  ].map((t) => new Date(t));
}

function entry(c: Setup, createdAt: Date, status: SubmissionStatus) {
  seq++;
  return {
    id: `eb-${seq}-${stamp}`,
    contestId: c.id,
    entrantId: writer,
    title: `Entry ${seq}`,
    body: "A short story.",
    wordCount: 3,
    status,
    createdAt,
  };
}

async function newContest(name: string, c: Setup) {
  const contest = await prisma.contest.create({
    data: {
      slug: `buckets-${name}-${stamp}`,
      title: `Buckets ${name}`,
      description: "A contest",
      timeZone: c.timeZone,
      submissionsOpen: local(c, c.first, "09:00:00"),
      submissionsClose: local(c, c.last, "20:00:00"),
      judgingOpen: local(c, c.last, "21:00:00"),
      judgingClose: local(c, c.last, "22:00:00"),
      resultsAt: local(c, c.last, "23:00:00"),
    },
  });
  c.id = contest.id;
  c.now = new Date(Date.parse(`${c.last}T00:00:00Z`) + 30 * 86_400_000); // after the deadline
}

beforeAll(async () => {
  const user = await prisma.user.create({
    data: { email: `buckets-${stamp}@example.test`, displayName: "Writer" },
  });
  writer = user.id;
  for (const [name, c] of Object.entries(contests)) await newContest(name, c);
});

const STATUSES: SubmissionStatus[] = [
  "submitted",
  "submitted",
  "pending_payment",
  "withdrawn",
  "submitted",
];

describe("the entries-per-day chart from quarter-hour counters", () => {
  test("the days' starts kept per process are each local midnight, across a DST change (ADR 0075)", () => {
    const from = new Date("2030-10-25T12:00:00Z");
    const to = new Date("2030-11-06T12:00:00Z");
    const zone = "America/New_York";
    const kept = dayStarts(from, to, zone);
    expect(kept.dates).toEqual(localDays(from, to, zone));
    expect(kept.starts).toEqual(
      [...kept.dates, "2030-11-07"].map((d) => fromZonedTime(`${d}T00:00:00`, zone).getTime()),
    );
    // 3 November 2030 has 25 hours in New York.
    const i = kept.dates.indexOf("2030-11-03");
    expect(kept.starts[i + 1]! - kept.starts[i]!).toBe(25 * 3_600_000);
    // The second request reuses them; another zone or day does not.
    expect(dayStarts(from, to, zone)).toBe(kept);
    expect(dayStarts(from, to, "Asia/Kathmandu").starts[0]).not.toBe(kept.starts[0]);
    expect(dayStarts(from, new Date("2030-11-07T12:00:00Z"), zone).dates).toHaveLength(
      kept.dates.length + 1,
    );
  });

  test("every day equals a fresh count after each kind of write, at +5:45 and across a DST change", async () => {
    // Many at once, at every day's edges (and a day before the window, and after it).
    for (const c of Object.values(contests)) {
      const days = localDays(
        local(c, c.first, "12:00:00"),
        local(c, c.last, "12:00:00"),
        c.timeZone,
      );
      const before = new Date(local(c, c.first, "00:00:00").getTime() - 86_400_000);
      const rows = [before, ...days.flatMap((d) => edges(c, d))].map((t, i) =>
        entry(c, t, STATUSES[i % STATUSES.length]!),
      );
      await prisma.submission.createMany({ data: rows });
    }
    // New York's repeated hour (01:30 twice on 2030-11-03).
    const ny = contests.newYork;
    await prisma.submission.createMany({
      data: [
        entry(ny, new Date("2030-11-03T05:30:00Z"), "submitted"),
        entry(ny, new Date("2030-11-03T06:30:00Z"), "submitted"),
      ],
    });
    expect(local(contests.monrovia, "1971-03-01", "00:00:00").getTime() % 900_000).not.toBe(0);
    await expectCharts("many at once");
    const total = (await entriesPerDay(ny.id, ny.now))!.days;
    expect(total.find((d) => d.date === "2030-11-03")?.count).toBeGreaterThan(2);

    // One by one.
    const k = contests.kathmandu;
    const one = await prisma.submission.create({
      data: entry(k, local(k, "2030-03-03", "00:00:00"), "submitted"),
    });
    await expectCharts("one entry");

    // Submitted → withdrawn, → disqualified (several in one statement), and back.
    await prisma.submission.update({ where: { id: one.id }, data: { status: "withdrawn" } });
    await expectCharts("withdrawn");
    const some = await prisma.submission.findMany({
      where: { contestId: { in: [k.id, ny.id] }, status: "submitted" },
      select: { id: true },
      take: 7,
    });
    await prisma.submission.updateMany({
      where: { id: { in: some.map((s) => s.id) } },
      data: { status: "disqualified" },
    });
    await expectCharts("disqualified");
    await prisma.submission.update({ where: { id: one.id }, data: { status: "submitted" } });
    await prisma.submission.updateMany({
      where: { id: { in: some.slice(0, 4).map((s) => s.id) } },
      data: { status: "submitted" },
    });
    await expectCharts("reinstated");
    await prisma.submission.updateMany({
      where: { contestId: { in: [k.id, ny.id] }, status: "pending_payment" },
      data: { status: "submitted" },
    });
    await expectCharts("paid");

    // Moved to another contest; re-dated across a day's edge.
    const moving = await prisma.submission.findMany({
      where: { contestId: k.id, status: "submitted" },
      select: { id: true },
      take: 3,
    });
    await prisma.submission.updateMany({
      where: { id: { in: moving.map((s) => s.id) } },
      data: { contestId: contests.utc.id },
    });
    await expectCharts("moved");
    await prisma.submission.update({
      where: { id: one.id },
      data: { createdAt: new Date(local(k, "2030-03-03", "00:00:00").getTime() - 1) },
    });
    await expectCharts("re-dated");

    // Deleted, one and many.
    await prisma.submission.delete({ where: { id: one.id } });
    const gone = await prisma.submission.findMany({
      where: { contestId: ny.id },
      select: { id: true },
      take: 6,
    });
    await prisma.submission.deleteMany({ where: { id: { in: gone.map((s) => s.id) } } });
    await expectCharts("deleted");

    // In one transaction: made, withdrawn, made and deleted, reinstated.
    await prisma.$transaction(async (tx) => {
      const a = await tx.submission.create({
        data: entry(ny, new Date("2030-11-03T04:59:59.999Z"), "submitted"),
      });
      const b = await tx.submission.create({
        data: entry(ny, new Date("2030-11-04T05:00:00Z"), "submitted"),
      });
      await tx.submission.update({ where: { id: a.id }, data: { status: "withdrawn" } });
      await tx.submission.delete({ where: { id: b.id } });
      await tx.submission.update({ where: { id: a.id }, data: { status: "submitted" } });
      await tx.submission.create({
        data: entry(k, local(k, "2030-03-06", "23:59:59"), "submitted"),
      });
    });
    await expectCharts("one transaction");

    // While the contest is open: the days up to today.
    const open = { ...ny, now: new Date("2030-11-03T12:00:00Z") };
    expect((await entriesPerDay(open.id, open.now))?.days).toEqual(await fresh(open));
  });

  test("a contest's counters go with it, also when its last entry is deleted in the same transaction", async () => {
    const c: Setup = {
      id: "",
      timeZone: "UTC",
      first: "2030-05-01",
      last: "2030-05-03",
      now: new Date(0),
    };
    const counters = async (id: string) => ({
      tally: await prisma.contestTally.count({ where: { contestId: id } }),
      buckets: await prisma.contestEntryBucket.count({ where: { contestId: id } }),
    });
    await newContest("deleted", c);
    const a = await prisma.submission.create({
      data: entry(c, local(c, c.first, "10:00:00"), "submitted"),
    });
    expect(await counters(c.id)).toEqual({ tally: expect.any(Number), buckets: 1 });
    expect((await counters(c.id)).tally).toBeGreaterThan(0);
    await prisma.submission.delete({ where: { id: a.id } });
    await prisma.contest.delete({ where: { id: c.id } });
    expect(await counters(c.id)).toEqual({ tally: 0, buckets: 0 });

    await newContest("deleted-tx", c);
    const b = await prisma.submission.create({
      data: entry(c, local(c, c.first, "10:00:00"), "submitted"),
    });
    await prisma.$transaction(async (tx) => {
      await tx.submission.delete({ where: { id: b.id } });
      await tx.contest.delete({ where: { id: c.id } });
    });
    expect(await counters(c.id)).toEqual({ tally: 0, buckets: 0 });
    // Another contest's counters stay.
    expect((await counters(contests.newYork.id)).buckets).toBeGreaterThan(0);
  });
});
