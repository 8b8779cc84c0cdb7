/**
 * A school conflict covers every entry whose writer belongs to the school (ADR 0045): a roster
 * pupil the teacher entered, a joined pupil the teacher entered, and a joined pupil who entered
 * alone. Checked for auto-assign, per-round assignment, one more judge, swap and add.
 */
import { describe, expect, test } from "vitest";
import { prisma } from "~/utils/db.server";
import { runAutoAssign } from "~/features/assignment/auto-assign.server";
import { addJudge, swapAssignment } from "~/features/assignment/assignment-changes.server";
import { addJudgeToEntry } from "~/features/assignment/assignment-changes.server";
import { runRoundAssign } from "~/features/assignment/round-assign.server";
import { lifecycleContest, person } from "./lifecycle-fixtures";
import { linkedPupil, makeEducator, rosterPupil } from "./class-fixtures";
import { seatPanel } from "./panel-fixtures";

const DAY = 86_400_000;

let seq = 0;
async function entry(contestId: string, entrantId: string, pupilId: string | null = null) {
  return prisma.submission.create({
    data: {
      contestId,
      entrantId,
      pupilId,
      title: `School story ${++seq}`,
      body: "Once upon a time",
      wordCount: 4,
      status: "submitted",
    },
  });
}

/** Four panel judges, the first with a school conflict (declared by name), and the three entries. */
async function schoolContest(opts: { round?: boolean } = {}) {
  const now = Date.now();
  const dates = {
    submissionsOpen: new Date(now - 20 * DAY),
    submissionsClose: new Date(now - 10 * DAY),
    judgingOpen: new Date(now - 9 * DAY),
    judgingClose: new Date(now + 9 * DAY),
    resultsAt: new Date(now + 20 * DAY),
  };
  const { contest } = await lifecycleContest({ dates, judgesPerSubmission: 2 });
  if (opts.round)
    await prisma.judgingRound.create({
      data: {
        contestId: contest.id,
        number: 1,
        name: "Round 1",
        judgesPerEntry: 2,
        judgingOpen: dates.judgingOpen,
        judgingClose: dates.judgingClose,
      },
    });
  const judges = [];
  for (let i = 0; i < 4; i++) judges.push(await person("sjudge", ["judge"]));
  await seatPanel(
    contest.id,
    judges.map((j) => j.id),
  );
  const teacher = await makeEducator();
  await prisma.conflict.create({
    data: {
      judgeId: judges[0].id,
      kind: "school",
      schoolName: teacher.school.name,
      source: "judge",
    },
  });
  const roster = await rosterPupil(teacher.classroom.id);
  const joined = await linkedPupil(teacher.classroom.id);
  const alone = await linkedPupil(teacher.classroom.id);
  const entries = {
    teacherForRoster: await entry(contest.id, teacher.user.id, roster.id),
    teacherForJoined: await entry(contest.id, teacher.user.id, joined.pupil.id),
    joinedAlone: await entry(contest.id, alone.user.id),
  };
  // Others, from nowhere in particular.
  for (let i = 0; i < 3; i++) await entry(contest.id, (await person("writer")).id);
  return { contest, judges, conflicted: judges[0], entries };
}

const pairsOf = (contestId: string, judgeId: string) =>
  prisma.judgeAssignment.findMany({
    where: { contestId, judgeId, submissionId: { not: null } },
    select: { id: true, submissionId: true },
  });

describe("a school conflict covers the three ways an entry comes from the school", () => {
  test("auto-assign never gives the conflicted judge any of them", async () => {
    const { contest, conflicted, entries } = await schoolContest();
    expect(await runAutoAssign(contest.id, 2)).toMatchObject({ ok: true });
    const mine = (await pairsOf(contest.id, conflicted.id)).map((p) => p.submissionId);
    expect(mine.length).toBeGreaterThan(0);
    for (const e of Object.values(entries)) expect(mine).not.toContain(e.id);
  });

  test("per-round assignment keeps them apart too", async () => {
    const { contest, conflicted, entries } = await schoolContest({ round: true });
    expect(await runRoundAssign(contest.id, 1)).toMatchObject({ ok: true });
    const mine = (await pairsOf(contest.id, conflicted.id)).map((p) => p.submissionId);
    for (const e of Object.values(entries)) expect(mine).not.toContain(e.id);
  });

  test("one more judge, add and swap refuse the conflicted judge", async () => {
    const { contest, judges, conflicted, entries } = await schoolContest();
    const [, j1, j2, j3] = judges;
    for (const e of Object.values(entries)) {
      // One judge on the entry; the least loaded judge would be the conflicted one, who has none.
      await prisma.judgeAssignment.create({
        data: { contestId: contest.id, judgeId: j1.id, submissionId: e.id, round: 1 },
      });
      const added = await addJudgeToEntry(e.id);
      expect([j2.displayName, j3.displayName]).toContain(added);
      await expect(addJudge(contest.id, e.id, { judgeId: conflicted.id }, 1)).rejects.toMatchObject(
        { message: expect.stringContaining("conflict") },
      );
      const a = await prisma.judgeAssignment.findFirstOrThrow({
        where: { contestId: contest.id, judgeId: j1.id, submissionId: e.id },
      });
      await expect(swapAssignment(contest.id, a.id, conflicted.id)).rejects.toMatchObject({
        message: expect.stringContaining("conflict"),
      });
    }
    expect(await pairsOf(contest.id, conflicted.id)).toEqual([]);
  });
});
