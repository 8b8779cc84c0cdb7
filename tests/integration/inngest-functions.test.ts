import { InngestTestEngine } from "@inngest/test";
import { describe, expect, test } from "vitest";
import { prisma } from "~/utils/db.server";
import { syncSteps } from "~/features/lifecycle/lifecycle.server";
import { STEPS, stepDueAt } from "~/features/lifecycle/steps";
import { contestLifecycle } from "../../inngest/contest-lifecycle";
import { entrySubmittedConfirmation } from "../../inngest/entry-submitted";
import { RECONCILE_CRON, reconcileLifecycle } from "../../inngest/reconcile";
import { functions } from "../../inngest/functions";
import { entry, lifecycleContest, mailsTo, person } from "./lifecycle-fixtures";

// @inngest/test runs step.run for real (against this file's database); sleeps are mocked by step
// id, because the engine never resolves a real one. Retries and cancelOn are not modelled by the
// engine, so the function's registered configuration is asserted instead.
const DAY = 86_400_000;
// A fresh list each time: the engine adds the steps it ran to the list it was given.
const sleeps = () => STEPS.map((s) => ({ id: `sleep-${s}`, handler: () => undefined }));

/** A published contest whose dates have all passed (the runs below use the real clock). */
async function pastContest(resultsInDays = -1) {
  const now = Date.now();
  const made = await lifecycleContest({
    judges: 2,
    judgesPerSubmission: 2,
    published: true,
    dates: {
      submissionsOpen: new Date(now - 30 * DAY),
      submissionsClose: new Date(now - 20 * DAY),
      judgingOpen: new Date(now - 19 * DAY),
      judgingClose: new Date(now - 2 * DAY),
      resultsAt: new Date(now + resultsInDays * DAY),
    },
  });
  await syncSteps(made.contest.id);
  return made;
}

const scheduleEvent = (contestId: string) =>
  [{ name: "contest/schedule.changed", data: { contestId } }] as [
    { name: string; data: Record<string, unknown> },
  ];

describe("contest-lifecycle function", () => {
  test("sleeps until each step's stored UTC instant", async () => {
    const { contest } = await lifecycleContest({ published: true });
    const t = new InngestTestEngine({
      function: contestLifecycle,
      events: scheduleEvent(contest.id),
    });
    // The engine reports the sleep op with its target instant as the op's name.
    const first = await t.executeStep("sleep-open");
    expect(first.step).toMatchObject({
      op: "Sleep",
      name: stepDueAt("open", contest).toISOString(),
    });
    // After the earlier steps ran (their dates passed), the run sleeps until results_at.
    const { contest: soon } = await pastContest(3);
    const later = await new InngestTestEngine({
      function: contestLifecycle,
      events: scheduleEvent(soon.id),
      steps: sleeps().filter((s) => s.id !== "sleep-results"),
    }).executeStep("sleep-results");
    expect(later.step).toMatchObject({ op: "Sleep", name: soon.resultsAt.toISOString() });
  });

  test("runs every step through the services, one step per e-mail, each e-mail once", async () => {
    const { contest, judges } = await pastContest();
    const { writer } = await entry(contest.id);
    const unpaid = await entry(contest.id, "pending_payment");
    const reader = await person("reader");
    await prisma.notifyRequest.create({ data: { userId: reader.id, contestId: contest.id } });
    const t = new InngestTestEngine({
      function: contestLifecycle,
      events: scheduleEvent(contest.id),
      steps: sleeps(),
    });
    const { result, ctx } = await t.execute();
    expect(result).toEqual({
      contestId: contest.id,
      done: ["open", "close", "assign", "remind", "results"],
      stopped: null,
    });
    const ids = (ctx.step.run as unknown as { mock: { calls: [string][] } }).mock.calls.map(
      (c) => c[0],
    );
    expect(ids).toContain(`begin-assign`);
    expect(ids).toContain(`email-close:${unpaid.submission.id}`);
    const rows = await prisma.lifecycleStep.findMany({ where: { contestId: contest.id } });
    expect(rows.every((r) => r.finishedAt)).toBe(true);
    expect(await mailsTo(unpaid.writer.email, "entry-expired")).toHaveLength(1);
    // Every date has passed: no "open" e-mail after the close, no judges after judging closed
    // (docs/decisions/0022-lifecycle-follows-the-public.md); the steps say they were skipped.
    expect(
      ids.filter((id) => id.startsWith("email-open") || id.startsWith("email-assign")),
    ).toEqual([]);
    expect(await mailsTo(reader.email, "contest-open")).toHaveLength(0);
    for (const j of judges) expect(await mailsTo(j.email, "judge-assigned")).toHaveLength(0);
    const outcome = Object.fromEntries(rows.map((r) => [r.step, r.outcome]));
    expect(outcome).toMatchObject({ open: "skipped", close: "sent", assign: "skipped" });

    // A second run (a resent event) finds every step done and sends nothing.
    const again = await new InngestTestEngine({
      function: contestLifecycle,
      events: scheduleEvent(contest.id),
      steps: sleeps(),
    }).execute();
    expect(JSON.parse(JSON.stringify(again.result))).toMatchObject({ done: [], stopped: null });
    expect(await mailsTo(unpaid.writer.email, "entry-expired")).toHaveLength(1);
    expect(await mailsTo(writer.email, "results-ready")).toHaveLength(0);
  });

  test("stops when the contest is unpublished", async () => {
    const { contest } = await pastContest();
    await prisma.contest.update({ where: { id: contest.id }, data: { isPublished: false } });
    const t = new InngestTestEngine({
      function: contestLifecycle,
      events: scheduleEvent(contest.id),
      steps: sleeps(),
    });
    const { result } = await t.execute();
    expect(JSON.parse(JSON.stringify(result))).toEqual({
      contestId: contest.id,
      done: [],
      stopped: "unpublished",
    });
  });

  test("a newer schedule event for the contest or unpublishing cancels the run; retries are set", () => {
    const opts = contestLifecycle.opts as unknown as {
      retries: number;
      cancelOn: { event: { name: string } | string; if?: string; match?: string }[];
    };
    expect(opts.retries).toBeGreaterThan(0);
    const cancel = opts.cancelOn.map((c) => ({
      event: typeof c.event === "string" ? c.event : c.event.name,
      if: c.if,
      match: c.match,
    }));
    expect(cancel).toEqual([
      {
        event: "contest/schedule.changed",
        if: "async.data.contestId == event.data.contestId && async.ts > event.ts",
        match: undefined,
      },
      { event: "contest/unpublished", if: undefined, match: "data.contestId" },
    ]);
  });
});

describe("entry-submitted and reconcile functions", () => {
  test("the confirmation is sent once, with retries configured", async () => {
    const { contest } = await lifecycleContest({ published: true });
    const { writer, submission } = await entry(contest.id);
    const t = new InngestTestEngine({
      function: entrySubmittedConfirmation,
      events: [{ name: "entry/submitted", data: { submissionId: submission.id } }],
    });
    expect((await t.execute()).result).toEqual({ submissionId: submission.id, outcome: "sent" });
    // A redelivery (a fresh engine, no memoised step state) sends nothing new.
    const redelivery = new InngestTestEngine({
      function: entrySubmittedConfirmation,
      events: [{ name: "entry/submitted", data: { submissionId: submission.id } }],
    });
    expect((await redelivery.execute()).result).toMatchObject({ outcome: "already-sent" });
    expect(await mailsTo(writer.email, "submission-confirmation")).toHaveLength(1);
    expect((entrySubmittedConfirmation.opts as { retries?: number }).retries).toBe(10);
  });

  test("reconcile runs the due steps that were missed, on a cron", async () => {
    const { contest, judges } = await pastContest();
    await entry(contest.id);
    const t = new InngestTestEngine({ function: reconcileLifecycle });
    const { result } = await t.execute();
    expect((result as { ran: number }).ran).toBeGreaterThan(0);
    const open = await prisma.lifecycleStep.findUniqueOrThrow({
      where: { contestId_step_round: { contestId: contest.id, step: "open", round: 1 } },
    });
    expect(open.finishedAt).not.toBeNull();
    expect(JSON.stringify(reconcileLifecycle.opts)).toContain(RECONCILE_CRON);
    expect(judges).toHaveLength(2);
  });

  test("every function is served", () => {
    expect(functions.map((f) => f.id())).toEqual([
      "contest-lifecycle",
      "contest-message-send",
      "contest-copies-check",
      "entry-copy-disqualified-notice",
      "entry-copies-check",
      "entry-submitted-confirmation",
      "finalize-entry-payment",
      "entry-refund-notice",
      "lifecycle-reconcile",
    ]);
  });
});
