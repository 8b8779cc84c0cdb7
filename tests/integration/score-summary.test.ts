/**
 * The per-entry score summaries (SubmissionScoreSummary, kept by triggers; docs/decisions/
 * 0021-performance.md; their spread, ADR 0063) always equal a recomputation from the scores, whatever path changed them;
 * the ranking read from them, page by page, equals the oracle; the z ranking kept per process
 * follows every change (RankingVersion).
 */
import { describe, expect, test } from "vitest";
import { prisma } from "~/utils/db.server";
import { submitScore } from "~/features/judging/review.server";
import { ranking, rankingCounts } from "~/features/judging/ranking.server";
import { averageScore } from "~/features/judging/scoring";
import {
  disqualifySubmission,
  reinstateSubmission,
} from "~/features/entries/admin-submissions.server";
import { withdrawSubmission } from "~/features/entries/entrant-submissions.server";
import type { Criterion } from "~/features/contests/rubric";
import { rankByAverage, rankByZScore, type ScoreRow } from "#tests/oracles/ranking";

const DAY = 86_400_000;
const criteria: Criterion[] = [
  { key: "voice", label: "Voice", maxPoints: 10, weight: 0.5, requireComment: false },
  { key: "structure", label: "Structure", maxPoints: 10, weight: 0.5, requireComment: false },
];

let seq = 0;
const user = (prefix: string, roles: string[] = []) =>
  prisma.user.create({
    data: {
      email: `${prefix}-summary-${++seq}@example.test`,
      displayName: `${prefix} ${seq}`,
      roles: { create: roles.map((role) => ({ role })) },
    },
  });

async function setUp(entries: number, judges: number) {
  const now = Date.now();
  const c = await prisma.contest.create({
    data: {
      slug: `summary-${++seq}`,
      title: `Summary ${seq}`,
      description: "Score summaries",
      submissionsOpen: new Date(now - 30 * DAY),
      submissionsClose: new Date(now - 20 * DAY),
      judgingOpen: new Date(now - 10 * DAY),
      judgingClose: new Date(now + 10 * DAY),
      resultsAt: new Date(now + 20 * DAY),
      rubrics: { create: { name: "Rubric", criteria: JSON.stringify(criteria) } },
    },
    include: { rubrics: true },
  });
  const js: { id: string }[] = [];
  for (let j = 0; j < judges; j++) js.push(await user("judge", ["judge"]));
  const writers: { id: string }[] = [];
  const es: { id: string }[] = [];
  for (let i = 0; i < entries; i++) {
    const w = await user("writer");
    writers.push(w);
    es.push(
      await prisma.submission.create({
        data: {
          contestId: c.id,
          entrantId: w.id,
          title: `Entry ${i}`,
          body: "Once upon a time",
          wordCount: 4,
          status: "submitted",
          createdAt: new Date(now - (entries - i) * 1000),
        },
      }),
    );
  }
  const assignments = new Map<string, string>();
  for (const e of es)
    for (const j of js) {
      const a = await prisma.judgeAssignment.create({
        data: { contestId: c.id, judgeId: j.id, submissionId: e.id },
      });
      assignments.set(`${e.id}|${j.id}`, a.id);
    }
  const score = (entryIndex: number, judgeIndex: number, voice: number, structure: number) =>
    submitScore({
      assignmentId: assignments.get(`${es[entryIndex].id}|${js[judgeIndex].id}`)!,
      criteria,
      scores: { voice, structure },
      comment: "",
      judgeId: js[judgeIndex].id,
      submissionId: es[entryIndex].id,
      rubricId: c.rubrics[0].id,
    });
  return { c, js, es, writers, assignments, score };
}

/** Every summary equals what the Score and Submission rows say now. */
async function expectSummariesExact(contestId: string) {
  const subs = await prisma.submission.findMany({
    where: { contestId },
    select: {
      id: true,
      status: true,
      createdAt: true,
      scores: { where: { submittedAt: { not: null } }, select: { total: true } },
    },
  });
  const summaries = await prisma.submissionScoreSummary.findMany({ where: { contestId } });
  expect(summaries.map((s) => s.submissionId).sort()).toEqual(subs.map((s) => s.id).sort());
  for (const s of subs) {
    const m = summaries.find((x) => x.submissionId === s.id)!;
    const totals = s.scores.map((x) => x.total);
    expect({
      status: m.status,
      createdAt: m.createdAt.getTime(),
      scored: m.scored,
      hundredths: m.hundredths,
      average: m.average,
      spread: m.spread,
    }).toEqual({
      status: s.status,
      createdAt: s.createdAt.getTime(),
      scored: totals.length,
      hundredths: totals.reduce((sum, t) => sum + Math.round(t * 100), 0),
      average: averageScore(totals),
      // The spread the disagreement flags read (docs/decisions/0063-ranking-first-load.md).
      spread:
        totals.length >= 2
          ? Math.max(...totals.map((t) => Math.round(t * 100))) -
            Math.min(...totals.map((t) => Math.round(t * 100)))
          : null,
    });
  }
}

/** The submitted scores of the contest's submitted entries, for the oracles. */
async function scoreRows(contestId: string): Promise<ScoreRow[]> {
  const rows = await prisma.score.findMany({
    where: { submittedAt: { not: null }, submission: { contestId, status: "submitted" } },
    select: { submissionId: true, judgeId: true, total: true },
  });
  return rows;
}

const byRankThenId = <T extends { rank: number | null }>(rows: T[], id: (r: T) => string) =>
  [...rows].sort((a, b) => (a.rank ?? 1e9) - (b.rank ?? 1e9) || id(a).localeCompare(id(b)));

/** The raw ranking read page by page (every page size) equals the whole and the oracle. */
async function expectRankingMatchesOracle(contestId: string) {
  const whole = await ranking(contestId, { take: -1 });
  for (const size of [1, 2, 3, 5]) {
    const pages = [];
    for (let skip = 0; skip < whole.length; skip += size)
      pages.push(...(await ranking(contestId, { take: size, skip })));
    expect(pages).toEqual(whole);
  }
  const expected = rankByAverage(await scoreRows(contestId));
  const ranked = whole.filter((r) => r.rank !== null);
  expect(byRankThenId(ranked, (r) => r.id).map((r) => [r.id, r.average, r.rank, r.scored])).toEqual(
    byRankThenId(expected, (e) => e.submissionId).map((e) => [
      e.submissionId,
      e.average,
      e.rank,
      e.count,
    ]),
  );
  // Unscored entries come last, unranked.
  expect(whole.slice(ranked.length).every((r) => r.rank === null && r.scored === 0)).toBe(true);
  const counts = await rankingCounts(contestId);
  expect(counts).toEqual({ entries: whole.length, scored: ranked.length });
  // The z page's counts are its ranking's rows (ADR 0063): the same numbers.
  expect(await rankingCounts(contestId, "z")).toEqual(counts);
}

async function expectZMatchesOracle(contestId: string) {
  const z = await ranking(contestId, { mode: "z", take: -1 });
  const expected = rankByZScore(await scoreRows(contestId));
  expect(
    byRankThenId(
      z.filter((r) => r.scored > 0),
      (r) => r.id,
    ).map((r) => [r.id, r.average, r.raw, r.rank, r.used]),
  ).toEqual(
    byRankThenId(expected, (e) => e.submissionId).map((e) => [
      e.submissionId,
      e.average,
      e.raw,
      e.rank,
      e.used,
    ]),
  );
  const paged = [];
  for (let skip = 0; skip < z.length; skip += 4)
    paged.push(...(await ranking(contestId, { mode: "z", take: 4, skip })));
  expect(paged).toEqual(z);
}

describe("score summaries", () => {
  test("follow submits, changes, unsubmitted rows, disqualify, reinstate, withdraw and deletes", async () => {
    const { c, js, es, writers, assignments, score } = await setUp(9, 3);
    await expectSummariesExact(c.id);
    await expectRankingMatchesOracle(c.id);

    // Scores with ties (several entries share an average) and a spread for the z-scores.
    const plan: [number, number, number, number][] = [
      [0, 0, 7, 7],
      [0, 1, 8, 6],
      [1, 0, 7, 7],
      [1, 2, 7, 7],
      [2, 0, 9, 9.5],
      [3, 1, 3, 4.5],
      [3, 2, 6, 6],
      [4, 0, 7, 7],
      [5, 1, 10, 10],
      [6, 2, 2, 0.5],
      [7, 0, 5.5, 6],
      [7, 1, 5, 6.5],
      [7, 2, 6, 5.5],
    ];
    for (const [e, j, v, s] of plan) await score(e, j, v, s);
    await expectSummariesExact(c.id);
    await expectRankingMatchesOracle(c.id);
    await expectZMatchesOracle(c.id);

    // A changed score (history kept) and an unchanged resubmit.
    await score(2, 0, 4, 4.5);
    await score(0, 0, 7, 7);
    await expectSummariesExact(c.id);
    await expectRankingMatchesOracle(c.id);
    await expectZMatchesOracle(c.id);

    // An unsubmitted score row (from before drafts were separated) never counts.
    await prisma.score.create({
      data: {
        assignmentId: assignments.get(`${es[8].id}|${js[0].id}`)!,
        rubricId: (await prisma.rubric.findFirstOrThrow({ where: { contestId: c.id } })).id,
        judgeId: js[0].id,
        submissionId: es[8].id,
        scores: "{}",
        total: 9,
      },
    });
    await expectSummariesExact(c.id);
    await expectRankingMatchesOracle(c.id);

    // Disqualified and withdrawn entries leave the ranking (and the judges' z statistics).
    await disqualifySubmission(es[5].id, "Copied from a book");
    await withdrawSubmission(writers[8].id, es[8].id).catch(() => undefined);
    await expectSummariesExact(c.id);
    await expectRankingMatchesOracle(c.id);
    await expectZMatchesOracle(c.id);
    await reinstateSubmission(es[5].id);
    await expectSummariesExact(c.id);
    await expectRankingMatchesOracle(c.id);
    await expectZMatchesOracle(c.id);

    // Deleting an entry (account deletion) takes its summary and scores with it.
    await prisma.submission.delete({ where: { id: es[3].id } });
    await expectSummariesExact(c.id);
    await expectRankingMatchesOracle(c.id);
    await expectZMatchesOracle(c.id);

    // A judge's score removed with the assignment (cascade) leaves the summary too.
    await prisma.judgeAssignment.delete({
      where: { id: assignments.get(`${es[7].id}|${js[2].id}`)! },
    });
    await expectSummariesExact(c.id);
    await expectRankingMatchesOracle(c.id);
    await expectZMatchesOracle(c.id);
  });

  test("a page that starts inside a tie gives the tie its shared rank", async () => {
    const { c, score } = await setUp(6, 1);
    for (const [e, v] of [
      [0, 9],
      [1, 8],
      [2, 8],
      [3, 8],
      [4, 5],
    ] as const)
      await score(e, 0, v, v);
    const whole = await ranking(c.id, { take: -1 });
    expect(whole.map((r) => r.rank)).toEqual([1, 2, 2, 2, 5, null]);
    expect((await ranking(c.id, { take: 2, skip: 2 })).map((r) => r.rank)).toEqual([2, 2]);
    expect((await ranking(c.id, { take: 2, skip: 4 })).map((r) => r.rank)).toEqual([5, null]);
  });

  test("the z ranking kept between requests is recomputed after every change", async () => {
    const { c, score } = await setUp(4, 2);
    for (const [e, j, v] of [
      [0, 0, 9],
      [1, 0, 5],
      [2, 0, 7],
      [0, 1, 6],
      [1, 1, 8],
      [3, 1, 4],
    ] as const)
      await score(e, j, v, v);
    await expectZMatchesOracle(c.id);
    const before = await prisma.rankingVersion.findUniqueOrThrow({ where: { contestId: c.id } });
    await score(3, 0, 10, 10);
    const after = await prisma.rankingVersion.findUniqueOrThrow({ where: { contestId: c.id } });
    expect(after.version).toBeGreaterThan(before.version);
    await expectZMatchesOracle(c.id);
  });
});
