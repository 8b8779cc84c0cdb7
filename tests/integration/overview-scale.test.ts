import { beforeAll, describe, expect, test } from "vitest";
import { contestOverview } from "~/features/lifecycle/overview.server";
import { engine, observeSql, prisma, type SqlEvent } from "~/utils/db.server";
import { inRequestStore } from "~/utils/access-log";
import { pgPlan, sqlitePlan, type PgNode } from "./plans";

// Issue 36: the contest's Overview counted the whole contest on every request (at 200,000
// entries: 600,000 live assignments joined to their entries, every entry's writer for consent,
// every submitted entry for "no judge"): 2.5 s. It reads counters kept by triggers now
// (docs/decisions/0064-overview-counts.md). Asked of each engine, so no timing: the Overview of a
// contest of 5,000 entries (15,000 assignments, scores, payments) costs what one of 50 does.

const DAY = 86_400_000;
const BIG = 5_000;
const SMALL = 50;
const JUDGES = 3;

/** The Overview's statements (the second request: the disagreements are cached per version). */
async function overviewStatements(contestId: string) {
  await inRequestStore(() => contestOverview(contestId));
  const events: SqlEvent[] = [];
  const stop = observeSql((e) => events.push(e));
  try {
    const overview = await inRequestStore(() => contestOverview(contestId));
    expect(overview).not.toBeNull();
    return { events, overview: overview! };
  } finally {
    stop();
  }
}

/** PostgreSQL: the rows every scan of a table or index returned, as EXPLAIN ANALYZE counted. */
async function pgRowsRead(events: SqlEvent[]) {
  let rows = 0;
  const walk = (n: PgNode) => {
    if (n["Relation Name"]) rows += n["Actual Rows"] * n["Actual Loops"];
    for (const c of n.Plans ?? []) walk(c);
  };
  for (const e of events) {
    if (!/^\s*SELECT/i.test(e.sql)) continue;
    walk(await pgPlan(e));
  }
  return rows;
}

/** SQLite: each plan step that reads the tables that grow with a contest, or scans any table. */
async function sqliteGrowth(events: SqlEvent[]) {
  const found: string[] = [];
  for (const e of events) {
    if (!/^\s*SELECT/i.test(e.sql)) continue;
    const plan = await sqlitePlan(e);
    for (const { detail } of plan)
      if (
        /^SCAN (?!CONSTANT|sub$)/.test(detail) ||
        /^SEARCH (?:main\.)?(Submission|JudgeAssignment|Score|Payment|User|SubmissionScoreSummary)\b/.test(
          detail,
        )
      )
        found.push(`${detail}  ←  ${e.sql.replace(/\s+/g, " ").slice(0, 120)}`);
  }
  return found;
}

const contests: Record<"big" | "small", string> = { big: "", small: "" };

beforeAll(async () => {
  const now = Date.now();
  const stamp = `${now.toString(36)}-${process.pid}`;
  const judges = Array.from({ length: JUDGES }, (_, i) => ({
    id: `oj${i}-${stamp}`,
    email: `oj${i}-${stamp}@overview.test`,
    displayName: `Judge ${i}`,
  }));
  await prisma.user.createMany({ data: judges });
  for (const [size, n] of [
    ["big", BIG],
    ["small", SMALL],
  ] as const) {
    const contest = await prisma.contest.create({
      data: {
        slug: `overview-${size}-${stamp}`,
        title: `Overview ${size}`,
        description: "A contest being judged",
        isPublished: true,
        submissionsOpen: new Date(now - 40 * DAY),
        submissionsClose: new Date(now - 2 * DAY),
        judgingOpen: new Date(now - DAY),
        judgingClose: new Date(now + 10 * DAY),
        resultsAt: new Date(now + 20 * DAY),
        rubrics: { create: { name: "Rubric", criteria: "[]" } },
      },
      include: { rubrics: true },
    });
    contests[size] = contest.id;
    const writers = Array.from({ length: n }, (_, i) => ({
      id: `ow${i}-${size}-${stamp}`,
      email: `ow${i}-${size}-${stamp}@overview.test`,
      displayName: `Writer ${i}`,
      // Every tenth a child whose parent has not consented yet.
      parentEmail: i % 10 === 0 ? `parent${i}-${size}-${stamp}@overview.test` : null,
    }));
    await prisma.user.createMany({ data: writers });
    const entries = writers.map((w, i) => ({
      id: `oe${i}-${size}-${stamp}`,
      contestId: contest.id,
      entrantId: w.id,
      title: `Entry ${i}`,
      body: "A short story.",
      wordCount: 3,
      status: i % 20 === 0 ? ("pending_payment" as const) : ("submitted" as const),
      mentionsEntrant: i % 50 === 0,
    }));
    await prisma.submission.createMany({ data: entries });
    await prisma.payment.createMany({
      data: entries.map((e) => ({
        submissionId: e.id,
        contestId: contest.id,
        feeCents: 500,
        amountCents: 500,
        status: e.status === "submitted" ? ("paid" as const) : ("open" as const),
      })),
    });
    // Every entry but the last tenth to every judge; a fifth of the assignments scored.
    const assignments = entries
      .filter((_, i) => i < n * 0.9)
      .flatMap((e) =>
        judges.map((j) => ({
          id: `oa-${e.id}-${j.id}`,
          contestId: contest.id,
          judgeId: j.id,
          submissionId: e.id,
        })),
      );
    await prisma.judgeAssignment.createMany({ data: assignments });
    await prisma.score.createMany({
      data: assignments
        .filter((_, k) => k % 5 === 0)
        .map((a) => ({
          assignmentId: a.id,
          rubricId: contest.rubrics[0]!.id,
          judgeId: a.judgeId,
          submissionId: a.submissionId,
          scores: "{}",
          total: 5,
          submittedAt: new Date(now - DAY),
        })),
    });
  }
  if (engine === "postgres")
    for (const table of [
      "Submission",
      "JudgeAssignment",
      "Payment",
      "Score",
      "User",
      "ContestTally",
    ])
      await prisma.$executeRawUnsafe(`VACUUM ANALYZE "${table}"`);
}, 300_000);

describe(`the Overview of a contest of ${BIG} entries costs what one of ${SMALL} does`, () => {
  test("the same statements, the same rows read, and the contest's figures", async () => {
    const small = await overviewStatements(contests.small);
    const big = await overviewStatements(contests.big);
    const detail = big.events.map((e) => `${e.rows} rows: ${e.sql.slice(0, 140)}`).join("\n");
    expect(big.events.length, detail).toBe(small.events.length);
    // 13 before docs/decisions/0075 (entries per day now included).
    expect(big.events.length, detail).toBeLessThanOrEqual(8);
    if (engine === "postgres") {
      const [s, b] = [await pgRowsRead(small.events), await pgRowsRead(big.events)];
      console.log(`rows read: ${SMALL} entries ${s}, ${BIG} entries ${b}`);
      expect(b, detail).toBeLessThanOrEqual(s + 5);
    } else expect(await sqliteGrowth(big.events)).toEqual([]);

    // The figures are the contest's (the counters' correctness: overview-counts.test.ts).
    const { counts, judging, attention } = big.overview;
    expect(counts.byStatus).toEqual({ submitted: BIG * 0.95, pending_payment: BIG * 0.05 });
    expect(counts.paid).toBe(BIG * 0.95);
    expect(counts.waitingForConsent).toBe(BIG / 10);
    expect(judging).toEqual([
      expect.objectContaining({ round: 1, assigned: BIG * 0.9 * JUDGES, scored: BIG * 0.9 * 0.6 }),
    ]);
    const unassigned = attention.find((a) => a.kind === "unassigned");
    // The last tenth has no judge; of it, the entries waiting for payment are not submitted.
    expect(unassigned?.text).toBe(`${BIG * 0.1 - BIG * 0.005} submitted entries have no judge`);
    const names = attention.find((a) => a.kind === "names-writer");
    expect(names?.text).toMatch(/^\d+ entries name its writer/);
  });
});
