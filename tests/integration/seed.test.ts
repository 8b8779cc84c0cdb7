import { describe, expect, test } from "vitest";
import { prisma } from "~/utils/db.server";
import { tick } from "~/features/lifecycle/scheduler.server";
import { workflowContests } from "~/features/lifecycle/workflows.server";
import { panelConstraints } from "~/features/panel/constraints.server";
import { parseCriteria } from "~/features/contests/rubric";
import { scoresProblem } from "~/features/judging/scoring";
import { seed } from "../../prisma/seed";

// The demo data goes through the same path as the admin's Publish Contest, so a fresh quick start
// shows every published demo contest on /admin/workflows and runs its steps on its dates
// (docs/decisions/0022-lifecycle-follows-the-public.md).
describe("the demo seed", () => {
  test("published demo contests get their lifecycle steps; past moments send nothing misleading", async () => {
    await seed();
    const contests = await prisma.contest.findMany({
      select: { id: true, slug: true, isPublished: true, publishedSnapshot: true },
    });
    const published = contests.filter((c) => c.isPublished);
    // Seven, with the comparison demo contest (docs/decisions/0056-comparison-rounds.md).
    expect(published).toHaveLength(7);
    const now = new Date();
    const shown = await workflowContests(now);
    // Three demo contests run in two rounds (docs/decisions/0032-divisions-and-rounds.md); the
    // third's first round is judged by comparison (ADR 0056).
    const staged = new Set([
      "spring-story-cup-2026",
      "northern-lights-story-prize",
      "harbour-lights-young-writers",
    ]);
    for (const c of published) {
      expect(c.publishedSnapshot).not.toBeNull();
      const view = shown.find((s) => s.id === c.id);
      expect(view?.steps.map((s) => `${s.step}${staged.has(c.slug) ? s.round : ""}`)).toEqual(
        staged.has(c.slug)
          ? ["open1", "close1", "assign1", "remind1", "advance1", "assign2", "remind2", "results1"]
          : ["open", "close", "assign", "remind", "results"],
      );
      // Published through the outbox like any contest.
      const events = await prisma.outboxEvent.findMany({
        where: { name: "contest/schedule.changed" },
      });
      expect(events.some((e) => JSON.parse(e.payload).contestId === c.id)).toBe(true);
    }
    const draft = contests.find((c) => !c.isPublished)!;
    expect(await prisma.lifecycleStep.count({ where: { contestId: draft.id } })).toBe(0);

    // Seeding twice changes nothing.
    await seed();
    expect(await prisma.lifecycleStep.count()).toBe(4 * 5 + 3 * 8);

    // The first scheduler round runs what is due: no "open" e-mail for a window that has closed,
    // no judges assigned or reminded after judging closed.
    const autumn = published.find((c) => c.slug === "autumn-poetry-in-prose")!;
    const winter = published.find((c) => c.slug === "winter-tales-2026")!;
    const autumnPairs = await prisma.judgeAssignment.count({ where: { contestId: autumn.id } });
    await tick(now, { holder: "seed-test" });
    expect(await prisma.emailLog.count({ where: { template: "contest-open" } })).toBe(0);
    expect(await prisma.emailLog.count({ where: { template: "judge-reminder" } })).toBe(0);
    const steps = async (contestId: string) =>
      Object.fromEntries(
        (await prisma.lifecycleStep.findMany({ where: { contestId } })).map((r) => [
          r.round > 1 || r.step === "advance" ? `${r.step}${r.round}` : r.step,
          r.outcome,
        ]),
      );
    expect(await steps(winter.id)).toEqual({
      open: "skipped",
      close: "nothing",
      assign: "skipped",
      remind: "skipped",
      results: "sent",
    });
    expect(await steps(autumn.id)).toMatchObject({ open: "skipped", close: "nothing" });
    // The finished contest of two rounds: its shortlist was fixed, its rounds' moments have
    // passed, and its results are out, winners per division.
    const spring = published.find((c) => c.slug === "spring-story-cup-2026")!;
    expect(await steps(spring.id)).toMatchObject({
      open: "skipped",
      close: "nothing",
      assign: "skipped",
      advance1: "nothing",
      assign2: "skipped",
      results: "sent",
    });
    const awards = await prisma.contestAward.findMany({
      where: { contestId: spring.id, kind: "place", place: 1 },
      select: { submission: { select: { division: { select: { name: true } } } } },
    });
    expect(awards.map((a) => a.submission.division?.name).sort()).toEqual([
      "Grades 3-5",
      "Grades 6-8",
      "Grades 9-12",
    ]);
    // The contest in its first round: its entries already have their two judges.
    const northern = published.find((c) => c.slug === "northern-lights-story-prize")!;
    expect(await steps(northern.id)).toMatchObject({ open: "skipped", close: "nothing" });
    expect(
      await prisma.judgeAssignment.count({ where: { contestId: northern.id, round: 1 } }),
    ).toBe(18);
    // The autumn entries already have their two judges: the assign step adds nobody.
    expect(await prisma.judgeAssignment.count({ where: { contestId: autumn.id } })).toBe(
      autumnPairs,
    );
  }, 90_000); // seeding hashes ten demo passwords, twice

  // docs/decisions/0033-judging-panel.md
  test("every demo contest has its panel; the judging contest shows a conflict, a recusal and a disagreement", async () => {
    await seed();
    const panels = await prisma.contest.findMany({
      select: {
        slug: true,
        panel: { select: { status: true, judge: { select: { email: true } } } },
      },
    });
    const bySlug = Object.fromEntries(
      panels.map((c) => [
        c.slug,
        c.panel.map((m) => `${m.judge.email.split("@")[0]}:${m.status}`).sort(),
      ]),
    );
    const main = ["judge:accepted", "judge2:accepted", "judge3:accepted"].sort();
    const staged = [...main, "judge4:accepted", "judge5:accepted"].sort();
    expect(bySlug).toEqual({
      "young-voices-short-story-2027": main,
      "flash-fiction-free-for-all": main,
      "winter-tales-2026": main,
      "autumn-poetry-in-prose": main,
      "summer-mystery-draft": [...main, "judge4:invited"].sort(),
      "spring-story-cup-2026": staged,
      "northern-lights-story-prize": staged,
      "harbour-lights-young-writers": main,
    });
    // Every judge with an assignment sits on that contest's panel, accepted.
    const unseated = await prisma.judgeAssignment.count({
      where: { contest: { panel: { none: {} } } },
    });
    expect(unseated).toBe(0);

    const autumn = await prisma.contest.findUniqueOrThrow({
      where: { slug: "autumn-poetry-in-prose" },
      select: { id: true, spreadPercent: true },
    });
    const user = (email: string) =>
      prisma.user.findUniqueOrThrow({ where: { email }, select: { id: true } });
    const [judge, judge2, judge3] = await Promise.all(
      ["judge", "judge2", "judge3"].map((j) => user(`${j}@inkwell.test`)),
    );
    const entries = await prisma.submission.findMany({
      where: { contestId: autumn.id },
      select: {
        id: true,
        title: true,
        assignments: { select: { judgeId: true } },
        scores: { where: { submittedAt: { not: null } }, select: { total: true } },
      },
    });
    const entry = (title: string) => entries.find((e) => e.title === title)!;

    // The recorded conflict: Sam Okafor and the writer of "Bonfire Night", whom he was never given.
    expect(
      await prisma.conflict.count({
        where: { contestId: autumn.id, source: "admin", judgeId: judge3.id, kind: "entrant" },
      }),
    ).toBe(1);
    const constraints = await panelConstraints(
      autumn.id,
      entries.map((e) => e.id),
    );
    expect(constraints.judgeIds.sort()).toEqual([judge.id, judge2.id, judge3.id].sort());
    const barred = constraints.barred.get(judge3.id) ?? new Set();
    expect([...barred]).toContain(entry("Bonfire Night").id);
    for (const e of entries)
      for (const a of e.assignments)
        expect(constraints.barredWhy(a.judgeId, e.id), `${e.title}`).toBeNull();

    // The recusal: Morgan Reed left "Rustle"; Sam Okafor was assigned in her place.
    const recusal = await prisma.recusal.findFirstOrThrow({ where: { contestId: autumn.id } });
    expect(recusal).toMatchObject({
      submissionId: entry("Rustle").id,
      judgeId: judge2.id,
      reason: "knows-writer",
      replacementId: judge3.id,
    });
    expect(
      entry("Rustle")
        .assignments.map((a) => a.judgeId)
        .sort(),
    ).toEqual([judge.id, judge3.id].sort());

    // The disagreement: one entry whose submitted totals spread beyond a third of the scale (10).
    const spread = (e: (typeof entries)[number]) =>
      e.scores.length < 2
        ? 0
        : Math.max(...e.scores.map((s) => s.total)) - Math.min(...e.scores.map((s) => s.total));
    const limit = (10 * autumn.spreadPercent) / 100;
    expect(entries.filter((e) => spread(e) > limit).map((e) => e.title)).toEqual([
      "What the Maple Knew",
    ]);
  }, 90_000); // seeding hashes ten demo passwords, twice

  test('every demo score is within its criterion\'s maximum (no "11 / 10")', async () => {
    await seed();
    const scores = await prisma.score.findMany({
      select: { scores: true, rubric: { select: { criteria: true } } },
    });
    expect(scores.length).toBeGreaterThan(0);
    const problems = scores.flatMap((s) => {
      const p = scoresProblem(parseCriteria(s.rubric.criteria), JSON.parse(s.scores), {
        complete: false,
      });
      return p ? [p] : [];
    });
    expect(problems).toEqual([]);
  }, 120_000);
});
