import { describe, expect, test } from "vitest";
import {
  HOUR,
  MAX_ATTEMPTS,
  backoffMs,
  isStepDue,
  nextAttemptAt,
  plannedSteps,
  remindLeadMs,
  nextTickDelay,
  nothingNote,
  errorMessage,
  SCHEDULER_LEASE_MS,
  schedulerTiming,
  skipReason,
  STEP_LEASE_MS,
  stepDueAt,
  stepLabel,
} from "./steps";

const DAY = 24 * HOUR;
const base = Date.parse("2026-03-01T12:00:00Z");
const contest = {
  submissionsOpen: new Date(base),
  submissionsClose: new Date(base + 10 * DAY),
  judgingOpen: new Date(base + 11 * DAY),
  judgingClose: new Date(base + 20 * DAY),
  resultsAt: new Date(base + 21 * DAY),
};

describe("lifecycle steps", () => {
  test("each step is due at its date; close just after the inclusive close instant", () => {
    const plan = plannedSteps(contest, []);
    expect(plan.map((p) => `${p.step}:${p.round}`)).toEqual([
      "open:1",
      "close:1",
      "assign:1",
      "remind:1",
      "results:1",
    ]);
    expect(plan.map((p) => p.dueAt.toISOString())).toEqual([
      "2026-03-01T12:00:00.000Z",
      "2026-03-11T12:00:00.001Z",
      "2026-03-12T12:00:00.000Z",
      "2026-03-19T12:00:00.000Z",
      "2026-03-22T12:00:00.000Z",
    ]);
    expect(isStepDue("close", contest, contest.submissionsClose)).toBe(false);
    expect(isStepDue("close", contest, new Date(base + 10 * DAY + 1))).toBe(true);
    expect(isStepDue("open", contest, new Date(base - 1))).toBe(false);
  });

  test("a contest of rounds: assign, remind and advance per round, results after the last", () => {
    const rounds = [
      {
        number: 1,
        judgingOpen: new Date(base + 11 * DAY),
        judgingClose: new Date(base + 15 * DAY),
      },
      {
        number: 2,
        judgingOpen: new Date(base + 16 * DAY),
        judgingClose: new Date(base + 20 * DAY),
      },
    ];
    const plan = plannedSteps(contest, rounds);
    expect(plan.map((p) => `${p.step}:${p.round}`)).toEqual([
      "open:1",
      "close:1",
      "assign:1",
      "remind:1",
      "advance:1",
      "assign:2",
      "remind:2",
      "results:1",
    ]);
    const at = (step: string, round: number) =>
      plan.find((p) => p.step === step && p.round === round)!.dueAt.toISOString();
    expect(at("assign", 2)).toBe("2026-03-17T12:00:00.000Z");
    expect(at("advance", 1)).toBe("2026-03-16T12:00:00.001Z");
    // The 48-hour lead before round 1 closes.
    expect(at("remind", 1)).toBe("2026-03-14T12:00:00.000Z");
    expect(stepLabel({ step: "assign", round: 2 }, 2)).toBe("Assign judges · Round 2");
    expect(stepLabel({ step: "advance", round: 1 }, 2)).toBe("Advance to round 2");
    expect(stepLabel({ step: "assign", round: 1 }, 0)).toBe("Assign judges");
  });

  test("a judging window of 48 hours or less still gets its reminder, half-way through", () => {
    // Judging lasts 24 hours: the 48-hour lead is capped at 12 hours.
    const short = { ...contest, judgingClose: new Date(base + 12 * DAY) };
    expect(remindLeadMs(short)).toBe(12 * HOUR);
    expect(stepDueAt("remind", short).toISOString()).toBe("2026-03-13T00:00:00.000Z");
    expect(skipReason("remind", short, stepDueAt("remind", short))).toBeNull();
    // Exactly 48 hours: reminded after 24.
    const two = { ...contest, judgingClose: new Date(base + 13 * DAY) };
    expect(stepDueAt("remind", two).getTime()).toBe(base + 12 * DAY);
  });

  test("the reminder lead is the contest's setting, capped at half the judging window", () => {
    expect(remindLeadMs({ ...contest, remindLeadHours: 24 })).toBe(24 * HOUR);
    expect(stepDueAt("remind", { ...contest, remindLeadHours: 24 }).toISOString()).toBe(
      "2026-03-20T12:00:00.000Z",
    );
    expect(remindLeadMs({ ...contest, remindLeadHours: 1000 })).toBe(4.5 * DAY);
  });

  test("a step whose moment has passed in a way that would mislead is skipped, with a reason", () => {
    const afterClose = new Date(base + 10 * DAY + 1);
    expect(skipReason("open", contest, new Date(base + DAY))).toBeNull();
    expect(skipReason("open", contest, afterClose)).toMatch(/already closed/);
    expect(skipReason("close", contest, new Date(base + 30 * DAY))).toBeNull();
    expect(skipReason("assign", contest, contest.judgingClose)).toBeNull();
    expect(skipReason("assign", contest, new Date(base + 20 * DAY + 1))).toMatch(/no judges/);
    expect(skipReason("remind", contest, new Date(base + 20 * DAY + 1))).toMatch(/no reminders/);
    expect(skipReason("results", contest, new Date(base + 90 * DAY))).toBeNull();
  });

  test("backoff doubles from 30 seconds up to an hour, then attempts run out", () => {
    expect([1, 2, 3, 4].map(backoffMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(backoffMs(20)).toBe(HOUR);
    const now = new Date(base);
    expect(nextAttemptAt(1, now)?.getTime()).toBe(base + 30_000);
    expect(nextAttemptAt(MAX_ATTEMPTS, now)).toBeNull();
  });
});

describe("the scheduler's lease agrees with the step's (ADR 0045)", () => {
  test("one minute for both; ticks at least twice a lease", () => {
    expect(SCHEDULER_LEASE_MS).toBe(STEP_LEASE_MS);
    expect(STEP_LEASE_MS).toBe(60_000);
    expect(schedulerTiming()).toEqual({ intervalMs: 30_000, leaseMs: 60_000 });
    expect(schedulerTiming(60_000).intervalMs).toBe(30_000);
    expect(schedulerTiming(500).intervalMs).toBe(500);
  });
  test("a waiting instance wakes when the lease it waits for runs out", () => {
    const now = new Date(base);
    expect(nextTickDelay(now, 30_000, null)).toBe(30_000);
    expect(nextTickDelay(now, 30_000, new Date(base + 12_000))).toBe(12_001);
    expect(nextTickDelay(now, 30_000, new Date(base + 90_000))).toBe(30_000);
    expect(nextTickDelay(now, 30_000, new Date(base - 5))).toBe(1_000);
  });
});

test('a step that never sends e-mail says what it did, not "Nothing to send"', () => {
  expect(nothingNote("advance", "6 entries go on to round 2.")).toBe("6 entries go on to round 2.");
  expect(nothingNote("remind", "Every judge had scored all their entries.")).toBe(
    "Nothing to send. Every judge had scored all their entries.",
  );
  expect(nothingNote("open")).toBe("Nothing to send.");
});

describe("errorMessage", () => {
  test("says what a thrown Response was, where JSON says {}", () => {
    expect(errorMessage(new Response("busy", { status: 503 }))).toBe(
      "The database stayed busy (503).",
    );
    expect(errorMessage(new Response("no", { status: 404, statusText: "Not Found" }))).toBe(
      "Answered 404 Not Found",
    );
    expect(errorMessage(new Error("boom"))).toBe("boom");
    expect(errorMessage({ kind: "TransactionWriteConflict" })).toBe(
      '{"kind":"TransactionWriteConflict"}',
    );
  });
});
