/**
 * The copy check during a deadline rush (docs/decisions/0054-copied-entries.md): a tick's
 * "entry/copies.check" events are claimed, indexed and marked delivered together, so the jobs of
 * a class's 30 entries take the database's writer a few times, not three or more times an entry
 * (on SQLite every one of those writes is a turn of the one writer the entrants wait for, and
 * each commit sends the other server process's open entry transaction back to start again).
 * The outcome is the same as checking each entry alone: every entry indexed, the copied pair
 * found, every event delivered once; a batch that fails is delivered one event at a time.
 */
import { describe, expect, test } from "vitest";
import { observeSql, prisma } from "~/utils/db.server";
import { deliverDueEvents } from "~/features/lifecycle/outbox.server";
import { handleLocally, localBatches, tick } from "~/features/lifecycle/scheduler.server";
import { COPY_CHECK_HOLD } from "~/features/originality/hold";
import { classEntries } from "./copies-fixtures";

const CLASS = 30;
/** Writes to the tables the copy check and its outbox touch. */
const CHECK_WRITE =
  /^\s*(INSERT INTO|UPDATE|DELETE FROM)\s+(?:[`"](?:main|public)[`"]\.)?[`"](OutboxEvent|EntrySignature|EntryKey|CopyPair)[`"]/;

async function outcome(contestId: string) {
  const [indexed, pairs, undelivered] = await Promise.all([
    prisma.entrySignature.count({ where: { contestId } }),
    prisma.copyPair.findMany({
      where: { contestAId: contestId },
      select: { entryAId: true, entryBId: true, kind: true },
    }),
    prisma.outboxEvent.count({
      where: { name: "entry/copies.check", deliveredAt: null },
    }),
  ]);
  return { indexed, pairs, undelivered };
}

describe("the copy checks of a rush", () => {
  test("a tick checks a class's 30 entries with a few writes, and finds the same pair", async () => {
    const { contestId, ids } = await classEntries(CLASS, { queue: true });
    const writes: string[] = [];
    const stop = observeSql((e) => {
      if (CHECK_WRITE.test(e.sql)) writes.push(e.sql.slice(0, 60));
    });
    try {
      // After the class's last entry has been quiet long enough (the hold: copies-hold.test.ts).
      const quiet = Date.now() + COPY_CHECK_HOLD.quietMs + 1000;
      await tick(new Date(quiet), { holder: "rush-test", maintenance: false });
    } finally {
      stop();
    }
    const found = await outcome(contestId);
    expect(found.indexed).toBe(CLASS);
    expect(found.undelivered).toBe(0);
    expect(found.pairs).toEqual([expect.objectContaining({ kind: "near-identical" })]);
    expect(new Set([found.pairs[0]!.entryAId, found.pairs[0]!.entryBId])).toEqual(
      new Set(ids.slice(0, 2)),
    );
    // One claim, the index in one transaction (old rows out, signatures and keys in), the pair
    // once, one delivered mark: 7 writes. Before batching: 30 claims, 30 index transactions of
    // 4 writes, the pair from both sides and 30 delivered marks (182 writes).
    expect(writes.some((w) => w.includes("EntryKey"))).toBe(true);
    expect(writes.length, writes.join("\n")).toBeLessThanOrEqual(8);
  });

  test("a failing batch is delivered event by event: each recorded on its own", async () => {
    const { contestId } = await classEntries(CLASS, { queue: true });
    // A batch delivery that fails: the events fall back to the single delivery, which works.
    const failing = { "entry/copies.check": async () => Promise.reject(new Error("boom")) };
    const report = await deliverDueEvents(new Date(Date.now() + 1000), handleLocally, 50, failing);
    expect(report).toEqual({ delivered: CLASS, failed: 0 });
    const found = await outcome(contestId);
    expect(found.indexed).toBe(CLASS);
    expect(found.pairs).toHaveLength(1);
    const attempts = await prisma.outboxEvent.findMany({
      where: { name: "entry/copies.check" },
      select: { attempts: true },
    });
    expect(new Set(attempts.map((a) => a.attempts))).toEqual(new Set([1]));
    // The batch delivery the scheduler uses is the copy check's.
    expect(Object.keys(localBatches)).toEqual(["entry/copies.check"]);
  });
});
