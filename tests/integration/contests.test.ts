import { describe, expect, test } from "vitest";
import { parseSnapshot } from "~/features/contests/contest-snapshot";
import { contestSchema, MESSAGES, type ContestInput } from "~/features/contests/contest-schema";
import {
  addExistingPrompt,
  createPrompt,
  deletePrompt,
  unassignPrompt,
} from "~/features/contests/prompts.server";
import { addExistingRubric, createRubric, deleteRubric } from "~/features/contests/rubrics.server";
import {
  ContestAdminError,
  createContest,
  deleteContest,
  listContests,
  publishContest,
  unpublishContest,
  updateContest,
} from "~/features/contests/contest-admin.server";
import { prisma } from "~/utils/db.server";

let n = 0;
function input(overrides: Record<string, unknown> = {}): ContestInput {
  return contestSchema.parse({
    slug: `contest-${++n}`,
    title: `Contest ${n}`,
    description: "A contest description.",
    anonymous: "on",
    wordMin: "100",
    wordMax: "1000",
    entryFeeCents: "0",
    timeZone: "America/New_York",
    submissionsOpen: "2027-03-01T09:00",
    submissionsClose: "2027-04-01T23:59",
    judgingOpen: "2027-04-02T00:00",
    judgingClose: "2027-05-01T00:00",
    resultsAt: "2027-05-15T12:00",
    ...overrides,
  });
}
const criteria = [
  { key: "voice", label: "Voice", maxPoints: 10, weight: 0.6, requireComment: false },
  { key: "plot", label: "Plot", maxPoints: 10, weight: 0.4, requireComment: true },
];

async function entrant() {
  return prisma.user.create({
    data: { email: `e${++n}@example.test`, displayName: "E", dateOfBirth: new Date("2010-01-01") },
  });
}

describe("createContest", () => {
  test("writes the contest and its staged prompts and rubrics together", async () => {
    const c = await createContest(input(), {
      prompts: [{ title: "P1", body: "Prompt body one" }],
      rubrics: [{ name: "R1", criteria }],
    });
    const stored = await prisma.contest.findUniqueOrThrow({
      where: { id: c.id },
      include: { prompts: true, rubrics: true },
    });
    expect(stored.prompts.map((p) => p.title)).toEqual(["P1"]);
    expect(stored.rubrics.map((r) => [r.name, JSON.parse(r.criteria)])).toEqual([["R1", criteria]]);
    expect(stored.isPublished).toBe(false);
    expect(stored.submissionsOpen.toISOString()).toBe("2027-03-01T14:00:00.000Z");
  });

  test("publishing on create needs a rubric; then nothing at all is saved", async () => {
    const data = input({ isPublished: "on" });
    await expect(
      createContest(data, { prompts: [{ title: "P", body: "Prompt body here" }], rubrics: [] }),
    ).rejects.toThrow(MESSAGES.publishNeedsRubric);
    expect(await prisma.contest.count({ where: { slug: data.slug } })).toBe(0);
    expect(await prisma.prompt.count({ where: { title: "P", body: "Prompt body here" } })).toBe(0);
  });

  test("publishing on create stores the snapshot", async () => {
    const c = await createContest(input({ isPublished: "on" }), {
      prompts: [{ title: "P", body: "Prompt body" }],
      rubrics: [{ name: "R", criteria }],
    });
    expect(c.isPublished).toBe(true);
    const snap = parseSnapshot(c.publishedSnapshot);
    expect(snap?.prompts.map((p) => p.title)).toEqual(["P"]);
    expect(snap?.rubrics[0].criteria).toEqual(criteria);
  });

  test("a taken slug is refused with a field message", async () => {
    const data = input();
    await createContest(data, { prompts: [], rubrics: [] });
    const err = await createContest(
      { ...data, title: "Other" },
      { prompts: [], rubrics: [] },
    ).catch((e) => e);
    expect(err).toBeInstanceOf(ContestAdminError);
    expect(err).toMatchObject({ message: MESSAGES.slugTaken, field: "slug" });
  });
});

describe("publishing", () => {
  test("refused without a prompt, then without a rubric, then accepted with a snapshot", async () => {
    const c = await createContest(input(), { prompts: [], rubrics: [] });
    await expect(publishContest(c.id)).rejects.toThrow(MESSAGES.publishNeedsPrompt);
    await createPrompt({ contestId: c.id, title: "P", body: "Prompt body" });
    await expect(publishContest(c.id)).rejects.toThrow(MESSAGES.publishNeedsRubric);
    await createRubric({ contestId: c.id, name: "R", criteria });
    const now = new Date("2027-01-01T00:00:00Z");
    const published = await publishContest(c.id, now);
    expect(published.isPublished).toBe(true);
    expect(published.snapshotAt?.toISOString()).toBe(now.toISOString());
    expect(parseSnapshot(published.publishedSnapshot)?.snapshotDate).toBe(now.toISOString());

    await unpublishContest(c.id);
    const after = await prisma.contest.findUniqueOrThrow({ where: { id: c.id } });
    expect(after.isPublished).toBe(false);
    expect(after.publishedSnapshot).toBe(published.publishedSnapshot);
  });

  test("update: the switch publishes, turning it off unpublishes, saving a published contest keeps its snapshot", async () => {
    const data = input();
    const c = await createContest(data, {
      prompts: [{ title: "P", body: "Prompt body" }],
      rubrics: [{ name: "R", criteria }],
    });
    const first = await updateContest(
      c.id,
      { ...data, isPublished: true },
      {},
      new Date("2027-01-01T00:00:00Z"),
    );
    expect(first.action).toBe("published");
    const second = await updateContest(c.id, { ...data, isPublished: true, title: "New title" });
    expect(second.action).toBe("updated");
    expect(parseSnapshot(second.contest.publishedSnapshot)?.title).toBe(data.title);
    const third = await updateContest(
      c.id,
      { ...data, isPublished: true, title: "New title" },
      { publish: true },
    );
    expect(third.action).toBe("published");
    expect(parseSnapshot(third.contest.publishedSnapshot)?.title).toBe("New title");
    const fourth = await updateContest(c.id, { ...data, isPublished: false });
    expect(fourth.action).toBe("unpublished");
    expect(fourth.contest.publishedSnapshot).toBe(third.contest.publishedSnapshot);
  });

  test("a refused publish on update keeps the old values", async () => {
    const data = input();
    const c = await createContest(data, { prompts: [], rubrics: [] });
    await expect(
      updateContest(c.id, { ...data, title: "Changed", isPublished: true }),
    ).rejects.toThrow(MESSAGES.publishNeedsPrompt);
    expect((await prisma.contest.findUniqueOrThrow({ where: { id: c.id } })).title).toBe(
      data.title,
    );
  });
});

describe("deleteContest", () => {
  test("deletes with prompts and rubrics when nobody has entered", async () => {
    const c = await createContest(input(), {
      prompts: [{ title: "P", body: "Prompt body" }],
      rubrics: [{ name: "R", criteria }],
    });
    await deleteContest(c.id);
    expect(await prisma.contest.count({ where: { id: c.id } })).toBe(0);
    expect(await prisma.prompt.count({ where: { contestId: c.id } })).toBe(0);
    expect(await prisma.rubric.count({ where: { contestId: c.id } })).toBe(0);
  });

  test("is refused when the contest has submissions", async () => {
    const c = await createContest(input({ title: "Has Entries" }), { prompts: [], rubrics: [] });
    const user = await entrant();
    await prisma.submission.create({
      data: { contestId: c.id, entrantId: user.id, title: "Story", body: "x", status: "submitted" },
    });
    await expect(deleteContest(c.id)).rejects.toThrow(
      '"Has Entries" has 1 submission and cannot be deleted',
    );
    expect(await prisma.contest.count({ where: { id: c.id } })).toBe(1);
  });
});

describe("prompts and rubrics", () => {
  test("adding an existing item assigns an unassigned one and copies another contest's", async () => {
    const a = await createContest(input(), { prompts: [], rubrics: [] });
    const b = await createContest(input(), { prompts: [], rubrics: [] });
    const loose = await createPrompt({ title: "Loose", body: "Unassigned prompt" });
    expect((await addExistingPrompt(loose.id, a.id)).id).toBe(loose.id);
    const copy = await addExistingPrompt(loose.id, b.id);
    expect(copy.id).not.toBe(loose.id);
    expect(copy.contestId).toBe(b.id);
    expect((await prisma.prompt.findUniqueOrThrow({ where: { id: loose.id } })).contestId).toBe(
      a.id,
    );
    await expect(addExistingPrompt("nope", a.id)).rejects.toThrow("Selected prompt not found");

    const r = await createRubric({ contestId: a.id, name: "R", criteria });
    const rCopy = await addExistingRubric(r.id, b.id);
    expect(rCopy.id).not.toBe(r.id);
    expect(rCopy.criteria).toBe(r.criteria);
    await expect(addExistingRubric("nope", a.id)).rejects.toThrow("Selected rubric not found");
  });

  test("unassign keeps the prompt; delete removes it", async () => {
    const c = await createContest(input(), {
      prompts: [{ title: "P", body: "Prompt body" }],
      rubrics: [],
    });
    const p = await prisma.prompt.findFirstOrThrow({ where: { contestId: c.id } });
    await unassignPrompt(p.id, c.id);
    expect((await prisma.prompt.findUniqueOrThrow({ where: { id: p.id } })).contestId).toBeNull();
    await deletePrompt(p.id);
    expect(await prisma.prompt.count({ where: { id: p.id } })).toBe(0);
  });

  test("a rubric judges have scored with cannot be deleted", async () => {
    const c = await createContest(input(), { prompts: [], rubrics: [{ name: "R", criteria }] });
    const rubric = await prisma.rubric.findFirstOrThrow({ where: { contestId: c.id } });
    const user = await entrant();
    const judge = await entrant();
    const s = await prisma.submission.create({
      data: { contestId: c.id, entrantId: user.id, title: "S", status: "submitted" },
    });
    const a = await prisma.judgeAssignment.create({
      data: { contestId: c.id, judgeId: judge.id, submissionId: s.id },
    });
    await prisma.score.create({
      data: {
        assignmentId: a.id,
        rubricId: rubric.id,
        judgeId: judge.id,
        submissionId: s.id,
        scores: "{}",
        total: 0,
      },
    });
    await expect(deleteRubric(rubric.id)).rejects.toThrow("cannot be deleted");
    const other = await createRubric({ name: "Free", criteria });
    await deleteRubric(other.id);
    expect(await prisma.rubric.count({ where: { id: other.id } })).toBe(0);
  });
});

test("listContests is newest first with counts", async () => {
  const older = await createContest(input(), {
    prompts: [{ title: "P", body: "Prompt body" }],
    rubrics: [],
  });
  await prisma.contest.update({
    where: { id: older.id },
    data: { createdAt: new Date("2020-01-01") },
  });
  const newer = await createContest(input(), { prompts: [], rubrics: [] });
  const { contests } = await listContests();
  const ids = contests.map((c) => c.id);
  expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
  expect(contests.find((c) => c.id === older.id)?._count).toEqual({
    prompts: 1,
    rubrics: 0,
    submissions: 0,
  });
});
