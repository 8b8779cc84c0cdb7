import { removeJudge } from "~/features/assignment/leaving.server";
import { seatPanel } from "./panel-fixtures";
import { liveMails } from "./inbox";
import { beforeAll, describe, expect, test } from "vitest";
import type { Criterion } from "~/features/contests/rubric";
import {
  disqualifySubmission,
  reinstateSubmission,
} from "~/features/entries/admin-submissions.server";
import { entrantResults, withdrawSubmission } from "~/features/entries/entrant-submissions.server";
import { TransitionRefused } from "~/features/entries/submission-status";
import { runAutoAssign } from "~/features/assignment/auto-assign.server";
import {
  addJudge,
  createSetPasswordToken,
  findSetPasswordToken,
  InvitationRefused,
  listJudges,
  resendInvitation,
} from "~/features/judging/judges.server";
import { ranking } from "~/features/judging/ranking.server";
import { entryScores } from "~/features/judging/entry-scores.server";
import {
  discardDraft,
  judgeQueue,
  loadReview,
  nextPendingEntry,
  saveDraft,
  submitScore,
} from "~/features/judging/review.server";
import { prisma, type SubmissionStatus } from "~/utils/db.server";

const DAY = 86_400_000;
const criteria: Criterion[] = [
  { key: "voice", label: "Voice", maxPoints: 10, weight: 0.5, requireComment: false },
  { key: "structure", label: "Structure", maxPoints: 10, weight: 0.5, requireComment: false },
];

let seq = 0;
/** A judge has set a password (an active account) unless `pending` (invitation still open). */
async function user(prefix: string, roles: string[] = [], opts: { pending?: boolean } = {}) {
  seq++;
  const active = roles.includes("judge") && !opts.pending;
  return prisma.user.create({
    data: {
      email: `${prefix}-${seq}@example.test`,
      displayName: `${prefix} person ${seq}`,
      roles: { create: roles.map((role) => ({ role })) },
      ...(active ? { password: { create: { hash: "x" } } } : {}),
    },
  });
}

/** phase "judging": in its judging window; "open": submissions open; "results": results out. */
async function contest(phase: "judging" | "open" | "results" = "judging") {
  seq++;
  const now = Date.now();
  const at = {
    judging: [-30, -20, -10, 10, 20],
    open: [-5, 5, 6, 10, 20],
    results: [-40, -30, -20, -10, -1],
  }[phase].map((d) => new Date(now + d * DAY));
  return prisma.contest.create({
    data: {
      slug: `workflow-${seq}`,
      title: `Workflow ${seq}`,
      description: "A contest for judging workflow tests",
      submissionsOpen: at[0],
      submissionsClose: at[1],
      judgingOpen: at[2],
      judgingClose: at[3],
      resultsAt: at[4],
      rubrics: { create: { name: "Rubric", criteria: JSON.stringify(criteria) } },
    },
    include: { rubrics: true },
  });
}

async function entry(contestId: string, entrantId: string, status: SubmissionStatus = "submitted") {
  return prisma.submission.create({
    data: { contestId, entrantId, title: `Entry ${++seq}`, body: "Text", wordCount: 1, status },
  });
}

async function assignment(contestId: string, judgeId: string, submissionId: string) {
  return prisma.judgeAssignment.create({ data: { contestId, judgeId, submissionId } });
}

async function setup(phase: "judging" | "open" | "results" = "judging") {
  const judge = await user("judge", ["judge"]);
  const writer = await user("writer");
  const c = await contest(phase);
  const e = await entry(c.id, writer.id);
  const a = await assignment(c.id, judge.id, e.id);
  const base = {
    judgeId: judge.id,
    submissionId: e.id,
    assignmentId: a.id,
    rubricId: c.rubrics[0].id,
    criteria,
    comment: "",
  };
  return { judge, writer, c, e, a, base };
}

describe("drafts and submitted scores", () => {
  test("a draft never changes the submitted score or the ranking; Submit Score does, with history", async () => {
    const { judge, c, e, a, base } = await setup();
    await submitScore({ ...base, scores: { voice: 8, structure: 6.5 }, comment: "First" });
    expect((await ranking(c.id))[0]).toMatchObject({ id: e.id, average: 7.25 });

    // Autosave of a changed value: a draft, the submitted score untouched.
    expect(await saveDraft({ ...base, scores: { voice: 2, structure: 7.5 } })).toEqual({
      total: 4.75,
      unsubmitted: true,
    });
    const score = await prisma.score.findUniqueOrThrow({ where: { assignmentId: a.id } });
    expect(score.total).toBe(7.25);
    expect(JSON.parse(score.scores)).toEqual({ voice: 8, structure: 6.5 });
    expect((await ranking(c.id))[0]).toMatchObject({ average: 7.25 });
    const review = await loadReview(judge.id, e.id);
    expect(review?.submitted).toMatchObject({ total: 7.25 });
    expect(review?.draft).toMatchObject({ total: 4.75, scores: { voice: 2, structure: 7.5 } });
    expect(await prisma.scoreHistory.count({ where: { scoreId: score.id } })).toBe(0);

    // Discard drops the draft; the submitted score stays.
    await discardDraft(a.id);
    expect((await loadReview(judge.id, e.id))?.draft).toBeNull();

    // A draft equal to the submitted score is no change at all.
    expect(
      await saveDraft({ ...base, scores: { voice: 8, structure: 6.5 }, comment: "First" }),
    ).toEqual({ total: 7.25, unsubmitted: false });
    expect(await prisma.scoreDraft.count({ where: { assignmentId: a.id } })).toBe(0);

    // Submit Score changes it, keeps who/when/before/after, and drops the draft.
    await saveDraft({ ...base, scores: { voice: 2 } });
    await submitScore({ ...base, scores: { voice: 2, structure: 7.5 }, comment: "Second" });
    const after = await prisma.score.findUniqueOrThrow({ where: { assignmentId: a.id } });
    expect(after.total).toBe(4.75);
    expect(await prisma.scoreDraft.count({ where: { assignmentId: a.id } })).toBe(0);
    const history = await prisma.scoreHistory.findMany({ where: { scoreId: score.id } });
    expect(history).toHaveLength(1);
    expect(history[0].changedById).toBe(judge.id);
    expect(JSON.parse(history[0].before)).toEqual({
      scores: { voice: 8, structure: 6.5 },
      comment: "First",
      total: 7.25,
    });
    expect(JSON.parse(history[0].after)).toEqual({
      scores: { voice: 2, structure: 7.5 },
      comment: "Second",
      total: 4.75,
    });
    // Submitting the same values again records nothing new.
    await submitScore({ ...base, scores: { voice: 2, structure: 7.5 }, comment: "Second" });
    expect(await prisma.scoreHistory.count({ where: { scoreId: score.id } })).toBe(1);

    // The admin's entry page shows the history.
    const page = await entryScores(e.id);
    const judgeCard = page!.judges.find((j) => j.id === a.id)!;
    expect(judgeCard.score?.history).toHaveLength(1);
    expect(judgeCard.score?.history[0]).toMatchObject({
      changedBy: { email: judge.email },
      before: { total: 7.25 },
      after: { total: 4.75 },
    });
  });
});

describe("disqualify, reinstate, withdraw", () => {
  test("disqualifying removes the unscored assignments and keeps submitted scores; reinstate undoes it", async () => {
    const { c, e, a, base } = await setup();
    const [j2, j3] = [await user("j", ["judge"]), await user("j", ["judge"])];
    const pending = await assignment(c.id, j2.id, e.id);
    const drafted = await assignment(c.id, j3.id, e.id);
    await submitScore({ ...base, scores: { voice: 5, structure: 5 } });
    await saveDraft({ ...base, assignmentId: drafted.id, scores: { voice: 1 } });

    expect(await disqualifySubmission(e.id, "Names the author")).toBe("disqualified");
    const left = await prisma.judgeAssignment.findMany({ where: { submissionId: e.id } });
    expect(left.map((l) => l.id)).toEqual([a.id]);
    expect(await prisma.judgeAssignment.count({ where: { id: pending.id } })).toBe(0);
    expect(await prisma.scoreDraft.count({ where: { assignmentId: drafted.id } })).toBe(0);
    expect(await prisma.score.count({ where: { assignmentId: a.id } })).toBe(1);
    expect((await judgeQueue(j2.id)).total).toBe(0);

    expect(await reinstateSubmission(e.id)).toBe("submitted");
    const back = await prisma.submission.findUniqueOrThrow({ where: { id: e.id } });
    expect([back.status, back.disqualifyReason]).toEqual(["submitted", null]);
    await expect(reinstateSubmission(e.id)).rejects.toBeInstanceOf(TransitionRefused);
  });

  test("withdrawing removes the unscored assignments too", async () => {
    const { writer, c, e } = await setup("open");
    const j2 = await user("j", ["judge"]);
    await assignment(c.id, j2.id, e.id);
    expect(await withdrawSubmission(writer.id, e.id)).toBe("withdrawn");
    expect(await prisma.judgeAssignment.count({ where: { submissionId: e.id } })).toBe(0);
  });
});

describe("auto-assign", () => {
  test("an entry's assignments from a removed judge count toward judges per submission", async () => {
    const { c, e, base } = await setup();
    const [j2, j3, j4] = [
      await user("j", ["judge"]),
      await user("j", ["judge"]),
      await user("j", ["judge"]),
    ];
    const a2 = await assignment(c.id, j2.id, e.id);
    await submitScore({ ...base, scores: { voice: 5, structure: 5 } });
    await submitScore({
      ...base,
      judgeId: j2.id,
      assignmentId: a2.id,
      scores: { voice: 6, structure: 6 },
    });
    await removeJudge(base.judgeId);
    await seatPanel(c.id, [j2.id, j3.id, j4.id]);
    expect(await runAutoAssign(c.id, 3)).toEqual({ ok: true, created: 1 });
    expect(await prisma.judgeAssignment.count({ where: { submissionId: e.id } })).toBe(3);
  });
});

describe("the judge's queue", () => {
  test("lists pending entries first, says how many are left, and finds the next pending one", async () => {
    const judge = await user("qj", ["judge"]);
    const writer = await user("qw");
    const c = await contest();
    const entries = [] as { id: string }[];
    for (let i = 0; i < 4; i++) entries.push(await entry(c.id, writer.id));
    const assignments = [];
    for (const e of entries) assignments.push(await assignment(c.id, judge.id, e.id));
    const base = { judgeId: judge.id, rubricId: c.rubrics[0].id, criteria, comment: "" };
    // The first two are scored; the third has only a draft.
    for (const i of [0, 1])
      await submitScore({
        ...base,
        submissionId: entries[i].id,
        assignmentId: assignments[i].id,
        scores: { voice: 5, structure: 5 },
      });
    await saveDraft({ ...base, assignmentId: assignments[2].id, scores: { voice: 3 } });

    const queue = await judgeQueue(judge.id);
    expect(queue.left).toBe(2);
    expect(queue.items.map((i) => [i.submissionId, i.scored])).toEqual([
      [entries[2].id, false],
      [entries[3].id, false],
      [entries[0].id, true],
      [entries[1].id, true],
    ]);
    expect(queue.items[0].draft).toBe(true);
    expect(await nextPendingEntry(judge.id, entries[2].id)).toBe(entries[3].id);
    expect(await nextPendingEntry(judge.id, entries[3].id)).toBe(entries[2].id);
  });
});

describe("judges list and invitations", () => {
  test("shows each judge's invitation status and progress; Resend invitation replaces the link", async () => {
    const email = `resend-${Date.now()}@example.test`;
    expect(await addJudge({ email, name: "Resend Me" })).toMatchObject({ invited: false });
    const u = await prisma.user.findUniqueOrThrow({ where: { email } });
    const row = async (now?: Date) => {
      for (let page = 1; ; page++) {
        const { judges, total } = await listJudges(page, now);
        const found = judges.find((j) => j.id === u.id);
        if (found || page * 50 >= total) return found;
      }
    };
    expect(await row()).toMatchObject({ status: "invited", assigned: 0, scored: 0 });
    expect((await row(new Date(Date.now() + 8 * DAY)))?.status).toBe("link expired");

    // Progress: assigned (submitted entries) and scored.
    const { c, e } = await setup();
    const a = await assignment(c.id, u.id, e.id);
    const e2 = await entry(c.id, (await user("w")).id);
    await assignment(c.id, u.id, e2.id);
    await submitScore({
      judgeId: u.id,
      submissionId: e.id,
      assignmentId: a.id,
      rubricId: c.rubrics[0].id,
      criteria,
      scores: { voice: 1, structure: 1 },
      comment: "",
    });
    expect(await row()).toMatchObject({ assigned: 2, scored: 1 });

    const old = await createSetPasswordToken(u.id, new Date(Date.now() - 8 * DAY));
    expect(await findSetPasswordToken(old)).toBeNull();
    expect((await row())?.status).toBe("link expired");
    const sent = await resendInvitation(u.id);
    expect(sent).toEqual({ email, emailed: true });
    expect((await row())?.status).toBe("invited");
    const logs = await prisma.emailLog.findMany({
      where: { to: email, template: "judge-invite" },
      orderBy: { createdAt: "asc" },
    });
    expect(logs).toHaveLength(2);
    const [latest, first] = liveMails(email).map(
      (m) => /\/set-password\/([A-Za-z0-9_-]+)/.exec(m.text)?.[1],
    );
    expect(await findSetPasswordToken(latest!)).toMatchObject({ email });
    expect(await findSetPasswordToken(first!)).toBeNull();

    // Once a password is set the judge is active, and there is nothing to resend.
    await prisma.password.create({ data: { userId: u.id, hash: "x" } });
    expect((await row())?.status).toBe("active");
    await expect(resendInvitation(u.id)).rejects.toBeInstanceOf(InvitationRefused);
    await expect(resendInvitation(e.entrantId)).rejects.toBeInstanceOf(InvitationRefused);
  });
});

describe("the entrant dashboard", () => {
  test("averages with the one rounding rule (7.225 → 7.23)", async () => {
    const { writer, c, e, base } = await setup("results");
    const j2 = await user("j", ["judge"]);
    const a2 = await assignment(c.id, j2.id, e.id);
    // 7.22 and 7.23 as totals (weights 0.5/0.5 give .25 steps, so write the rows directly).
    for (const [judgeId, assignmentId, total] of [
      [base.judgeId, base.assignmentId, 7.22],
      [j2.id, a2.id, 7.23],
    ] as const) {
      await prisma.score.create({
        data: {
          assignmentId,
          judgeId,
          submissionId: e.id,
          rubricId: c.rubrics[0].id,
          scores: "{}",
          total,
          submittedAt: new Date(),
        },
      });
    }
    const [result] = await entrantResults(writer.id);
    expect(result.average).toBe(7.23);
  });
});

beforeAll(() => {
  delete process.env.RESEND_API_KEY;
});
