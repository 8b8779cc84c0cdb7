import { describe, expect, test, vi } from "vitest";
import { prisma } from "~/utils/db.server";
import { getToast } from "~/utils/toast.server";
import { isFlagged } from "~/features/judging/spread";
import { entry, lifecycleContest, person } from "./lifecycle-fixtures";

// Disagreements, "Add a judge" and entry notes (docs/decisions/0033-judging-panel.md). The role
// checks are stubbed (tests/authz/panel-discussion.ts covers who may call the pages).
const admin = await person("admin", ["admin"]);
const who = vi.hoisted(() => ({ judge: "" }));
vi.mock("~/features/accounts/auth.server", async (original) => ({
  ...(await original<object>()),
  requireAdmin: async () => ({ id: admin.id, roles: ["admin"] }),
  requireJudge: async () => ({ id: who.judge, roles: ["judge"] }),
}));
const overview = await import("~/routes/admin+/scoring+/index");
const scoring = await import("~/routes/admin+/contests+/$id+/scoring");
const entryPage = await import("~/routes/admin+/scoring+/$submissionId");
const review = await import("~/routes/judge+/review.$submissionId");
const { spreadFlags } = await import("~/features/judging/spread.server");
const { addNote } = await import("~/features/judging/notes.server");

type Fn = (args: { request: Request; params: Record<string, string>; context: object }) => unknown;
type Reply = Response | { data: unknown; init: { status?: number } | null };

async function call(fn: Fn, path: string, params: Record<string, string>, form?: object) {
  const result = (await fn({
    request: new Request(`http://inkwell.test${path}`, {
      method: form ? "POST" : "GET",
      ...(form
        ? {
            headers: { "Content-Type": "application/x-www-form-urlencoded" },
            body: new URLSearchParams(form as Record<string, string>),
          }
        : {}),
    }),
    params,
    context: {},
  })) as Reply;
  if (result instanceof Response) {
    const cookie = result.headers.get("Set-Cookie") ?? "";
    const { toast } = await getToast(
      new Request("http://inkwell.test/", { headers: { Cookie: cookie.split(";")[0] } }),
    );
    return { status: result.status, toast, data: null as unknown };
  }
  return { status: result.init?.status ?? 200, toast: null, data: result.data };
}

const DAY = 86_400_000;
const open = {
  submissionsOpen: new Date(Date.now() - 20 * DAY),
  submissionsClose: new Date(Date.now() - 10 * DAY),
  judgingOpen: new Date(Date.now() - 9 * DAY),
  judgingClose: new Date(Date.now() + 9 * DAY),
  resultsAt: new Date(Date.now() + 20 * DAY),
};

async function seat(contestId: string, n: number) {
  const judges = [];
  for (let i = 0; i < n; i++) {
    const j = await person(`panel${i}`, ["judge"]);
    await prisma.panelMember.create({ data: { contestId, judgeId: j.id, status: "accepted" } });
    judges.push(j);
  }
  return judges;
}

/** Assigns `judge` to the entry in `round` and, unless totals is null, submits that total. */
async function read(
  contestId: string,
  submissionId: string,
  judgeId: string,
  rubricId: string,
  total: number | null,
  round = 1,
  submitted = true,
) {
  const a = await prisma.judgeAssignment.create({
    data: { contestId, judgeId, submissionId, round },
  });
  if (total !== null)
    await prisma.score.create({
      data: {
        assignmentId: a.id,
        rubricId,
        judgeId,
        submissionId,
        scores: "{}",
        total,
        submittedAt: submitted ? new Date() : null,
      },
    });
  return a;
}

describe("disagreements", () => {
  test("flags in SQL match the rule; the threshold moves them; the page shows and filters them", async () => {
    const { contest } = await lifecycleContest({ dates: open });
    const rubric = contest.rubrics[0]!; // one criterion of 10 points: the scale is 10
    const judges = await seat(contest.id, 3);
    const cases: { totals: number[]; draft?: number }[] = [
      { totals: [9, 2] },
      { totals: [6, 5] },
      { totals: [9] },
      { totals: [7.3, 4] }, // 3.3 is exactly 33 % of 10: not flagged
      { totals: [7.31, 4] },
      { totals: [9, 8], draft: 1 }, // an unsubmitted score never counts
      { totals: [10, 5, 0] },
    ];
    const ids: string[] = [];
    for (const c of cases) {
      const { submission } = await entry(contest.id);
      ids.push(submission.id);
      for (const [i, t] of c.totals.entries())
        await read(contest.id, submission.id, judges[i]!.id, rubric.id, t);
      if (c.draft !== undefined)
        await read(contest.id, submission.id, judges[2]!.id, rubric.id, c.draft, 1, false);
    }
    const expected = (percent: number) =>
      ids.filter((_, i) => isFlagged(cases[i]!.totals, 10, percent)).sort();
    const flagged = async () =>
      (await spreadFlags(contest.id, { round: 1 })).rows.map((r) => r.id).sort();
    expect(await flagged()).toEqual(expected(33));
    expect(await flagged()).toEqual([ids[0], ids[4], ids[6]].sort());

    const path = `/admin/scoring?index&contest=${contest.id}`;
    const refused = await call(
      overview.action as Fn,
      path,
      {},
      {
        intent: "spread",
        contestId: contest.id,
        spreadPercent: "101",
      },
    );
    expect(refused.status).toBe(400);
    const saved = await call(
      overview.action as Fn,
      path,
      {},
      {
        intent: "spread",
        contestId: contest.id,
        spreadPercent: "10",
      },
    );
    expect(saved.toast?.title).toBe("Threshold saved");
    expect(await flagged()).toEqual(expected(10));
    expect(await flagged()).toContain(ids[3]);
    expect(await flagged()).not.toContain(ids[1]); // a spread of 1 is not more than 1

    // The ranking marks flagged rows in words; "Only disagreements" lists just them.
    const page = await scoring.loader({
      request: new Request(`http://inkwell.test/admin/contests/${contest.id}/scoring`),
      params: { id: contest.id },
      context: {},
    });
    const spread = (page as { spread: { total: number; flags: Record<string, string> } }).spread;
    expect(spread.total).toBe(expected(10).length);
    expect(spread.flags[ids[0]!]).toBe("Judges disagree (spread 7 of 10)");
    expect(spread.flags[ids[1]!]).toBeUndefined();
    const only = (await scoring.loader({
      request: new Request(`http://inkwell.test/admin/contests/${contest.id}/scoring?disagree=1`),
      params: { id: contest.id },
      context: {},
    })) as { spread: { list: { id: string; label: string }[] } };
    expect(only.spread.list.map((r) => r.id).sort()).toEqual(expected(10));
    expect(only.spread.list[0]!.label).toBe("Judges disagree (spread 10 of 10)");
  });

  test("a contest of rounds: each round against its own rubric's scale", async () => {
    const { contest } = await lifecycleContest({ dates: open });
    const forty = await prisma.rubric.create({
      data: {
        contestId: contest.id,
        name: "Final",
        criteria: JSON.stringify([
          { key: "a", label: "A", maxPoints: 40, weight: 1, requireComment: false },
        ]),
      },
    });
    const base = { judgingOpen: open.judgingOpen, judgingClose: open.judgingClose };
    await prisma.judgingRound.create({
      data: { contestId: contest.id, number: 1, name: "Heats", ...base },
    });
    await prisma.judgingRound.create({
      data: { contestId: contest.id, number: 2, name: "Final", rubricId: forty.id, ...base },
    });
    const judges = await seat(contest.id, 4);
    const rubric = contest.rubrics[0]!;
    const { submission: a } = await entry(contest.id);
    const { submission: b } = await entry(contest.id);
    // a: round 1 spread 5 of 10 (flagged); round 2 spread 5 of 40 (not).
    await read(contest.id, a.id, judges[0]!.id, rubric.id, 8, 1);
    await read(contest.id, a.id, judges[1]!.id, rubric.id, 3, 1);
    await read(contest.id, a.id, judges[2]!.id, forty.id, 30, 2);
    await read(contest.id, a.id, judges[3]!.id, forty.id, 25, 2);
    // b: round 2 spread 14 of 40 (flagged: more than 13.2).
    await read(contest.id, b.id, judges[0]!.id, forty.id, 34, 2);
    await read(contest.id, b.id, judges[1]!.id, forty.id, 20, 2);
    const r1 = await spreadFlags(contest.id, { round: 1 });
    const r2 = await spreadFlags(contest.id, { round: 2 });
    expect(r1.rows.map((r) => r.id)).toEqual([a.id]);
    expect(r1.scale).toBe(10);
    expect(r2.rows.map((r) => [r.id, r.spread])).toEqual([[b.id, 14]]);
    expect(r2.scale).toBe(40);

    const page = (await entryPage.loader({
      request: new Request(`http://inkwell.test/admin/scoring/${b.id}`),
      params: { submissionId: b.id },
      context: {},
    })) as { flags: { round: number; label: string }[] };
    expect(page.flags).toEqual([
      { round: 2, label: "Judges disagree (spread 14 of 40)", several: false },
    ]);
  });

  test("Add a judge: one more panel judge at a time, then a refusal in words", async () => {
    const { contest } = await lifecycleContest({ dates: open });
    const rubric = contest.rubrics[0]!;
    const judges = await seat(contest.id, 4);
    const { submission } = await entry(contest.id);
    for (const [i, t] of [9, 2, 5].entries())
      await read(contest.id, submission.id, judges[i]!.id, rubric.id, t);
    const path = `/admin/scoring/${submission.id}`;
    const params = { submissionId: submission.id };
    const added = await call(entryPage.action as Fn, path, params, { intent: "add-judge" });
    expect(added.toast?.title).toBe("Judge added");
    expect(added.toast?.description).toContain(judges[3]!.displayName);
    const on = await prisma.judgeAssignment.findMany({ where: { submissionId: submission.id } });
    expect(on.map((a) => a.judgeId).sort()).toEqual(judges.map((j) => j.id).sort());
    const refused = await call(entryPage.action as Fn, path, params, { intent: "add-judge" });
    expect(refused.toast?.type).toBe("error");
    expect(refused.toast?.description).toBe(
      "Every judge on the panel already reads this entry. Invite another judge to the panel first.",
    );
    expect(await prisma.judgeAssignment.count({ where: { submissionId: submission.id } })).toBe(4);
  });
});

describe("entry notes", () => {
  test("the entry's judges read and answer by letter; names never reach another judge", async () => {
    const { contest } = await lifecycleContest({ dates: open, published: false });
    const rubric = contest.rubrics[0]!;
    const [ann, ben, cat, other] = await seat(contest.id, 4);
    const { submission } = await entry(contest.id);
    const { submission: elsewhere } = await entry(contest.id);
    await read(contest.id, submission.id, ann!.id, rubric.id, 9);
    await read(contest.id, submission.id, ben!.id, rubric.id, 2);
    const released = await read(contest.id, submission.id, cat!.id, rubric.id, 5);
    await prisma.judgeAssignment.update({
      where: { id: released.id },
      data: { releasedAt: new Date() },
    });
    await read(contest.id, elsewhere.id, other!.id, rubric.id, null);

    const adminPath = `/admin/scoring/${submission.id}`;
    const params = { submissionId: submission.id };
    const empty = await call(entryPage.action as Fn, adminPath, params, {
      intent: "note",
      body: "  ",
    });
    expect(empty.toast?.type).toBe("error");
    const long = await call(entryPage.action as Fn, adminPath, params, {
      intent: "note",
      body: "x".repeat(2001),
    });
    expect(long.toast?.type).toBe("error");
    const fromAdmin = await call(entryPage.action as Fn, adminPath, params, {
      intent: "note",
      body: "Judges A and B are far apart. What did you see?",
    });
    expect(fromAdmin.toast?.title).toBe("Note added");

    const judgePath = `/judge/review/${submission.id}`;
    who.judge = ann!.id;
    const answer = await call(review.action as Fn, judgePath, params, {
      intent: "note",
      body: "The ending moved me.",
    });
    expect(answer.toast?.title).toBe("Note added");

    // Ben reads: the admin, Judge A, and nothing that names Ann.
    who.judge = ben!.id;
    const seen = (await review.loader({
      request: new Request(`http://inkwell.test${judgePath}`),
      params,
      context: {},
    })) as { discussion: { notes: { author: string; body: string }[]; open: boolean } };
    expect(seen.discussion.open).toBe(true);
    expect(seen.discussion.notes.map((n) => n.author)).toEqual(["Contest admin", "Judge A"]);
    const text = JSON.stringify(seen);
    for (const j of [ann!, cat!, other!]) {
      expect(text).not.toContain(j.displayName);
      expect(text).not.toContain(j.email);
      expect(text).not.toContain(j.id);
    }
    expect(text).not.toContain(admin.email);
    // Ann reads her own as "You".
    const judgeView = async (judgeId: string) => {
      who.judge = judgeId;
      return (await review.loader({
        request: new Request(`http://inkwell.test${judgePath}`),
        params,
        context: {},
      })) as { discussion: { notes: { author: string }[]; open: boolean } };
    };
    expect((await judgeView(ann!.id)).discussion.notes.map((n) => n.author)).toEqual([
      "Contest admin",
      "You",
    ]);

    // A judge not on the entry, or released from it, gets nothing: 404.
    who.judge = other!.id;
    await expect(
      call(review.action as Fn, judgePath, params, { intent: "note", body: "Hi" }),
    ).rejects.toMatchObject({ status: 404 });
    await expect(
      review.loader({
        request: new Request(`http://inkwell.test${judgePath}`),
        params,
        context: {},
      }),
    ).rejects.toMatchObject({ status: 404 });
    await expect(judgeView(cat!.id)).rejects.toMatchObject({ status: 404 });
    expect(
      await addNote({ submissionId: submission.id, authorId: cat!.id, role: "judge", body: "x" }),
    ).toBeNull();
    expect(await prisma.entryNote.count({ where: { submissionId: submission.id } })).toBe(2);

    // The admin sees the same thread with letters (names are on the judges' cards).
    const adminView = (await entryPage.loader({
      request: new Request(`http://inkwell.test${adminPath}`),
      params,
      context: {},
    })) as { discussion: { notes: { author: string }[] } };
    expect(adminView.discussion.notes.map((n) => n.author)).toEqual(["Contest admin", "Judge A"]);

    // Once the results are out the discussion is closed.
    await prisma.contest.update({
      where: { id: contest.id },
      data: { resultsAt: new Date(Date.now() - 1000) },
    });
    const late = await call(entryPage.action as Fn, adminPath, params, {
      intent: "note",
      body: "Late",
    });
    expect(late.toast?.description).toBe(
      "The results are out, so the discussion of this entry is closed.",
    );
    expect(await prisma.entryNote.count({ where: { submissionId: submission.id } })).toBe(2);
    // The judge's page shows it closed, its notes still readable.
    const closed = await judgeView(ben!.id);
    expect(closed.discussion.open).toBe(false);
    expect(closed.discussion.notes.map((n) => n.author)).toEqual(["Contest admin", "Judge A"]);
  });
});
