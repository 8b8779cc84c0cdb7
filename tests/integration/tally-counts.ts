import { expect } from "vitest";
import { prisma } from "~/utils/db.server";

// The Overview's counters (ContestTally, docs/decisions/0064-overview-counts.md) as stored and as
// counted afresh from the source rows, for the tests that check them after every kind of write.

type Key = string;
type Counts = Map<Key, [number, number]>;

/** The counters as stored, zero rows left out. */
async function stored(contestId: string): Promise<Counts> {
  const rows = await prisma.contestTally.findMany({ where: { contestId } });
  const out: Counts = new Map();
  for (const r of rows) {
    // The consent rows are spread over slots (ADR 0064): their sum is the count.
    const key =
      r.kind === "consent"
        ? "consent"
        : `${r.kind}|${r.status}|${r.divisionId}|${r.round}|${r.flag}`;
    const [n, scored] = out.get(key) ?? [0, 0];
    out.set(key, [n + r.n, scored + r.scored]);
  }
  for (const [key, [n, scored]] of out) if (n === 0 && scored === 0) out.delete(key);
  return out;
}

/** The same, counted afresh from the rows (the Overview's queries before ADR 0064). */
export async function fresh(contestId: string): Promise<Counts> {
  const out: Counts = new Map();
  const entries = await prisma.submission.groupBy({
    by: ["status", "divisionId", "mentionsEntrant"],
    where: { contestId },
    _count: { _all: true },
  });
  for (const g of entries)
    out.set(`entry|${g.status}|${g.divisionId ?? ""}|0|${g.mentionsEntrant}`, [g._count._all, 0]);
  const payments = await prisma.payment.groupBy({
    by: ["status"],
    where: { contestId },
    _count: { _all: true },
  });
  for (const p of payments) out.set(`payment|${p.status}||0|false`, [p._count._all, 0]);
  const live = await prisma.judgeAssignment.findMany({
    where: { contestId, releasedAt: null, submissionId: { not: null } },
    select: {
      round: true,
      submission: { select: { divisionId: true } },
      score: { select: { submittedAt: true } },
    },
  });
  const unassigned = await prisma.submission.count({
    where: {
      contestId,
      status: "submitted",
      assignments: { none: { round: 1, releasedAt: null, submissionId: { not: null } } },
    },
  });
  if (unassigned) out.set("unassigned|||0|false", [unassigned, 0]);
  const consent = await prisma.submission.count({
    where: {
      contestId,
      status: { in: ["pending_payment", "submitted"] },
      entrant: { parentEmail: { not: null }, parentConsentAt: null },
    },
  });
  if (consent) out.set("consent", [consent, 0]);
  for (const a of live) {
    const key = `judging||${a.submission?.divisionId ?? ""}|${a.round}|false`;
    const [n, scored] = out.get(key) ?? [0, 0];
    out.set(key, [n + 1, scored + (a.score?.submittedAt ? 1 : 0)]);
  }
  return out;
}

export async function expectTrue(contestId: string, when: string) {
  const [s, f] = [await stored(contestId), await fresh(contestId)];
  const sorted = (m: Counts) => [...m.entries()].sort(([a], [b]) => a.localeCompare(b));
  expect(sorted(s), when).toEqual(sorted(f));
}
