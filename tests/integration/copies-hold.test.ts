/**
 * The copy checks wait while entries arrive (docs/decisions/0054-copied-entries.md): on SQLite
 * each commit of the process running the checks restarts the other server process's open entry
 * transaction, and during a deadline rush entrants ran out of retries (503). A tick that finds a
 * copy check queued less than the quiet time ago holds every queued check (never a writer's
 * confirmation e-mail); the first tick after a quiet spell runs them; and however steady the
 * stream, no check waits longer than the bound.
 * The ticks run on a fake clock: each entry's event is written at the moment it "arrives".
 */
import { describe, expect, test } from "vitest";
import { prisma } from "~/utils/db.server";
import { tick } from "~/features/lifecycle/scheduler.server";
import { classEntries } from "./copies-fixtures";

const CLASS = 30;
const HOLD = { quietMs: 10_000, maxHoldMs: 300_000 };
const T = Date.parse("2027-01-02T09:00:00Z");
const at = (ms: number) => new Date(T + ms);
const opts = (holder = "hold-test") => ({
  holder,
  leaseMs: 1_000,
  maintenance: false,
  copyCheckHold: HOLD,
});

/**
 * The entry's events written at `when`, as its submit writes them (due at once): its copy check,
 * and its confirmation e-mail unless a teacher sent it.
 */
async function arrives(submissionId: string, when: Date, confirm = false) {
  const names = confirm ? ["entry/submitted", "entry/copies.check"] : ["entry/copies.check"];
  await prisma.outboxEvent.createMany({
    data: names.map((name) => ({
      name,
      payload: JSON.stringify({ submissionId }),
      createdAt: when,
      nextAttemptAt: when,
    })),
  });
}

const confirmations = () =>
  prisma.emailLog.count({ where: { template: "submission-confirmation" } });

async function state(contestId: string) {
  const [indexed, pairs, queued] = await Promise.all([
    prisma.entrySignature.count({ where: { contestId } }),
    prisma.copyPair.count({ where: { contestAId: contestId } }),
    prisma.outboxEvent.count({ where: { name: "entry/copies.check", deliveredAt: null } }),
  ]);
  return { indexed, pairs, queued };
}

describe("the copy checks wait for a quiet stream", () => {
  test("a tick that sees new entries holds the checks; a tick after a quiet spell runs them", async () => {
    const { contestId, ids } = await classEntries(CLASS);
    // 30 entries in 29 seconds; the first five writers enter on their own (a confirmation each).
    for (const [i, id] of ids.entries()) await arrives(id, at(i * 1_000), i < 5);
    const mailed = await confirmations();

    const during = await tick(at(29_500), opts("instance-a"));
    expect(await state(contestId)).toEqual({ indexed: 0, pairs: 0, queued: CLASS });
    // The writers' confirmations are not held: they say the story arrived.
    expect(await confirmations()).toBe(mailed + 5);
    expect(during.copyChecks).toEqual({ run: false, reason: "arriving", until: at(39_000) });
    // Still within the quiet time of the last entry: held again.
    expect((await tick(at(38_999), opts("instance-a"))).copyChecks?.run).toBe(false);
    expect((await state(contestId)).indexed).toBe(0);

    // Quiet for 10 s: the next tick (another instance, once the first's lease has run out: the
    // hold is the outbox's state, not a process's) checks all 30, finding the one pair.
    const quiet = await tick(at(40_000), opts("instance-b"));
    expect(quiet.leased).toBe(true);
    expect(quiet.copyChecks).toEqual({ run: true, reason: "quiet" });
    expect(quiet.events).toEqual({ delivered: CLASS, failed: 0 });
    expect(await state(contestId)).toEqual({ indexed: CLASS, pairs: 1, queued: 0 });
    expect(await confirmations()).toBe(mailed + 5);

    // Run again later: nothing queued, nothing changes (idempotent).
    const again = await tick(at(60_000), opts("instance-b"));
    expect(again.copyChecks).toEqual({ run: true, reason: "nothing queued" });
    expect(await state(contestId)).toEqual({ indexed: CLASS, pairs: 1, queued: 0 });
  });

  test("in a steady stream the bound runs the checks: none waits more than 5 minutes", async () => {
    // An entry every 10 s for 6 minutes and a half (36 entries), a tick a second after each.
    const { contestId, ids } = await classEntries(36);
    const ran: { tick: number; reason: string; indexed: number }[] = [];
    for (const [i, id] of ids.entries()) {
      await arrives(id, at(i * 10_000));
      const now = i * 10_000 + 1_000;
      const report = await tick(at(now), opts());
      if (report.copyChecks?.run)
        ran.push({
          tick: now,
          reason: report.copyChecks.reason,
          indexed: (await state(contestId)).indexed,
        });
    }
    // Held for 30 ticks; the first tick past the bound (5 min after entry 0 arrived) checks the
    // 31 entries received so far; the entries after it wait again (their own bound).
    expect(ran).toEqual([{ tick: 301_000, reason: "overdue", indexed: 31 }]);
    expect((await state(contestId)).queued).toBe(5);
    // The stream stops: quiet 10 s after the last entry, the rest are checked.
    const last = (ids.length - 1) * 10_000;
    expect((await tick(at(last + 9_999), opts())).copyChecks?.run).toBe(false);
    expect((await tick(at(last + 10_000), opts())).copyChecks?.reason).toBe("quiet");
    expect(await state(contestId)).toEqual({ indexed: 36, pairs: 1, queued: 0 });
  });

  test("two instances ticking at once check each entry once", async () => {
    const { contestId, ids } = await classEntries(CLASS);
    // (Later than the other tests' ticks: their lease rows may still be live.)
    for (const id of ids) await arrives(id, at(1_000_000));
    const quiet = at(1_020_000);
    const reports = await Promise.all([tick(quiet, opts("a")), tick(quiet, opts("b"))]);
    expect(reports.filter((r) => r.leased)).toHaveLength(1);
    expect(reports.reduce((n, r) => n + r.events.delivered, 0)).toBe(CLASS);
    expect(await state(contestId)).toEqual({ indexed: CLASS, pairs: 1, queued: 0 });
    const attempts = await prisma.outboxEvent.findMany({
      where: { name: "entry/copies.check" },
      select: { attempts: true },
    });
    expect(new Set(attempts.map((a) => a.attempts))).toEqual(new Set([1]));
  });
});
