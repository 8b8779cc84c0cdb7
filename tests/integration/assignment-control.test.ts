import { describe, expect, test, vi } from "vitest";
import { prisma } from "~/utils/db.server";
import { getToast } from "~/utils/toast.server";
import {
  addJudge,
  reassignUnscored,
  removeAssignment,
  swapAssignment,
} from "~/features/assignment/assignment-changes.server";
import {
  addChoices,
  AssignmentRefused,
  contestJudges,
  controlAssignments,
  nudgeJudge,
  swapChoices,
} from "~/features/assignment/assignment-control.server";
import { judgeFile, judgeQueue, loadReview } from "~/features/judging/review.server";
import { ranking } from "~/features/judging/ranking.server";
import {
  runStepAction,
  scheduledContest,
  lifecycleContestSelect,
} from "~/features/lifecycle/step-actions.server";
import { contestRounds } from "~/features/rounds/rounds.server";
import { entry, lifecycleContest, mailsTo, person } from "./lifecycle-fixtures";

// Assignment control on /admin/assign (docs/decisions/0033-judging-panel.md): remove, swap, add,
// reassign a dropped judge's entries, nudge, progress; and the judge's side of a released
// assignment. Panels are seated with PanelMember rows written here (a local helper).

vi.mock("~/features/accounts/auth.server", async (original) => ({
  ...(await original<object>()),
  requireAdmin: async () => ({ id: "admin", roles: ["admin"] }),
}));

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** A contest whose judging is open now and closes in `closesInDays`. */
async function openContest(closesInDays = 9) {
  const now = Date.now();
  const { contest } = await lifecycleContest({
    dates: {
      submissionsOpen: new Date(now - 20 * DAY),
      submissionsClose: new Date(now - 10 * DAY),
      judgingOpen: new Date(now - 9 * DAY),
      judgingClose: new Date(now + closesInDays * DAY),
      resultsAt: new Date(now + (closesInDays + 5) * DAY),
    },
  });
  return contest;
}

/** `n` active judges seated on the contest's panel as accepted, in that order. */
async function seat(contestId: string, n: number, capacity: (number | null)[] = []) {
  const judges = [];
  for (let i = 0; i < n; i++) {
    const judge = await person("judge", ["judge"]);
    await prisma.panelMember.create({
      data: {
        contestId,
        judgeId: judge.id,
        status: "accepted",
        capacity: capacity[i] ?? null,
        respondedAt: new Date(Date.UTC(2030, 0, 1) + i * 1000),
      },
    });
    judges.push(judge);
  }
  return judges;
}

const give = (contestId: string, judgeId: string, submissionId: string) =>
  prisma.judgeAssignment.create({ data: { contestId, judgeId, submissionId } });

async function score(
  a: { id: string; judgeId: string; submissionId: string | null },
  rubricId: string,
  points = 7,
) {
  return prisma.score.create({
    data: {
      assignmentId: a.id,
      rubricId,
      judgeId: a.judgeId,
      submissionId: a.submissionId!,
      scores: JSON.stringify({ voice: points }),
      total: points,
      submittedAt: new Date(),
    },
  });
}

const loads = async (contestId: string, judgeIds: string[]) =>
  Promise.all(
    judgeIds.map((judgeId) =>
      prisma.judgeAssignment.count({ where: { contestId, judgeId, submissionId: { not: null } } }),
    ),
  );

describe("Remove", () => {
  test("an unscored assignment goes with its draft", async () => {
    const contest = await openContest();
    const [a] = await seat(contest.id, 1);
    const { submission } = await entry(contest.id);
    const row = await give(contest.id, a.id, submission.id);
    await prisma.scoreDraft.create({
      data: { assignmentId: row.id, scores: "{}", total: 0 },
    });
    const r = await removeAssignment(contest.id, row.id);
    expect(r.kept).toBe(false);
    expect(await prisma.judgeAssignment.count({ where: { id: row.id } })).toBe(0);
    expect(await prisma.scoreDraft.count({ where: { assignmentId: row.id } })).toBe(0);
    await expect(removeAssignment(contest.id, row.id)).rejects.toBeInstanceOf(AssignmentRefused);
  });

  test("a scored one is released: the score stays and counts; the judge can no longer see it", async () => {
    const contest = await openContest();
    const [a, b] = await seat(contest.id, 2);
    const { submission } = await entry(contest.id);
    const rowA = await give(contest.id, a.id, submission.id);
    const rowB = await give(contest.id, b.id, submission.id);
    await score(rowA, contest.rubrics[0].id, 8);
    await score(rowB, contest.rubrics[0].id, 4);
    const before = (await ranking(contest.id)).find((r) => r.id === submission.id);
    expect(await loadReview(a.id, submission.id)).not.toBeNull();

    const r = await removeAssignment(contest.id, rowA.id);
    expect(r.kept).toBe(true);
    const row = await prisma.judgeAssignment.findUniqueOrThrow({ where: { id: rowA.id } });
    expect(row.releasedAt).not.toBeNull();
    expect(await prisma.score.count({ where: { assignmentId: rowA.id } })).toBe(1);
    // Still counts: the ranking is unchanged (both scores, average 6).
    const after = (await ranking(contest.id)).find((r) => r.id === submission.id);
    expect(after).toMatchObject({ scored: 2, average: 6 });
    expect(after?.average).toBe(before?.average);
    // The judge: not in the queue, the review and the file are refused like someone else's.
    const queue = await judgeQueue(a.id);
    expect(queue.items.map((i) => i.submissionId)).not.toContain(submission.id);
    expect(queue.total).toBe(0);
    expect(await loadReview(a.id, submission.id)).toBeNull();
    expect((await judgeFile(a.id, submission.id)).status).toBe("not-found");
    // Still the judge's load; shown as released; a second Remove is refused.
    const judges = await contestJudges(contest.id);
    expect(judges.find((j) => j.judgeId === a.id)).toMatchObject({ assigned: 1, scored: 1 });
    const list = await controlAssignments(contest.id);
    expect(list.rows.find((x) => x.id === rowA.id)?.state).toBe("released");
    await expect(removeAssignment(contest.id, rowA.id)).rejects.toThrow(/already taken off/);
    // A swap of a released assignment is refused too.
    await expect(swapAssignment(contest.id, rowA.id, b.id)).rejects.toBeInstanceOf(
      AssignmentRefused,
    );
  });
});

describe("Swap", () => {
  test("only to an eligible judge: never a conflicted, full or writing one", async () => {
    const contest = await openContest();
    const [a, conflicted, full, free] = await seat(contest.id, 4, [null, null, 1, null]);
    const { submission, writer } = await entry(contest.id);
    const other = await entry(contest.id);
    // The writer is a judge on the panel too.
    await prisma.userRole.create({ data: { userId: writer.id, role: "judge" } });
    await prisma.password.create({ data: { userId: writer.id, hash: "x" } });
    await prisma.panelMember.create({
      data: {
        contestId: contest.id,
        judgeId: writer.id,
        status: "accepted",
        respondedAt: new Date(),
      },
    });
    await prisma.conflict.create({
      data: {
        judgeId: conflicted.id,
        contestId: contest.id,
        kind: "entrant",
        entrantId: writer.id,
        source: "admin",
      },
    });
    await give(contest.id, full.id, other.submission.id);
    const row = await give(contest.id, a.id, submission.id);

    const choices = await swapChoices(contest.id, row.id);
    expect(choices?.candidates.map((c) => c.judgeId)).toEqual([free.id]);

    await expect(swapAssignment(contest.id, row.id, conflicted.id)).rejects.toThrow(
      /conflict of interest/,
    );
    await expect(swapAssignment(contest.id, row.id, full.id)).rejects.toThrow(
      /as many entries as they can take/,
    );
    await expect(swapAssignment(contest.id, row.id, writer.id)).rejects.toThrow(/wrote this entry/);
    expect(await prisma.judgeAssignment.count({ where: { id: row.id } })).toBe(1);

    const r = await swapAssignment(contest.id, row.id, free.id);
    expect(r).toMatchObject({ title: submission.title, from: a.displayName, to: free.displayName });
    const on = await prisma.judgeAssignment.findMany({
      where: { submissionId: submission.id },
      select: { judgeId: true, round: true },
    });
    expect(on).toEqual([{ judgeId: free.id, round: 1 }]);
  });

  test("a scored assignment is not swapped (remove it, then add a judge)", async () => {
    const contest = await openContest();
    const [a, b] = await seat(contest.id, 2);
    const { submission } = await entry(contest.id);
    const row = await give(contest.id, a.id, submission.id);
    await score(row, contest.rubrics[0].id);
    await expect(swapAssignment(contest.id, row.id, b.id)).rejects.toThrow(/already scored/);
    expect(await swapChoices(contest.id, row.id)).toBeNull();
  });
});

describe("Add a judge", () => {
  test("the chosen candidate, or the least loaded; refused when nobody can take it", async () => {
    const contest = await openContest();
    const [a, b, c] = await seat(contest.id, 3);
    const { submission } = await entry(contest.id);
    const busy = await entry(contest.id);
    await give(contest.id, b.id, busy.submission.id);
    await give(contest.id, a.id, submission.id);

    const offered = await addChoices(contest.id, submission.id, 1);
    expect(offered?.candidates.map((x) => x.judgeId)).toEqual([c.id, b.id]);
    await expect(addJudge(contest.id, submission.id, { judgeId: a.id }, 1)).rejects.toThrow(
      /already has this entry/,
    );
    expect(await addJudge(contest.id, submission.id, "least-loaded", 1)).toMatchObject({
      judge: c.displayName,
    });
    expect(await addJudge(contest.id, submission.id, { judgeId: b.id }, 1)).toMatchObject({
      judge: b.displayName,
    });
    await expect(addJudge(contest.id, submission.id, "least-loaded", 1)).rejects.toThrow(
      /No judge on the panel can take/,
    );
    expect(await prisma.judgeAssignment.count({ where: { submissionId: submission.id } })).toBe(3);
  });

  test("refused once judging has closed", async () => {
    const contest = await openContest(-1);
    await seat(contest.id, 1);
    const { submission } = await entry(contest.id);
    await expect(addJudge(contest.id, submission.id, "least-loaded", 1)).rejects.toThrow(
      /Judging has closed/,
    );
  });
});

describe("Reassign unscored entries (a judge dropped out)", () => {
  test("each unscored entry goes to another judge, loads within one; scored ones stay", async () => {
    const contest = await openContest();
    const judges = await seat(contest.id, 4);
    const ids = judges.map((j) => j.id);
    // Two judges an entry, every pair once (three entries each), and one more entry for judges 0
    // and 3 that judge 0 has scored. The panel order alone (plain least loaded) would end 5, 4, 3.
    const pairs = [
      [0, 1],
      [0, 2],
      [0, 3],
      [1, 2],
      [1, 3],
      [2, 3],
      [0, 3],
    ];
    const entries = [];
    const rows = [];
    for (const pair of pairs) {
      const { submission } = await entry(contest.id);
      entries.push(submission);
      for (const k of pair) rows.push(await give(contest.id, ids[k], submission.id));
    }
    expect(await loads(contest.id, ids)).toEqual([4, 3, 3, 4]);
    const dropped = ids[0];
    await score(rows[rows.length - 2], contest.rubrics[0].id);

    const r = await reassignUnscored(contest.id, dropped);
    expect(r).toEqual({ moved: 3, stuck: [] });
    const after = await loads(contest.id, ids);
    expect(after[0]).toBe(1);
    const others = after.slice(1);
    expect(Math.max(...others) - Math.min(...others)).toBeLessThanOrEqual(1);
    expect(others.reduce((s, n) => s + n, 0)).toBe(13);
    // Every entry still has two judges, never the same twice.
    for (const e of entries) {
      const on = await prisma.judgeAssignment.findMany({ where: { submissionId: e.id } });
      expect(new Set(on.map((o) => o.judgeId)).size).toBe(2);
    }
    expect(await reassignUnscored(contest.id, dropped)).toEqual({ moved: 0, stuck: [] });
  });

  test("an entry nobody else can take stays with the judge and is named", async () => {
    const contest = await openContest();
    const [a, b] = await seat(contest.id, 2);
    const { submission } = await entry(contest.id);
    const free = await entry(contest.id);
    await give(contest.id, a.id, submission.id);
    await give(contest.id, b.id, submission.id);
    await give(contest.id, a.id, free.submission.id);
    const r = await reassignUnscored(contest.id, a.id);
    expect(r).toEqual({ moved: 1, stuck: [submission.title] });
    expect(
      await prisma.judgeAssignment.count({ where: { judgeId: a.id, submissionId: submission.id } }),
    ).toBe(1);
    expect(
      await prisma.judgeAssignment.findMany({
        where: { submissionId: free.submission.id },
        select: { judgeId: true },
      }),
    ).toEqual([{ judgeId: b.id }]);
  });
});

describe("Nudge", () => {
  test("two clicks at once send one e-mail; then not again for a day", async () => {
    const contest = await openContest();
    const [a, done] = await seat(contest.id, 2);
    const e1 = await entry(contest.id);
    const e2 = await entry(contest.id);
    await give(contest.id, a.id, e1.submission.id);
    await give(contest.id, a.id, e2.submission.id);
    const finished = await give(contest.id, done.id, e1.submission.id);
    await score(finished, contest.rubrics[0].id);

    const now = new Date();
    const results = await Promise.allSettled([
      nudgeJudge(contest.id, a.id, now),
      nudgeJudge(contest.id, a.id, now),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(AssignmentRefused);
    const mails = await mailsTo(a.email, "judge-nudge");
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe(`2 entries still waiting for you in ${contest.title}`);
    expect(mails[0].body).toContain("/judge");

    await expect(nudgeJudge(contest.id, a.id, new Date(now.getTime() + 23 * HOUR))).rejects.toThrow(
      /next nudge is possible after/,
    );
    const row = (await contestJudges(contest.id, now)).find((j) => j.judgeId === a.id);
    expect(row?.nextNudge).not.toBeNull();
    await nudgeJudge(contest.id, a.id, new Date(now.getTime() + 24 * HOUR));
    expect(await mailsTo(a.email, "judge-nudge")).toHaveLength(2);
    // A judge who has finished has nothing to be nudged about.
    await expect(nudgeJudge(contest.id, done.id, now)).rejects.toThrow(/nothing left to score/);
    expect(await mailsTo(done.email, "judge-nudge")).toHaveLength(0);
  });
});

describe("Progress", () => {
  test("assigned, scored and overdue per judge; overdue once the reminder moment passes", async () => {
    // Closes in 1 day with the default 48-hour lead: the reminder moment has passed.
    const late = await openContest(1);
    const soon = await openContest(9);
    for (const contest of [late, soon]) {
      const [a, b] = await seat(contest.id, 2);
      const stranger = await person("judge", ["judge"]);
      const rows = [];
      for (let i = 0; i < 3; i++) {
        const { submission } = await entry(contest.id);
        rows.push(await give(contest.id, a.id, submission.id));
        if (i === 0)
          await score(await give(contest.id, b.id, submission.id), contest.rubrics[0].id);
        if (i === 0) await give(contest.id, stranger.id, submission.id);
      }
      await score(rows[0], contest.rubrics[0].id);
      const judges = await contestJudges(contest.id);
      const overdue = contest.id === late.id ? 2 : 0;
      expect(judges.map((j) => [j.status, j.assigned, j.scored, j.overdue])).toEqual([
        ["Accepted", 3, 1, overdue],
        ["Accepted", 1, 1, 0],
        ["Not on the panel", 1, 0, contest.id === late.id ? 1 : 0],
      ]);
    }
  });
});

describe("the reminder step", () => {
  test("skips judges who have finished; a released assignment is not unscored", async () => {
    const contest = await openContest(1);
    const [busy, finished, released] = await seat(contest.id, 3);
    const { submission } = await entry(contest.id);
    const other = await entry(contest.id);
    await give(contest.id, busy.id, submission.id);
    await score(await give(contest.id, finished.id, submission.id), contest.rubrics[0].id);
    const r = await give(contest.id, released.id, submission.id);
    await score(r, contest.rubrics[0].id);
    await removeAssignment(contest.id, r.id);
    await score(await give(contest.id, released.id, other.submission.id), contest.rubrics[0].id);

    const row = await prisma.contest.findUniqueOrThrow({
      where: { id: contest.id },
      select: lifecycleContestSelect,
    });
    const work = await runStepAction(
      { step: "remind", round: 1 },
      scheduledContest(row),
      await contestRounds(contest.id),
      new Date(),
    );
    expect(work.mails.map((m) => [m.to, m.data])).toEqual([
      [busy.email, expect.objectContaining({ count: 1 })],
    ]);
  });
});

describe("/admin/assign control intents", () => {
  test("remove and swap through the action, refusals as toasts", async () => {
    const { action } = await import("~/routes/admin+/assign");
    const { loader } = await import("~/routes/admin+/contests+/$id+/assignments");
    const contest = await openContest();
    const [a, b] = await seat(contest.id, 2);
    const { submission } = await entry(contest.id);
    const row = await give(contest.id, a.id, submission.id);
    const post = async (form: Record<string, string>) => {
      const response = (await action({
        request: new Request("http://inkwell.test/admin/assign", {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ contestId: contest.id, ...form }),
        }),
        params: {},
        context: {},
      })) as Response;
      const cookie = response.headers.get("Set-Cookie") ?? "";
      const { toast } = await getToast(
        new Request("http://inkwell.test/", { headers: { Cookie: cookie.split(";")[0] } }),
      );
      return { response, toast };
    };
    const page = (await loader({
      request: new Request(
        `http://inkwell.test/admin/contests/${contest.id}/assignments?swap=${row.id}`,
      ),
      params: { id: contest.id },
      context: {},
    })) as { chooser: { candidates: { judgeId: string }[] } | null; total: number };
    expect(page.total).toBe(1);
    expect(page.chooser?.candidates.map((c) => c.judgeId)).toEqual([b.id]);

    const refused = await post({ intent: "swap", assignmentId: row.id, judgeId: a.id });
    expect(refused.response.status).toBe(302);
    expect(refused.toast?.type).toBe("error");
    const swapped = await post({ intent: "swap", assignmentId: row.id, judgeId: b.id, q: "Story" });
    expect(swapped.toast).toMatchObject({ type: "success" });
    expect(swapped.response.headers.get("Location")).toContain("q=Story");
    const moved = await prisma.judgeAssignment.findFirstOrThrow({
      where: { submissionId: submission.id },
    });
    expect(moved.judgeId).toBe(b.id);
    const removed = await post({ intent: "remove", assignmentId: moved.id });
    expect(removed.toast).toMatchObject({ type: "success" });
    expect(await prisma.judgeAssignment.count({ where: { submissionId: submission.id } })).toBe(0);
    const missing = await post({ intent: "remove" });
    expect(missing.toast).toMatchObject({ type: "error", title: "Choose an assignment" });
  });
});
