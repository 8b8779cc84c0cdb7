import { beforeAll, describe, expect, test } from "vitest";
import { engine, observeSql, prisma, type SqlEvent } from "~/utils/db.server";
import { inRequestStore } from "~/utils/access-log";
import { cookieFor } from "./session-cookie";
import type { RouteModule } from "./route-module";
import { pgPlan, sqlitePlan, type PgNode } from "./plans";

// A ranking page's cost must not grow with the contest (docs/decisions/0062-ranking-at-scale.md).
// The same contest at 500 and at 5,000 entries (60 judges, 3 scores an entry, 4 divisions for the
// division views): for each view (raw, z, one division raw and z), first and last page, a request
// after the ranking was computed at the contest's RankingVersion sends the same statements and
// gets back and reads (PostgreSQL: EXPLAIN ANALYZE's rows of the tables that grow with a contest)
// within a small constant of the 500-entry contest's. No timing. SQLite has no count of the rows a
// statement reads; there the plans are checked by performance-budgets.test.ts (story rows) and the
// rows returned here.

const SIZES = [500, 5_000] as const;
const JUDGES = 60;
const PER_ENTRY = 3;
const DAY = 86_400_000;
const PAGE = 50;
/** The tables that grow with a contest: rows read from them are what must not grow. */
const CONTEST_TABLES = new Set([
  "Submission",
  "SubmissionScoreSummary",
  "Score",
  "JudgeAssignment",
]);

const root = (await import("~/root")) as unknown as RouteModule;
const adminLayout = (await import("~/routes/admin+/_layout")) as unknown as RouteModule;
const workspace =
  (await import("~/routes/admin+/contests+/$id+/_layout")) as unknown as RouteModule;
const scoring = (await import("~/routes/admin+/contests+/$id+/scoring")) as unknown as RouteModule;
const chain = [root, adminLayout, workspace, scoring];

/**
 * Rows PostgreSQL reads from the contest's tables for one statement (its scans, every loop), and
 * with `ctes`, also the rows read back from the common table expressions it names (a
 * materialised copy of the scores read again is a second walk of them).
 */
async function rowsRead(event: SqlEvent, ctes?: (name: string) => boolean): Promise<number> {
  if (engine !== "postgres" || !/^\s*(SELECT|WITH)\b/i.test(event.sql)) return 0;
  // As PostgreSQL plans it at scale: a table of 5,000 rows is small enough to read whole (a
  // sequential scan, or a whole index for a hash or merge join with a page of 50), one of 200,000
  // is not, so those plans are priced out here and the plan shows what the statement must read.
  const top = await prisma.$transaction(
    async (tx) => {
      for (const setting of ["enable_seqscan", "enable_hashjoin", "enable_mergejoin"])
        await tx.$executeRawUnsafe(`SET LOCAL ${setting} = off`);
      return pgPlan(event, tx);
    },
    { timeout: 120_000 },
  );
  let read = 0;
  const walk = (n: PgNode) => {
    if (n["Relation Name"] && CONTEST_TABLES.has(n["Relation Name"])) {
      const rows =
        Number(n["Actual Rows"] ?? 0) +
        Number(n["Rows Removed by Filter"] ?? 0) +
        Number(n["Rows Removed by Index Recheck"] ?? 0);
      read += rows * Number(n["Actual Loops"] ?? 1);
    }
    if (ctes && n["Node Type"] === "CTE Scan" && ctes(String(n["CTE Name"])))
      read += Number(n["Actual Rows"] ?? 0) * Number(n["Actual Loops"] ?? 1);
    for (const c of n.Plans ?? []) walk(c);
  };
  walk(top);
  return read;
}

/** One GET through the scoring page's loaders: its statements, rows returned and rows read. */
async function get(path: string, cookie: string, contestId: string, explain = false) {
  const events: SqlEvent[] = [];
  const stop = observeSql((e) => events.push(e));
  try {
    const results = await inRequestStore(() =>
      Promise.all(
        chain.map((m) =>
          Promise.resolve(
            m.loader({
              request: new Request(`http://inkwell.test${path}`, { headers: { cookie } }),
              params: { id: contestId },
              context: {},
            }),
          ).catch((thrown: unknown) => thrown),
        ),
      ),
    );
    for (const r of results) {
      if (r instanceof Response) expect(r.status, `${path}: ${r.status}`).toBeLessThan(300);
      if (r instanceof Error) throw r;
    }
  } finally {
    stop();
  }
  const reads: number[] = [];
  for (const e of events) reads.push(explain ? await rowsRead(e) : 0);
  return {
    statements: events.length,
    rows: events.reduce((n, e) => n + e.rows, 0),
    biggest: Math.max(0, ...events.map((e) => e.rows)),
    read: reads.reduce((n, r) => n + r, 0),
    sql: events.map(
      (e, i) => `${e.rows} rows, ${reads[i]} read: ${e.sql.replace(/\s+/g, " ").slice(0, 200)}`,
    ),
  };
}

const contests = new Map<number, string>();
let admin = "";

/** A published contest in judging (closed to entries), with a one-criterion rubric. */
function judgingContest(now: number, slug: string, title: string, description: string) {
  return prisma.contest.create({
    data: {
      slug,
      title,
      description,
      isPublished: true,
      submissionsOpen: new Date(now - 40 * DAY),
      submissionsClose: new Date(now - 2 * DAY),
      judgingOpen: new Date(now - DAY),
      judgingClose: new Date(now + 10 * DAY),
      resultsAt: new Date(now + 20 * DAY),
      rubrics: {
        create: {
          name: "Rubric",
          criteria: JSON.stringify([
            { key: "voice", label: "Voice", maxPoints: 10, weight: 1, requireComment: false },
          ]),
        },
      },
    },
    include: { rubrics: true },
  });
}

/** A contest of `n` entries, 60 judges, every entry scored by 3 (each judge's last left open). */
async function seed(n: number, stamp: string) {
  const now = Date.now();
  const contest = await judgingContest(
    now,
    `scale-${n}-${stamp}`,
    `Scale ${n}`,
    "A contest for the ranking's scale budgets",
  );
  const people = (prefix: string, count: number) =>
    Array.from({ length: count }, (_, i) => ({
      id: `${prefix}${i}-${n}-${stamp}`,
      email: `${prefix}${i}-${n}-${stamp}@scale.test`,
      displayName: `${prefix} ${i}`,
    }));
  const judges = people("j", JUDGES);
  const writers = people("w", n);
  await prisma.user.createMany({ data: [...judges, ...writers] });
  await prisma.submission.createMany({
    data: writers.map((w, i) => ({
      id: `e${i}-${n}-${stamp}`,
      contestId: contest.id,
      entrantId: w.id,
      title: `Entry ${i}`,
      body: "A short story about a door.",
      wordCount: 6,
      status: "submitted" as const,
      createdAt: new Date(now - 3 * DAY - i * 1000),
    })),
  });
  const assignments = writers.flatMap((_, i) =>
    Array.from({ length: PER_ENTRY }, (_, k) => ({
      id: `a${i}-${k}-${n}-${stamp}`,
      contestId: contest.id,
      judgeId: judges[(i * PER_ENTRY + k) % JUDGES].id,
      submissionId: `e${i}-${n}-${stamp}`,
    })),
  );
  await prisma.judgeAssignment.createMany({ data: assignments });
  await prisma.score.createMany({
    data: assignments
      .filter((_, k) => k < assignments.length - JUDGES)
      .map((x, k) => ({
        assignmentId: x.id,
        rubricId: contest.rubrics[0].id,
        judgeId: x.judgeId,
        submissionId: x.submissionId,
        scores: JSON.stringify({ voice: 2 + ((k * 7) % 9) }),
        total: 2 + ((k * 7) % 9),
        submittedAt: new Date(now),
      })),
  });
  contests.set(n, contest.id);
}

/** Four divisions, the entries dealt round them; the RankingVersion moves on (as the app does). */
async function divide(contestId: string) {
  for (let d = 0; d < 4; d++)
    await prisma.division.create({
      data: {
        id: `${contestId}-d${d}`,
        contestId,
        position: d + 1,
        name: `Division ${d + 1}`,
        basis: "grade",
        min: d * 3,
        max: d * 3 + 2,
      },
    });
  const ids = await prisma.submission.findMany({
    where: { contestId },
    select: { id: true },
    orderBy: { id: "asc" },
  });
  for (let d = 0; d < 4; d++)
    await prisma.submission.updateMany({
      where: { id: { in: ids.filter((_, i) => i % 4 === d).map((s) => s.id) } },
      data: { divisionId: `${contestId}-d${d}` },
    });
  await prisma.$executeRaw`INSERT INTO "RankingVersion" ("contestId", "version") VALUES (${contestId}, 1)
    ON CONFLICT ("contestId") DO UPDATE SET "version" = "RankingVersion"."version" + 1`;
}

beforeAll(async () => {
  const stamp = Date.now().toString(36);
  for (const n of SIZES) await seed(n, stamp);
  // The planner's statistics, as a live database keeps them (docs/decisions/0060): without them
  // PostgreSQL guesses one row a table and may walk every entry to find a page's 50.
  if (engine === "postgres")
    await prisma.$executeRawUnsafe(
      `ANALYZE "Submission", "SubmissionScoreSummary", "Score", "JudgeAssignment"`,
    );
  const a = await prisma.user.create({
    data: { email: `admin-${stamp}@scale.test`, displayName: "Admin" },
  });
  await prisma.userRole.create({ data: { userId: a.id, role: "admin" } });
  admin = a.id;
}, 300_000);

/** The view's first and last page at each size, measured on the request after the first. */
async function measure(query: (page: number) => string) {
  const cookie = await cookieFor(admin);
  const out = new Map<string, Awaited<ReturnType<typeof get>>>();
  for (const n of SIZES) {
    const id = contests.get(n)!;
    for (const [which, page] of [
      ["first", 1],
      ["last", Math.floor(n / PAGE)],
    ] as const) {
      const path = `/admin/contests/${id}/scoring?${query(page)}`;
      // The first request may compute the contest's ranking once for its RankingVersion.
      await get(path, cookie, id);
      out.set(`${n} ${which}`, await get(path, cookie, id, true));
    }
  }
  return out;
}

function sameCost(measured: Map<string, Awaited<ReturnType<typeof get>>>) {
  for (const which of ["first", "last"]) {
    const small = measured.get(`500 ${which}`)!;
    const big = measured.get(`5000 ${which}`)!;
    const detail = `500:\n${small.sql.join("\n")}\n5000:\n${big.sql.join("\n")}`;
    console.log(
      `${which} page: ${small.statements} → ${big.statements} statements, ${small.rows} → ${big.rows} rows returned, ${small.read} → ${big.read} rows read`,
    );
    expect(big.statements, detail).toBeLessThanOrEqual(small.statements + 1);
    expect(big.rows, detail).toBeLessThanOrEqual(small.rows + 10);
    // No request computes again what a request at this RankingVersion computed (the z ranking).
    expect(big.biggest, detail).toBeLessThanOrEqual(PAGE + 10);
    expect(big.read, detail).toBeLessThanOrEqual(small.read + 100);
  }
}

describe("the ranking's cost per request, at 500 and at 5,000 entries", () => {
  test("raw: the page's rows, first and last page", async () => {
    sameCost(await measure((page) => `page=${page}`));
  });

  test("z: the page's rows; the whole ranking computed once per RankingVersion", async () => {
    sameCost(await measure((page) => `normalize=z&page=${page}`));
  });

  test("the first load after a score change: the flags read the flagged entries only", async () => {
    // docs/decisions/0063-ranking-first-load.md: a one-round contest's flags are a range of the
    // summaries' spread index (kept by triggers) and the flagged entries read by id, not every
    // assignment and score of the round. PostgreSQL: rows read within twice the flagged entries;
    // SQLite: the plan searches the spread index.
    const cookie = await cookieFor(admin);
    for (const n of SIZES) {
      const id = contests.get(n)!;
      const path = `/admin/contests/${id}/scoring`;
      await get(path, cookie, id);
      await prisma.$executeRaw`UPDATE "RankingVersion" SET "version" = "version" + 1
        WHERE "contestId" = ${id}`;
      const events: SqlEvent[] = [];
      const stop = observeSql((e) => events.push(e));
      try {
        await get(path, cookie, id);
      } finally {
        stop();
      }
      const flags = events.filter((e) => /AS "spread"/.test(e.sql));
      expect(flags.length, `${n}: the flags computed once`).toBe(1);
      const flagged = flags[0]!.rows;
      expect(flagged, `${n}: some entries are flagged`).toBeGreaterThan(0);
      if (engine === "postgres") {
        const read = await rowsRead(flags[0]!);
        console.log(`${n} entries: flags read ${read} rows for ${flagged} flagged`);
        expect(read, flags[0]!.sql).toBeLessThanOrEqual(2 * flagged + 100);
      } else {
        const plan = await sqlitePlan(flags[0]!);
        const details = plan.map((r) => r.detail).join("\n");
        expect(details).toMatch(/SubmissionScoreSummary_contestId_status_spread_idx/);
        expect(details).not.toMatch(/JudgeAssignment|Score_/);
      }
    }
  });

  test("the first load after a score change: the z ranking reads each score once", async () => {
    // docs/decisions/0076-judge-score-sums.md: the judges' statistics are a row per judge kept by
    // triggers (JudgeScoreSums), not a walk of the contest's scores grouped by judge before the
    // walk for each entry's normalised average. PostgreSQL: rows read from the contest's tables
    // and no copy of the scores read back (every CTE but the judges' own); SQLite: the plan reads the kept sums and groups no scores by judge.
    const cookie = await cookieFor(admin);
    for (const n of SIZES) {
      const id = contests.get(n)!;
      const path = `/admin/contests/${id}/scoring?normalize=z`;
      await get(path, cookie, id);
      await prisma.$executeRaw`UPDATE "RankingVersion" SET "version" = "version" + 1
        WHERE "contestId" = ${id}`;
      const events: SqlEvent[] = [];
      const stop = observeSql((e) => events.push(e));
      try {
        await get(path, cookie, id);
      } finally {
        stop();
      }
      const z = events.filter((e) => /"jz" AS MATERIALIZED|jz AS MATERIALIZED/.test(e.sql));
      expect(z.length, `${n}: the z ranking computed once`).toBe(1);
      expect(z[0]!.rows).toBe(n);
      if (engine === "postgres") {
        const read = await rowsRead(z[0]!);
        const copies =
          (await rowsRead(z[0]!, (name) => !["js", "jz", "jx", "agg"].includes(name))) - read;
        const scores = await prisma.score.count();
        console.log(`${n} entries: the z statement read ${read} rows, ${copies} of copies`);
        // No copy of the scores read back (the old statement read its copy twice: 500 entries,
        // 2,880 rows); the tables' rows within twice the entries and the scores (priced out of
        // hash joins, PostgreSQL reads all of Score's rows once and probes a summary for each).
        expect(copies, z[0]!.sql).toBe(0);
        expect(read, z[0]!.sql).toBeLessThanOrEqual(2 * (n + scores) + 100);
      } else {
        const details = (await sqlitePlan(z[0]!)).map((r) => r.detail).join("\n");
        expect(details).toMatch(/JudgeScoreSums/);
        expect(details).not.toMatch(/GROUP BY/);
      }
    }
  });

  test("the first load after one score change: the z ranking computes that judge's entries", async () => {
    // docs/decisions/0088-z-ranking-incremental.md: the process keeps the contest's z ranking; a
    // judge's score moved, it computes again the entries that judge scored (and the changed
    // entry), found through Score's judge index, and merges them into the kept order: O(the
    // judge's scores), not O(the contest's). Before, the whole statement returned n rows.
    const cookie = await cookieFor(admin);
    for (const n of SIZES) {
      const id = contests.get(n)!;
      const path = `/admin/contests/${id}/scoring?normalize=z`;
      await get(path, cookie, id);
      const score = await prisma.score.findFirstOrThrow({
        where: { submission: { contestId: id }, submittedAt: { not: null } },
        orderBy: { id: "asc" },
      });
      await prisma.score.update({ where: { id: score.id }, data: { total: score.total + 0.5 } });
      const judged = await prisma.score.count({
        where: {
          judgeId: score.judgeId,
          submittedAt: { not: null },
          submission: { contestId: id },
        },
      });
      const events: SqlEvent[] = [];
      const stop = observeSql((e) => events.push(e));
      try {
        await get(path, cookie, id);
      } finally {
        stop();
      }
      const detail = events.map((e) => `${e.rows}: ${e.sql.replace(/\s+/g, " ").slice(0, 160)}`);
      const z = events.filter((e) => /"jz" AS MATERIALIZED|jz AS MATERIALIZED/.test(e.sql));
      expect(z.length, detail.join("\n")).toBe(1);
      expect(z[0]!.sql, `${n}: the kept ranking's step, not the whole statement`).toMatch(
        /u AS MATERIALIZED/,
      );
      expect(z[0]!.rows).toBeLessThanOrEqual(judged + 1);
      // Its other reads: the judges' sums (a row a judge) and the entries named since (a few).
      const log = events.filter((e) => /FROM "RankingChange"/.test(e.sql));
      expect(log.length, detail.join("\n")).toBe(1);
      expect(log[0]!.rows).toBeLessThanOrEqual(10);
      if (engine === "postgres") {
        const read = await rowsRead(z[0]!);
        console.log(`${n} entries: the judge's ${judged} scores, the z step read ${read} rows`);
        // The judge's scores, each entry's summary twice and its few scores: not the contest's.
        expect(read, z[0]!.sql).toBeLessThanOrEqual((3 + 2 * PER_ENTRY) * judged + 100);
      } else {
        const details = (await sqlitePlan(z[0]!)).map((r) => r.detail).join("\n");
        expect(details).toMatch(/Score_judgeId_idx/);
        expect(details).not.toMatch(/^SCAN m\b/m);
      }
    }
  });

  test("the raw ranking's deep pages are the whole ranking's rows and ranks", async () => {
    const { ranking } = await import("~/features/judging/ranking.server");
    const id = contests.get(5_000)!;
    const whole = await ranking(id, { take: -1 });
    const paged = [];
    for (let skip = 0; skip < whole.length; skip += PAGE)
      paged.push(...(await ranking(id, { take: PAGE, skip })));
    expect(paged).toEqual(whole);
  });

  test("the CSV's pages each read their page, however deep (PostgreSQL: rows read)", async () => {
    // docs/decisions/0074-division-z-ranking.md: every part of a seek is read in its index's
    // order. Ordered `average DESC` (NULLS FIRST on PostgreSQL, the index is NULLS LAST) or by
    // date under `average IS NULL`, PostgreSQL sorted every row below the cursor on each page.
    const { rankingPages } = await import("~/features/judging/ranking.server");
    const id = contests.get(5_000)!;
    const events: SqlEvent[] = [];
    const stop = observeSql((e) => events.push(e));
    let rows = 0;
    try {
      for await (const page of rankingPages(id, "raw", PAGE)) rows += page.length;
    } finally {
      stop();
    }
    expect(rows).toBe(5_000);
    const pages = events.filter((e) => /WITH p AS/.test(e.sql));
    expect(pages.length).toBeGreaterThanOrEqual(5_000 / PAGE);
    if (engine !== "postgres") return;
    let most = 0;
    for (const e of pages) most = Math.max(most, await rowsRead(e));
    console.log(`CSV pages of ${PAGE}: at most ${most} rows read a page`);
    expect(most).toBeLessThanOrEqual(12 * PAGE);
  });

  test("one division of four, raw and z", async () => {
    for (const n of SIZES) await divide(contests.get(n)!);
    const division = (n: number) => `${contests.get(n)!}-d1`;
    for (const mode of ["", "&normalize=z"]) {
      const cookie = await cookieFor(admin);
      const out = new Map<string, Awaited<ReturnType<typeof get>>>();
      for (const n of SIZES) {
        const id = contests.get(n)!;
        for (const [which, page] of [
          ["first", 1],
          ["last", Math.floor(n / 4 / PAGE)],
        ] as const) {
          const path = `/admin/contests/${id}/scoring?division=${division(n)}${mode}&page=${page}`;
          await get(path, cookie, id);
          out.set(`${n} ${which}`, await get(path, cookie, id, true));
        }
      }
      sameCost(out);
    }
  });
});

describe("one division's raw ranking of round 1, from the score summaries", () => {
  // docs/decisions/0068-division-ranking.md: the first load after a score change of one
  // division's raw page reads its page from the summaries' division index, as the whole
  // contest's raw page does, instead of computing the whole round (every assignment and score).
  test("the first load after a score change reads the page, not the round", async () => {
    const cookie = await cookieFor(admin);
    for (const n of SIZES) {
      const id = contests.get(n)!;
      if ((await prisma.division.count({ where: { contestId: id } })) === 0) await divide(id);
      const division = `${id}-d1`;
      for (const page of [1, Math.floor(n / 4 / PAGE)]) {
        const path = `/admin/contests/${id}/scoring?division=${division}&page=${page}`;
        await get(path, cookie, id);
        await prisma.$executeRaw`UPDATE "RankingVersion" SET "version" = "version" + 1
          WHERE "contestId" = ${id}`;
        const events: SqlEvent[] = [];
        const stop = observeSql((e) => events.push(e));
        try {
          await get(path, cookie, id);
        } finally {
          stop();
        }
        // The flags (a range of the spread index, O(flagged): ADR 0063, tested above) and the
        // division's counts (one COUNT over its index range, once per RankingVersion) aside,
        // every statement reads and returns about a page.
        const flags = events.filter((e) => /AS "spread"/.test(e.sql));
        const counts = events.filter((e) => /AS "entries"/.test(e.sql));
        expect(counts.length, `${n}: the division's counts, at most once`).toBeLessThanOrEqual(1);
        // A deep page's start: one walk of the division's index range a RankingVersion (ADR 0062).
        const starts = events.filter((e) => /AS "rn"|GROUP BY m."average"/.test(e.sql));
        const perVersion = [...counts, ...starts];
        const rest = events.filter((e) => !flags.includes(e) && !perVersion.includes(e));
        let read = 0;
        const lines: string[] = [];
        for (const e of rest) {
          const r = await rowsRead(e);
          read += r;
          lines.push(`${e.rows} rows, ${r} read: ${e.sql.replace(/\s+/g, " ").slice(0, 240)}`);
          if (engine === "sqlite") {
            const plan = (await sqlitePlan(e)).map((p) => p.detail).join("\n");
            // No walk of the round's assignments or scores: only an entry's assignments by entry.
            expect(plan, e.sql).not.toMatch(/SCAN \S*(JudgeAssignment|Score)|round=\?/);
            expect(plan, e.sql).not.toMatch(/Score_/);
          }
        }
        for (const e of perVersion) {
          // Each reads the division's entries in its index, never the round's assignments.
          expect(e.rows, e.sql).toBeLessThanOrEqual(PAGE + 10);
          if (engine === "postgres")
            expect(await rowsRead(e), e.sql).toBeLessThanOrEqual(n / 4 + 10);
          else
            expect((await sqlitePlan(e)).map((p) => p.detail).join("\n")).toMatch(
              /^SEARCH m USING COVERING INDEX SubmissionScoreSummary_division_rank_idx/m,
            );
        }
        const detail = lines.join("\n");
        console.log(
          `${n} entries, division page ${page}, first load: ${read} rows read\n${detail}`,
        );
        expect(Math.max(0, ...rest.map((e) => e.rows)), detail).toBeLessThanOrEqual(PAGE + 10);
        if (engine === "postgres") expect(read, detail).toBeLessThanOrEqual(20 * PAGE);
      }
    }
  });

  test("its rows and ranks are the round's computation's, division by division, raw and z", async () => {
    const { stageRanking } = await import("~/features/judging/ranking.server");
    const { divisionPage } = await import("~/features/judging/division-ranking.server");
    const { contestStage, stageRankingWithDivisions } =
      await import("~/features/results/stage.server");
    const { stagePages } = await import("~/features/results/stage-pages.server");
    const now = Date.now();
    const stamp = `eq${now.toString(36)}`;
    const contest = await judgingContest(
      now,
      `division-eq-${stamp}`,
      "Divisions, ties and missing scores",
      "The division ranking against the round's computation",
    );
    for (let d = 0; d < 3; d++)
      await prisma.division.create({
        data: {
          id: `${stamp}-d${d}`,
          contestId: contest.id,
          position: d + 1,
          name: `Division ${d + 1}`,
          basis: "grade",
          min: d * 3,
          max: d * 3 + 2,
        },
      });
    const ENTRIES = 330;
    const judges = Array.from({ length: 9 }, (_, i) => ({
      id: `${stamp}-j${i}`,
      email: `${stamp}-j${i}@scale.test`,
      displayName: `Judge ${i}`,
    }));
    const writers = Array.from({ length: ENTRIES }, (_, i) => ({
      id: `${stamp}-w${i}`,
      email: `${stamp}-w${i}@scale.test`,
      displayName: `Writer ${i}`,
    }));
    await prisma.user.createMany({ data: [...judges, ...writers] });
    // Entries dealt into three divisions, every eleventh left without one; some withdrawn; a few
    // share a date (entry order then by id).
    await prisma.submission.createMany({
      data: writers.map((w, i) => ({
        id: `${stamp}-e${String(i).padStart(3, "0")}`,
        contestId: contest.id,
        entrantId: w.id,
        title: `Entry ${i}`,
        body: "A short story about a door.",
        wordCount: 6,
        status: i % 37 === 5 ? ("withdrawn" as const) : ("submitted" as const),
        divisionId: i % 11 === 3 ? null : `${stamp}-d${i % 3}`,
        createdAt: new Date(now - 3 * DAY - Math.floor(i / 3) * 1000),
      })),
    });
    // 0 to 3 judges an entry; scores from a few totals (many ties), some left as drafts, some
    // assignments released after their score (it still counts).
    const assignments = writers.flatMap((_, i) =>
      Array.from({ length: i % 4 }, (_, k) => ({
        id: `${stamp}-a${i}-${k}`,
        contestId: contest.id,
        judgeId: judges[(i + k * 4) % judges.length]!.id,
        submissionId: `${stamp}-e${String(i).padStart(3, "0")}`,
        releasedAt: (i + k) % 13 === 0 ? new Date(now) : null,
      })),
    );
    await prisma.judgeAssignment.createMany({ data: assignments });
    await prisma.score.createMany({
      data: assignments
        .filter((_, k) => k % 7 !== 2)
        .map((x, k) => ({
          assignmentId: x.id,
          rubricId: contest.rubrics[0].id,
          judgeId: x.judgeId,
          submissionId: x.submissionId,
          scores: "{}",
          total: [4, 6, 6.5, 7, 7.25, 8][k % 6]!,
          submittedAt: k % 9 === 4 ? null : new Date(now),
        })),
    });
    const divisions = [0, 1, 2].map((d) => `${stamp}-d${d}`);
    const stage = await contestStage(contest.id);
    for (const mode of ["raw", "z"] as const)
      for (const divisionId of divisions) {
        const round = await stageRanking(contest.id, { round: 1, divisionId, mode });
        expect(round.length).toBeGreaterThan(60);
        // Ties within the division, and entries without a score.
        expect(new Set(round.map((r) => r.rank)).size).toBeLessThan(round.length);
        expect(round.some((r) => r.average === null)).toBe(true);
        const paged = [];
        for (let skip = 0; skip < round.length + PAGE; skip += PAGE) {
          const page = await divisionPage(contest.id, divisionId, mode, { take: PAGE, skip });
          expect(page, "served from the summaries").not.toBeNull();
          expect(page!.counts).toEqual({
            entries: round.length,
            scored: round.filter((r) => (mode === "z" ? r.raw : r.average) !== null).length,
          });
          paged.push(...page!.rows);
        }
        const fields = (r: (typeof round)[number]) => ({
          id: r.id,
          title: r.title,
          assigned: r.assigned,
          scored: r.scored,
          average: r.average,
          raw: r.raw,
          used: r.used,
          rank: r.rank,
          divisionId: r.divisionId,
        });
        expect(paged.map(fields), `${mode}, ${divisionId}`).toEqual(round.map(fields));
        // The CSV's pages (ADR 0074) are the same rows, read from the summaries too.
        const pick = { round: 1, divisionId, mode };
        const csv = [];
        for await (const page of stagePages(contest.id, stage, pick)) csv.push(...page);
        expect(csv.map(fields)).toEqual(
          (await stageRankingWithDivisions(contest.id, stage, pick)).map(fields),
        );
      }
    // The z ranking's scores: some judges' standardised, some left out, as the round has them.
    const z = await stageRanking(contest.id, { round: 1, divisionId: null, mode: "z" });
    expect(z.some((r) => r.average !== null && r.average !== r.raw)).toBe(true);
    // Once a later round has an assignment, round 1's summaries are no longer the round's: the
    // round is computed.
    await prisma.judgeAssignment.create({
      data: {
        contestId: contest.id,
        judgeId: judges[0]!.id,
        submissionId: `${stamp}-e001`,
        round: 2,
      },
    });
    for (const mode of ["raw", "z"] as const)
      expect(
        await divisionPage(contest.id, divisions[0]!, mode, { take: PAGE, skip: 0 }),
      ).toBeNull();
  });
});
