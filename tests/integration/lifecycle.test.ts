import { seatPanel } from "./panel-fixtures";
import { describe, expect, test, vi } from "vitest";
import type * as Email from "~/utils/email.server";
import { prisma } from "~/utils/db.server";
import { confirmEntry, runStep, syncSteps } from "~/features/lifecycle/lifecycle.server";
import { workflowContests } from "~/features/lifecycle/workflows.server";
import {
  DATES,
  at,
  entry,
  lifecycleContest,
  mailsTo,
  person,
  scoreAll,
  stepRow,
} from "./lifecycle-fixtures";

// Recipients in `failing` get a failed send (as when the provider refuses), everyone else the
// real logged e-mail: proves one failure retries that recipient only.
const failing = new Set<string>();
vi.mock("~/utils/email.server", async (original) => {
  const real = await original<typeof Email>();
  return {
    ...real,
    sendEmail: async (m: Parameters<typeof real.sendEmail>[0]) =>
      failing.has(m.to)
        ? { ok: false as const, error: "provider refused", logId: "none" }
        : real.sendEmail(m),
  };
});

async function published(opts: Parameters<typeof lifecycleContest>[0] = {}) {
  const made = await lifecycleContest({ ...opts, published: true });
  await syncSteps(made.contest.id);
  return made;
}

/** Runs the steps before `step` so the order guard lets it run. */
async function runUpTo(contestId: string, step: string, now: Date) {
  for (const s of ["open", "close", "assign", "remind", "results"] as const) {
    if (s === step) return;
    await runStep(contestId, s, now);
  }
}

describe("lifecycle services", () => {
  test("open: nothing before it is due; then each user who asked is told once", async () => {
    const { contest } = await published();
    const [a, b] = [await person("reader"), await person("reader")];
    for (const u of [a, b])
      await prisma.notifyRequest.create({ data: { userId: u.id, contestId: contest.id } });

    expect(await runStep(contest.id, "open", at(1, -1))).toEqual({ status: "not-due" });
    expect(await mailsTo(a.email)).toHaveLength(0);
    expect((await stepRow(contest.id, "open")).attempts).toBe(0);

    expect(await runStep(contest.id, "open", at(1))).toEqual({ status: "finished", sent: 2 });
    expect(await runStep(contest.id, "open", at(2))).toEqual({ status: "done" });
    for (const u of [a, b]) {
      const mails = await mailsTo(u.email, "contest-open");
      expect(mails.map((m) => m.subject)).toEqual([`Now open for submissions: ${contest.title}`]);
    }
    const row = await stepRow(contest.id, "open");
    expect(row).toMatchObject({ attempts: 1, lastError: null, finishedAt: at(1) });
  });

  test("close: unpaid entries expire and their writers are told, once; submitted ones stay", async () => {
    const { contest } = await published();
    await runStep(contest.id, "open", at(1));
    const unpaid = await entry(contest.id, "pending_payment");
    const paid = await entry(contest.id, "submitted");

    // The window includes its close instant.
    expect(await runStep(contest.id, "close", DATES.submissionsClose)).toEqual({
      status: "not-due",
    });
    expect(
      (await prisma.submission.findUniqueOrThrow({ where: { id: unpaid.submission.id } })).status,
    ).toBe("pending_payment");
    expect(await runStep(contest.id, "close", at(10, 1))).toMatchObject({ status: "finished" });
    expect(await runStep(contest.id, "close", at(10, 2))).toEqual({ status: "done" });
    const statuses = await prisma.submission.findMany({
      where: { contestId: contest.id },
      select: { id: true, status: true },
    });
    expect(new Map(statuses.map((s) => [s.id, s.status]))).toEqual(
      new Map([
        [unpaid.submission.id, "expired"],
        [paid.submission.id, "submitted"],
      ]),
    );
    expect(await mailsTo(unpaid.writer.email, "entry-expired")).toHaveLength(1);
    expect(await mailsTo(paid.writer.email)).toHaveLength(0);
  });

  test("assign: the balanced auto-assign with the contest's judges per entry, one e-mail per judge", async () => {
    const { contest, judges } = await published({ judges: 3, judgesPerSubmission: 2 });
    for (let i = 0; i < 3; i++) await entry(contest.id);
    await runUpTo(contest.id, "assign", at(10, 1));
    expect(await runStep(contest.id, "assign", at(11, -1))).toEqual({ status: "not-due" });
    expect(
      await prisma.judgeAssignment.count({
        where: { contestId: contest.id, submissionId: { not: null } },
      }),
    ).toBe(0);

    expect(await runStep(contest.id, "assign", at(11))).toEqual({ status: "finished", sent: 3 });
    expect(await runStep(contest.id, "assign", at(11, 5))).toEqual({ status: "done" });
    expect(
      await prisma.judgeAssignment.count({
        where: { contestId: contest.id, submissionId: { not: null } },
      }),
    ).toBe(6);
    for (const j of judges) {
      const mails = await mailsTo(j.email, "judge-assigned");
      expect(mails.map((m) => m.subject)).toEqual([`2 entries to judge in ${contest.title}`]);
      // The due date is shown in the contest's zone.
      expect(mails[0].body).toContain("CST");
    }
  });

  test("assign with an empty panel, then a panel too small, fails with the reason and a backoff; a retry after seating judges finishes", async () => {
    const { contest } = await published({ judgesPerSubmission: 2 });
    const { submission } = await entry(contest.id);
    // Judges on the site but none on this contest's panel: nobody to assign.
    await person("judge", ["judge"]);
    await runUpTo(contest.id, "assign", at(11));
    expect(await runStep(contest.id, "assign", at(11))).toEqual({
      status: "failed",
      error: "This contest has no judges on its panel yet.",
    });
    const failed = await stepRow(contest.id, "assign");
    expect(failed).toMatchObject({
      attempts: 1,
      lastError: "This contest has no judges on its panel yet.",
      finishedAt: null,
    });
    expect(failed.nextAttemptAt).toEqual(at(11, 30_000));
    // One judge for two per entry: the step fails naming the short entry, and writes nothing.
    const first = await person("judge", ["judge"]);
    await seatPanel(contest.id, [first.id]);
    const short = await runStep(contest.id, "assign", at(11, 30_000));
    expect(short).toMatchObject({ status: "failed" });
    const title = (await prisma.submission.findUniqueOrThrow({ where: { id: submission.id } }))
      .title;
    expect((short as { error: string }).error).toContain(
      `“${title}” needs 2 judges and can have only 1`,
    );
    expect(await prisma.judgeAssignment.count({ where: { contestId: contest.id } })).toBe(0);
    const second = await person("judge", ["judge"]);
    await seatPanel(contest.id, [second.id]);
    expect(await runStep(contest.id, "assign", at(11, 120_000))).toEqual({
      status: "finished",
      sent: 2,
    });
    expect(await stepRow(contest.id, "assign")).toMatchObject({ attempts: 3, lastError: null });
  });

  test("a failed recipient is retried alone; the others are never sent twice", async () => {
    const { contest, judges } = await published({ judges: 3, judgesPerSubmission: 1 });
    for (let i = 0; i < 3; i++) await entry(contest.id);
    await runUpTo(contest.id, "assign", at(11));
    failing.add(judges[1].email);
    const first = await runStep(contest.id, "assign", at(11));
    expect(first).toMatchObject({ status: "failed" });
    expect(first.status === "failed" && first.error).toContain("1 of 3 e-mails failed");
    failing.clear();
    expect(await runStep(contest.id, "assign", at(11, 30_000))).toEqual({
      status: "finished",
      sent: 1,
    });
    for (const j of judges) expect(await mailsTo(j.email, "judge-assigned")).toHaveLength(1);
  });

  test("remind: judges with unscored entries get the count; finished judges and short windows get nothing", async () => {
    const { contest, judges } = await published({ judges: 2, judgesPerSubmission: 2 });
    for (let i = 0; i < 2; i++) await entry(contest.id);
    await runUpTo(contest.id, "remind", at(11));
    await scoreAll(contest.id, judges[0].id, contest.rubrics[0].id);
    expect(await runStep(contest.id, "remind", at(18, -1))).toEqual({ status: "not-due" });
    expect(await runStep(contest.id, "remind", at(18))).toEqual({ status: "finished", sent: 1 });
    expect(await runStep(contest.id, "remind", at(19))).toEqual({ status: "done" });
    expect(await mailsTo(judges[0].email, "judge-reminder")).toHaveLength(0);
    const [mail] = await mailsTo(judges[1].email, "judge-reminder");
    expect(mail.subject).toBe(`Reminder: 2 entries still to score in ${contest.title}`);
  });

  test("remind: a judging window of 48 hours or less still gets its reminder, half-way", async () => {
    // Before: the reminder was due when judging opened and sent nothing, yet said "Done".
    const short = await published({
      judges: 1,
      judgesPerSubmission: 1,
      dates: { judgingOpen: at(11), judgingClose: at(12), resultsAt: at(13) },
    });
    await entry(short.contest.id);
    await runUpTo(short.contest.id, "remind", at(11));
    expect(await runStep(short.contest.id, "remind", at(11))).toEqual({ status: "not-due" });
    expect(await runStep(short.contest.id, "remind", at(11, 12 * 3_600_000))).toEqual({
      status: "finished",
      sent: 1,
    });
    expect(await stepRow(short.contest.id, "remind")).toMatchObject({
      outcome: "sent",
      note: "1 e-mail sent.",
    });
  });

  test("remind: the lead is the contest's setting; nothing to send is said on the step", async () => {
    const { contest, judges } = await published({ judges: 1, judgesPerSubmission: 1 });
    await prisma.contest.update({ where: { id: contest.id }, data: { remindLeadHours: 24 } });
    await syncSteps(contest.id);
    expect((await stepRow(contest.id, "remind")).dueAt).toEqual(at(19));
    await entry(contest.id);
    await runUpTo(contest.id, "remind", at(11));
    await scoreAll(contest.id, judges[0].id, contest.rubrics[0].id);
    expect(await runStep(contest.id, "remind", at(18))).toEqual({ status: "not-due" });
    expect(await runStep(contest.id, "remind", at(19))).toEqual({
      status: "finished",
      sent: 0,
      nothing: "Every judge had scored all their entries.",
    });
    expect(await stepRow(contest.id, "remind")).toMatchObject({
      outcome: "nothing",
      note: "Nothing to send. Every judge had scored all their entries.",
    });
    const [row] = (await workflowContests(at(19)))
      .find((c) => c.id === contest.id)!
      .steps.filter((s) => s.step === "remind");
    expect(row).toMatchObject({ state: "done", note: expect.stringMatching(/^Nothing to send/) });
    expect(await mailsTo(judges[0].email, "judge-reminder")).toHaveLength(0);
  });

  test("a step whose moment passed in a way that would mislead is skipped, and says so", async () => {
    // Published (or republished) after the window closed: no "open for submissions" e-mail.
    const { contest, judges } = await published({ judges: 1, judgesPerSubmission: 1 });
    const reader = await person("reader");
    await prisma.notifyRequest.create({ data: { userId: reader.id, contestId: contest.id } });
    await entry(contest.id);
    const late = at(25);
    const outcome = await runStep(contest.id, "open", late);
    expect(outcome).toMatchObject({ status: "finished", sent: 0, skipped: expect.any(String) });
    expect(await mailsTo(reader.email)).toHaveLength(0);
    expect(await stepRow(contest.id, "open")).toMatchObject({
      outcome: "skipped",
      note: "Submissions had already closed, so no “open for submissions” e-mail was sent.",
    });
    // After judging closed: no judges assigned, no reminders; results still go out.
    await runStep(contest.id, "close", late);
    expect(await runStep(contest.id, "assign", late)).toMatchObject({
      skipped: expect.any(String),
    });
    expect(await runStep(contest.id, "remind", late)).toMatchObject({
      skipped: expect.any(String),
    });
    expect(
      await prisma.judgeAssignment.count({
        where: { contestId: contest.id, submissionId: { not: null } },
      }),
    ).toBe(0);
    expect(await mailsTo(judges[0].email)).toHaveLength(0);
    const view = (await workflowContests(late)).find((c) => c.id === contest.id)!;
    expect(view.steps.map((s) => [s.step, s.state])).toEqual([
      ["open", "skipped"],
      ["close", "done"],
      ["assign", "skipped"],
      ["remind", "skipped"],
      ["results", "due"],
    ]);
    expect(view.steps[0].action).toBeNull();
  });

  test("results: the ranking is frozen and each judged writer is told once", async () => {
    const { contest, judges } = await published({ judges: 1, judgesPerSubmission: 1 });
    const judged = await entry(contest.id);
    await runUpTo(contest.id, "results", at(18));
    await scoreAll(contest.id, judges[0].id, contest.rubrics[0].id, 8);
    const unjudged = await entry(contest.id); // entered late by hand: no assignment, no score
    expect(await runStep(contest.id, "results", at(21, -1))).toEqual({ status: "not-due" });
    expect(await prisma.frozenResult.count({ where: { contestId: contest.id } })).toBe(0);
    expect(await runStep(contest.id, "results", at(21))).toEqual({ status: "finished", sent: 1 });
    // A later score edit does not change the frozen ranking.
    await prisma.score.updateMany({ where: { judgeId: judges[0].id }, data: { total: 2 } });
    expect(await runStep(contest.id, "results", at(22))).toEqual({ status: "done" });
    const frozen = await prisma.frozenResult.findMany({
      where: { contestId: contest.id },
      orderBy: { submissionId: "asc" },
    });
    expect(frozen.find((f) => f.submissionId === judged.submission.id)).toMatchObject({
      rank: 1,
      average: 8,
      scored: 1,
    });
    expect(frozen.find((f) => f.submissionId === unjudged.submission.id)).toMatchObject({
      rank: null,
      scored: 0,
    });
    expect(await mailsTo(judged.writer.email, "results-ready")).toHaveLength(1);
    expect(await mailsTo(unjudged.writer.email)).toHaveLength(0);
  });

  test("steps run in order, and not at all while the contest is unpublished", async () => {
    const { contest } = await published();
    expect(await runStep(contest.id, "results", at(30))).toEqual({ status: "waiting" });
    await prisma.contest.update({ where: { id: contest.id }, data: { isPublished: false } });
    expect(await runStep(contest.id, "open", at(30))).toEqual({ status: "unpublished" });
    expect((await stepRow(contest.id, "open")).attempts).toBe(0);
  });

  test("the entry confirmation is sent once, and only for a submitted entry", async () => {
    const { contest } = await published();
    const { writer, submission } = await entry(contest.id);
    expect(await confirmEntry(submission.id)).toBe("sent");
    expect(await confirmEntry(submission.id)).toBe("already-sent");
    expect(await mailsTo(writer.email, "submission-confirmation")).toHaveLength(1);
    const unpaid = await entry(contest.id, "pending_payment");
    expect(await confirmEntry(unpaid.submission.id)).toBe("nothing-to-send");
  });
});
