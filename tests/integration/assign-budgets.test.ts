/**
 * Auto-assign's statement budget (docs/decisions/0048-performance-budgets.md, issue 36): the
 * admin's Auto-Assign, as the route runs it (runRoundAssign), on a panel of 60 judges (10 with a
 * capacity), entrant conflicts and 3 judges per entry, sends as many SQL statements for 5,000
 * entries as for 500, give or take a small constant: no statement per entry, per judge or per
 * chunk of pairs. Counted, never timed; on both engines. Every entry gets its 3 judges, no capped
 * judge goes over, no conflict is paired.
 */
import { beforeAll, describe, expect, test } from "vitest";
import { engine, isDatabaseBusy, observeSql, prisma, type SqlEvent } from "~/utils/db.server";
import { insertAssignments } from "~/features/assignment/insert.server";
import { runRoundAssign } from "~/features/assignment/round-assign.server";

const DAY = 86_400_000;
const JUDGES = 60;
const CAPPED = 10;
const PER_ENTRY = 3;
const CONFLICTS = 20;

type Seeded = { contestId: string; judges: string[]; writers: string[]; entries: number };

async function seedContest(entries: number): Promise<Seeded> {
  const now = Date.now();
  const stamp = `${entries}-${now.toString(36)}`;
  const contest = await prisma.contest.create({
    data: {
      slug: `assign-budget-${stamp}`,
      title: `Assign budget ${entries}`,
      description: "Auto-assign's statement budget",
      isPublished: true,
      judgesPerSubmission: PER_ENTRY,
      submissionsOpen: new Date(now - 40 * DAY),
      submissionsClose: new Date(now - 2 * DAY),
      judgingOpen: new Date(now - DAY),
      judgingClose: new Date(now + 10 * DAY),
      resultsAt: new Date(now + 20 * DAY),
    },
    select: { id: true },
  });
  const people = (prefix: string, n: number) =>
    Array.from({ length: n }, (_, i) => ({
      id: `${prefix}${i}-${stamp}`,
      email: `${prefix}${i}-${stamp}@assign-budget.test`,
      displayName: `${prefix} ${i}`,
    }));
  const judges = people("aj", JUDGES);
  const writers = people("aw", entries);
  await prisma.user.createMany({ data: [...judges, ...writers] });
  await prisma.userRole.createMany({ data: judges.map((j) => ({ userId: j.id, role: "judge" })) });
  // An activated account (a password) is what makes a panel judge assignable.
  await prisma.password.createMany({ data: judges.map((j) => ({ userId: j.id, hash: "x" })) });
  // Capped judges take a little less than an even share, so the others take more.
  const even = Math.ceil((entries * PER_ENTRY) / JUDGES);
  await prisma.panelMember.createMany({
    data: judges.map((j, i) => ({
      contestId: contest.id,
      judgeId: j.id,
      status: "accepted" as const,
      capacity: i < CAPPED ? Math.floor(even * 0.9) : null,
      respondedAt: new Date(now + i),
    })),
  });
  for (let i = 0; i < entries; i += 1000)
    await prisma.submission.createMany({
      data: writers.slice(i, i + 1000).map((w, k) => ({
        id: `ae${i + k}-${stamp}`,
        contestId: contest.id,
        entrantId: w.id,
        title: `Entry ${i + k}`,
        body: "A short story about a door.",
        wordCount: 6,
        status: "submitted" as const,
        createdAt: new Date(now - 3 * DAY - (i + k) * 1000),
      })),
    });
  await prisma.conflict.createMany({
    data: Array.from({ length: CONFLICTS }, (_, i) => ({
      judgeId: judges[i % JUDGES].id,
      contestId: contest.id,
      kind: "entrant",
      entrantId: writers[(i * 7) % entries].id,
      source: "admin",
    })),
  });
  return {
    contestId: contest.id,
    judges: judges.map((j) => j.id),
    writers: writers.map((w) => w.id),
    entries,
  };
}

async function assignCounted(seeded: Seeded) {
  const events: SqlEvent[] = [];
  const stop = observeSql((e) => events.push(e));
  let result;
  const started = Date.now();
  try {
    result = await runRoundAssign(seeded.contestId, 1, new Date(), PER_ENTRY);
  } finally {
    stop();
  }
  // Every pair carries the run's time, as the clock read it (no time zone shift on either engine).
  const times = await prisma.judgeAssignment.groupBy({
    by: ["createdAt"],
    where: { contestId: seeded.contestId },
  });
  expect(times).toHaveLength(1);
  expect(times[0].createdAt.getTime()).toBeGreaterThanOrEqual(started);
  expect(times[0].createdAt.getTime()).toBeLessThanOrEqual(Date.now());
  if (process.env.ASSIGN_PROFILE)
    console.log(
      events
        .map(
          (e) =>
            `${e.ms.toFixed(1)} ms, ${e.rows} rows: ${e.sql.replace(/\s+/g, " ").slice(0, 140)}`,
        )
        .join("\n"),
    );
  return {
    result,
    statements: events.length,
    sql: events.map((e) => e.sql.slice(0, 160)),
    inserts: events.map((e) => e.sql).filter((q) => /^\s*INSERT INTO "JudgeAssignment"/.test(q)),
  };
}

async function checkOutcome(seeded: Seeded) {
  const pairs = await prisma.judgeAssignment.findMany({
    where: { contestId: seeded.contestId, submissionId: { not: null } },
    select: { judgeId: true, submissionId: true, round: true },
  });
  expect(pairs).toHaveLength(seeded.entries * PER_ENTRY);
  const perEntry = new Map<string, number>();
  const perJudge = new Map<string, number>();
  for (const p of pairs) {
    perEntry.set(p.submissionId!, (perEntry.get(p.submissionId!) ?? 0) + 1);
    perJudge.set(p.judgeId, (perJudge.get(p.judgeId) ?? 0) + 1);
    expect(p.round).toBe(1);
  }
  expect(perEntry.size).toBe(seeded.entries);
  expect([...new Set(perEntry.values())]).toEqual([PER_ENTRY]);
  const even = Math.ceil((seeded.entries * PER_ENTRY) / JUDGES);
  for (const j of seeded.judges.slice(0, CAPPED))
    expect(perJudge.get(j) ?? 0).toBeLessThanOrEqual(Math.floor(even * 0.9));
  const conflicts = await prisma.conflict.findMany({
    where: { contestId: seeded.contestId },
    select: { judgeId: true, entrantId: true },
  });
  const paired = await prisma.judgeAssignment.count({
    where: {
      contestId: seeded.contestId,
      OR: conflicts.map((c) => ({ judgeId: c.judgeId, submission: { entrantId: c.entrantId! } })),
    },
  });
  expect(paired).toBe(0);
}

let small: Seeded;
let large: Seeded;
beforeAll(async () => {
  small = await seedContest(500);
  large = await seedContest(Number(process.env.ASSIGN_PROFILE) || 5_000);
}, 240_000);

describe("auto-assign's statements do not grow with the contest", () => {
  test("5,000 entries: as many statements as 500, every entry assigned within the panel's rules", async () => {
    const a = await assignCounted(small);
    expect(a.result).toMatchObject({ ok: true, created: small.entries * PER_ENTRY });
    const b = await assignCounted(large);
    expect(b.result).toMatchObject({ ok: true, created: large.entries * PER_ENTRY });
    console.log(
      `auto-assign: ${a.statements} statements for 500 entries, ${b.statements} for ${large.entries}`,
    );
    expect(b.statements, b.sql.join("\n")).toBeLessThanOrEqual(a.statements + 2);
    // The whole run, from the contest's rounds to the last pair: 26 statements (25 reads and one
    // INSERT for up to 20,000 pairs; 145 for 20,000 entries before ADR 0059); on SQLite 4 more
    // that move the Overview's counters once for the whole contest instead of once a row, with
    // the triggers held back (docs/decisions/0069-bulk-counters.md).
    expect(b.statements, b.sql.join("\n")).toBeLessThanOrEqual(30);
    // PostgreSQL writes a round's pairs, which this transaction read as new, in one plain INSERT
    // (up to 60,000 pairs): no speculative insertion (ON CONFLICT) and no lookup of each pair's
    // entry, which were a fifth of the insert's time; one run of its statement triggers
    // (docs/decisions/0077-assign-writes.md). Three statements of 20,000 before.
    if (engine === "postgres") {
      expect(b.inserts, b.inserts.join("\n")).toHaveLength(1);
      expect(b.inserts[0]).not.toMatch(/ON CONFLICT/);
      expect(b.inserts[0]).not.toMatch(/"Submission"/);
    }
    await checkOutcome(small);
    await checkOutcome(large);
  }, 120_000);

  test("a pair another run wrote meanwhile is a conflict to retry, never a second row", async () => {
    const pair = await prisma.judgeAssignment.findFirstOrThrow({
      where: { contestId: small.contestId },
      select: { judgeId: true, submissionId: true },
    });
    const again = [
      { id: `again-${Date.now().toString(36)}`, contestId: small.contestId, ...pair },
    ] as { id: string; contestId: string; judgeId: string; submissionId: string }[];
    const written = prisma.$transaction((tx) => insertAssignments(tx, again, new Date(), 1, true));
    // SQLite has one writer: the pair is skipped (ON CONFLICT DO NOTHING), as it always was.
    if (engine === "sqlite") expect(await written).toBe(0);
    else expect(isDatabaseBusy(await written.catch((e: unknown) => e))).toBe(true);
    expect(await prisma.judgeAssignment.count({ where: { contestId: small.contestId } })).toBe(
      small.entries * PER_ENTRY,
    );
  }, 30_000);
});
