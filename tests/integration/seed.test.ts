import { describe, expect, test } from "vitest";
import { prisma } from "~/utils/db.server";
import { tick } from "~/features/lifecycle/scheduler.server";
import { workflowContests } from "~/features/lifecycle/workflows.server";
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
    expect(published).toHaveLength(6);
    const now = new Date();
    const shown = await workflowContests(now);
    // Two demo contests run in two rounds (docs/decisions/0032-divisions-and-rounds.md).
    const staged = new Set(["spring-story-cup-2026", "northern-lights-story-prize"]);
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
    expect(await prisma.lifecycleStep.count()).toBe(4 * 5 + 2 * 8);

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
});
