/**
 * Releasing unscored assignments (docs/decisions/0051-assignment-capability.md): every way an entry
 * leaves the race or changes division, and every way a judge leaves, goes through the assignment
 * capability's one function. Each path is run through its real service and must leave no unscored
 * assignment (none, or a draft only, or an old score never submitted) in its scope, keep every
 * submitted score with its assignment, and leave everything outside its scope alone.
 */
import { describe, expect, test } from "vitest";
import { removeJudge, removeMember } from "~/features/assignment/leaving.server";
import { recuse } from "~/features/assignment/recusal.server";
import { disqualifySubmission } from "~/features/entries/admin-submissions.server";
import { moveToDivision } from "~/features/entries/division-move.server";
import { withdrawSubmission } from "~/features/entries/entrant-submissions.server";
import { refundEntry } from "~/features/payments/checkout.server";
import { deleteAccount } from "~/features/privacy/account-deletion.server";
import { prisma, type Prisma } from "~/utils/db.server";
import { seatPanel } from "./panel-fixtures";

const DAY = 86_400_000;
let seq = 0;

async function user(prefix: string, roles: string[] = []) {
  seq++;
  return prisma.user.create({
    data: {
      email: `${prefix}-${seq}-${process.pid}@example.test`,
      displayName: `${prefix} ${seq}`,
      roles: { create: roles.map((role) => ({ role })) },
      password: { create: { hash: "not-a-real-hash" } },
    },
  });
}

/**
 * A contest whose submissions are open ("open") or whose judging is ("judging"), a panel of four
 * judges, two entries. Entry A: judge 0 submitted a score, judge 1 has a draft, judge 2 an old
 * score never submitted, judge 3 nothing. Entry B: judges 0 and 1, unscored.
 */
async function arrange(phase: "open" | "judging") {
  seq++;
  const now = Date.now();
  const days = phase === "open" ? [-5, 5, 6, 10, 20] : [-30, -20, -10, 10, 20];
  const [submissionsOpen, submissionsClose, judgingOpen, judgingClose, resultsAt] = days.map(
    (d) => new Date(now + d * DAY),
  );
  const contest = await prisma.contest.create({
    data: {
      slug: `release-${seq}-${process.pid}`,
      title: `Release ${seq}`,
      description: "Releasing assignments",
      isPublished: true,
      submissionsOpen,
      submissionsClose,
      judgingOpen,
      judgingClose,
      resultsAt,
      rubrics: {
        create: {
          name: "Rubric",
          criteria: JSON.stringify([
            { key: "voice", label: "Voice", maxPoints: 10, weight: 1, requireComment: false },
          ]),
        },
      },
      divisions: {
        create: [
          { position: 1, name: "Juniors", basis: "grade", min: 1, max: 6 },
          { position: 2, name: "Seniors", basis: "grade", min: 7, max: 12 },
        ],
      },
    },
    include: { rubrics: true, divisions: { orderBy: { position: "asc" } } },
  });
  const judges = [];
  for (let i = 0; i < 4; i++) judges.push(await user("judge", ["judge"]));
  await seatPanel(
    contest.id,
    judges.map((j) => j.id),
  );
  const writerA = await user("writer");
  const writerB = await user("writer");
  const entry = (entrantId: string) =>
    prisma.submission.create({
      data: {
        contestId: contest.id,
        entrantId,
        divisionId: contest.divisions[0].id,
        title: `Entry ${++seq}`,
        body: "Text",
        wordCount: 1,
        status: "submitted",
      },
    });
  const a = await entry(writerA.id);
  const b = await entry(writerB.id);
  const assign = (judgeId: string, submissionId: string) =>
    prisma.judgeAssignment.create({ data: { contestId: contest.id, judgeId, submissionId } });
  const score = (assignmentId: string, judgeId: string, submitted: boolean) =>
    prisma.score.create({
      data: {
        assignmentId,
        rubricId: contest.rubrics[0].id,
        judgeId,
        submissionId: a.id,
        scores: JSON.stringify({ voice: 7 }),
        total: 7,
        submittedAt: submitted ? new Date() : null,
      },
    });
  const scored = await assign(judges[0].id, a.id);
  await score(scored.id, judges[0].id, true);
  const drafted = await assign(judges[1].id, a.id);
  await prisma.scoreDraft.create({
    data: { assignmentId: drafted.id, scores: JSON.stringify({ voice: 3 }), total: 3 },
  });
  const unsubmitted = await assign(judges[2].id, a.id);
  await score(unsubmitted.id, judges[2].id, false);
  await assign(judges[3].id, a.id);
  await assign(judges[0].id, b.id);
  await assign(judges[1].id, b.id);
  return { contest, judges, writerA, a, b, scored };
}

const UNSCORED = {
  OR: [{ score: null }, { score: { submittedAt: null } }],
} satisfies Prisma.JudgeAssignmentWhereInput;

const count = (where: Prisma.JudgeAssignmentWhereInput) => prisma.judgeAssignment.count({ where });

/** Entry A lost every unscored assignment and kept its scored one; entry B kept both of its own. */
async function expectEntryReleased(s: Awaited<ReturnType<typeof arrange>>) {
  expect(await count({ submissionId: s.a.id, ...UNSCORED })).toBe(0);
  expect(await prisma.judgeAssignment.findMany({ where: { submissionId: s.a.id } })).toEqual([
    expect.objectContaining({ id: s.scored.id, judgeId: s.judges[0].id }),
  ]);
  expect(await prisma.score.count({ where: { assignmentId: s.scored.id } })).toBe(1);
  expect(await prisma.scoreDraft.count({ where: { assignment: { submissionId: s.a.id } } })).toBe(
    0,
  );
  expect(await count({ submissionId: s.b.id })).toBe(2);
}

describe("every path that takes an entry out releases its unscored assignments", () => {
  test("the entrant withdraws", async () => {
    const s = await arrange("open");
    expect(await withdrawSubmission(s.writerA.id, s.a.id)).toBe("withdrawn");
    await expectEntryReleased(s);
  });

  test("the entry's fee is refunded (an invoice line voided)", async () => {
    const s = await arrange("judging");
    const group = await prisma.paymentGroup.create({
      data: {
        contestId: s.contest.id,
        payerId: s.writerA.id,
        status: "invoiced",
        amountCents: 500,
        method: "invoice",
      },
    });
    await prisma.payment.create({
      data: {
        submissionId: s.a.id,
        contestId: s.contest.id,
        feeCents: 500,
        amountCents: 500,
        groupId: group.id,
        status: "invoiced",
      },
    });
    await refundEntry(s.a.id);
    expect(await prisma.submission.findUniqueOrThrow({ where: { id: s.a.id } })).toMatchObject({
      status: "withdrawn",
    });
    await expectEntryReleased(s);
  });

  test("an admin moves the entry to another division", async () => {
    const s = await arrange("judging");
    const admin = await user("admin", ["admin"]);
    expect(
      await moveToDivision({
        submissionId: s.a.id,
        toDivisionId: s.contest.divisions[1].id,
        note: "Wrong grade",
        movedById: admin.id,
      }),
    ).toBe("Seniors");
    await expectEntryReleased(s);
  });

  test("an admin disqualifies the entry", async () => {
    const s = await arrange("judging");
    expect(await disqualifySubmission(s.a.id, "Not original")).toBe("disqualified");
    await expectEntryReleased(s);
  });

  test("the writer deletes their account (a judged entry is kept, withdrawn)", async () => {
    const s = await arrange("judging");
    await prisma.payment.create({
      data: {
        submissionId: s.a.id,
        contestId: s.contest.id,
        feeCents: 500,
        amountCents: 500,
        status: "paid",
        paidAt: new Date(),
      },
    });
    await deleteAccount(s.writerA.id);
    expect(await prisma.submission.findUniqueOrThrow({ where: { id: s.a.id } })).toMatchObject({
      status: "withdrawn",
    });
    await expectEntryReleased(s);
  });
});

describe("every way a judge leaves releases their unscored assignments", () => {
  /** The judge kept only submitted scores; the other judges' assignments are untouched. */
  async function expectJudgeReleased(
    s: Awaited<ReturnType<typeof arrange>>,
    judgeId: string,
    othersBefore: number,
  ) {
    expect(await count({ judgeId, ...UNSCORED })).toBe(0);
    expect(await count({ judgeId: { not: judgeId }, contestId: s.contest.id })).toBe(othersBefore);
  }

  test("a judge who scored one entry deletes their account", async () => {
    const s = await arrange("judging");
    const judge = s.judges[0].id;
    const others = await count({ judgeId: { not: judge }, contestId: s.contest.id });
    await deleteAccount(judge);
    await expectJudgeReleased(s, judge, others);
    expect(await count({ judgeId: judge })).toBe(1);
    expect(await prisma.score.count({ where: { assignmentId: s.scored.id } })).toBe(1);
  });

  test("a judge whose old score was never submitted deletes their account: it goes too", async () => {
    const s = await arrange("judging");
    const judge = s.judges[2].id;
    const others = await count({ judgeId: { not: judge }, contestId: s.contest.id });
    await deleteAccount(judge);
    await expectJudgeReleased(s, judge, others);
  });

  test("an admin takes a judge off the contest's panel", async () => {
    const s = await arrange("judging");
    const judge = s.judges[0].id;
    const others = await count({ judgeId: { not: judge }, contestId: s.contest.id });
    await removeMember(s.contest.id, judge);
    await expectJudgeReleased(s, judge, others);
    expect(await prisma.judgeAssignment.findMany({ where: { judgeId: judge } })).toEqual([
      expect.objectContaining({ id: s.scored.id }),
    ]);
  });

  test("an admin removes a judge from the site", async () => {
    const s = await arrange("judging");
    const judge = s.judges[2].id;
    const others = await count({ judgeId: { not: judge }, contestId: s.contest.id });
    expect(await removeJudge(judge)).toBe(true);
    await expectJudgeReleased(s, judge, others);
    expect(await prisma.userRole.count({ where: { userId: judge, role: "judge" } })).toBe(0);
  });

  test("a judge steps back from one entry: only that assignment goes, a scored one cannot", async () => {
    const s = await arrange("judging");
    const judge = s.judges[3].id;
    await recuse(judge, s.a.id, "knows-writer");
    expect(await count({ judgeId: judge, submissionId: s.a.id })).toBe(0);
    expect(await prisma.recusal.count({ where: { judgeId: judge, submissionId: s.a.id } })).toBe(1);
    // The scored assignment stays: stepping back is refused once the score is submitted.
    await expect(recuse(s.judges[0].id, s.a.id, "knows-writer")).rejects.toThrow();
    expect(await count({ id: s.scored.id })).toBe(1);
    expect(await count({ submissionId: s.b.id })).toBe(2);
  });
});
