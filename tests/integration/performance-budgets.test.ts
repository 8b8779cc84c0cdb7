import { beforeAll, describe, expect, test } from "vitest";
import { engine, observeSql, prisma, sqliteStatementStats, type SqlEvent } from "~/utils/db.server";
import { inRequestStore } from "~/utils/access-log";
import { storyRowReadsOf } from "./story-rows";
import { cookieFor } from "./session-cookie";
import type { RouteModule } from "./route-module";

// Statement and row budgets of the benchmark's hot pages (docs/decisions/0048-performance-budgets.md):
// on a contest of 5,000 entries, 60 judges and 15,000 submitted scores, each page's loaders (root,
// layout, page: as Remix runs them, on one real Request with a real session cookie) send at most
// a stated number of SQL statements and get at most a stated number of rows back. A page that
// starts to read the contest (O(entries)) instead of its page fails here, on both engines, with
// no timing. And no request computes a whole ranking a previous request already computed: the
// second request of a ranking page stays within the page's budget.

const ENTRIES = 5_000;
const JUDGES = 60;
const PER_ENTRY = 3;
const DAY = 86_400_000;

const root = (await import("~/root")) as unknown as RouteModule;
const adminLayout = (await import("~/routes/admin+/_layout")) as unknown as RouteModule;
const judgeLayout = (await import("~/routes/judge+/_layout")) as unknown as RouteModule;
// The contest's pages are in its workspace (docs/decisions/0050-contest-workspace.md).
const workspace =
  (await import("~/routes/admin+/contests+/$id+/_layout")) as unknown as RouteModule;
const scoring = (await import("~/routes/admin+/contests+/$id+/scoring")) as unknown as RouteModule;
const submissions =
  (await import("~/routes/admin+/contests+/$id+/entries")) as unknown as RouteModule;
const overview = (await import("~/routes/admin+/contests+/$id+/index")) as unknown as RouteModule;
const entryPage = (await import("~/routes/admin+/submissions+/$id")) as unknown as RouteModule;
const queue = (await import("~/routes/judge+/index")) as unknown as RouteModule;
const review = (await import("~/routes/judge+/review.$submissionId")) as unknown as RouteModule;
const contestList = (await import("~/routes/_public+/contests._index")) as unknown as RouteModule;
const contestPage =
  (await import("~/routes/_public+/contests.$slug._index")) as unknown as RouteModule;

/** One GET through the route chain's loaders, and every statement it sent. */
async function get(
  chain: RouteModule[],
  path: string,
  opts: { cookie?: string; params?: Record<string, string> } = {},
) {
  const events: SqlEvent[] = [];
  const stop = observeSql((e) => events.push(e));
  try {
    // As the server runs a document request: inside the request's store, each loader given its
    // own copy of the Request (Remix strips its routing parameters into a new one per loader).
    const request = () =>
      new Request(`http://inkwell.test${path}`, {
        headers: opts.cookie ? { cookie: opts.cookie } : {},
      });
    const results = await inRequestStore(() =>
      Promise.all(
        chain.map((m) =>
          Promise.resolve(
            m.loader({ request: request(), params: opts.params ?? {}, context: {} }),
          ).catch((thrown: unknown) => thrown),
        ),
      ),
    );
    for (const r of results) {
      // A redirect or an error would pass any budget: the page must have answered.
      if (r instanceof Response) expect(r.status, `${path}: ${r.status}`).toBeLessThan(300);
      if (r instanceof Error) throw r;
    }
  } finally {
    stop();
  }
  return {
    statements: events.length,
    rows: events.reduce((n, e) => n + e.rows, 0),
    biggest: Math.max(0, ...events.map((e) => e.rows)),
    sql: events.map((e) => `${e.rows} rows: ${e.sql.replace(/\s+/g, " ").slice(0, 160)}`),
    events,
  };
}

function within(
  measured: Awaited<ReturnType<typeof get>>,
  budget: { statements: number; rows: number },
) {
  const detail = measured.sql.join("\n");
  console.log(
    `${measured.statements} statements, ${measured.rows} rows (budget ${budget.statements}, ${budget.rows})`,
  );
  expect(measured.statements, `statements:\n${detail}`).toBeLessThanOrEqual(budget.statements);
  expect(measured.rows, `rows:\n${detail}`).toBeLessThanOrEqual(budget.rows);
}

let admin = "";
let judge = "";
let contestId = "";
let slug = "";
let judgeEntry = "";

beforeAll(async () => {
  const now = Date.now();
  const stamp = Date.now().toString(36);
  const contest = await prisma.contest.create({
    data: {
      slug: `budget-${stamp}`,
      title: "Budget contest",
      description: "A contest of five thousand entries",
      isPublished: true,
      submissionsOpen: new Date(now - 40 * DAY),
      submissionsClose: new Date(now - 2 * DAY),
      judgingOpen: new Date(now - DAY),
      judgingClose: new Date(now + 10 * DAY),
      resultsAt: new Date(now + 20 * DAY),
      prompts: { create: { title: "Prompt", body: "Write about a door." } },
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
  contestId = contest.id;
  slug = contest.slug;
  const rubricId = contest.rubrics[0].id;
  const people = (prefix: string, n: number) =>
    Array.from({ length: n }, (_, i) => ({
      id: `${prefix}${i}-${stamp}`,
      email: `${prefix}${i}-${stamp}@budget.test`,
      displayName: `${prefix} ${i}`,
    }));
  const judges = people("j", JUDGES);
  const writers = people("w", ENTRIES);
  await prisma.user.createMany({ data: [...judges, ...writers] });
  await prisma.userRole.createMany({ data: judges.map((j) => ({ userId: j.id, role: "judge" })) });
  await prisma.panelMember.createMany({
    data: judges.map((j) => ({
      contestId,
      judgeId: j.id,
      status: "accepted" as const,
      respondedAt: new Date(now),
    })),
  });
  const a = await prisma.user.create({
    data: { email: `admin-${stamp}@budget.test`, displayName: "Admin" },
  });
  await prisma.userRole.create({ data: { userId: a.id, role: "admin" } });
  admin = a.id;
  judge = judges[0].id;
  // Short stories: the budgets count statements and rows, not bytes.
  await prisma.submission.createMany({
    data: writers.map((w, i) => ({
      id: `e${i}-${stamp}`,
      contestId,
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
      id: `a${i}-${k}-${stamp}`,
      contestId,
      judgeId: judges[(i * PER_ENTRY + k) % JUDGES].id,
      submissionId: `e${i}-${stamp}`,
    })),
  );
  await prisma.judgeAssignment.createMany({ data: assignments });
  // Every assignment scored but each judge's last (so the queue has work to show).
  await prisma.score.createMany({
    data: assignments
      .filter((_, n) => n < assignments.length - JUDGES)
      .map((x, n) => {
        const total = 2 + ((n * 7) % 9);
        return {
          assignmentId: x.id,
          rubricId,
          judgeId: x.judgeId,
          submissionId: x.submissionId,
          scores: JSON.stringify({ voice: total }),
          total,
          submittedAt: new Date(now),
        };
      }),
  });
  judgeEntry = assignments.find(
    (x, n) => x.judgeId === judge && n > assignments.length / 2,
  )!.submissionId;
}, 240_000);

describe(`budgets on a contest of ${ENTRIES} entries`, () => {
  test("the seed is what the budgets are about", async () => {
    expect(await prisma.submission.count({ where: { contestId } })).toBe(ENTRIES);
    expect(
      await prisma.score.count({
        where: { submission: { contestId }, submittedAt: { not: null } },
      }),
    ).toBe(ENTRIES * PER_ENTRY - JUDGES);
  });

  test("visitor pages: the contest list and a contest page", async () => {
    within(await get([root, contestList], "/contests"), { statements: 2, rows: 10 });
    within(await get([root, contestPage], `/contests/${slug}`, { params: { slug } }), {
      statements: 4,
      rows: 10,
    });
  });

  test("the judge's queue and review page (a judge with 250 assignments)", async () => {
    const cookie = await cookieFor(judge);
    // 4 before docs/decisions/0075 (the panel's contests in a second statement).
    within(await get([root, judgeLayout, queue], "/judge", { cookie }), {
      statements: 3,
      rows: 30,
    });
    within(
      await get([root, judgeLayout, review], `/judge/review/${judgeEntry}`, {
        cookie,
        params: { submissionId: judgeEntry },
      }),
      // 8 before docs/decisions/0072 (the discussion's entry, contest, judges and notes: four).
      { statements: 5, rows: 10 },
    );
  });

  test("the admin's entry page and submissions list, first and deep page", async () => {
    const cookie = await cookieFor(admin);
    within(
      await get([root, adminLayout, entryPage], `/admin/submissions/${judgeEntry}`, {
        cookie,
        params: { id: judgeEntry },
      }),
      // 19 before docs/decisions/0052 (ten for the entry's relations, three for who is asking).
      { statements: 6, rows: 10 },
    );
    for (const page of [1, 50])
      within(
        await get(
          [root, adminLayout, workspace, submissions],
          `/admin/contests/${contestId}/entries?page=${page}`,
          { cookie, params: { id: contestId } },
        ),
        // The workspace's layout reads its contest's title instead of every contest's for a picker;
        // the page's rows with their relations in one statement (15 before docs/decisions/0072).
        { statements: 6, rows: 80 },
      );
  });

  test("the ranking, raw and z: one page's rows, and no whole ranking computed twice", async () => {
    const cookie = await cookieFor(admin);
    for (const mode of ["", "&normalize=z"]) {
      for (const page of [1, 40]) {
        const path = `/admin/contests/${contestId}/scoring?${mode.slice(1)}&page=${page}`;
        // The first request may compute the contest's ranking once (the z ranking is kept per
        // RankingVersion); every later one reads only its page.
        const chain = [root, adminLayout, workspace, scoring];
        await get(chain, path, { cookie, params: { id: contestId } });
        const again = await get(chain, path, { cookie, params: { id: contestId } });
        within(again, { statements: 11, rows: 110 });
        expect(again.biggest, again.sql.join("\n")).toBeLessThanOrEqual(60);
      }
    }
  });

  test("the contest workspace's Overview: aggregates, not the contest's entries", async () => {
    const cookie = await cookieFor(admin);
    const chain = [root, adminLayout, workspace, overview];
    const opts = { cookie, params: { id: contestId } };
    // The round's disagreements are computed once per RankingVersion; then only aggregates.
    await get(chain, `/admin/contests/${contestId}`, opts);
    const again = await get(chain, `/admin/contests/${contestId}`, opts);
    // Entries per day from the Overview's contest row and one sum (docs/decisions/0057-charts.md);
    // 21 before docs/decisions/0075 (the contest read five times, the rounds, rubrics and version
    // through Prisma's nested selects).
    within(again, { statements: 10, rows: 21 });
    expect(again.biggest, again.sql.join("\n")).toBeLessThanOrEqual(30);
  });

  test("a score change: the next request computes again, once", async () => {
    const cookie = await cookieFor(admin);
    const path = `/admin/contests/${contestId}/scoring?normalize=z`;
    const chain = [root, adminLayout, workspace, scoring];
    const opts = { cookie, params: { id: contestId } };
    await get(chain, path, opts);
    const last = await prisma.judgeAssignment.findFirstOrThrow({
      where: { contestId, judgeId: judge, score: null },
      select: { id: true, submissionId: true },
    });
    await prisma.score.create({
      data: {
        assignmentId: last.id,
        rubricId: (await prisma.rubric.findFirstOrThrow({ where: { contestId } })).id,
        judgeId: judge,
        submissionId: last.submissionId!,
        scores: JSON.stringify({ voice: 9 }),
        total: 9,
        submittedAt: new Date(),
      },
    });
    const first = await get(chain, path, opts);
    // The z ranking again: every scored entry once.
    expect(first.biggest).toBeGreaterThanOrEqual(ENTRIES - JUDGES);
    const second = await get(chain, path, opts);
    within(second, { statements: 11, rows: 110 });
  });

  // SQLite compiles each SQL text once per connection (docs/decisions/0052-per-request-work.md):
  // Prisma's adapter prepared every statement it sent, about a tenth of a signed-in page's CPU.
  test.runIf(engine === "sqlite")(
    "SQLite: a page's second request compiles no SQL, it reuses the statements",
    async () => {
      const cookie = await cookieFor(judge);
      const pages = async () => {
        await get([root, judgeLayout, queue], "/judge", { cookie });
        return get([root, judgeLayout, review], `/judge/review/${judgeEntry}`, {
          cookie,
          params: { submissionId: judgeEntry },
        });
      };
      await pages();
      const before = sqliteStatementStats();
      const second = await pages();
      const after = sqliteStatementStats();
      expect(after.prepared).toBe(before.prepared);
      expect(after.reused - before.reused).toBeGreaterThanOrEqual(second.statements);
    },
  );

  // No hot page reads the contest's stories to count them (docs/decisions/0058-story-rows.md):
  // asked of SQLite's own plans, so it fails when an aggregate or a scan visits Submission's rows.
  test.runIf(engine === "sqlite")("no hot page reads the contest's story rows", async () => {
    const [a, j] = [await cookieFor(admin), await cookieFor(judge)];
    const id = { id: contestId };
    const pages = [
      await get([root, contestList], "/contests"),
      await get([root, contestPage], `/contests/${slug}`, { params: { slug } }),
      await get([root, judgeLayout, queue], "/judge", { cookie: j }),
      await get([root, judgeLayout, review], `/judge/review/${judgeEntry}`, {
        cookie: j,
        params: { submissionId: judgeEntry },
      }),
      await get([root, adminLayout, entryPage], `/admin/submissions/${judgeEntry}`, {
        cookie: a,
        params: { id: judgeEntry },
      }),
      await get(
        [root, adminLayout, workspace, submissions],
        `/admin/contests/${contestId}/entries`,
        {
          cookie: a,
          params: id,
        },
      ),
      await get([root, adminLayout, workspace, overview], `/admin/contests/${contestId}`, {
        cookie: a,
        params: id,
      }),
      await get([root, adminLayout, workspace, scoring], `/admin/contests/${contestId}/scoring`, {
        cookie: a,
        params: id,
      }),
    ];
    expect(await storyRowReadsOf(pages.flatMap((p) => p.events))).toEqual([]);
  });
});
