import { beforeAll, describe, expect, test } from "vitest";
import { entriesPerDay } from "~/features/entries/entries-per-day.server";
import { engine, observeSql, prisma, type SqlEvent } from "~/utils/db.server";
import { pgPlan, sqlitePlan, type PgNode } from "./plans";

// Issue 36: the Overview's entries-per-day chart counted every submitted entry of the contest on
// each request (one COUNT per day over the (contest, status, createdAt) index). It sums the
// contest's quarter-hour counters now (docs/decisions/0067-entry-buckets.md). Asked of each
// engine, so no timing: the chart of a contest of 5,000 entries reads what one of 100 entries in
// the same quarter hours does, and never the entries.

const DAY = 86_400_000;
const QUARTER = 900_000;
const BIG = 5_000;
const SMALL = 100;
/** Quarter hours with entries, spread over the contest's ten days. */
const BUCKETS = 100;

/** The chart's statements. */
async function chartStatements(contestId: string, now: Date) {
  const events: SqlEvent[] = [];
  const stop = observeSql((e) => events.push(e));
  try {
    const chart = await entriesPerDay(contestId, now);
    expect(chart).not.toBeNull();
    return { events, chart: chart! };
  } finally {
    stop();
  }
}

/** PostgreSQL: the rows every scan of a table or index read, as EXPLAIN ANALYZE counted. */
async function pgRowsRead(events: SqlEvent[]) {
  let rows = 0;
  const walk = (n: PgNode) => {
    // Rows a scan returned and rows it read and dropped (a scan that filters instead of seeking).
    if (n["Relation Name"])
      rows +=
        (n["Actual Rows"] +
          (n["Rows Removed by Filter"] ?? 0) +
          (n["Rows Removed by Index Recheck"] ?? 0)) *
        n["Actual Loops"];
    for (const c of n.Plans ?? []) walk(c);
  };
  for (const e of events) if (/^\s*SELECT/i.test(e.sql)) walk(await pgPlan(e));
  return rows;
}

/** SQLite: each plan step that reads the entries (a table or index of Submission) or scans. */
async function sqliteEntriesRead(events: SqlEvent[]) {
  const found: string[] = [];
  for (const e of events) {
    if (!/^\s*SELECT/i.test(e.sql)) continue;
    for (const { detail } of await sqlitePlan(e))
      if (/^SCAN (?!CONSTANT)/.test(detail) || /Submission/.test(detail))
        found.push(`${detail}  ←  ${e.sql.replace(/\s+/g, " ").slice(0, 120)}`);
  }
  return found;
}

const contests: Record<"big" | "small", string> = { big: "", small: "" };
const open = Date.parse("2030-01-01T00:00:00Z");
const now = new Date(open + 20 * DAY);

beforeAll(async () => {
  const stamp = `${Date.now().toString(36)}-${process.pid}`;
  const writers = Array.from({ length: 10 }, (_, i) => ({
    id: `bw${i}-${stamp}`,
    email: `bw${i}-${stamp}@buckets.test`,
    displayName: `Writer ${i}`,
  }));
  await prisma.user.createMany({ data: writers });
  for (const [size, n] of [
    ["big", BIG],
    ["small", SMALL],
  ] as const) {
    const contest = await prisma.contest.create({
      data: {
        slug: `buckets-${size}-${stamp}`,
        title: `Buckets ${size}`,
        description: "A contest being judged",
        timeZone: "Asia/Kolkata",
        submissionsOpen: new Date(open),
        submissionsClose: new Date(open + 10 * DAY),
        judgingOpen: new Date(open + 11 * DAY),
        judgingClose: new Date(open + 12 * DAY),
        resultsAt: new Date(open + 13 * DAY),
      },
    });
    contests[size] = contest.id;
    // Entry i in quarter hour (i mod 100) of the 960 of the ten days, a few seconds apart.
    const entries = Array.from({ length: n }, (_, i) => ({
      id: `be${i}-${size}-${stamp}`,
      contestId: contest.id,
      entrantId: writers[i % writers.length]!.id,
      title: `Entry ${i}`,
      body: "A short story.",
      wordCount: 3,
      status: "submitted" as const,
      createdAt: new Date(open + ((i % BUCKETS) * 9 + 1) * QUARTER + (i % 500) * 1000),
    }));
    for (let k = 0; k < entries.length; k += 1000)
      await prisma.submission.createMany({ data: entries.slice(k, k + 1000) });
  }
  if (engine === "postgres")
    for (const table of ["Submission", "ContestEntryBucket"])
      await prisma.$executeRawUnsafe(`VACUUM ANALYZE "${table}"`);
}, 300_000);

describe(`the entries-per-day chart of a contest of ${BIG} entries reads what one of ${SMALL} does`, () => {
  test("the same statements, the same rows read, none of the entries; the contest's figures", async () => {
    const small = await chartStatements(contests.small, now);
    const big = await chartStatements(contests.big, now);
    const detail = big.events.map((e) => `${e.rows} rows: ${e.sql.slice(0, 140)}`).join("\n");
    expect(big.events.length, detail).toBe(small.events.length);
    expect(big.events.length, detail).toBeLessThanOrEqual(2);
    if (engine === "postgres") {
      const [s, b] = [await pgRowsRead(small.events), await pgRowsRead(big.events)];
      console.log(`rows read: ${SMALL} entries ${s}, ${BIG} entries ${b}`);
      // The contest's row and one row per quarter hour with entries.
      expect(b, detail).toBeLessThanOrEqual(BUCKETS + 2);
      expect(b, detail).toBeLessThanOrEqual(s);
    } else expect(await sqliteEntriesRead(big.events)).toEqual([]);

    expect(big.chart.total).toBe(BIG);
    expect(big.chart.days).toHaveLength(11);
    expect(small.chart.total).toBe(SMALL);
  });
});
