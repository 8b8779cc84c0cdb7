import { describe, expect, test, vi } from "vitest";
import { prisma } from "~/utils/db.server";
import { entriesPerDay } from "~/features/entries/entries-per-day.server";
import { judgeTotalsSpread, judgingProgress } from "~/features/assignment/charts.server";
import { loader as scoringLoader } from "~/routes/admin+/contests+/$id+/scoring";
import { at, lifecycleContest, person } from "./lifecycle-fixtures";

vi.mock("~/features/accounts/auth.server", async (original) => ({
  ...(await original<object>()),
  requireAdmin: async () => ({ id: "admin", roles: ["admin"] }),
}));

// The charts' figures (docs/decisions/0057-charts.md), counted in SQL on both engines, on a small
// contest in America/Chicago (UTC−6 in January): twelve entries over four days, three judges of
// round 1 (one harsh), a fourth judge in round 2.

/** Type-7 quantile over every total: the oracle the picked ranks must agree with. */
function q(totals: number[], p: number) {
  const x = [...totals].sort((a, b) => a - b);
  const h = (x.length - 1) * p;
  const lo = Math.floor(h);
  return x[lo]! + (h - lo) * ((x[lo + 1] ?? x[lo]!) - x[lo]!);
}

async function realisticContest() {
  const { contest, judges } = await lifecycleContest({ judges: 4, published: false });
  const rubricId = contest.rubrics[0]!.id;
  await prisma.judgingRound.createMany({
    data: [
      {
        contestId: contest.id,
        number: 1,
        name: "Reading round",
        judgingOpen: at(11),
        judgingClose: at(20),
      },
      {
        contestId: contest.id,
        number: 2,
        name: "Final round",
        judgingOpen: at(15),
        judgingClose: at(30),
      },
    ],
  });
  // Written at these UTC instants; Chicago's days in the comments.
  const written = [
    "2030-01-02T15:00:00Z", // Jan 2
    "2030-01-02T20:00:00Z", // Jan 2
    "2030-01-03T05:59:00Z", // Jan 2, 23:59 in Chicago (Jan 3 in UTC)
    "2030-01-03T06:00:00Z", // Jan 3, 00:00
    "2030-01-03T18:00:00Z", // Jan 3
    "2030-01-05T10:00:00Z", // Jan 5
    "2030-01-05T11:00:00Z", // Jan 5
    "2030-01-05T12:00:00Z", // Jan 5
    "2030-01-05T13:00:00Z", // Jan 5
    "2030-01-06T01:00:00Z", // Jan 5, 19:00
    "2030-01-06T02:00:00Z", // Jan 5, 20:00
    "2030-01-06T03:00:00Z", // Jan 5, 21:00
  ];
  const entries = [];
  for (const [i, w] of written.entries()) {
    const writer = await person("writer");
    entries.push(
      await prisma.submission.create({
        data: {
          contestId: contest.id,
          entrantId: writer.id,
          title: `Story ${i}`,
          body: "b",
          status: "submitted",
          createdAt: new Date(w),
        },
      }),
    );
  }
  // Not counted anywhere: a withdrawn entry (Jan 4), with an assignment.
  const gone = await prisma.submission.create({
    data: {
      contestId: contest.id,
      entrantId: (await person("writer")).id,
      title: "Withdrawn",
      status: "withdrawn",
      createdAt: new Date("2030-01-04T15:00:00Z"),
    },
  });
  const [harsh, fair, slow, finalist] = judges as [
    (typeof judges)[0],
    (typeof judges)[0],
    (typeof judges)[0],
    (typeof judges)[0],
  ];
  await prisma.user.update({ where: { id: harsh.id }, data: { displayName: "Ada Harsh" } });
  await prisma.user.update({ where: { id: fair.id }, data: { displayName: "Ben Fair" } });
  await prisma.user.update({ where: { id: slow.id }, data: { displayName: "Cy Slow" } });
  await prisma.user.update({ where: { id: finalist.id }, data: { displayName: "Dee Final" } });
  const totals: Record<string, number[]> = { harsh: [], fair: [], slow: [], finalist: [] };
  const score = async (judgeId: string, submissionId: string, total: number, round = 1) => {
    const a = await prisma.judgeAssignment.create({
      data: { contestId: contest.id, judgeId, submissionId, round },
    });
    await prisma.score.create({
      data: {
        assignmentId: a.id,
        rubricId,
        judgeId,
        submissionId,
        scores: JSON.stringify({ voice: total }),
        total,
        submittedAt: at(12),
      },
    });
  };
  for (const [i, e] of entries.entries()) {
    await score(harsh.id, e.id, 2 + (i % 3));
    totals.harsh!.push(2 + (i % 3));
    await score(fair.id, e.id, 6 + (i % 4));
    totals.fair!.push(6 + (i % 4));
    if (i < 8) {
      await score(slow.id, e.id, 7 + (i % 2));
      totals.slow!.push(7 + (i % 2));
    } else {
      await prisma.judgeAssignment.create({
        data: { contestId: contest.id, judgeId: slow.id, submissionId: e.id, round: 1 },
      });
    }
  }
  // A draft-only score (never submitted) counts as unscored and in no spread.
  const draft = await prisma.judgeAssignment.findFirstOrThrow({
    where: { judgeId: slow.id, submissionId: entries[11]!.id },
  });
  await prisma.score.create({
    data: {
      assignmentId: draft.id,
      rubricId,
      judgeId: slow.id,
      submissionId: entries[11]!.id,
      scores: "{}",
      total: 1,
      submittedAt: null,
    },
  });
  // Released unscored: assigned, never overdue.
  await prisma.judgeAssignment.create({
    data: {
      contestId: contest.id,
      judgeId: finalist.id,
      submissionId: entries[0]!.id,
      round: 2,
      releasedAt: at(16),
    },
  });
  await score(finalist.id, entries[1]!.id, 9, 2);
  totals.finalist!.push(9);
  await prisma.judgeAssignment.create({
    data: { contestId: contest.id, judgeId: finalist.id, submissionId: entries[2]!.id, round: 2 },
  });
  await score(harsh.id, gone.id, 10);
  return { contest, harsh, fair, slow, finalist, totals };
}

describe("the charts' figures", () => {
  test("entries per day: by the contest's time zone, submitted entries only, up to the deadline", async () => {
    const { contest } = await realisticContest();
    const perDay = await entriesPerDay(contest.id, at(40));
    expect(perDay?.timeZone).toBe("America/Chicago");
    // Open Jan 2 (06:00 in Chicago) to the deadline Jan 11 (06:00 in Chicago): ten days.
    expect(perDay?.days).toEqual([
      { date: "2030-01-02", count: 3 },
      { date: "2030-01-03", count: 2 },
      { date: "2030-01-04", count: 0 },
      { date: "2030-01-05", count: 7 },
      ...["06", "07", "08", "09", "10", "11"].map((d) => ({ date: `2030-01-${d}`, count: 0 })),
    ]);
    expect(perDay?.total).toBe(12);
    // While submissions are open: up to today.
    const early = await entriesPerDay(contest.id, new Date("2030-01-03T12:00:00Z"));
    expect(early?.days).toEqual([
      { date: "2030-01-02", count: 3 },
      { date: "2030-01-03", count: 2 },
    ]);
    // Before they open: no day.
    expect((await entriesPerDay(contest.id, at(0)))?.days).toEqual([]);
    expect(await entriesPerDay("no-such-contest")).toBeNull();
  });

  test("judging progress per judge and round: scored vs assigned, overdue after the reminder", async () => {
    const { contest, harsh, fair, slow, finalist } = await realisticContest();
    // Day 19: round 1's reminder (day 18) has passed; round 2's (day 28) has not.
    const rows = await judgingProgress(contest.id, at(19));
    expect(rows.map(({ judgeId, ...r }) => ({ ...r, id: judgeId }))).toEqual([
      {
        id: harsh.id,
        name: "Ada Harsh",
        round: 1,
        roundName: "Reading round",
        assigned: 12,
        scored: 12,
        overdue: 0,
      },
      {
        id: fair.id,
        name: "Ben Fair",
        round: 1,
        roundName: "Reading round",
        assigned: 12,
        scored: 12,
        overdue: 0,
      },
      {
        id: slow.id,
        name: "Cy Slow",
        round: 1,
        roundName: "Reading round",
        assigned: 12,
        scored: 8,
        overdue: 4,
      },
      {
        id: finalist.id,
        name: "Dee Final",
        round: 2,
        roundName: "Final round",
        assigned: 3,
        scored: 1,
        overdue: 0,
      },
    ]);
    // Before round 1's reminder nobody is overdue; after round 2's, the finalist's one unscored
    // (not the released one) is.
    expect((await judgingProgress(contest.id, at(17))).every((r) => r.overdue === 0)).toBe(true);
    const late = await judgingProgress(contest.id, at(29));
    expect(late.find((r) => r.judgeId === finalist.id)?.overdue).toBe(1);
  });

  test("each judge's totals beside the panel's: quartiles agree with every total, the harsh judge leans lower", async () => {
    const { contest, harsh, fair, slow, finalist, totals } = await realisticContest();
    const { panel, judges } = await judgeTotalsSpread(contest.id);
    const all = [...totals.harsh!, ...totals.fair!, ...totals.slow!, ...totals.finalist!];
    const five = (t: number[]) => ({
      count: t.length,
      min: q(t, 0),
      q1: q(t, 0.25),
      median: q(t, 0.5),
      q3: q(t, 0.75),
      max: q(t, 1),
      mean: t.reduce((a, b) => a + b, 0) / t.length,
    });
    const close = (got: object, want: Record<string, number>) => {
      for (const k of Object.keys(want))
        expect((got as Record<string, number>)[k], k).toBeCloseTo(want[k]!, 9);
    };
    close(panel!, five(all));
    expect(judges.map((j) => [j.judgeId, j.name, j.leaning])).toEqual([
      [harsh.id, "Ada Harsh", "lower"],
      [fair.id, "Ben Fair", "in line"],
      [slow.id, "Cy Slow", "in line"],
      [finalist.id, "Dee Final", "higher"],
    ]);
    close(judges[0]!, five(totals.harsh!));
    close(judges[1]!, five(totals.fair!));
    close(judges[2]!, five(totals.slow!));
    // One round: only its scores, the panel too.
    const final = await judgeTotalsSpread(contest.id, 2);
    expect(final.judges.map((j) => j.judgeId)).toEqual([finalist.id]);
    expect(final.panel).toMatchObject({ count: 1, min: 9, median: 9, max: 9 });
    expect(await judgeTotalsSpread(contest.id, 3)).toEqual({ panel: null, judges: [] });
  });

  test("the scoring page draws the judges' spread only when asked for (the ranking keeps its budget)", async () => {
    const { contest, harsh } = await realisticContest();
    const load = (q: string) =>
      scoringLoader({
        request: new Request(`http://x/admin/contests/${contest.id}/scoring?${q}`),
        params: { id: contest.id },
        context: {},
      });
    expect((await load("")).judgeSpread).toBeNull();
    const asked = (await load("&chart=judges")).judgeSpread;
    // A contest of rounds: the round the page shows.
    expect(asked?.judges.some((j) => j.judgeId === harsh.id)).toBe(true);
    expect(asked?.panel?.count).toBeGreaterThan(0);
  });
});
