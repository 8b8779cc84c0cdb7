/**
 * A score above a criterion's maximum is never written (issue 34's "Grammar and mechanics 11 / 10";
 * ADR 0045): the score write checks the values against the rubric as stored, in its transaction,
 * whatever criteria its caller passed; the form answers with the reason and writes nothing.
 */
import { describe, expect, test } from "vitest";
import { parseCriteria } from "~/features/contests/rubric";
import { writeScoreForm } from "~/features/judging/score-form.server";
import { saveDraft, submitScore } from "~/features/judging/review.server";
import { ScoreRefused } from "~/features/judging/score-range.server";
import { prisma } from "~/utils/db.server";
import { entry, lifecycleContest } from "./lifecycle-fixtures";

async function assigned() {
  const { contest, judges } = await lifecycleContest({ judges: 1 });
  const { submission } = await entry(contest.id);
  const a = await prisma.judgeAssignment.create({
    data: { contestId: contest.id, judgeId: judges[0].id, submissionId: submission.id },
  });
  const rubric = contest.rubrics[0];
  return {
    target: {
      assignmentId: a.id,
      judgeId: judges[0].id,
      submissionId: submission.id,
      rubricId: rubric.id,
      criteria: parseCriteria(rubric.criteria),
    },
  };
}

describe("the score write keeps every value within its criterion's maximum", () => {
  test("11 of 10 is refused, even from a caller whose criteria say 20; nothing is written", async () => {
    const { target } = await assigned();
    // A stale or forged rubric in the caller's hands: the stored one says 10.
    const stale = target.criteria.map((c) => ({ ...c, maxPoints: 20 }));
    await expect(
      submitScore({ ...target, criteria: stale, scores: { voice: 11 }, comment: "" }),
    ).rejects.toBeInstanceOf(ScoreRefused);
    await expect(submitScore({ ...target, scores: { voice: -1 }, comment: "" })).rejects.toThrow(
      "Score must be between 0 and 10",
    );
    expect(await prisma.score.count({ where: { assignmentId: target.assignmentId } })).toBe(0);

    const form = await writeScoreForm(
      { intent: "submit", scores: { voice: 11 }, comment: "" },
      { ...target, criteria: stale },
    );
    expect(form.refused).toBe("Voice: Score must be between 0 and 10");
    expect(await prisma.score.count({ where: { assignmentId: target.assignmentId } })).toBe(0);

    await expect(
      saveDraft({ ...target, scores: { voice: 10.5 }, comment: "" }),
    ).rejects.toBeInstanceOf(ScoreRefused);
    expect(await prisma.scoreDraft.count({ where: { assignmentId: target.assignmentId } })).toBe(0);

    // Within the range it is written.
    await submitScore({ ...target, scores: { voice: 10 }, comment: "" });
    expect(
      await prisma.score.findUnique({ where: { assignmentId: target.assignmentId } }),
    ).toMatchObject({ total: 10 });
  });
});
