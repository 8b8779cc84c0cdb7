import { expect, test } from "vitest";
import { runAutoAssign } from "~/features/assignment/auto-assign.server";
import { prisma } from "~/utils/db.server";
import { lifecycleContest, person, T0 } from "./lifecycle-fixtures";
import { expectTrue } from "./tally-counts";

// Issue 36, docs/decisions/0073-bulk-writes-on-postgresql.md: statements that touch many
// assignments, scores or entries at once (a round's scores written together, a judge's pairs
// released, pairs moved to round 2, a contest's entries moved between divisions, scores and
// assignments deleted) move the counters once a statement on PostgreSQL. After each, every counter
// equals a fresh COUNT, each assignment's "scored" mark (ADR 0061) follows its score, and the
// ranking's version has moved.

const ENTRIES = 120;
const JUDGES = 6;

async function version(contestId: string) {
  return (await prisma.rankingVersion.findUnique({ where: { contestId } }))?.version ?? 0;
}

async function expectMarks(contestId: string, when: string) {
  const wrong = await prisma.judgeAssignment.count({
    where: {
      contestId,
      OR: [
        { scored: true, NOT: { score: { submittedAt: { not: null } } } },
        { scored: false, score: { submittedAt: { not: null } } },
      ],
    },
  });
  expect(wrong, when).toBe(0);
}

test("many rows in one statement move every counter as a fresh count says", async () => {
  const c = (await lifecycleContest({ published: true })).contest;
  const [a, b] = await Promise.all(
    ["A", "B"].map(
      async (name, position) =>
        (
          await prisma.division.create({
            data: { contestId: c.id, name, position, basis: "grade", min: position, max: position },
          })
        ).id,
    ),
  );
  for (let i = 0; i < JUDGES; i++) {
    const judge = await person("judge", ["judge"]);
    await prisma.panelMember.create({
      data: { contestId: c.id, judgeId: judge.id, status: "accepted", respondedAt: new Date(T0) },
    });
  }
  const writer = await person("writer");
  await prisma.submission.createMany({
    data: Array.from({ length: ENTRIES }, (_, i) => ({
      contestId: c.id,
      entrantId: writer.id,
      title: `Story ${i}`,
      body: "A story.",
      status: i % 10 === 9 ? ("withdrawn" as const) : ("submitted" as const),
      divisionId: i % 3 === 2 ? null : [a, b][i % 3],
      mentionsEntrant: i % 7 === 0,
    })),
  });
  const assigned = await runAutoAssign(c.id, 3);
  expect(assigned.ok && assigned.created).toBeGreaterThan(ENTRIES);
  await expectTrue(c.id, "auto-assigned");

  // Two thirds of the pairs scored in one statement (as the benchmark's rounds case writes them).
  const v0 = await version(c.id);
  const pairs = await prisma.judgeAssignment.findMany({
    where: { contestId: c.id },
    select: { id: true, judgeId: true, submissionId: true },
    orderBy: { id: "asc" },
  });
  const now = new Date();
  await prisma.score.createMany({
    data: pairs
      .filter((_, i) => i % 3 !== 0)
      .map((p, i) => ({
        assignmentId: p.id,
        rubricId: c.rubrics[0]!.id,
        judgeId: p.judgeId,
        submissionId: p.submissionId!,
        scores: "{}",
        total: i % 10,
        submittedAt: i % 5 === 0 ? null : now,
      })),
  });
  await expectTrue(c.id, "scores written in one statement");
  await expectMarks(c.id, "scores written in one statement");
  expect(await version(c.id)).toBeGreaterThan(v0);

  // One judge's pairs released, others moved to round 2, all in one statement each.
  const judge = pairs[0]!.judgeId;
  await prisma.judgeAssignment.updateMany({
    where: { contestId: c.id, judgeId: judge },
    data: { releasedAt: now },
  });
  await expectTrue(c.id, "a judge's pairs released");
  await prisma.judgeAssignment.updateMany({
    where: {
      contestId: c.id,
      judgeId: { not: judge },
      submissionId: { in: pairs.slice(0, 60).map((p) => p.submissionId!) },
    },
    data: { round: 2 },
  });
  await expectTrue(c.id, "pairs moved to round 2");

  // Every entry moved between divisions in one statement; in one transaction with a status change.
  const v1 = await version(c.id);
  await prisma.$executeRaw`UPDATE "Submission" SET "divisionId" = CASE WHEN "divisionId" = ${a}
    THEN ${b} WHEN "divisionId" = ${b} THEN NULL ELSE ${a} END WHERE "contestId" = ${c.id}`;
  await expectTrue(c.id, "entries moved between divisions");
  expect(await version(c.id)).toBeGreaterThan(v1);
  const few = pairs.slice(0, 20).map((p) => p.submissionId!);
  await prisma.$transaction([
    prisma.submission.updateMany({ where: { id: { in: few } }, data: { divisionId: a } }),
    prisma.submission.updateMany({
      where: { id: { in: few.slice(0, 10) } },
      data: { status: "disqualified", disqualifyReason: "Copied" },
    }),
    prisma.submission.updateMany({
      where: { id: { in: few.slice(5, 15) } },
      data: { divisionId: b, status: "submitted" },
    }),
  ]);
  await expectTrue(c.id, "moves and status changes in one transaction");
  const summaries = await prisma.submissionScoreSummary.count({
    where: { contestId: c.id, submission: { id: { in: few.slice(5, 15) } }, divisionId: b },
  });
  expect(summaries).toBe(new Set(few.slice(5, 15)).size);

  // Scores deleted, then every assignment of the contest, each in one statement.
  await prisma.score.deleteMany({ where: { submission: { contestId: c.id }, total: { lt: 5 } } });
  await expectTrue(c.id, "scores deleted");
  await expectMarks(c.id, "scores deleted");
  await prisma.judgeAssignment.deleteMany({ where: { contestId: c.id } });
  await expectTrue(c.id, "the contest's assignments deleted");
});
