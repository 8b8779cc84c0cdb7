/**
 * A contest's AI-use policy and every writer's declaration (docs/decisions/0053-ai-use-policy.md):
 * the entrant's and the teacher's submits with and without an answer, the row kept with the words
 * shown and who declared, the admin's entry page, list filter and CSV, and the judge who never
 * reads any of it.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { settle } from "./entry-outcome";

process.env.RESEND_API_KEY = "re_test_key";
process.env.RESEND_BASE_URL = "http://127.0.0.1:9";

const who = vi.hoisted(() => ({ admin: "", judge: "" }));
vi.mock("~/features/accounts/auth.server", async (original) => ({
  ...(await original<object>()),
  requireAdmin: async () => ({ id: who.admin, roles: ["admin"] }),
  requireJudge: async () => ({ id: who.judge, roles: ["judge"] }),
}));

const { prisma } = await import("~/utils/db.server");
const { createLocalStorage, setStorageForTests } = await import("~/utils/storage.server");
const { receiveEntry, newEntryKey } = await import("~/features/entries/receive-entry.server");
const { publicContest } = await import("~/features/contests/public-contest");
const { contestSelect } = await import("~/features/contests/public-contests.server");
const { buildSnapshot } = await import("~/features/contests/contest-snapshot");
const { AI_POLICY_WORDING, AI_USE_LABELS, AI_QUESTION, AI_MESSAGES } =
  await import("~/features/contests/ai-policy");
const { listAdminSubmissions, adminSubmissionRowsForCsv, CSV_COLUMNS } =
  await import("~/features/entries/admin-submissions.server");
const { loadReview } = await import("~/features/judging/review.server");
const adminEntryPage = await import("~/routes/admin+/submissions+/$id");
const review = await import("~/routes/judge+/review.$submissionId");
const fx = await import("./class-fixtures");

const root = fs.mkdtempSync(path.join(os.tmpdir(), "inkwell-ai-policy-"));
beforeAll(() => setStorageForTests(createLocalStorage(root)));
afterAll(() => {
  setStorageForTests(undefined);
  fs.rmSync(root, { recursive: true, force: true });
});

let seq = 0;
const HOW = "It suggested three names for my dragon.";

async function policyContest(aiPolicy: string) {
  const open = await fx.openContest({ entriesPerWriter: 10 });
  const row = await prisma.contest.update({
    where: { id: open.id },
    data: { aiPolicy },
    select: contestSelect,
  });
  return publicContest(row);
}

async function writer() {
  seq++;
  return prisma.user.create({
    data: {
      email: `ai-writer-${seq}-${process.pid}@example.test`,
      displayName: `Writer ${seq}`,
      dateOfBirth: new Date("2005-01-01T00:00:00Z"),
    },
  });
}

function enter(
  user: { id: string; dateOfBirth: Date | null; parentConsentAt: Date | null },
  contest: Awaited<ReturnType<typeof policyContest>>,
  extra: Record<string, string> = {},
) {
  const fd = new FormData();
  const fields: Record<string, string> = {
    title: `A Story ${++seq}`,
    body: "The lantern in the window kept watch all night long.",
    entryKey: newEntryKey(),
    ...fx.FOUR_BOXES,
    ...extra,
  };
  for (const [k, v] of Object.entries(fields)) if (v !== "") fd.append(k, v);
  const request = new Request(`http://inkwell.test/contests/${contest.slug}/enter`, {
    method: "POST",
    body: fd,
  });
  return settle(receiveEntry(request, user, contest));
}

const declarationOf = (submissionId: string) =>
  prisma.aiDeclaration.findUnique({ where: { submissionId } });

describe("the entrant's form", () => {
  test("with a policy, no answer is refused with its message and nothing is written", async () => {
    const contest = await policyContest("not_allowed");
    const user = await writer();
    const outcome = await enter(user, contest);
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.status).toBe(400);
    expect(outcome.reply?.error?.aiUse).toEqual([AI_MESSAGES.choose]);
    expect(await prisma.submission.count({ where: { contestId: contest.id } })).toBe(0);
  });

  test("an answer that used AI needs its how, and a forged answer is refused", async () => {
    const contest = await policyContest("disclosed");
    const user = await writer();
    const noHow = await enter(user, contest, { aiUse: "generated" });
    expect(noHow.ok).toBe(false);
    if (!noHow.ok) expect(noHow.reply?.error?.aiHow).toEqual([AI_MESSAGES.howRequired]);
    const tooLong = await enter(user, contest, { aiUse: "editing", aiHow: "x".repeat(501) });
    if (!tooLong.ok) expect(tooLong.reply?.error?.aiHow).toEqual([AI_MESSAGES.howTooLong]);
    const forged = await enter(user, contest, { aiUse: "robot" });
    if (!forged.ok) expect(forged.reply?.error?.aiUse).toEqual([AI_MESSAGES.choose]);
    expect([tooLong.ok, forged.ok]).toEqual([false, false]);
    expect(await prisma.submission.count({ where: { contestId: contest.id } })).toBe(0);
  });

  test("the declaration is kept with the words shown; one that breaks the policy is flagged", async () => {
    const contest = await policyContest("not_allowed");
    const user = await writer();
    const outcome = await enter(user, contest, { aiUse: "generated", aiHow: HOW });
    expect(outcome).toMatchObject({ ok: true, status: "submitted" });
    if (!outcome.ok) return;
    const s = await prisma.submission.findUniqueOrThrow({ where: { id: outcome.submissionId } });
    expect(s.aiPolicyBroken).toBe(true);
    expect(await declarationOf(s.id)).toMatchObject({
      policy: "not_allowed",
      policyWording: AI_POLICY_WORDING.not_allowed,
      question: AI_QUESTION.writer,
      use: "generated",
      answerWording: AI_USE_LABELS.writer.generated,
      how: HOW,
      declaredBy: "writer",
      declarerId: user.id,
      declarerName: user.displayName,
      pupilName: null,
      breaksPolicy: true,
    });
    const none = await enter(user, contest, { aiUse: "none", aiHow: "ignored" });
    expect(none.ok).toBe(true);
    if (!none.ok) return;
    expect(await declarationOf(none.submissionId)).toMatchObject({
      use: "none",
      how: null,
      breaksPolicy: false,
    });
  });

  test("no policy stated: nothing is asked and nothing is kept (today's behaviour)", async () => {
    const contest = await policyContest("unstated");
    const outcome = await enter(await writer(), contest);
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(await declarationOf(outcome.submissionId)).toBeNull();
  });
});

describe("the teacher's form for a pupil", () => {
  test("the teacher declares for the pupil and the record says so", async () => {
    const t = await fx.makeEducator();
    const mia = await fx.rosterPupil(t.classroom.id);
    const contest = await policyContest("ideas_only");
    const missing = await fx.enterFor(t, mia, contest);
    expect(missing.ok).toBe(false);
    if (!missing.ok) expect(missing.reply?.error?.aiUse).toEqual([AI_MESSAGES.choose]);
    expect(await prisma.consentAttestation.count({ where: { pupilId: mia.id } })).toBe(0);

    const ideas = await fx.enterFor(t, mia, contest, { aiUse: "ideas", aiHow: HOW });
    expect(ideas.ok).toBe(true);
    if (!ideas.ok) return;
    expect(await declarationOf(ideas.submissionId)).toMatchObject({
      policy: "ideas_only",
      question: AI_QUESTION.teacher,
      answerWording: AI_USE_LABELS.teacher.ideas,
      declaredBy: "teacher",
      declarerId: t.user.id,
      declarerName: t.user.displayName,
      pupilName: "Mia R.",
      breaksPolicy: false,
    });

    const ben = await fx.rosterPupil(t.classroom.id, "Ben", "S");
    const editing = await fx.enterFor(t, ben, contest, { aiUse: "editing", aiHow: HOW });
    expect(editing.ok).toBe(true);
    if (!editing.ok) return;
    const s = await prisma.submission.findUniqueOrThrow({ where: { id: editing.submissionId } });
    expect(s.aiPolicyBroken).toBe(true);
  });

  test("no policy stated: the pupil's entry is sent without a declaration", async () => {
    const t = await fx.makeEducator();
    const mia = await fx.rosterPupil(t.classroom.id);
    const outcome = await fx.enterFor(t, mia, await policyContest("unstated"));
    expect(outcome.ok).toBe(true);
    if (outcome.ok) expect(await declarationOf(outcome.submissionId)).toBeNull();
  });
});

describe("admins see it, judges never do", () => {
  test("entry page, list filter and badge, CSV; the judge's review has none of it", async () => {
    const contest = await policyContest("not_allowed");
    const [a, b] = [await writer(), await writer()];
    const breaking = await enter(a, contest, { aiUse: "generated", aiHow: HOW });
    const fine = await enter(b, contest, { aiUse: "none" });
    if (!breaking.ok || !fine.ok) throw new Error("both entries should be received");

    const admin = await prisma.user.create({
      data: { email: `ai-admin-${process.pid}@example.test`, displayName: "Admin" },
    });
    who.admin = admin.id;
    const page = (await adminEntryPage.loader({
      request: new Request(`http://inkwell.test/admin/submissions/${breaking.submissionId}`),
      params: { id: breaking.submissionId },
      context: {},
    })) as { submission: { aiDeclaration: Record<string, unknown> | null } };
    expect(page.submission.aiDeclaration).toMatchObject({
      answerWording: AI_USE_LABELS.writer.generated,
      how: HOW,
      declarerName: a.displayName,
      breaksPolicy: true,
      declaredBy: "writer",
    });

    const all = await listAdminSubmissions({ contestId: contest.id });
    expect(all.submissions.map((s) => [s.id, s.aiPolicyBroken]).sort()).toEqual(
      [
        [breaking.submissionId, true],
        [fine.submissionId, false],
      ].sort(),
    );
    const flagged = await listAdminSubmissions({ contestId: contest.id, aiBreaks: true });
    expect(flagged.submissions.map((s) => s.id)).toEqual([breaking.submissionId]);

    const rows: unknown[][] = [];
    for await (const r of adminSubmissionRowsForCsv({ contestId: contest.id })) rows.push(r);
    const at = (name: string) => CSV_COLUMNS.indexOf(name as (typeof CSV_COLUMNS)[number]);
    const row = rows.find((r) => r[0] === breaking.submissionId)!;
    expect(row.length).toBe(CSV_COLUMNS.length);
    expect(row[at("AI use declared")]).toBe("Some text generated");
    expect(row[at("How AI was used")]).toBe(HOW);
    expect(row[at("AI declared by")]).toBe("Writer");
    expect(row[at("Declaration breaks the policy")]).toBe("yes");
    expect(rows.find((r) => r[0] === fine.submissionId)![at("Declaration breaks the policy")]).toBe(
      "no",
    );

    // The judge: assigned, judging open; nothing of the declaration in what the page is given.
    const judge = await prisma.user.create({
      data: { email: `ai-judge-${process.pid}@example.test`, displayName: "Judge" },
    });
    await prisma.contest.update({
      where: { id: contest.id },
      data: {
        submissionsClose: new Date(Date.now() - 60_000),
        judgingOpen: new Date(Date.now() - 30_000),
        rubrics: {
          create: {
            name: "R",
            criteria: JSON.stringify([
              { key: "v", label: "Voice", maxPoints: 10, weight: 1, requireComment: false },
            ]),
          },
        },
      },
    });
    await prisma.judgeAssignment.create({
      data: { contestId: contest.id, judgeId: judge.id, submissionId: breaking.submissionId },
    });
    expect(await loadReview(judge.id, breaking.submissionId)).not.toBeNull();
    who.judge = judge.id;
    const seen = await review.loader({
      request: new Request(`http://inkwell.test/judge/review/${breaking.submissionId}`),
      params: { submissionId: breaking.submissionId },
      context: {},
    });
    const text = JSON.stringify(seen instanceof Response ? await seen.text() : seen);
    expect(text).toContain("The lantern in the window");
    for (const words of [
      HOW,
      AI_POLICY_WORDING.not_allowed!,
      AI_QUESTION.writer,
      AI_USE_LABELS.writer.generated,
      "Some text generated",
      "Declaration breaks the policy",
      "aiDeclaration",
      "aiPolicy",
    ])
      expect(text).not.toContain(words);
  });
});

describe("the published snapshot", () => {
  test("keeps the policy, and an older snapshot without it states none", async () => {
    const contest = await policyContest("ideas_only");
    const row = await prisma.contest.findUniqueOrThrow({
      where: { id: contest.id },
      select: { ...contestSelect, prompts: true, rubrics: true },
    });
    const snap = buildSnapshot(row);
    expect(snap.aiPolicy).toBe("ideas_only");
    // The public sees the snapshot's policy, not a later edit of the row.
    const shown = publicContest({
      ...row,
      aiPolicy: "not_allowed",
      publishedSnapshot: JSON.stringify(snap),
    });
    expect(shown.aiPolicy).toBe("ideas_only");
    const { aiPolicy: _dropped, ...older } = snap;
    expect(publicContest({ ...row, publishedSnapshot: JSON.stringify(older) }).aiPolicy).toBe(
      "unstated",
    );
  });
});
