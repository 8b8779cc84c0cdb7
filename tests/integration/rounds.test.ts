/**
 * A contest of four divisions and two judging rounds run by the lifecycle on a moving clock
 * (docs/decisions/0032-divisions-and-rounds.md): round-1 assignment by division and pool,
 * advancement per division by the rule with the admin's choice, round-2 assignment that never
 * repeats a judge-entry pair, results after the last round; running the steps again changes nothing.
 */
import { seatPanel } from "./panel-fixtures";
import { describe, expect, test } from "vitest";
import { prisma } from "~/utils/db.server";
import {
  contestSteps,
  runStep,
  syncSteps,
  type RunOutcome,
} from "~/features/lifecycle/lifecycle.server";
import { workflowContests } from "~/features/lifecycle/workflows.server";
import { judgeQueuePage } from "~/features/judging/assignment-queries.server";
import { loadReview, scoringContext } from "~/features/judging/review.server";
import { advancePreview, saveAdvanceChoice } from "~/features/rounds/advancement.server";
import { at, entry, lifecycleContest, person } from "./lifecycle-fixtures";

async function runAll(contestId: string, now: Date) {
  const out: { step: string; round: number; outcome: RunOutcome }[] = [];
  for (const { step, round } of await contestSteps(contestId)) {
    const row = await prisma.lifecycleStep.findUniqueOrThrow({
      where: { contestId_step_round: { contestId, step, round } },
    });
    if (row.finishedAt || row.dueAt > now) continue;
    const outcome = await runStep(contestId, step, now, round);
    out.push({ step, round, outcome });
    if (outcome.status !== "finished") break;
  }
  return out;
}

/** Submitted scores for every unscored assignment of the round: each entry's points are fixed. */
async function scoreRound(
  contestId: string,
  round: number,
  rubricId: string,
  points: Map<string, number>,
) {
  const rows = await prisma.judgeAssignment.findMany({
    where: { contestId, round, submissionId: { not: null }, score: null },
  });
  for (const a of rows) {
    const total = points.get(a.submissionId!) ?? 1;
    await prisma.score.create({
      data: {
        assignmentId: a.id,
        rubricId,
        judgeId: a.judgeId,
        submissionId: a.submissionId!,
        scores: JSON.stringify({ voice: total }),
        total,
        submittedAt: at(13),
      },
    });
  }
}

describe("a contest of two rounds and four divisions", () => {
  test("runs through both rounds by itself", async () => {
    const { contest } = await lifecycleContest({ published: true });
    const final = await prisma.rubric.create({
      data: {
        contestId: contest.id,
        name: "Final rubric",
        criteria: JSON.stringify([
          { key: "voice", label: "Voice", maxPoints: 10, weight: 1, requireComment: false },
        ]),
      },
    });
    const judges = [];
    for (let i = 0; i < 12; i++) judges.push(await person("rjudge", ["judge"]));
    await seatPanel(
      contest.id,
      judges.map((j) => j.id),
    );
    const divisions = [];
    for (let i = 0; i < 4; i++)
      divisions.push(
        await prisma.division.create({
          data: {
            contestId: contest.id,
            position: i,
            name: `Grades ${i * 3}-${i * 3 + 2}`,
            basis: "grade",
            min: i * 3,
            max: i * 3 + 2,
          },
        }),
      );
    // Judge 0 judges only the first division, judge 1 only the second.
    await prisma.judgeDivision.create({
      data: { divisionId: divisions[0].id, judgeId: judges[0].id },
    });
    await prisma.judgeDivision.create({
      data: { divisionId: divisions[1].id, judgeId: judges[1].id },
    });
    const r1 = await prisma.judgingRound.create({
      data: {
        contestId: contest.id,
        number: 1,
        name: "First round",
        rubricId: contest.rubrics[0].id,
        judgesPerEntry: 2,
        judgingOpen: at(11),
        judgingClose: at(15),
        advanceRule: "top",
        advanceValue: 2,
        judges: { create: judges.slice(0, 10).map((j) => ({ judgeId: j.id })) },
      },
    });
    await prisma.judgingRound.create({
      data: {
        contestId: contest.id,
        number: 2,
        name: "Final round",
        rubricId: final.id,
        judgesPerEntry: 2,
        judgingOpen: at(16),
        judgingClose: at(20),
        judges: { create: judges.map((j) => ({ judgeId: j.id })) },
      },
    });
    await prisma.contest.update({
      where: { id: contest.id },
      data: { judgingOpen: at(11), judgingClose: at(20) },
    });
    // Six entries a division; an entry's points fall with its place in the division.
    const points = new Map<string, number>();
    const divisionOf = new Map<string, string>();
    const byDivision: string[][] = [];
    for (const d of divisions) {
      const ids: string[] = [];
      for (let k = 0; k < 6; k++) {
        const { submission } = await entry(contest.id);
        await prisma.submission.update({
          where: { id: submission.id },
          data: { divisionId: d.id },
        });
        points.set(submission.id, 10 - k);
        divisionOf.set(submission.id, d.id);
        ids.push(submission.id);
      }
      byDivision.push(ids);
    }
    await syncSteps(contest.id);
    expect((await contestSteps(contest.id)).map((s) => `${s.step}:${s.round}`)).toEqual([
      "open:1",
      "close:1",
      "assign:1",
      "remind:1",
      "advance:1",
      "assign:2",
      "remind:2",
      "results:1",
    ]);

    // Submissions close, round 1 opens: every entry gets 2 judges of the pool, by division.
    await runAll(contest.id, at(11));
    const round1 = await prisma.judgeAssignment.findMany({
      where: { contestId: contest.id, submissionId: { not: null } },
    });
    expect(round1.every((a) => a.round === 1)).toBe(true);
    expect(round1).toHaveLength(24 * 2);
    const pool1 = new Set(judges.slice(0, 10).map((j) => j.id));
    expect(round1.every((a) => pool1.has(a.judgeId))).toBe(true);
    for (const a of round1) {
      if (a.judgeId === judges[0].id) expect(divisionOf.get(a.submissionId!)).toBe(divisions[0].id);
      if (a.judgeId === judges[1].id) expect(divisionOf.get(a.submissionId!)).toBe(divisions[1].id);
    }
    await scoreRound(contest.id, 1, contest.rubrics[0].id, points);

    // The admin takes the third entry of the third division on, with a note.
    const extra = byDivision[2][2];
    await saveAdvanceChoice({
      contestId: contest.id,
      round: 1,
      submissionId: extra,
      include: true,
      note: "A brave story",
      byId: judges[11].id,
    });
    const preview = await advancePreview(contest.id, 1);
    expect(preview.missing).toBe(0);
    expect(preview.divisions.map((d) => d.entries.filter((e) => e.goesOn).length)).toEqual([
      2, 2, 3, 2,
    ]);

    // Round 1 closes: the advance step fixes who goes on, the top 2 of each division and the choice.
    const ran = await runAll(contest.id, at(15, 1));
    expect(ran.map((r) => `${r.step}:${r.round}:${r.outcome.status}`)).toEqual([
      "remind:1:finished",
      "advance:1:finished",
    ]);
    const went = await prisma.advancement.findMany({ where: { contestId: contest.id, round: 2 } });
    const expected = [...byDivision.flatMap((ids) => ids.slice(0, 2)), extra].sort();
    expect(went.map((w) => w.submissionId).sort()).toEqual(expected);
    expect(went.find((w) => w.submissionId === extra)).toMatchObject({
      source: "admin",
      note: "A brave story",
    });
    expect(went.filter((w) => w.source === "rule")).toHaveLength(8);
    expect(
      (await prisma.judgingRound.findUniqueOrThrow({ where: { id: r1.id } })).advancedAt,
    ).not.toBeNull();

    // Round 2 opens: the entries that went on get 2 new judges each, never one they had.
    await runAll(contest.id, at(16));
    const round2 = await prisma.judgeAssignment.findMany({
      where: { contestId: contest.id, round: 2 },
    });
    expect(round2).toHaveLength(9 * 2);
    const before = new Set(round1.map((a) => `${a.judgeId}|${a.submissionId}`));
    expect(round2.some((a) => before.has(`${a.judgeId}|${a.submissionId}`))).toBe(false);
    expect(new Set(round2.map((a) => a.submissionId))).toEqual(new Set(expected));
    // The review of a round-2 entry uses round 2's rubric and window; round 1's keeps its own.
    const a2 = round2[0];
    const review2 = await loadReview(a2.judgeId, a2.submissionId!, at(17));
    expect(review2?.rubric?.name).toBe("Final rubric");
    expect(review2?.contest).toMatchObject({
      judgingOpen: at(16),
      judgingClose: at(20),
      open: true,
    });
    expect((await scoringContext(a2.judgeId, a2.submissionId!))?.rubricId).toBe(final.id);
    const a1 = round1[0];
    const review1 = await loadReview(a1.judgeId, a1.submissionId!, at(17));
    expect(review1?.rubric?.name).toBe("Rubric");
    expect(review1?.contest).toMatchObject({ judgingClose: at(15), open: false });
    const queue = await judgeQueuePage(a2.judgeId, 50, 0);
    const dues = new Set(queue.items.map((i) => i.judgingClose.toISOString()));
    expect(dues.has(at(20).toISOString())).toBe(true);
    await scoreRound(contest.id, 2, final.id, points);

    // After the last round, the results step runs.
    const last = await runAll(contest.id, at(21));
    expect(last.map((r) => `${r.step}:${r.round}:${r.outcome.status}`)).toEqual([
      "remind:2:finished",
      "results:1:finished",
    ]);
    const steps = await prisma.lifecycleStep.findMany({ where: { contestId: contest.id } });
    expect(steps.every((s) => s.finishedAt)).toBe(true);
    expect(await prisma.frozenResult.count({ where: { contestId: contest.id } })).toBeGreaterThan(
      0,
    );

    // The workflow page names the steps by round.
    const wf = (await workflowContests(at(21))).find((c) => c.id === contest.id)!;
    expect(wf.steps.map((s) => s.label)).toEqual([
      "Open submissions",
      "Close submissions",
      "Assign judges · Round 1",
      "Remind judges · Round 1",
      "Advance to round 2",
      "Assign judges · Round 2",
      "Remind judges · Round 2",
      "Publish results",
    ]);

    // Running every step again changes nothing.
    const counts = async () => [
      await prisma.judgeAssignment.count({ where: { contestId: contest.id } }),
      await prisma.advancement.count({ where: { contestId: contest.id } }),
      await prisma.emailLog.count(),
    ];
    const snapshot = await counts();
    for (const { step, round } of await contestSteps(contest.id))
      expect((await runStep(contest.id, step, at(22), round)).status).toBe("done");
    expect(await counts()).toEqual(snapshot);
  });
});
