/**
 * Auto-assign from the contest's panel and recusal (docs/decisions/0033-judging-panel.md): only
 * accepted panel judges, capacities, conflicts with an entrant, a school or an educator kept
 * apart, a shortfall that writes nothing and names the entries, and a recusal that releases,
 * records, replaces within loads-by-one and is never re-paired.
 */
import { describe, expect, test } from "vitest";
import { prisma } from "~/utils/db.server";
import { runAutoAssign } from "~/features/assignment/auto-assign.server";
import {
  contestRecusals,
  recuse,
  RECUSAL_SCORED_MESSAGE,
} from "~/features/assignment/recusal.server";
import { submitScore } from "~/features/judging/review.server";
import { lifecycleContest, person } from "./lifecycle-fixtures";
import { makeEducator, linkedPupil, rosterPupil } from "./class-fixtures";
import { seatPanel } from "./panel-fixtures";

const DAY = 86_400_000;
function openJudging() {
  const now = Date.now();
  return {
    submissionsOpen: new Date(now - 20 * DAY),
    submissionsClose: new Date(now - 10 * DAY),
    judgingOpen: new Date(now - 9 * DAY),
    judgingClose: new Date(now + 9 * DAY),
    resultsAt: new Date(now + 20 * DAY),
  };
}

let seq = 0;
async function contestWithJudges(n: number, perEntry = 2) {
  const { contest } = await lifecycleContest({
    dates: openJudging(),
    judgesPerSubmission: perEntry,
  });
  const judges = [];
  for (let i = 0; i < n; i++) judges.push(await person("pjudge", ["judge"]));
  return { contest, judges };
}

async function entry(contestId: string, entrantId?: string, pupilId?: string) {
  const writer = entrantId ?? (await person("writer")).id;
  return prisma.submission.create({
    data: {
      contestId,
      entrantId: writer,
      pupilId: pupilId ?? null,
      title: `Panel story ${++seq}`,
      body: "Once upon a time",
      wordCount: 4,
      status: "submitted",
    },
  });
}

const pairsOf = (contestId: string) =>
  prisma.judgeAssignment.findMany({
    where: { contestId, submissionId: { not: null } },
    select: { judgeId: true, submissionId: true },
  });

function loads(pairs: { judgeId: string }[], judgeIds: string[]) {
  const map = new Map(judgeIds.map((j) => [j, 0]));
  for (const p of pairs) if (map.has(p.judgeId)) map.set(p.judgeId, map.get(p.judgeId)! + 1);
  return [...map.values()];
}

describe("auto-assign from the panel", () => {
  test("only the panel's accepted judges are used", async () => {
    const { contest, judges } = await contestWithJudges(6);
    const [a, b, c, invited, declined] = judges;
    await seatPanel(contest.id, [a.id, b.id, c.id]);
    await seatPanel(contest.id, [invited.id], { status: "invited" });
    await seatPanel(contest.id, [declined.id], { status: "declined" });
    // judges[5] is a judge of the site, not on this panel.
    for (let i = 0; i < 6; i++) await entry(contest.id);
    expect(await runAutoAssign(contest.id, 2)).toEqual({ ok: true, created: 12 });
    const pairs = await pairsOf(contest.id);
    expect(new Set(pairs.map((p) => p.judgeId))).toEqual(new Set([a.id, b.id, c.id]));
    expect(loads(pairs, [a.id, b.id, c.id])).toEqual([4, 4, 4]);
  });

  test("capacities hold, counting entries the judge already has; too little room is a shortfall", async () => {
    const { contest, judges } = await contestWithJudges(3);
    const [a, b, c] = judges;
    await seatPanel(contest.id, [a.id, b.id, c.id], { capacity: { [a.id]: 2 } });
    const first = await entry(contest.id);
    // a already judges one entry of the contest: one more place left.
    await prisma.judgeAssignment.create({
      data: { contestId: contest.id, judgeId: a.id, submissionId: first.id },
    });
    for (let i = 0; i < 5; i++) await entry(contest.id);
    expect(await runAutoAssign(contest.id, 2)).toEqual({ ok: true, created: 11 });
    const pairs = await pairsOf(contest.id);
    expect(pairs.filter((p) => p.judgeId === a.id)).toHaveLength(2);

    // Capacity 1 each on a fresh contest of 2 entries, 2 judges per entry: short, nothing written.
    const tight = await contestWithJudges(2);
    await seatPanel(
      tight.contest.id,
      tight.judges.map((j) => j.id),
      { capacity: Object.fromEntries(tight.judges.map((j) => [j.id, 1])) },
    );
    await entry(tight.contest.id);
    await entry(tight.contest.id);
    const short = await runAutoAssign(tight.contest.id, 2);
    expect(short).toMatchObject({ ok: false, reason: "short" });
    if (short.ok) throw new Error("expected a shortfall");
    // Room for 2 pairs of the 4 needed: the entries left short are named, 2 judges missing in all.
    expect(short.short!.length).toBeGreaterThan(0);
    expect(
      short.short!.reduce((n, s) => n + Number(s.reason.match(/can have only (\d)/)![1]), 0),
    ).toBe(2 * short.short!.length - 2);
    expect(short.short![0].reason).toContain("no room left");
    expect(await prisma.judgeAssignment.count({ where: { contestId: tight.contest.id } })).toBe(0);
  });

  test("school, entrant and educator conflicts keep the judge away; a shortfall names the entries and writes nothing", async () => {
    const { contest, judges } = await contestWithJudges(4);
    const [schoolJudge, entrantJudge, educatorJudge, free] = judges;
    await seatPanel(
      contest.id,
      judges.map((j) => j.id),
    );
    const t1 = await makeEducator();
    const t2 = await makeEducator();
    const roster = await rosterPupil(t1.classroom.id);
    const joined = await linkedPupil(t2.classroom.id);
    const fromSchool = await entry(contest.id, t1.user.id, roster.id);
    const fromClass2 = await entry(contest.id, t2.user.id, joined.pupil.id);
    const writer = await person("writer");
    const byWriter = await entry(contest.id, writer.id);
    for (let i = 0; i < 5; i++) await entry(contest.id);
    // Declared by the judge, by name (letter case and spaces aside), for every contest.
    await prisma.conflict.create({
      data: {
        judgeId: schoolJudge.id,
        kind: "school",
        schoolName: `  ${t1.school.name.toUpperCase()} `,
        source: "judge",
      },
    });
    await prisma.conflict.create({
      data: {
        judgeId: entrantJudge.id,
        contestId: contest.id,
        kind: "entrant",
        entrantId: writer.id,
        source: "admin",
      },
    });
    await prisma.conflict.create({
      data: {
        judgeId: educatorJudge.id,
        contestId: contest.id,
        kind: "educator",
        educatorId: t2.user.id,
        source: "admin",
      },
    });
    const result = await runAutoAssign(contest.id, 3);
    expect(result).toMatchObject({ ok: true });
    const pairs = await pairsOf(contest.id);
    const has = (j: string, s: string) =>
      pairs.some((p) => p.judgeId === j && p.submissionId === s);
    expect(has(schoolJudge.id, fromSchool.id)).toBe(false);
    expect(has(entrantJudge.id, byWriter.id)).toBe(false);
    expect(has(educatorJudge.id, fromClass2.id)).toBe(false);
    for (const s of [fromSchool, fromClass2, byWriter])
      expect(pairs.filter((p) => p.submissionId === s.id)).toHaveLength(3);
    expect(pairs.filter((p) => p.judgeId === free.id).length).toBeGreaterThan(0);

    // Four judges per entry cannot be met for the three conflicted entries: refused, nothing written.
    const before = await prisma.judgeAssignment.count({ where: { contestId: contest.id } });
    const short = await runAutoAssign(contest.id, 4);
    expect(short).toMatchObject({ ok: false, reason: "short" });
    if (short.ok) throw new Error("expected a shortfall");
    expect(new Set(short.short!.map((s) => s.title))).toEqual(
      new Set([fromSchool.title, fromClass2.title, byWriter.title]),
    );
    expect(short.short![0].reason).toBe(
      "needs 4 judges and can have only 3: of the 4 judges on the panel, 1 has a conflict with it",
    );
    expect(short.error).toContain(
      "3 entries cannot have 4 judges each, so no judges were assigned.",
    );
    // Never the writer's name in what the admin is told.
    expect(short.error).not.toContain(writer.displayName);
    expect(await prisma.judgeAssignment.count({ where: { contestId: contest.id } })).toBe(before);
  });

  test("an empty panel is said plainly", async () => {
    const { contest } = await contestWithJudges(2);
    await entry(contest.id);
    expect(await runAutoAssign(contest.id, 1)).toEqual({
      ok: false,
      reason: "no-judges",
      error: "This contest has no judges on its panel yet.",
    });
  });
});

describe("recusal", () => {
  test("releases the entry, records it, replaces within loads-by-one, and is never re-paired", async () => {
    const { contest, judges } = await contestWithJudges(4);
    const ids = judges.map((j) => j.id);
    await seatPanel(contest.id, ids);
    const entries = [];
    for (let i = 0; i < 6; i++) entries.push(await entry(contest.id));
    expect(await runAutoAssign(contest.id, 2)).toEqual({ ok: true, created: 12 });
    const mine = await prisma.judgeAssignment.findFirstOrThrow({
      where: { contestId: contest.id, judgeId: ids[0] },
      select: { id: true, submissionId: true },
    });
    // A draft goes with the assignment.
    await prisma.scoreDraft.create({
      data: { assignmentId: mine.id, scores: "{}", total: 0 },
    });
    const done = await recuse(ids[0], mine.submissionId!, "knows-writer");
    expect(done).toEqual({ replaced: true });
    expect(await prisma.judgeAssignment.findUnique({ where: { id: mine.id } })).toBeNull();
    expect(await prisma.scoreDraft.count({ where: { assignmentId: mine.id } })).toBe(0);
    const rec = await prisma.recusal.findFirstOrThrow({
      where: { judgeId: ids[0], submissionId: mine.submissionId! },
    });
    expect(rec).toMatchObject({ contestId: contest.id, reason: "knows-writer", round: 1 });
    expect(rec.replacementId).not.toBeNull();
    expect(rec.replacementId).not.toBe(ids[0]);
    const pairs = await pairsOf(contest.id);
    expect(pairs.filter((p) => p.submissionId === mine.submissionId)).toHaveLength(2);
    // The others' loads stay within one (the one who stepped back has one fewer).
    const l = loads(pairs, ids.slice(1));
    expect(Math.max(...l) - Math.min(...l)).toBeLessThanOrEqual(1);

    // The admin sees it.
    const listed = await contestRecusals(contest.id);
    expect(listed[0]).toMatchObject({
      submissionId: mine.submissionId,
      reasonLabel: "I know the writer",
      judge: { id: ids[0] },
      replacement: { id: rec.replacementId },
    });

    // A later auto-assign never pairs them again, even when the entry needs more judges.
    expect(await runAutoAssign(contest.id, 3)).toMatchObject({ ok: true });
    expect(
      await prisma.judgeAssignment.count({
        where: { judgeId: ids[0], submissionId: mine.submissionId },
      }),
    ).toBe(0);
    // Recusing again from an entry no longer theirs: nothing (the route answers 404).
    expect(await recuse(ids[0], mine.submissionId!, "other")).toBeNull();
  });

  test("refused once the score is submitted; with nobody free, the recusal stands without a replacement", async () => {
    const { contest, judges } = await contestWithJudges(2, 2);
    const [a, b] = judges;
    await seatPanel(contest.id, [a.id, b.id]);
    const e = await entry(contest.id);
    expect(await runAutoAssign(contest.id, 2)).toEqual({ ok: true, created: 2 });
    const rubric = await prisma.rubric.findFirstOrThrow({ where: { contestId: contest.id } });
    const aOn = await prisma.judgeAssignment.findFirstOrThrow({
      where: { judgeId: a.id, submissionId: e.id },
    });
    const criteria = [
      { key: "voice", label: "Voice", maxPoints: 10, weight: 1, requireComment: false },
    ];
    await submitScore({
      assignmentId: aOn.id,
      criteria,
      scores: { voice: 7 },
      comment: "",
      judgeId: a.id,
      submissionId: e.id,
      rubricId: rubric.id,
    });
    await expect(recuse(a.id, e.id, "other")).rejects.toThrow(RECUSAL_SCORED_MESSAGE);
    expect(await prisma.recusal.count({ where: { submissionId: e.id } })).toBe(0);

    // b steps back: every other panel judge is already on it, so nobody replaces them.
    expect(await recuse(b.id, e.id, "same-school")).toEqual({ replaced: false });
    const rec = await prisma.recusal.findFirstOrThrow({ where: { judgeId: b.id } });
    expect(rec.replacementId).toBeNull();
    const short = await runAutoAssign(contest.id, 2);
    expect(short).toMatchObject({ ok: false, reason: "short" });
    if (short.ok) throw new Error("expected a shortfall");
    expect(short.short![0].reason).toBe(
      "needs 2 judges and can have only 1: of the 2 judges on the panel, 1 has stepped back from it",
    );
  });
});
