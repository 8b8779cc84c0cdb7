/**
 * The demo panels (docs/decisions/0033-judging-panel.md). Every demo contest has its panel: the
 * demo judges who judge it (an assignment or a round pool seat), accepted; contests not yet judged
 * have the three main demo judges; the draft contest also has one judge invited who has not
 * answered. The judging contest (Autumn Prose Poems) shows the rest: a recorded conflict kept by
 * its assignments, a recusal already handled, and an entry whose judges disagree.
 */
import { prisma } from "~/utils/db.server";
import { weightedTotal } from "../app/features/contests/rubric";
import { standardRubric } from "./seed-helpers";

type Person = { id: string };

/** Seats every demo contest's panel (idempotent). */
export async function seedPanels(
  slugs: readonly string[],
  people: { admin: Person; judges: Person[] },
) {
  const pending = await prisma.user.findUniqueOrThrow({
    where: { email: "judge4@inkwell.test" },
    select: { id: true },
  });
  const contests = await prisma.contest.findMany({
    where: { slug: { in: [...slugs] } },
    select: {
      id: true,
      slug: true,
      createdAt: true,
      assignments: { select: { judgeId: true }, distinct: ["judgeId"] },
      rounds: { select: { judges: { select: { judgeId: true } } } },
    },
  });
  for (const c of contests) {
    const judging = new Set([
      ...c.assignments.map((a) => a.judgeId),
      ...c.rounds.flatMap((r) => r.judges.map((j) => j.judgeId)),
    ]);
    const seats = judging.size ? [...judging] : people.judges.map((j) => j.id);
    for (const judgeId of seats)
      await prisma.panelMember.upsert({
        where: { contestId_judgeId: { contestId: c.id, judgeId } },
        update: {},
        create: {
          contestId: c.id,
          judgeId,
          status: "accepted",
          invitedAt: c.createdAt,
          invitedById: people.admin.id,
          respondedAt: c.createdAt,
        },
      });
    if (c.slug === "summer-mystery-draft")
      await prisma.panelMember.upsert({
        where: { contestId_judgeId: { contestId: c.id, judgeId: pending.id } },
        update: {},
        create: {
          contestId: c.id,
          judgeId: pending.id,
          status: "invited",
          invitedById: people.admin.id,
        },
      });
  }
}

const allPoints = (points: number) =>
  Object.fromEntries(standardRubric.map((c) => [c.key, points]));

/**
 * The judging contest's conflict, recusal and disagreement, made once with its entries. Its
 * entries were each given the demo judge and Morgan Reed (judge2); here:
 * - Morgan Reed recused from "Rustle" (knows the writer) and Sam Okafor (judge3) read it instead;
 * - an admin recorded that Sam Okafor knows Ola Nwosu, who wrote "Bonfire Night" (Sam was never
 *   given it);
 * - the demo judge and Morgan Reed scored "What the Maple Knew" 9 and 4 out of 10: a spread of
 *   more than a third of the scale, flagged for disagreement.
 */
export async function seedJudgingPanelStory(
  contestId: string,
  people: { admin: Person; judge: Person; judge2: Person; judge3: Person },
) {
  const entry = (title: string) =>
    prisma.submission.findFirstOrThrow({
      where: { contestId, title },
      select: { id: true, entrantId: true },
    });
  const [rustle, bonfire, maple] = await Promise.all([
    entry("Rustle"),
    entry("Bonfire Night"),
    entry("What the Maple Knew"),
  ]);

  // The recusal: Morgan's assignment (and its score) gone, Sam assigned in its place.
  await prisma.judgeAssignment.deleteMany({
    where: { contestId, judgeId: people.judge2.id, submissionId: rustle.id },
  });
  await prisma.judgeAssignment.create({
    data: { contestId, judgeId: people.judge3.id, submissionId: rustle.id },
  });
  await prisma.recusal.create({
    data: {
      contestId,
      submissionId: rustle.id,
      judgeId: people.judge2.id,
      reason: "knows-writer",
      replacementId: people.judge3.id,
    },
  });

  // The admin's conflict: Sam Okafor and the writer of "Bonfire Night".
  await prisma.conflict.create({
    data: {
      judgeId: people.judge3.id,
      contestId,
      kind: "entrant",
      entrantId: bonfire.entrantId,
      source: "admin",
      note: "Sam coaches this writer's writing club.",
      createdById: people.admin.id,
    },
  });

  // The disagreement: 9 and 4 out of 10.
  for (const [judge, points] of [
    [people.judge, 9],
    [people.judge2, 4],
  ] as const) {
    const scores = allPoints(points);
    await prisma.score.updateMany({
      where: { judgeId: judge.id, submissionId: maple.id },
      data: {
        scores: JSON.stringify(scores),
        total: weightedTotal(standardRubric, scores),
        submittedAt: new Date(),
      },
    });
  }
}
