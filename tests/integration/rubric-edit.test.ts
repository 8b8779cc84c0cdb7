import { beforeAll, expect, test } from "vitest";

const { prisma } = await import("~/utils/db.server");
const { updateRubric, rubricForEdit } = await import("~/features/contests/rubrics.server");
const { updatePrompt } = await import("~/features/contests/prompts.server");
const { RUBRIC_LOCKED_MESSAGE } = await import("~/features/contests/rubric-edit");

const criteria = [
  { key: "voice", label: "Voice", maxPoints: 10, weight: 0.5, requireComment: false },
  { key: "plot", label: "Plot", maxPoints: 10, weight: 0.5, requireComment: false },
];
const posted = (over: Record<string, string> = {}) =>
  criteria.map((c, i) => ({
    key: c.key,
    label: c.label,
    maxPoints: String(c.maxPoints),
    weight: String(c.weight),
    ...(i === 0 ? over : {}),
  }));
let contestId = "";
let judgeId = "";
let submissionId = "";

beforeAll(async () => {
  const day = 86_400_000;
  contestId = (
    await prisma.contest.create({
      data: {
        slug: "rubric-edit",
        title: "Rubric edit",
        description: "A contest for tests.",
        submissionsOpen: new Date(Date.now() - 3 * day),
        submissionsClose: new Date(Date.now() - 2 * day),
        judgingOpen: new Date(Date.now() - day),
        judgingClose: new Date(Date.now() + day),
        resultsAt: new Date(Date.now() + 2 * day),
      },
    })
  ).id;
  judgeId = (await prisma.user.create({ data: { email: "j@example.test", displayName: "J" } })).id;
  submissionId = (
    await prisma.submission.create({
      data: { contestId, entrantId: judgeId, title: "S", body: "b", status: "submitted" },
    })
  ).id;
});

async function newRubric() {
  return prisma.rubric.create({
    data: { contestId, name: "Rubric", criteria: JSON.stringify(criteria) },
  });
}

test("a rubric without submitted scores: keys, maxima and weights can change; the rules still hold", async () => {
  const rubric = await newRubric();
  // an autosaved draft does not lock it
  const assignment = await prisma.judgeAssignment.create({
    data: { contestId, judgeId, submissionId },
  });
  await prisma.score.create({
    data: {
      assignmentId: assignment.id,
      rubricId: rubric.id,
      judgeId,
      submissionId,
      scores: "{}",
      total: 0,
    },
  });
  expect((await rubricForEdit(rubric.id))?.locked).toBe(false);
  await expect(
    updateRubric(rubric.id, { name: "R", criteria: posted({ weight: "0.2" }) }),
  ).rejects.toMatchObject({ errors: { "": ["Total weight must sum to 1.0 (currently 0.70)"] } });
  const saved = await updateRubric(rubric.id, {
    name: "Renamed",
    criteria: [
      { key: "tone", label: "Tone", maxPoints: "20", weight: "0.6" },
      { key: "plot", label: "Plot", maxPoints: "10", weight: "0.4" },
    ],
  });
  expect(saved?.name).toBe("Renamed");
  const row = await prisma.rubric.findUniqueOrThrow({ where: { id: rubric.id } });
  expect(row.name).toBe("Renamed");
  expect(
    JSON.parse(row.criteria).map((c: { key: string; weight: number }) => [c.key, c.weight]),
  ).toEqual([
    ["tone", 0.6],
    ["plot", 0.4],
  ]);
  await prisma.score.deleteMany({});
  await prisma.judgeAssignment.deleteMany({});
});

test("a rubric with a submitted score: labels and descriptions change, its scoring shape is refused", async () => {
  const rubric = await newRubric();
  const assignment = await prisma.judgeAssignment.create({
    data: { contestId, judgeId, submissionId },
  });
  await prisma.score.create({
    data: {
      assignmentId: assignment.id,
      rubricId: rubric.id,
      judgeId,
      submissionId,
      scores: JSON.stringify({ voice: 8, plot: 6 }),
      total: 7,
      submittedAt: new Date(),
    },
  });
  expect((await rubricForEdit(rubric.id))?.locked).toBe(true);
  await expect(
    updateRubric(rubric.id, { name: "R", criteria: posted({ weight: "0.6" }) }),
  ).rejects.toMatchObject({ errors: { "": [RUBRIC_LOCKED_MESSAGE] } });
  expect(
    await updateRubric(rubric.id, {
      name: "Fixed name",
      criteria: [{ label: "Voice and style", description: "How it sounds" }, { label: "Plot" }],
    }),
  ).toMatchObject({ name: "Fixed name" });
  const row = await prisma.rubric.findUniqueOrThrow({ where: { id: rubric.id } });
  expect(row.name).toBe("Fixed name");
  expect(JSON.parse(row.criteria)[0]).toEqual({
    key: "voice",
    label: "Voice and style",
    description: "How it sounds",
    maxPoints: 10,
    weight: 0.5,
    requireComment: false,
  });
  expect(await updateRubric("no-such-rubric", { name: "x" })).toBeNull();
});

test("a prompt's title and text can be edited", async () => {
  const prompt = await prisma.prompt.create({
    data: { contestId, title: "Old", body: "Old body text" },
  });
  expect(await updatePrompt(prompt.id, { title: "New", body: "A better prompt text" })).toBe(true);
  expect(await prisma.prompt.findUniqueOrThrow({ where: { id: prompt.id } })).toMatchObject({
    title: "New",
    body: "A better prompt text",
  });
  expect(await updatePrompt("missing", { title: "x", body: "y y y y y y" })).toBe(false);
});
