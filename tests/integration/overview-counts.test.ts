import { beforeAll, describe, expect, test } from "vitest";
import { runAutoAssign } from "~/features/assignment/auto-assign.server";
import { insertAssignments } from "~/features/assignment/insert.server";
import { addJudgeTo } from "~/features/assignment/replacement.server";
import { contestOverview } from "~/features/lifecycle/overview.server";
import { engine, prisma } from "~/utils/db.server";
import { newId } from "~/utils/ids";
import { DATES, lifecycleContest, person, T0 } from "./lifecycle-fixtures";
import { expectTrue, fresh } from "./tally-counts";

// Issue 36: the contest's Overview counted the whole contest on every request (entries by status,
// payments, judging progress over every live assignment: 2.5 s at 200,000 entries). It now reads
// counters kept by triggers on both engines (ContestTally, docs/decisions/0064-overview-counts.md).
// What protects their correctness: after every kind of change the app makes (entries made, paid,
// withdrawn, disqualified, moved between divisions, flagged, deleted; assignments made, moved to
// another round, released, taken back, deleted; scores submitted, changed, removed; payments
// paid, refunded, deleted), in one transaction or many, the counters equal a fresh COUNT of the
// source rows, and the Overview shows what those counts say.

const PER_WRITER = 30; // a class of 30

let contestId = "";
let other = "";
let rubricId = "";
let divisions: string[] = [];
let judges: string[] = [];
const entries: string[] = [];

beforeAll(async () => {
  const made = await lifecycleContest({ published: true });
  contestId = made.contest.id;
  rubricId = made.contest.rubrics[0]!.id;
  other = (await lifecycleContest({ published: true })).contest.id;
  divisions = await Promise.all(
    ["Younger", "Older"].map(async (name, position) => {
      const d = await prisma.division.create({
        data: {
          contestId,
          name,
          position,
          basis: "grade",
          min: position * 5,
          max: position * 5 + 4,
        },
      });
      return d.id;
    }),
  );
  judges = [];
  for (let i = 0; i < 3; i++) judges.push((await person("judge", ["judge"])).id);
});

async function addEntry(
  i: number,
  contest = contestId,
  divs = contest === contestId ? divisions : [],
) {
  const writer = await person("writer");
  // Every third writer is a child whose parent has not consented yet.
  if (i % 3 === 0)
    await prisma.user.update({
      where: { id: writer.id },
      data: { parentEmail: `parent-${writer.id}@example.test` },
    });
  const status = i % 4 === 0 ? ("pending_payment" as const) : ("submitted" as const);
  const submission = await prisma.submission.create({
    data: {
      contestId: contest,
      entrantId: writer.id,
      title: `Story ${i}`,
      body: "A story.",
      status,
      divisionId: divs[i % 3] ?? null,
      mentionsEntrant: i % 7 === 0,
    },
  });
  await prisma.payment.create({
    data: {
      submissionId: submission.id,
      contestId: contest,
      feeCents: 500,
      amountCents: 500,
      status: status === "submitted" ? "paid" : "open",
    },
  });
  return submission.id;
}

describe("the Overview's counters equal a fresh count, on this engine", () => {
  test("a class's entries, paid, judged, withdrawn, moved and deleted", async () => {
    for (let i = 0; i < PER_WRITER; i++) entries.push(await addEntry(i));
    await addEntry(1, other);
    await expectTrue(contestId, "entries made");

    // Every entry to every judge in round 1; the first ten also in round 2.
    const assignments: { id: string; judgeId: string; submissionId: string }[] = [];
    for (const submissionId of entries)
      for (const judgeId of judges) {
        const a = await prisma.judgeAssignment.create({
          data: { contestId, judgeId, submissionId, round: 1 },
        });
        assignments.push({ id: a.id, judgeId, submissionId });
      }
    await prisma.judgeAssignment.create({ data: { contestId, judgeId: judges[0]! } }); // pre-assigned
    await expectTrue(contestId, "assignments made");

    // Scores: half submitted, some drafts-era rows without submittedAt.
    for (const [n, a] of assignments.entries())
      if (n % 2 === 0)
        await prisma.score.create({
          data: {
            assignmentId: a.id,
            rubricId,
            judgeId: a.judgeId,
            submissionId: a.submissionId,
            scores: "{}",
            total: 7,
            submittedAt: n % 6 === 0 ? null : new Date(),
          },
        });
    await expectTrue(contestId, "scores submitted");

    // A score un-submitted, one submitted, one removed.
    await prisma.score.updateMany({
      where: { assignmentId: assignments[2]!.id },
      data: { submittedAt: null },
    });
    await prisma.score.updateMany({
      where: { assignmentId: assignments[0]!.id },
      data: { submittedAt: new Date() },
    });
    await prisma.score.deleteMany({ where: { assignmentId: assignments[4]!.id } });
    await expectTrue(contestId, "scores changed");

    // Paid, withdrawn, disqualified, expired, reinstated; a payment refunded and one deleted.
    await prisma.$transaction([
      prisma.submission.update({ where: { id: entries[0]! }, data: { status: "submitted" } }),
      prisma.payment.update({ where: { submissionId: entries[0]! }, data: { status: "paid" } }),
    ]);
    await prisma.submission.update({ where: { id: entries[1]! }, data: { status: "withdrawn" } });
    await prisma.submission.update({
      where: { id: entries[2]! },
      data: { status: "disqualified", disqualifyReason: "Copied" },
    });
    await prisma.submission.update({ where: { id: entries[4]! }, data: { status: "expired" } });
    await prisma.submission.update({ where: { id: entries[2]! }, data: { status: "submitted" } });
    await prisma.payment.update({
      where: { submissionId: entries[1]! },
      data: { status: "refunded" },
    });
    await prisma.payment.delete({ where: { submissionId: entries[3]! } });
    await expectTrue(contestId, "statuses changed");

    // Moved between divisions (with live, released and scored assignments), flagged, unflagged.
    await prisma.judgeAssignment.update({
      where: { id: assignments[15]!.id },
      data: { releasedAt: new Date() },
    });
    await prisma.submission.update({ where: { id: entries[5]! }, data: { divisionId: null } });
    await prisma.submission.update({
      where: { id: entries[6]! },
      data: { divisionId: divisions[1]!, mentionsEntrant: true },
    });
    await prisma.submission.update({
      where: { id: entries[7]! },
      data: { mentionsEntrant: false },
    });
    await expectTrue(contestId, "divisions and flags changed");

    // Round changes, release and taking back, a live assignment deleted, a released one deleted.
    await prisma.judgeAssignment.update({ where: { id: assignments[9]!.id }, data: { round: 2 } });
    await prisma.judgeAssignment.updateMany({
      where: { submissionId: { in: entries.slice(10, 14) }, judgeId: judges[1] },
      data: { round: 2 },
    });
    await prisma.judgeAssignment.update({
      where: { id: assignments[18]!.id },
      data: { releasedAt: new Date() },
    });
    await prisma.judgeAssignment.update({
      where: { id: assignments[15]!.id },
      data: { releasedAt: null },
    });
    await prisma.judgeAssignment.delete({ where: { id: assignments[21]!.id } });
    await prisma.judgeAssignment.delete({ where: { id: assignments[18]!.id } });
    // An assignment moved to another entry (in another division).
    await prisma.judgeAssignment.update({
      where: { id: assignments[24]!.id },
      data: { submissionId: entries[29]!, judgeId: (await person("judge", ["judge"])).id },
    });
    await expectTrue(contestId, "assignments changed");

    // Entries left with no judge in round 1: every judge moved to round 2, released, or deleted;
    // then one judged again.
    await prisma.judgeAssignment.updateMany({
      where: { submissionId: entries[20]! },
      data: { round: 2 },
    });
    await prisma.judgeAssignment.updateMany({
      where: { submissionId: entries[21]! },
      data: { releasedAt: new Date() },
    });
    await prisma.judgeAssignment.deleteMany({ where: { submissionId: entries[22]! } });
    // All of an entry's judges in one statement, as auto-assign writes them.
    await prisma.judgeAssignment.deleteMany({ where: { submissionId: entries[23]! } });
    await prisma.judgeAssignment.createMany({
      data: judges.map((judgeId) => ({ contestId, judgeId, submissionId: entries[23]! })),
    });
    await prisma.judgeAssignment.updateMany({
      where: { submissionId: entries[21]!, judgeId: judges[0] },
      data: { releasedAt: null },
    });
    await prisma.submission.update({ where: { id: entries[20]! }, data: { status: "withdrawn" } });
    await prisma.submission.update({
      where: { id: entries[22]! },
      data: { status: "disqualified" },
    });
    await prisma.submission.update({ where: { id: entries[22]! }, data: { status: "submitted" } });
    await expectTrue(contestId, "entries without a judge");

    // Parents consent, a parent's e-mail is added, one consent is taken back.
    const writerOf = async (id: string) =>
      (await prisma.submission.findUniqueOrThrow({ where: { id }, select: { entrantId: true } }))
        .entrantId;
    await prisma.user.update({
      where: { id: await writerOf(entries[3]!) },
      data: { parentConsentAt: new Date() },
    });
    await prisma.user.update({
      where: { id: await writerOf(entries[25]!) },
      data: { parentEmail: "late-parent@example.test" },
    });
    await prisma.user.update({
      where: { id: await writerOf(entries[3]!) },
      data: { parentConsentAt: null },
    });
    await prisma.user.update({
      where: { id: await writerOf(entries[27]!) },
      data: { parentConsentAt: new Date() },
    });
    await expectTrue(contestId, "consent given and added");

    // Entries deleted with their assignments, scores and payments (as the retention policy does
    // with a writer's account), one of them in a transaction that also adds and moves another.
    await prisma.submission.delete({ where: { id: entries[8]! } });
    const late = await person("writer");
    await prisma.$transaction([
      prisma.submission.create({
        data: {
          id: `late-${process.pid}-${Date.now()}`,
          contestId,
          entrantId: late.id,
          title: "Late",
          status: "pending_payment",
          divisionId: divisions[0]!,
        },
      }),
      prisma.submission.updateMany({
        where: { entrantId: late.id },
        data: { status: "submitted", divisionId: divisions[1]! },
      }),
      prisma.submission.delete({ where: { id: entries[9]! } }),
    ]);
    const writer = await prisma.submission.findUniqueOrThrow({
      where: { id: entries[15]! },
      select: { entrantId: true },
    });
    await prisma.user.delete({ where: { id: writer.entrantId } });
    await expectTrue(contestId, "entries deleted");
    await expectTrue(other, "the other contest untouched");
  });

  // ADR 0069: the bulk insert of assignments (auto-assign from the panel, a replacement, a round's
  // judges) adds its rows to the counters itself on SQLite, the insert triggers held back while it
  // writes; on PostgreSQL a statement's new rows are counted once, grouped.
  test("auto-assign, a replacement, a later round and a clash, written in bulk", async () => {
    const c = (await lifecycleContest({ published: true })).contest.id;
    const divs = await Promise.all(
      ["A", "B"].map(
        async (name, position) =>
          (
            await prisma.division.create({
              data: {
                contestId: c,
                name,
                position,
                basis: "grade",
                min: position * 5,
                max: position * 5 + 4,
              },
            })
          ).id,
      ),
    );
    const panel: string[] = [];
    for (let i = 0; i < 4; i++) {
      const judge = await person("judge", ["judge"]);
      await prisma.panelMember.create({
        data: {
          contestId: c,
          judgeId: judge.id,
          status: "accepted",
          respondedAt: new Date(T0 + i),
        },
      });
      panel.push(judge.id);
    }
    const mine: string[] = [];
    for (let i = 0; i < PER_WRITER; i++) mine.push(await addEntry(i, c, divs));
    const submitted = (
      await prisma.submission.findMany({
        where: { contestId: c, status: "submitted" },
        select: { id: true },
      })
    ).map((s) => s.id);
    // One entry already judged in round 1, one whose round-1 judge was released.
    await prisma.judgeAssignment.create({
      data: { contestId: c, judgeId: panel[0]!, submissionId: submitted[0]!, round: 1 },
    });
    await prisma.judgeAssignment.create({
      data: {
        contestId: c,
        judgeId: panel[1]!,
        submissionId: submitted[1]!,
        round: 1,
        releasedAt: new Date(),
      },
    });
    await expectTrue(c, "before auto-assign");

    const assigned = await runAutoAssign(c, 2);
    expect(assigned.ok && assigned.created).toBeGreaterThan(PER_WRITER);
    await expectTrue(c, "auto-assigned");
    expect(await prisma.contestTally.count({ where: { kind: "bulk" } })).toBe(0);

    // A judge released from an entry and replaced.
    const leaving = await prisma.judgeAssignment.findFirstOrThrow({
      where: { contestId: c, submissionId: submitted[2]!, releasedAt: null },
    });
    await prisma.$transaction(async (tx) => {
      await tx.judgeAssignment.update({
        where: { id: leaving.id },
        data: { releasedAt: new Date() },
      });
      expect(await addJudgeTo(tx, c, submitted[2]!, 1, [leaving.judgeId])).not.toBeNull();
    });
    await expectTrue(c, "a replacement");

    // Round 2 for five entries, in one statement, each by a judge not yet on it.
    const judgesOf = async (submissionId: string) =>
      (
        await prisma.judgeAssignment.findMany({
          where: { submissionId },
          select: { judgeId: true },
        })
      ).map((a) => a.judgeId);
    const round2: Parameters<typeof insertAssignments>[1] = [];
    for (const submissionId of submitted.slice(5, 10)) {
      const on = await judgesOf(submissionId);
      round2.push({
        id: newId(),
        contestId: c,
        judgeId: panel.find((j) => !on.includes(j))!,
        submissionId,
      });
    }
    expect(await prisma.$transaction((tx) => insertAssignments(tx, round2, new Date(), 2))).toBe(5);
    await expectTrue(c, "round 2");

    // Pairs known new whose id holds a comma: PostgreSQL's lists sent as text split on commas
    // (ADR 0086), so these go as arrays, each id whole.
    const odd = submitted[11]!;
    const oddJudges = await judgesOf(odd);
    const oddPair = {
      id: `${newId()},odd`,
      contestId: c,
      judgeId: panel.find((j) => !oddJudges.includes(j))!,
      submissionId: odd,
    };
    expect(
      await prisma.$transaction((tx) => insertAssignments(tx, [oddPair], new Date(), 2, true)),
    ).toBe(1);
    expect(await prisma.judgeAssignment.count({ where: { id: oddPair.id } })).toBe(1);
    await expectTrue(c, "an id with a comma");

    // An entry left with no live judge, then a statement one of whose pairs another wrote first.
    const lone = submitted[3]!;
    await prisma.judgeAssignment.updateMany({
      where: { submissionId: lone, round: 1 },
      data: { releasedAt: new Date() },
    });
    const taken = await prisma.judgeAssignment.findMany({
      where: { submissionId: lone },
      select: { judgeId: true },
    });
    const free = panel.find((j) => !taken.some((t) => t.judgeId === j))!;
    const clash = await prisma.judgeAssignment.findFirstOrThrow({
      where: { contestId: c, submissionId: submitted[4]!, round: 1 },
    });
    const written = await prisma.$transaction((tx) =>
      insertAssignments(
        tx,
        [
          { id: newId(), contestId: c, judgeId: clash.judgeId, submissionId: clash.submissionId! },
          { id: newId(), contestId: c, judgeId: free, submissionId: lone },
        ],
        new Date(),
      ),
    );
    expect(written).toBe(1);
    await expectTrue(c, "a clash skipped");

    // SQLite keeps a transaction whose statement failed (here: an id already used): a caller
    // that goes on keeps neither the marker nor uncounted rows.
    if (engine === "sqlite") {
      const other = submitted[6]!;
      const on = await judgesOf(other);
      const j1 = panel.find((j) => !on.includes(j))!;
      const j2 = (await person("judge", ["judge"])).id;
      await prisma.$transaction(async (tx) => {
        await expect(
          insertAssignments(
            tx,
            [
              { id: newId(), contestId: c, judgeId: j1, submissionId: other },
              { id: clash.id, contestId: c, judgeId: j2, submissionId: other },
            ],
            new Date(),
          ),
        ).rejects.toThrow();
        await tx.judgeAssignment.create({
          data: { contestId: c, judgeId: j2, submissionId: other },
        });
      });
      await expectTrue(c, "a failed statement, then another writer");
    }
    expect(await prisma.contestTally.count({ where: { kind: "bulk" } })).toBe(0);
  });

  test("the Overview shows the counters' figures", async () => {
    // While round 1 is judged: the entries without a judge are an attention item.
    const overview = await contestOverview(contestId, new Date(DATES.judgingOpen.getTime() + 1000));
    const f = await fresh(contestId);
    const sum = (prefix: string) =>
      [...f.entries()].filter(([k]) => k.startsWith(prefix)).reduce((n, [, [c]]) => n + c, 0);
    expect(overview!.counts.byStatus.submitted).toBe(sum("entry|submitted|"));
    expect(overview!.counts.byStatus.pending_payment ?? 0).toBe(sum("entry|pending_payment|"));
    expect(overview!.counts.byStatus.withdrawn).toBe(sum("entry|withdrawn|"));
    expect(overview!.counts.paid).toBe(sum("payment|paid|"));
    expect(overview!.counts.waitingForConsent).toBe(sum("consent"));
    expect(sum("consent")).toBeGreaterThan(0);
    const unassigned = sum("unassigned|");
    expect(unassigned).toBeGreaterThan(0);
    expect(overview!.attention.find((a) => a.kind === "unassigned")?.text).toBe(
      `${unassigned} submitted ${unassigned === 1 ? "entry has" : "entries have"} no judge`,
    );
    const byDivision = Object.fromEntries(
      overview!.counts.byDivision.map((d) => [d.division, d.entries]),
    );
    expect(byDivision).toEqual({
      Younger: sum(`entry|submitted|${divisions[0]}|`),
      Older: sum(`entry|submitted|${divisions[1]}|`),
      "No division": sum("entry|submitted||"),
    });
    const judging = Object.fromEntries(
      overview!.judging.map((j) => [`${j.round} ${j.division}`, [j.assigned, j.scored]]),
    );
    const expected: Record<string, [number, number]> = {};
    for (const [k, v] of f.entries()) {
      const [kind, , division, round] = k.split("|");
      if (kind !== "judging") continue;
      const name = division === divisions[0] ? "Younger" : division ? "Older" : "No division";
      expected[`${round} ${name}`] = v;
    }
    expect(judging).toEqual(expected);
  });
});
