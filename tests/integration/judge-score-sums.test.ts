/**
 * The judges' kept sums (JudgeScoreSums, kept by triggers; docs/decisions/0076-judge-score-sums.md)
 * always equal a recomputation from the scores, whatever path changed them, and the z ranking
 * computed from them equals, row by row, the old statement's that recomputed every judge's
 * statistics from the contest's scores: withdrawn and disqualified entries, unscored entries,
 * judges of one score and of zero spread, released assignments, edits, bulk edits and deletions.
 */
import { describe, expect, test } from "vitest";
import { prisma } from "~/utils/db.server";
import { submitScore } from "~/features/judging/review.server";
import { zRankingRows } from "~/features/judging/z-queries.server";
import {
  disqualifySubmission,
  reinstateSubmission,
} from "~/features/entries/admin-submissions.server";
import type { Criterion } from "~/features/contests/rubric";
import { recomputedJudgeSums, recomputedZRankingRows } from "./z-reference";

const DAY = 86_400_000;
const criteria: Criterion[] = [
  { key: "voice", label: "Voice", maxPoints: 10, weight: 0.5, requireComment: false },
  { key: "structure", label: "Structure", maxPoints: 10, weight: 0.3, requireComment: false },
  { key: "pace", label: "Pace", maxPoints: 10, weight: 0.2, requireComment: false },
];

let seq = 0;
const stamp = Date.now().toString(36);

async function contest() {
  const now = Date.now();
  return prisma.contest.create({
    data: {
      slug: `judge-sums-${stamp}-${++seq}`,
      title: `Judge sums ${seq}`,
      description: "Kept judges' sums",
      submissionsOpen: new Date(now - 30 * DAY),
      submissionsClose: new Date(now - 20 * DAY),
      judgingOpen: new Date(now - 10 * DAY),
      judgingClose: new Date(now + 10 * DAY),
      resultsAt: new Date(now + 20 * DAY),
      rubrics: { create: { name: "Rubric", criteria: JSON.stringify(criteria) } },
    },
    include: { rubrics: true },
  });
}

async function setUp(entries: number, judges: number) {
  const c = await contest();
  const js: { id: string }[] = [];
  for (let j = 0; j < judges; j++)
    js.push(
      await prisma.user.create({
        data: { email: `judge-${stamp}-${++seq}@sums.test`, displayName: `Judge ${seq}` },
      }),
    );
  const es: { id: string }[] = [];
  for (let i = 0; i < entries; i++) {
    const w = await prisma.user.create({
      data: { email: `writer-${stamp}-${++seq}@sums.test`, displayName: `Writer ${seq}` },
    });
    es.push(
      await prisma.submission.create({
        data: {
          contestId: c.id,
          entrantId: w.id,
          title: `Entry ${i}`,
          body: "Once upon a time",
          wordCount: 4,
          status: "submitted",
          createdAt: new Date(Date.now() - (entries - i) * 1000),
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
  const assignment = (e: number, j: number) => assignments.get(`${es[e]!.id}|${js[j]!.id}`)!;
  const score = (e: number, j: number, voice: number, structure: number, pace: number) =>
    submitScore({
      assignmentId: assignment(e, j),
      criteria,
      scores: { voice, structure, pace },
      comment: "",
      judgeId: js[j]!.id,
      submissionId: es[e]!.id,
      rubricId: c.rubrics[0]!.id,
    });
  return { c, js, es, assignment, score };
}

async function keptSums(contestId: string) {
  const rows = await prisma.judgeScoreSums.findMany({ where: { contestId } });
  return rows
    .map((r) => ({ judgeId: r.judgeId, n: r.n, s1: Number(r.s1), s2: Number(r.s2) }))
    .filter((r) => r.n !== 0 || r.s1 !== 0 || r.s2 !== 0)
    .sort((a, b) => a.judgeId.localeCompare(b.judgeId));
}

/** The kept sums equal a recomputation; the z ranking equals the old statement's, row by row. */
async function expectExact(contestId: string, what: string) {
  expect(await keptSums(contestId), what).toEqual(await recomputedJudgeSums(contestId));
  expect(await zRankingRows(contestId), what).toEqual(await recomputedZRankingRows(contestId));
}

describe("the judges' kept sums and the z ranking computed from them", () => {
  test("equal a recomputation after every path that changes scores or entries", async () => {
    const { c, js, es, assignment, score } = await setUp(10, 5);
    await expectExact(c.id, "nothing scored");
    // Judge 3 scores once (no spread: left out), judge 4 gives every entry the same total (zero
    // spread: left out); entry 9 is never scored; ties and uneven totals (weights of thirds).
    const plan: [number, number, number, number, number][] = [
      [0, 0, 7, 7, 3],
      [0, 1, 8, 6, 9],
      [1, 0, 7, 7, 3],
      [1, 2, 7, 7, 7],
      [2, 0, 9, 9.5, 1],
      [3, 1, 3, 4.5, 6],
      [3, 2, 6, 6, 2],
      [4, 0, 7, 7, 3],
      [5, 1, 10, 10, 10],
      [6, 2, 2, 0.5, 4],
      [7, 0, 5.5, 6, 7],
      [7, 1, 5, 6.5, 2],
      [7, 2, 6, 5.5, 8],
      [8, 3, 4, 4, 4],
      [5, 4, 6, 6, 6],
      [6, 4, 6, 6, 6],
      [8, 4, 6, 6, 6],
    ];
    for (const [e, j, v, s, p] of plan) await score(e, j, v, s, p);
    await expectExact(c.id, "scored");

    await score(2, 0, 4, 4.5, 2);
    await score(0, 0, 7, 7, 3);
    await expectExact(c.id, "an edit and an unchanged resubmit");

    // An unsubmitted row never counts; submitted later by an update of the row.
    const unsubmitted = await prisma.score.create({
      data: {
        assignmentId: assignment(9, 0),
        rubricId: c.rubrics[0]!.id,
        judgeId: js[0]!.id,
        submissionId: es[9]!.id,
        scores: "{}",
        total: 9.25,
      },
    });
    await expectExact(c.id, "an unsubmitted row");
    await prisma.score.update({ where: { id: unsubmitted.id }, data: { submittedAt: new Date() } });
    await expectExact(c.id, "the row submitted");

    // Many rows in one statement (PostgreSQL: one statement trigger over them).
    await prisma.score.updateMany({
      where: { judgeId: js[1]!.id, submittedAt: { not: null } },
      data: { total: { increment: 0.35 } },
    });
    await expectExact(c.id, "a bulk edit");

    // A released assignment's score stays and counts.
    await prisma.judgeAssignment.update({
      where: { id: assignment(7, 2) },
      data: { releasedAt: new Date() },
    });
    await expectExact(c.id, "a released assignment");

    // Withdrawn and disqualified entries leave the judges' statistics; reinstated, they return.
    await disqualifySubmission(es[5]!.id, "Copied from a book");
    await prisma.submission.update({ where: { id: es[3]!.id }, data: { status: "withdrawn" } });
    await expectExact(c.id, "disqualified and withdrawn");
    await reinstateSubmission(es[5]!.id);
    await expectExact(c.id, "reinstated");

    // A score deleted, a score with its assignment, a whole entry.
    await prisma.score.delete({ where: { assignmentId: assignment(1, 2) } });
    await expectExact(c.id, "a score deleted");
    await prisma.judgeAssignment.delete({ where: { id: assignment(7, 1) } });
    await expectExact(c.id, "an assignment deleted");
    await prisma.submission.delete({ where: { id: es[2]!.id } });
    await expectExact(c.id, "an entry deleted");

    // An entry moved to another contest takes its scores' counts with it.
    const other = await contest();
    await prisma.submission.update({ where: { id: es[0]!.id }, data: { contestId: other.id } });
    await expectExact(c.id, "an entry moved out");
    await expectExact(other.id, "an entry moved in");

    await prisma.submission.update({ where: { id: es[0]!.id }, data: { contestId: c.id } });
    await expectExact(c.id, "the entry moved back");
    await expectExact(other.id, "the entry moved back out");

    // A contest's rows go with it.
    const gone = await contest();
    await prisma.judgeScoreSums.create({ data: { contestId: gone.id, judgeId: js[0]!.id, n: 1 } });
    await prisma.contest.delete({ where: { id: gone.id } });
    expect(await prisma.judgeScoreSums.count({ where: { contestId: gone.id } })).toBe(0);
  });

  test("a contest of many entries and judges, scores inserted in bulk", async () => {
    const { c, js, es, assignment } = await setUp(60, 7);
    await prisma.score.createMany({
      data: es.flatMap((e, i) =>
        js
          .map((j, k) => ({ e, j, k }))
          .filter(({ k }) => (i + k) % 3 !== 0)
          .map(({ e, j, k }) => ({
            assignmentId: assignment(i, k),
            rubricId: c.rubrics[0]!.id,
            judgeId: j.id,
            submissionId: e.id,
            scores: "{}",
            total: ((i * 7 + k * 13) % 41) / 4 + (k === 6 ? 0 : 0.1),
            submittedAt: (i + k) % 11 === 0 ? null : new Date(),
          })),
      ),
    });
    await expectExact(c.id, "bulk insert");
    await prisma.score.deleteMany({ where: { judgeId: js[2]!.id } });
    await expectExact(c.id, "bulk delete");
  });
});
