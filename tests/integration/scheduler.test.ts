import { describe, expect, test } from "vitest";
import { prisma } from "~/utils/db.server";
import { publishContest, updateContest } from "~/features/contests/contest-admin.server";
import { enqueueEvent } from "~/utils/outbox.server";
import { acquireLease, tick, type SchedulerOptions } from "~/features/lifecycle/scheduler.server";
import { beginStep, renewStepLease, runStep } from "~/features/lifecycle/lifecycle.server";
import { STEP_LEASE_MS } from "~/features/lifecycle/steps";
import { workflowContests } from "~/features/lifecycle/workflows.server";
import { getContestBySlug } from "~/features/contests/public-contests.server";
import { publicPhase } from "~/features/contests/phase";
import { seatPanel } from "./panel-fixtures";
import { at, entry, lifecycleContest, mailsTo, person, stepRow } from "./lifecycle-fixtures";

// The embedded scheduler against the real database, driven by calling tick() with a fake clock.
// Each test uses its own lease holder names; a lease left by an earlier test expires in a minute
// of fake time, and every test's clock starts later than the last one's.
// The contest steps only: the maintenance jobs would take the fake clock, years ahead, at its word.
const lease = { leaseMs: 60_000, maintenance: false };
let epoch = 0;
/** A fresh fake-time base per test, so leases of earlier tests have expired. */
const clock = () => {
  epoch += 1000;
  return (days: number, ms = 0) => new Date(at(days, ms).getTime() + epoch * 86_400_000);
};

async function stepTimes(contestId: string) {
  const rows = await prisma.lifecycleStep.findMany({ where: { contestId } });
  return Object.fromEntries(rows.map((r) => [r.step, r.finishedAt?.toISOString() ?? null]));
}

async function publishedContest(t: (d: number, ms?: number) => Date, judges = 2) {
  const made = await lifecycleContest({
    judges,
    judgesPerSubmission: 2,
    dates: {
      submissionsOpen: t(1),
      submissionsClose: t(10),
      judgingOpen: t(11),
      judgingClose: t(20),
      resultsAt: t(21),
    },
  });
  await publishContest(made.contest.id, t(0));
  return made;
}

describe("embedded scheduler", () => {
  test("a contest moves through every step in order, each e-mail sent exactly once", async () => {
    const t = clock();
    const opts: SchedulerOptions = { holder: "solo", ...lease };
    const { contest, judges } = await publishedContest(t);
    const reader = await person("reader");
    await prisma.notifyRequest.create({ data: { userId: reader.id, contestId: contest.id } });

    // Publishing wrote contest/schedule.changed in its transaction; the first tick delivers it.
    const first = await tick(t(0), opts);
    expect(first).toMatchObject({ leased: true, events: { delivered: 1, failed: 0 }, steps: [] });
    expect(await stepTimes(contest.id)).toEqual({
      open: null,
      close: null,
      assign: null,
      remind: null,
      results: null,
    });

    const finished: string[] = [];
    let writer = "";
    for (const now of [t(1), t(5), t(10, 1), t(11), t(18), t(21), t(22)]) {
      if (now.getTime() === t(5).getTime()) {
        const e = await entry(contest.id);
        writer = e.writer.email;
        await enqueueEvent(prisma, "entry/submitted", { submissionId: e.submission.id }, now);
      }
      const report = await tick(now, opts);
      finished.push(...report.steps.map((s) => `${s.step}:${s.outcome.status}`));
    }
    expect(finished).toEqual([
      "open:finished",
      "close:finished",
      "assign:finished",
      "remind:finished",
      "results:finished",
    ]);
    const times = await stepTimes(contest.id);
    expect(times).toEqual({
      open: t(1).toISOString(),
      close: t(10, 1).toISOString(),
      assign: t(11).toISOString(),
      remind: t(18).toISOString(),
      results: t(21).toISOString(),
    });
    expect(await mailsTo(reader.email, "contest-open")).toHaveLength(1);
    expect(await mailsTo(writer, "submission-confirmation")).toHaveLength(1);
    for (const j of judges) {
      expect(await mailsTo(j.email, "judge-assigned")).toHaveLength(1);
      expect(await mailsTo(j.email, "judge-reminder")).toHaveLength(1);
    }
    expect(await mailsTo(writer, "results-ready")).toHaveLength(0); // nobody scored it
  });

  test("a throwing step is retried with backoff and its error recorded", async () => {
    const t = clock();
    const opts: SchedulerOptions = { holder: "retry", ...lease };
    const { contest } = await publishedContest(t, 0);
    await entry(contest.id);
    // Nobody on the contest's panel: nobody to assign.
    {
      await tick(t(0), opts);
      const report = await tick(t(11), opts);
      expect(report.steps.map((s) => [s.step, s.outcome.status])).toEqual([
        ["open", "finished"],
        ["close", "finished"],
        ["assign", "failed"],
      ]);
      const row = () =>
        prisma.lifecycleStep.findUniqueOrThrow({
          where: { contestId_step_round: { contestId: contest.id, step: "assign", round: 1 } },
        });
      expect(await row()).toMatchObject({
        attempts: 1,
        lastError: "This contest has no judges on its panel yet.",
      });
      // Within the backoff nothing runs; after it, the step is tried again.
      expect((await tick(t(11, 10_000), opts)).steps).toEqual([]);
      expect((await tick(t(11, 30_000), opts)).steps[0].outcome.status).toBe("failed");
      expect(await row()).toMatchObject({ attempts: 2, nextAttemptAt: t(11, 90_000) });
    }
    const judge = await person("judge", ["judge"]);
    const second = await person("judge", ["judge"]);
    await seatPanel(contest.id, [judge.id, second.id]);
    const report = await tick(t(11, 90_000), opts);
    expect(report.steps[0]).toMatchObject({ step: "assign", outcome: { status: "finished" } });
    expect(await mailsTo(judge.email, "judge-assigned")).toHaveLength(1);
  });

  test("an outbox event that fails is retried with backoff; with Inngest the row id is the event id", async () => {
    const t = clock();
    const sent: { id: string; name: string }[] = [];
    let fail = true;
    const opts: SchedulerOptions = {
      holder: "dispatcher",
      ...lease,
      dispatch: async (event) => {
        if (fail) throw new Error("Inngest unreachable");
        sent.push({ id: event.id, name: event.name });
      },
    };
    const { id } = await enqueueEvent(prisma, "entry/submitted", { submissionId: "s-x" }, t(0));
    expect((await tick(t(0), opts)).events).toEqual({ delivered: 0, failed: 1 });
    const row = () => prisma.outboxEvent.findUniqueOrThrow({ where: { id } });
    expect(await row()).toMatchObject({
      attempts: 1,
      lastError: "Inngest unreachable",
      nextAttemptAt: t(0, 30_000),
      deliveredAt: null,
    });
    fail = false;
    expect((await tick(t(0, 29_000), opts)).events.delivered).toBe(0);
    expect((await tick(t(0, 30_000), opts)).events.delivered).toBe(1);
    expect(sent).toEqual([{ id, name: "entry/submitted" }]);
    expect(await row()).toMatchObject({ attempts: 2, deliveredAt: t(0, 30_000) });
  });

  test("a restart in the middle resumes where the database says, and re-sends nothing", async () => {
    const t = clock();
    const { contest, judges } = await publishedContest(t);
    await entry(contest.id);
    await tick(t(0), { holder: "before-restart", ...lease });
    await tick(t(11), { holder: "before-restart", ...lease });
    // The process dies holding the lease. A new one waits for the lease to expire, then resumes.
    const after = { holder: "after-restart", ...lease };
    expect((await tick(t(11, 30_000), after)).leased).toBe(false);
    // Meanwhile the admin moved and published the results date; the change reaches the rows
    // through the outbox.
    const { getContest } = await import("~/features/contests/contest-admin.server");
    const c = (await getContest(contest.id))!;
    await updateContest(
      contest.id,
      {
        ...c,
        rules: c.rules ?? "",
        isPublished: true,
        resultsAt: t(25),
      } as unknown as Parameters<typeof updateContest>[1],
      { publish: true },
      t(11, 40_000),
    );
    const resumed = await tick(t(22), after);
    expect(resumed.leased).toBe(true);
    expect(resumed.steps.map((s) => s.step)).toEqual(["remind"]);
    expect((await tick(t(25), after)).steps.map((s) => s.step)).toEqual(["results"]);
    for (const j of judges) expect(await mailsTo(j.email, "judge-assigned")).toHaveLength(1);
  });

  test("two scheduler instances never run a step twice", async () => {
    const t = clock();
    const { contest, judges } = await publishedContest(t);
    await entry(contest.id);
    await tick(t(0), { holder: "a", ...lease });
    // Two processes tick at the same moment: only one holds the lease.
    const reports = await Promise.all([
      tick(t(11), { holder: "a", ...lease }),
      tick(t(11), { holder: "b", ...lease }),
    ]);
    expect(reports.filter((r) => r.leased)).toHaveLength(1);
    // a's lease from t(0) has expired, so either may win; the other cannot take it a second later.
    const loser = reports[0].leased ? "b" : "a";
    expect(await acquireLease(loser, t(11, 1000), 60_000)).toBe(false);
    // And two runs of one step at once (the admin's "Run now" beside the scheduler): one runs it.
    const both = await Promise.all([
      runStep(contest.id, "remind", t(18)),
      runStep(contest.id, "remind", t(18)),
    ]);
    // The other found it running ("busy") or, when the first had already ended, done.
    const statuses = both.map((o) => o.status);
    expect(statuses.filter((status) => status === "finished")).toHaveLength(1);
    expect(statuses.filter((status) => status !== "finished")).toEqual([
      expect.stringMatching(/^(busy|done)$/),
    ]);
    for (const j of judges) {
      expect(await mailsTo(j.email, "judge-assigned")).toHaveLength(1);
      expect(await mailsTo(j.email, "judge-reminder")).toHaveLength(1);
    }
  });
  test("publish, a date change and unpublish write their events in the same transaction", async () => {
    const t = clock();
    const { getContest, unpublishContest } =
      await import("~/features/contests/contest-admin.server");
    const events = async (contestId: string) =>
      (await prisma.outboxEvent.findMany({ orderBy: [{ createdAt: "asc" }, { id: "asc" }] }))
        .filter((e) => JSON.parse(e.payload).contestId === contestId)
        .map((e) => e.name);
    const { contest } = await publishedContest(t);
    const input = async (over: Record<string, unknown>) => {
      const c = (await getContest(contest.id))!;
      return { ...c, rules: c.rules ?? "", isPublished: true, ...over } as unknown as Parameters<
        typeof updateContest
      >[1];
    };
    await updateContest(contest.id, await input({ title: "Renamed" }), {}, t(0));
    // Saved but not published dates move nothing (docs/decisions/0022-lifecycle-follows-the-public.md).
    await updateContest(contest.id, await input({ judgingClose: t(19) }), {}, t(0));
    // The reminder lead is not public: a change moves the reminder at once.
    await updateContest(contest.id, await input({ remindLeadHours: 24 }), {}, t(0));
    await updateContest(contest.id, await input({}), { publish: true }, t(0));
    await unpublishContest(contest.id);
    expect(await events(contest.id)).toEqual([
      "contest/schedule.changed",
      "contest/schedule.changed",
      "contest/schedule.changed",
      "contest/unpublished",
    ]);
    // A refused publish (no prompt) rolls its event back with it.
    const bare = await lifecycleContest();
    await prisma.prompt.deleteMany({ where: { contestId: bare.contest.id } });
    await expect(publishContest(bare.contest.id, t(0))).rejects.toThrow();
    expect(await events(bare.contest.id)).toEqual([]);
  });
});

describe("the schedule follows the dates the public sees", () => {
  test("saved but unpublished dates move no step; publishing them does", async () => {
    const t = clock();
    const opts: SchedulerOptions = { holder: "dates", ...lease };
    const { contest } = await publishedContest(t);
    const reader = await person("reader");
    await prisma.notifyRequest.create({ data: { userId: reader.id, contestId: contest.id } });
    await tick(t(0), opts);
    const dueAt = async () =>
      Object.fromEntries(
        (await prisma.lifecycleStep.findMany({ where: { contestId: contest.id } })).map((r) => [
          r.step,
          r.dueAt.toISOString(),
        ]),
      );
    const before = await dueAt();
    expect(before.open).toBe(t(1).toISOString());

    // The admin moves the open earlier and the close later, and presses Update Contest.
    const { getContest } = await import("~/features/contests/contest-admin.server");
    const input = async (over: Record<string, unknown>) => {
      const c = (await getContest(contest.id))!;
      return { ...c, rules: c.rules ?? "", isPublished: true, ...over } as unknown as Parameters<
        typeof updateContest
      >[1];
    };
    await updateContest(
      contest.id,
      await input({ submissionsOpen: t(0, 3_600_000), submissionsClose: t(10, 43_200_000) }),
      {},
      t(0, 60_000),
    );
    await tick(t(0, 120_000), opts);
    expect(await dueAt()).toEqual(before);
    // At the saved (unpublished) open time nothing is sent: the public page still says Coming Soon.
    const early = t(0, 7_200_000);
    const report = await tick(early, opts);
    expect(report.steps).toEqual([]);
    const shown = (await getContestBySlug(contest.slug))!;
    expect(publicPhase(shown, early)).toBe("coming_soon");
    expect(await mailsTo(reader.email, "contest-open")).toHaveLength(0);
    expect((await stepRow(contest.id, "open")).finishedAt).toBeNull();

    // Publishing the new dates moves the steps, and the open step runs on the new date.
    await updateContest(contest.id, await input({}), { publish: true }, t(0, 7_300_000));
    await tick(t(0, 7_400_000), opts);
    const after = await dueAt();
    expect(after.open).toBe(t(0, 3_600_000).toISOString());
    expect(after.close).toBe(new Date(t(10, 43_200_000).getTime() + 1).toISOString());
    expect(await mailsTo(reader.email, "contest-open")).toHaveLength(1);
    expect((await stepRow(contest.id, "open")).finishedAt).not.toBeNull();
  });
});

describe("a step whose holder died", () => {
  test("a lease not renewed is taken over within a minute, and shown as stalled with Retry", async () => {
    const t = clock();
    const opts: SchedulerOptions = { holder: "survivor", ...lease };
    const { contest, judges } = await publishedContest(t);
    await entry(contest.id);
    await tick(t(0), opts);
    await tick(t(11), opts); // open, close and assign have run
    // A process claims the reminder and dies before sending (it never renews its lease).
    const claimed = await beginStep(contest.id, "remind", t(18), "dead-process");
    expect(claimed).toMatchObject({ status: "started", holder: "dead-process" });
    const view = async (now: Date) =>
      (await workflowContests(now))
        .find((c) => c.id === contest.id)!
        .steps.find((s) => s.step === "remind")!;
    // While the lease is fresh, it is running and nobody else takes it.
    expect(await view(t(18, 30_000))).toMatchObject({ state: "running", action: null });
    expect((await tick(t(18, 30_000), opts)).steps).toEqual([]);
    // The holder renews while it works; nobody else can renew its lease.
    expect(await renewStepLease(contest.id, "remind", "someone-else", t(18, 40_000))).toBe(false);
    // Not renewed within the lease: stalled, with Retry, and the next round takes it over.
    const late = t(18, STEP_LEASE_MS + 1);
    expect(await view(late)).toMatchObject({ state: "stalled", action: "Retry" });
    const report = await tick(late, opts);
    expect(report.steps.map((s) => [s.step, s.outcome.status])).toEqual([["remind", "finished"]]);
    for (const j of judges) expect(await mailsTo(j.email, "judge-reminder")).toHaveLength(1);
    expect(await stepRow(contest.id, "remind")).toMatchObject({ lockedBy: null, attempts: 2 });
  });

  test("the holder's heartbeat keeps its lease while it works", async () => {
    const t = clock();
    const { contest } = await publishedContest(t);
    await entry(contest.id);
    await tick(t(0), { holder: "hb", ...lease });
    await tick(t(11), { holder: "hb", ...lease });
    await beginStep(contest.id, "remind", t(18), "alive");
    expect(await renewStepLease(contest.id, "remind", "alive", t(18, 50_000))).toBe(true);
    // Renewed at +50 s: still held at +61 s, so nobody takes it over.
    expect((await tick(t(18, STEP_LEASE_MS + 1), { holder: "other", ...lease })).steps).toEqual([]);
    expect((await stepRow(contest.id, "remind")).lockedBy).toBe("alive");
  });

  test("with the default leases, a killed instance's step is taken over a minute after its claim", async () => {
    const t = clock();
    // The defaults (no leaseMs): what the server runs with (ADR 0045).
    const a: SchedulerOptions = { holder: "killed", maintenance: false };
    const b: SchedulerOptions = { holder: "other", maintenance: false };
    const { contest, judges } = await publishedContest(t);
    await entry(contest.id);
    await tick(t(0), a);
    await tick(t(11), a); // open, close and assign have run
    // The instance ticks, claims the reminder and is killed (SIGKILL): no heartbeat any more.
    expect((await tick(t(18, -1), a)).leased).toBe(true);
    expect(await beginStep(contest.id, "remind", t(18), "killed-run")).toMatchObject({
      status: "started",
    });
    // The other instance waits, and knows when to look again: when the lease runs out.
    const waiting = await tick(t(18, 30_000), b);
    expect(waiting).toMatchObject({ leased: false, steps: [] });
    expect(waiting.wakeAt?.getTime()).toBe(t(18, -1 + 60_000).getTime());
    // A minute after the claim, both leases have run out: it takes the step over.
    const report = await tick(t(18, 60_001), b);
    expect(report.leased).toBe(true);
    expect(report.steps.map((s) => [s.step, s.outcome.status])).toEqual([["remind", "finished"]]);
    for (const j of judges) expect(await mailsTo(j.email, "judge-reminder")).toHaveLength(1);
  });
});
