import { removeJudge } from "~/features/assignment/leaving.server";
import { linkToken } from "./inbox";
import { seatPanel } from "./panel-fixtures";
import { beforeAll, describe, expect, test } from "vitest";
import { prisma, type SubmissionStatus } from "~/utils/db.server";
import {
  addJudge,
  findSetPasswordToken,
  setPasswordWithToken,
} from "~/features/judging/judges.server";
import { hashToken } from "~/features/accounts/one-time-tokens.server";
import { SET_PASSWORD_LINK_INVALID } from "~/features/judging/invitation";
import {
  loadReview,
  saveDraft,
  scoringContext,
  submitScore,
} from "~/features/judging/review.server";
import { JUDGING_CLOSED_MESSAGE, runAutoAssign } from "~/features/assignment/auto-assign.server";
import { ranking } from "~/features/judging/ranking.server";
import { entryScores } from "~/features/judging/entry-scores.server";
import type { Criterion } from "~/features/contests/rubric";
import { rankByAverage, rankByZScore } from "#tests/oracles/ranking";

const DAY = 86_400_000;
const criteria: Criterion[] = [
  { key: "voice", label: "Voice", maxPoints: 10, weight: 0.5, requireComment: false },
  { key: "structure", label: "Structure", maxPoints: 10, weight: 0.5, requireComment: true },
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

async function contest(opts: { anonymous?: boolean; judging?: "open" | "closed" } = {}) {
  seq++;
  const now = Date.now();
  const open = opts.judging !== "closed";
  return prisma.contest.create({
    data: {
      slug: `judging-${seq}`,
      title: `Judging test ${seq}`,
      description: "A contest for judging tests",
      anonymous: opts.anonymous ?? true,
      submissionsOpen: new Date(now - 30 * DAY),
      submissionsClose: new Date(now - 20 * DAY),
      judgingOpen: new Date(now - (open ? 10 : 19) * DAY),
      judgingClose: new Date(now + (open ? 10 : -15) * DAY),
      resultsAt: new Date(now + 20 * DAY),
      rubrics: { create: { name: "Rubric", criteria: JSON.stringify(criteria) } },
    },
    include: { rubrics: true },
  });
}

async function entry(contestId: string, entrantId: string, status: SubmissionStatus = "submitted") {
  return prisma.submission.create({
    data: {
      contestId,
      entrantId,
      title: `Entry ${++seq}`,
      body: "Once upon a time",
      wordCount: 4,
      status,
    },
  });
}

describe("judges", () => {
  test("Add Judge creates the account, grants the role and e-mails a one-time set-password link", async () => {
    const result = await addJudge({ email: "New.Judge@Example.test", name: "New Judge" });
    expect(result).toEqual({ created: true, invited: false, emailed: true });
    const u = await prisma.user.findUniqueOrThrow({
      where: { email: "new.judge@example.test" },
      include: { roles: true, verifications: true },
    });
    expect(u.displayName).toBe("New Judge");
    expect(u.roles.map((r) => r.role)).toEqual(["judge"]);
    expect(u.verifications).toHaveLength(1);
    const v = u.verifications[0];
    expect(v.type).toBe("set-password");
    expect(v.expiresAt.getTime() - Date.now()).toBeGreaterThan(6.9 * DAY);
    expect(v.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(7 * DAY);

    const log = await prisma.emailLog.findFirstOrThrow({ where: { to: "new.judge@example.test" } });
    expect(log.template).toBe("judge-invite");
    expect(log.body).toContain("/set-password/[redacted]");
    const token = linkToken("new.judge@example.test", "set-password");
    expect(token).toBeTruthy();
    // Only the hash is stored.
    expect(v.tokenHash).toBe(hashToken(token!));
    expect(v.tokenHash).not.toContain(token!);

    expect(await findSetPasswordToken(token!)).toMatchObject({ email: "new.judge@example.test" });
    expect(await setPasswordWithToken(token!, "judge-pass")).toEqual({
      email: "new.judge@example.test",
    });
    expect(await prisma.password.count({ where: { userId: u.id } })).toBe(1);
    // Single use.
    await expect(setPasswordWithToken(token!, "another-pass")).rejects.toThrow(
      SET_PASSWORD_LINK_INVALID,
    );
    await expect(addJudge({ email: "new.judge@example.test", name: "Again" })).rejects.toThrow(
      "This person is already a judge",
    );
  });

  test("an expired link is refused", async () => {
    const u = await user("expired");
    const { createSetPasswordToken } = await import("~/features/judging/judges.server");
    const token = await createSetPasswordToken(u.id, new Date(Date.now() - 8 * DAY));
    expect(await findSetPasswordToken(token)).toBeNull();
    await expect(setPasswordWithToken(token, "whatever-1")).rejects.toThrow(
      SET_PASSWORD_LINK_INVALID,
    );
  });

  test("removing a judge takes the role and open assignments, never submitted scores", async () => {
    const judge = await user("judge", ["judge"]);
    const writer = await user("writer");
    const c = await contest();
    const [a, b, d] = [
      await entry(c.id, writer.id),
      await entry(c.id, writer.id),
      await entry(c.id, writer.id),
    ];
    const scored = await prisma.judgeAssignment.create({
      data: { contestId: c.id, judgeId: judge.id, submissionId: a.id },
    });
    const draft = await prisma.judgeAssignment.create({
      data: { contestId: c.id, judgeId: judge.id, submissionId: b.id },
    });
    await prisma.judgeAssignment.create({
      data: { contestId: c.id, judgeId: judge.id, submissionId: d.id },
    });
    await prisma.judgeAssignment.create({
      data: { contestId: c.id, judgeId: judge.id, submissionId: null },
    });
    const base = {
      judgeId: judge.id,
      rubricId: c.rubrics[0].id,
      criteria,
      scores: { voice: 5, structure: 5 },
      comment: "ok",
    };
    await submitScore({ ...base, submissionId: a.id, assignmentId: scored.id });
    await saveDraft({ ...base, assignmentId: draft.id });

    expect(await removeJudge(judge.id)).toBe(true);
    expect(await prisma.userRole.count({ where: { userId: judge.id } })).toBe(0);
    const left = await prisma.judgeAssignment.findMany({
      where: { judgeId: judge.id },
      include: { score: true },
    });
    expect(left.map((l) => l.submissionId)).toEqual([a.id]);
    expect(left[0].score?.submittedAt).not.toBeNull();
    expect(await removeJudge(judge.id)).toBe(false);
  });
});

describe("assignment", () => {
  test("auto-assign uses the panel's judges only, skips own entries and is idempotent", async () => {
    const judges = [
      await user("aj", ["judge"]),
      await user("aj", ["judge"]),
      await user("aj", ["judge"]),
      await user("aj", ["judge"]),
    ];
    const c = await contest();
    // One entry is written by a judge; one is withdrawn.
    const entries = [
      await entry(c.id, (await user("w")).id),
      await entry(c.id, judges[1].id),
      await entry(c.id, (await user("w")).id),
      await entry(c.id, (await user("w")).id, "withdrawn"),
    ];
    // Only the first three judges are on this contest's panel; the fourth only invited.
    await seatPanel(c.id, [judges[0].id, judges[1].id, judges[2].id]);
    await seatPanel(c.id, [judges[3].id], { status: "invited" });
    const first = await runAutoAssign(c.id, 2);
    expect(first).toEqual({ ok: true, created: 6 });
    const rows = await prisma.judgeAssignment.findMany({
      where: { contestId: c.id, submissionId: { not: null } },
    });
    expect(rows.some((r) => r.judgeId === judges[3].id)).toBe(false);
    expect(rows.some((r) => r.submissionId === entries[1].id && r.judgeId === judges[1].id)).toBe(
      false,
    );
    expect(rows.some((r) => r.submissionId === entries[3].id)).toBe(false);
    expect(await runAutoAssign(c.id, 2)).toEqual({ ok: true, created: 0 });
    // Three per entry is a hard minimum the judge's own entry cannot have: nothing is written.
    const short = await runAutoAssign(c.id, 3);
    expect(short).toMatchObject({ ok: false, reason: "short" });
    expect(await prisma.judgeAssignment.count({ where: { contestId: c.id } })).toBe(6);
  });

  test("the messages when nothing can be assigned", async () => {
    const c = await contest();
    await user("nj", ["judge"]);
    expect(await runAutoAssign(c.id, 3)).toEqual({
      ok: false,
      reason: "no-entries",
      error: "No submissions to assign",
    });
    // Entries but nobody on the panel: said plainly, nothing written.
    await entry(c.id, (await user("w")).id);
    expect(await runAutoAssign(c.id, 3)).toEqual({
      ok: false,
      reason: "no-judges",
      error: "This contest has no judges on its panel yet.",
    });
  });

  test("a judge whose invitation is still pending is never assigned, even when seated on the panel", async () => {
    const active = await user("aj", ["judge"]);
    const pending = await user("pj", ["judge"], { pending: true });
    const google = await user("gj", ["judge"], { pending: true });
    await prisma.connection.create({
      data: { providerName: "google", providerId: `g-${google.id}`, userId: google.id },
    });
    const c = await contest();
    for (let i = 0; i < 3; i++) await entry(c.id, (await user("w")).id);
    // Seated on the panel by hand, the pending judge is still never given entries.
    await seatPanel(c.id, [pending.id, active.id]);
    expect(await runAutoAssign(c.id, 1)).toEqual({ ok: true, created: 3 });
    const judged = await prisma.judgeAssignment.findMany({
      where: { contestId: c.id, submissionId: { not: null } },
      select: { judgeId: true },
    });
    expect(new Set(judged.map((j) => j.judgeId))).toEqual(new Set([active.id]));
  });

  test("auto-assign is refused once judging has closed, by the dates the public sees", async () => {
    const judge = await user("aj", ["judge"]);
    const c = await contest({ judging: "closed" });
    await seatPanel(c.id, [judge.id]);
    await entry(c.id, (await user("w")).id);
    expect(await runAutoAssign(c.id, 1)).toEqual({
      ok: false,
      reason: "closed",
      error: JUDGING_CLOSED_MESSAGE,
    });
    expect(await prisma.judgeAssignment.count({ where: { contestId: c.id } })).toBe(0);
    // Checked at the moment of the write: a clock just past the close is refused, just before is not.
    const open = await contest();
    await seatPanel(open.id, [judge.id]);
    await entry(open.id, (await user("w")).id);
    const closesAt = open.judgingClose.getTime();
    expect((await runAutoAssign(open.id, 1, new Date(closesAt + 1))).ok).toBe(false);
    expect((await runAutoAssign(open.id, 1, new Date(closesAt))).ok).toBe(true);
  });
});

describe("scores and ranking", () => {
  test("a score is updated, never duplicated; only the judge's own assignment loads", async () => {
    const judge = await user("sj", ["judge"]);
    const other = await user("sj", ["judge"]);
    const writer = await user("secret-writer");
    const c = await contest();
    const e = await entry(c.id, writer.id);
    const a = await prisma.judgeAssignment.create({
      data: { contestId: c.id, judgeId: judge.id, submissionId: e.id },
    });
    expect(await loadReview(other.id, e.id)).toBeNull();
    const ctx = await scoringContext(judge.id, e.id);
    expect(ctx).toMatchObject({
      assignmentId: a.id,
      rubricId: c.rubrics[0].id,
      open: true,
      submitted: false,
    });
    const base = {
      judgeId: judge.id,
      submissionId: e.id,
      assignmentId: a.id,
      rubricId: c.rubrics[0].id,
      criteria,
      comment: "",
    };
    const draft = await saveDraft({ ...base, scores: { voice: 4 } });
    expect(draft).toEqual({ total: 2, unsubmitted: false });
    expect(await prisma.score.count({ where: { assignmentId: a.id } })).toBe(0);
    const final = await submitScore({
      ...base,
      scores: { voice: 7, structure: 6.5 },
      comment: "Nice",
    });
    expect(final.total).toBe(6.75);
    expect(await prisma.score.count({ where: { assignmentId: a.id } })).toBe(1);
    expect(await prisma.scoreDraft.count({ where: { assignmentId: a.id } })).toBe(0);

    const review = await loadReview(judge.id, e.id);
    expect(review?.submitted).toMatchObject({
      scores: { voice: 7, structure: 6.5 },
      total: 6.75,
    });
    expect(review?.draft).toBeNull();
    const json = JSON.stringify(review);
    for (const secret of [writer.id, writer.email, writer.displayName])
      expect(json).not.toContain(secret);
  });

  test("the SQL ranking matches the reference functions, raw and z-normalised", async () => {
    const judges = [
      await user("rj", ["judge"]),
      await user("rj", ["judge"]),
      await user("rj", ["judge"]),
    ];
    const writer = await user("rw");
    const c = await contest();
    const entries: { id: string }[] = [];
    for (let i = 0; i < 7; i++) entries.push(await entry(c.id, writer.id));
    await entry(c.id, writer.id); // assigned, never scored
    const totals = [
      [8, 6, null],
      [7, 7, 9],
      [7.5, null, 6.5],
      [3, 4, 5],
      [9, null, null],
      [null, 5, 5],
      [7, 7, 9],
    ];
    const rows: { submissionId: string; judgeId: string; total: number }[] = [];
    for (const [i, e] of entries.entries()) {
      for (const [j, judge] of judges.entries()) {
        const a = await prisma.judgeAssignment.create({
          data: { contestId: c.id, judgeId: judge.id, submissionId: e.id },
        });
        const t = totals[i][j];
        if (t === null) continue;
        await prisma.score.create({
          data: {
            assignmentId: a.id,
            rubricId: c.rubrics[0].id,
            judgeId: judge.id,
            submissionId: e.id,
            scores: "{}",
            total: t,
            submittedAt: new Date(),
          },
        });
        rows.push({ submissionId: e.id, judgeId: judge.id, total: t });
      }
    }
    // A draft does not count.
    const extra = await prisma.judgeAssignment.findFirstOrThrow({
      where: { submissionId: entries[0].id, judgeId: judges[2].id },
    });
    await prisma.score.create({
      data: {
        assignmentId: extra.id,
        rubricId: c.rubrics[0].id,
        judgeId: judges[2].id,
        submissionId: entries[0].id,
        scores: "{}",
        total: 0,
      },
    });

    const raw = await ranking(c.id, { take: 100 });
    const expected = rankByAverage(rows);
    expect(raw.filter((r) => r.rank !== null).map((r) => [r.id, r.average, r.rank])).toEqual(
      expected.map((e) => [e.submissionId, e.average, e.rank]),
    );
    expect(raw.at(-1)?.rank).toBeNull();
    expect(raw.find((r) => r.id === entries[0].id)).toMatchObject({
      assigned: 3,
      scored: 2,
      average: 7,
    });
    // Ties share a rank: entries 1 and 6 both average 7.67, entries 0 and 2 both 7.
    expect(raw.map((r) => r.rank)).toEqual([1, 2, 2, 4, 4, 6, 7, null]);
    expect(raw.map((r) => r.average)).toEqual([9, 7.67, 7.67, 7, 7, 5, 4, null]);

    const z = await ranking(c.id, { mode: "z", take: 100 });
    const zExpected = rankByZScore(rows);
    expect(z.filter((r) => r.rank !== null).map((r) => [r.id, r.average, r.raw, r.rank])).toEqual(
      zExpected.map((e) => [e.submissionId, e.average, e.raw, e.rank]),
    );
    // Pagination.
    expect((await ranking(c.id, { take: 3, skip: 3 })).map((r) => r.id)).toEqual(
      raw.slice(3, 6).map((r) => r.id),
    );
  });

  test("z-scores leave out judges who cannot be standardised and say how many scores each average uses", async () => {
    const [spread, single, flat] = [
      await user("zj", ["judge"]),
      await user("zj", ["judge"]),
      await user("zj", ["judge"]),
    ];
    const writer = await user("zw");
    const c = await contest();
    const e = [] as { id: string }[];
    for (let i = 0; i < 5; i++) e.push(await entry(c.id, writer.id));
    // spread: 9, 5, 7 (standardisable); single: one score of 10 (left out); flat: 6, 6 (left out).
    const plan: [number, { id: string }, number][] = [
      [0, spread, 9],
      [1, spread, 5],
      [2, spread, 7],
      [3, single, 10],
      [0, flat, 6],
      [4, flat, 6],
    ];
    const rows: { submissionId: string; judgeId: string; total: number }[] = [];
    for (const [i, judge, total] of plan) {
      const a = await prisma.judgeAssignment.create({
        data: { contestId: c.id, judgeId: judge.id, submissionId: e[i].id },
      });
      await prisma.score.create({
        data: {
          assignmentId: a.id,
          rubricId: c.rubrics[0].id,
          judgeId: judge.id,
          submissionId: e[i].id,
          scores: "{}",
          total,
          submittedAt: new Date(),
        },
      });
      rows.push({ submissionId: e[i].id, judgeId: judge.id, total });
    }
    const z = await ranking(c.id, { mode: "z", take: 100 });
    const expected = rankByZScore(rows);
    expect(z.map((r) => [r.id, r.average, r.used, r.scored, r.raw, r.rank])).toEqual(
      expected.map((x) => [x.submissionId, x.average, x.used, x.count, x.raw, x.rank]),
    );
    // The old rule kept the single judge's raw 10 and ranked that entry first.
    expect(z[0].id).toBe(e[0].id);
    expect(z.find((r) => r.id === e[3].id)).toMatchObject({ average: null, rank: null, used: 0 });
    expect(z.find((r) => r.id === e[4].id)).toMatchObject({ average: null, rank: null, used: 0 });
    expect(z.find((r) => r.id === e[0].id)).toMatchObject({ used: 1, scored: 2, raw: 7.5 });
  });

  test("one rounding rule: half up on the exact average (7.225 → 7.23) in SQL and on the entry page", async () => {
    const [j1, j2] = [await user("hj", ["judge"]), await user("hj", ["judge"])];
    const writer = await user("hw");
    const c = await contest();
    const cases: [number, number, number][] = [
      [7.22, 7.23, 7.23],
      [7.23, 7.24, 7.24],
      [8, 8.01, 8.01],
    ];
    for (const [t1, t2, expected] of cases) {
      const e = await entry(c.id, writer.id);
      for (const [judge, total] of [
        [j1, t1],
        [j2, t2],
      ] as const) {
        const a = await prisma.judgeAssignment.create({
          data: { contestId: c.id, judgeId: judge.id, submissionId: e.id },
        });
        await prisma.score.create({
          data: {
            assignmentId: a.id,
            rubricId: c.rubrics[0].id,
            judgeId: judge.id,
            submissionId: e.id,
            scores: "{}",
            total,
            submittedAt: new Date(),
          },
        });
      }
      const row = (await ranking(c.id, { take: 100 })).find((r) => r.id === e.id);
      expect(row?.average, `${t1} and ${t2}`).toBe(expected);
      expect(row?.raw).toBe(expected);
      expect((await entryScores(e.id))?.average).toBe(expected);
    }
  });

  test("scoring outside the judging window is refused", async () => {
    const judge = await user("cj", ["judge"]);
    const c = await contest({ judging: "closed" });
    const e = await entry(c.id, (await user("cw")).id);
    await prisma.judgeAssignment.create({
      data: { contestId: c.id, judgeId: judge.id, submissionId: e.id },
    });
    expect((await scoringContext(judge.id, e.id))?.open).toBe(false);
  });
});

beforeAll(() => {
  delete process.env.RESEND_API_KEY;
});
