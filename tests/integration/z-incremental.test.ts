/**
 * The z ranking kept per process and brought up to date from the entries the version's
 * triggers name (docs/decisions/0088-z-ranking-incremental.md) equals, field by field and row by
 * row, the old whole statement (z-reference.ts) after every step of a long random run of score
 * inserts, edits, swaps, unsubmits, deletions, status, division and contest moves, bulk
 * transactions and versions moved with no entry named; read by two keepers (two server
 * processes on one database) at different moments.
 */
import { describe, expect, test } from "vitest";
import { prisma } from "~/utils/db.server";
import { bumpRankingVersion } from "~/features/rank-version/ranking-version.server";
import { zKeeper } from "~/features/judging/z-incremental.server";
import { recomputedZRankingRows } from "./z-reference";

const DAY = 86_400_000;
const stamp = Date.now().toString(36);
let seq = 0;

/** A small seeded generator (mulberry32): a failing run can be replayed from its seed. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function contest(name: string) {
  const now = Date.now();
  return prisma.contest.create({
    data: {
      slug: `z-inc-${stamp}-${++seq}`,
      title: `${name} ${seq}`,
      description: "Kept z ranking",
      submissionsOpen: new Date(now - 30 * DAY),
      submissionsClose: new Date(now - 20 * DAY),
      judgingOpen: new Date(now - 10 * DAY),
      judgingClose: new Date(now + 10 * DAY),
      resultsAt: new Date(now + 20 * DAY),
      rubrics: { create: { name: "Rubric", criteria: "[]" } },
    },
    include: { rubrics: true },
  });
}

async function setUp(entries: number, judges: number) {
  const c = await contest("Kept z");
  const other = await contest("Elsewhere");
  const divisions = await Promise.all(
    ["A", "B"].map((name, position) =>
      prisma.division.create({
        data: { contestId: c.id, name, position, basis: "grade", min: 0, max: 12 },
      }),
    ),
  );
  const js = [];
  for (let j = 0; j < judges; j++)
    js.push(
      await prisma.user.create({
        data: { email: `zj-${stamp}-${++seq}@inc.test`, displayName: `Judge ${seq}` },
      }),
    );
  const es = [];
  const base = Date.now() - 100 * DAY;
  for (let i = 0; i < entries; i++) {
    const w = await prisma.user.create({
      data: { email: `zw-${stamp}-${++seq}@inc.test`, displayName: `Writer ${seq}` },
    });
    es.push(
      await prisma.submission.create({
        data: {
          contestId: c.id,
          entrantId: w.id,
          title: `Entry ${i}`,
          body: "Once upon a time",
          wordCount: 4,
          status: "submitted",
          divisionId: divisions[i % 2]!.id,
          // Pairs of entries made at the same moment: their order is by id.
          createdAt: new Date(base + Math.floor(i / 2) * 1000),
        },
      }),
    );
  }
  return { c, other, divisions, js, es };
}

describe("the kept z ranking, brought up to date from what changed", () => {
  test("equals the whole statement after every step of a random run, for two processes", async () => {
    const seed = Number(process.env.Z_INC_SEED ?? 20270120);
    const rnd = random(seed);
    const pick = <T>(xs: T[]): T => xs[Math.floor(rnd() * xs.length)]!;
    const total = () => pick([3, 4, 5, 5.5, 6, 6, 7, 7.5, 8, 9]);
    const { c, other, divisions, js, es } = await setUp(24, 5);
    const rubricId = c.rubrics[0]!.id;
    const a = zKeeper();
    const b = zKeeper();

    // A pair is scored at most once (one assignment per contest, judge and entry).
    const scoreOf = async (e: string, j: string, submitted: boolean) => {
      const assignment = await prisma.judgeAssignment.create({
        data: { contestId: c.id, judgeId: j, submissionId: e },
      });
      await prisma.score.create({
        data: {
          assignmentId: assignment.id,
          rubricId,
          judgeId: j,
          submissionId: e,
          scores: "{}",
          total: total(),
          submittedAt: submitted ? new Date() : null,
        },
      });
    };
    for (const e of es) for (const j of js) if (rnd() < 0.5) await scoreOf(e.id, j.id, rnd() < 0.9);

    const check = async (what: string, keepers: ReturnType<typeof zKeeper>[]) => {
      const expected = await recomputedZRankingRows(c.id);
      for (const k of keepers)
        expect(await k.rows(c.id), `seed ${seed}: ${what}`).toEqual(expected);
    };
    await check("start", [a, b]);

    const steps = Number(process.env.Z_INC_STEPS ?? 120);
    for (let step = 0; step < steps; step++) {
      const scores = await prisma.score.findMany({
        where: { submission: { id: { in: es.map((e) => e.id) } } },
        select: { id: true, judgeId: true, submissionId: true, total: true, assignmentId: true },
        orderBy: { id: "asc" },
      });
      const r = rnd();
      let what: string;
      if (r < 0.22 || scores.length < 4) {
        const e = pick(es).id;
        const j = pick(js).id;
        const taken = scores.some((s) => s.submissionId === e && s.judgeId === j);
        what = taken ? "nothing (pair taken)" : "a score submitted";
        if (!taken) await scoreOf(e, j, true);
      } else if (r < 0.45) {
        const s = pick(scores);
        what = "a total edited";
        await prisma.score.update({ where: { id: s.id }, data: { total: total() } });
      } else if (r < 0.52) {
        // Two of one judge's totals swapped: the judge's sums do not move.
        const j = pick(scores).judgeId;
        const mine = scores.filter((s) => s.judgeId === j);
        what = "two totals swapped";
        if (mine.length >= 2) {
          const [x, y] = [pick(mine), pick(mine)];
          await prisma.$transaction([
            prisma.score.update({ where: { id: x.id }, data: { total: y.total } }),
            prisma.score.update({ where: { id: y.id }, data: { total: x.total } }),
          ]);
        }
      } else if (r < 0.58) {
        const s = pick(scores);
        const now = await prisma.score.findUniqueOrThrow({ where: { id: s.id } });
        what = "a score unsubmitted or resubmitted";
        await prisma.score.update({
          where: { id: s.id },
          data: { submittedAt: now.submittedAt ? null : new Date() },
        });
      } else if (r < 0.64) {
        const s = pick(scores);
        what = "a score deleted with its assignment";
        await prisma.judgeAssignment.delete({ where: { id: s.assignmentId } });
      } else if (r < 0.71) {
        const e = pick(es);
        const now = await prisma.submission.findUniqueOrThrow({ where: { id: e.id } });
        what = "an entry withdrawn, disqualified or reinstated";
        await prisma.submission.update({
          where: { id: e.id },
          data: {
            status: now.status === "submitted" ? pick(["withdrawn", "disqualified"]) : "submitted",
          },
        });
      } else if (r < 0.76) {
        const e = pick(es);
        what = "an entry moved to another division";
        await prisma.submission.update({
          where: { id: e.id },
          data: { divisionId: pick([...divisions.map((d) => d.id), null]) },
        });
      } else if (r < 0.8) {
        const e = pick(es);
        const now = await prisma.submission.findUniqueOrThrow({ where: { id: e.id } });
        what = "an entry moved to another contest or back";
        await prisma.submission.update({
          where: { id: e.id },
          data: { contestId: now.contestId === c.id ? other.id : c.id, divisionId: null },
        });
      } else if (r < 0.86) {
        what = "several edits in one transaction";
        const some = [pick(scores), pick(scores), pick(scores)];
        await prisma.$transaction(
          some.map((s) => prisma.score.update({ where: { id: s.id }, data: { total: total() } })),
        );
      } else if (r < 0.9) {
        const j = pick(js).id;
        what = "a judge's totals all moved by one bulk update";
        await prisma.score.updateMany({ where: { judgeId: j }, data: { total: total() } });
      } else if (r < 0.94) {
        what = "a version moved with no entry named";
        await prisma.$transaction((tx) => bumpRankingVersion(tx, c.id));
      } else {
        what = "an entry's creation time moved";
        await prisma.submission.update({
          where: { id: pick(es).id },
          data: { createdAt: new Date(Date.now() - Math.floor(rnd() * 4) * DAY) },
        });
      }
      // Keeper a reads after every step, keeper b now and then (several steps behind).
      await check(`step ${step}: ${what}`, rnd() < 0.3 ? [a, b] : [a]);
    }
    await check("end", [a, b]);
    // The run went through the kept path, not only the whole statement.
    console.log(JSON.stringify({ a: a.stats, b: b.stats }));
    expect(a.stats.incremental, JSON.stringify(a.stats)).toBeGreaterThan(steps / 3);
    expect(b.stats.incremental, JSON.stringify(b.stats)).toBeGreaterThan(steps / 20);
  }, 240_000);
});
