import { describe, expect, test } from "vitest";
import { buildSnapshot } from "~/features/contests/contest-snapshot";
import { loadReview } from "~/features/judging/review.server";
import { prisma } from "~/utils/db.server";

/**
 * What the review screen shows beside the text (docs/decisions/0034-reading-desk.md): the
 * contest's prompts as published (a division's prompt only for that division's entries), its
 * rules and the rubric; the text a judge reads, never the raw body or the writer.
 */
const DAY = 86_400_000;
let seq = 0;
const criteria = [
  {
    key: "voice",
    label: "Voice",
    description: "Does it sound like someone?",
    maxPoints: 10,
    weight: 1,
    requireComment: false,
  },
];

async function setting() {
  seq++;
  const now = Date.now();
  const contest = await prisma.contest.create({
    data: {
      slug: `reading-review-${seq}`,
      title: `Reading review ${seq}`,
      description: "A contest for the reading desk tests",
      rules: "Live rules.",
      submissionsOpen: new Date(now - 30 * DAY),
      submissionsClose: new Date(now - 20 * DAY),
      judgingOpen: new Date(now - 10 * DAY),
      judgingClose: new Date(now + 10 * DAY),
      resultsAt: new Date(now + 20 * DAY),
      rubrics: { create: { name: "Rubric", criteria: JSON.stringify(criteria) } },
    },
  });
  const [young, old] = await Promise.all(
    ["Young", "Old"].map((name, position) =>
      prisma.division.create({
        data: {
          contestId: contest.id,
          position,
          name,
          basis: "grade",
          min: position * 5,
          max: position * 5 + 4,
        },
      }),
    ),
  );
  const everyone = await prisma.prompt.create({
    data: { contestId: contest.id, title: "For everyone", body: "Any light." },
  });
  await prisma.prompt.create({
    data: { contestId: contest.id, title: "For the young", body: "A lamp.", divisionId: young.id },
  });
  await prisma.prompt.create({
    data: {
      contestId: contest.id,
      title: "For the old",
      body: "A lighthouse.",
      divisionId: old.id,
    },
  });
  const judge = await prisma.user.create({
    data: {
      email: `reading-judge-${seq}@example.test`,
      displayName: "Judge",
      roles: { create: [{ role: "judge" }] },
    },
  });
  const writer = await prisma.user.create({
    data: { email: `reading-writer-${seq}@example.test`, displayName: "Wilhelmina Writer" },
  });
  const entry = await prisma.submission.create({
    data: {
      contestId: contest.id,
      entrantId: writer.id,
      divisionId: young.id,
      title: "Lamps",
      body: "First paragraph.\n\nSecond paragraph,\nwith its line kept.",
      wordCount: 7,
      status: "submitted",
    },
  });
  await prisma.judgeAssignment.create({
    data: { contestId: contest.id, judgeId: judge.id, submissionId: entry.id },
  });
  return { contest, judge, entry, everyone };
}

describe("the review screen's guidelines", () => {
  test("an unpublished contest: its live prompts for the entry's division, and its rules", async () => {
    const { judge, entry } = await setting();
    const review = await loadReview(judge.id, entry.id);
    expect(review?.guidelines).toEqual({
      prompts: [
        expect.objectContaining({ title: "For everyone", body: "Any light." }),
        expect.objectContaining({ title: "For the young", body: "A lamp." }),
      ],
      rules: "Live rules.",
    });
    expect(review?.rubric?.criteria[0].description).toBe("Does it sound like someone?");
    expect(review?.reading.paragraphs).toEqual([
      "First paragraph.",
      "Second paragraph,\nwith its line kept.",
    ]);
    // No raw body, no writer.
    const json = JSON.stringify(review);
    expect(json).not.toContain("Wilhelmina");
    expect(review?.submission).not.toHaveProperty("body");
  });

  test("a published contest: the prompts and rules as published, not later edits", async () => {
    const { contest, judge, entry, everyone } = await setting();
    const row = await prisma.contest.findUniqueOrThrow({
      where: { id: contest.id },
      include: { prompts: true, rubrics: true },
    });
    const snapshot = buildSnapshot({ ...row, prompts: row.prompts, rubrics: row.rubrics });
    await prisma.contest.update({
      where: { id: contest.id },
      data: {
        isPublished: true,
        publishedSnapshot: JSON.stringify(snapshot),
        rules: "Edited later.",
      },
    });
    await prisma.prompt.update({ where: { id: everyone.id }, data: { body: "Edited later." } });
    const review = await loadReview(judge.id, entry.id);
    expect(review?.guidelines.rules).toBe("Live rules.");
    expect(review?.guidelines.prompts.map((p) => [p.title, p.body])).toEqual([
      ["For everyone", "Any light."],
      ["For the young", "A lamp."],
    ]);
  });
});
