/**
 * A contest of one round judged by comparison, end to end (docs/decisions/0056-comparison-rounds.md),
 * on both engines and at class size (30 entries, 3 judges): the admin saves one round judged by
 * comparison (the round keeps its row, which carries the method), the lifecycle runs its steps (the
 * assign step hands nothing out: pairs come from the desk), the judges choose at the desk with
 * notes, the scale is fitted and ranks the entries, the results step freezes the ranking and the
 * awards and tells each compared writer, and the writer reads the notes on their piece.
 */
import { describe, expect, test } from "vitest";
import { decide, deskRound, nextPair } from "~/features/comparison/desk.server";
import { comparisonScales } from "~/features/comparison/scale.server";
import { seededRandom, spearman } from "~/features/comparison/simulation";
import { stageRanking } from "~/features/judging/ranking.server";
import { runStep, syncSteps } from "~/features/lifecycle/lifecycle.server";
import { awardsOf, entryResults } from "~/features/results/results.server";
import { roundPlanSchema } from "~/features/rounds/round-plan";
import { saveRoundPlan } from "~/features/rounds/round-plan.server";
import { prisma } from "~/utils/db.server";
import { toZonedInputValue } from "~/utils/dates";
import { at, entry, lifecycleContest, mailsTo, person } from "./lifecycle-fixtures";
import { seatPanel } from "./panel-fixtures";

const ENTRIES = 30;
const NOTE = "Your last line made me laugh out loud.";

describe("a one-round contest judged by comparison", () => {
  test("choices → scale → ranking → published awards → the writer reads the notes", async () => {
    const { contest } = await lifecycleContest({ published: true });
    const tz = contest.timeZone;
    const judges = [];
    for (let i = 0; i < 3; i++) judges.push((await person("cjudge", ["judge"])).id);
    await seatPanel(contest.id, judges);

    // The admin chooses one round, judged by comparison, 4 comparisons per entry.
    const plan = roundPlanSchema.parse({
      intent: "save-rounds",
      count: "1",
      rounds: [
        {
          name: "Read by comparison",
          judgingOpen: toZonedInputValue(at(11), tz),
          judgingClose: toZonedInputValue(at(20), tz),
          method: "comparison",
          comparisonsPerEntry: "4",
        },
      ],
    });
    await saveRoundPlan(contest.id, plan, at(5));
    const rounds = await prisma.judgingRound.findMany({ where: { contestId: contest.id } });
    expect(rounds).toEqual([
      expect.objectContaining({ number: 1, method: "comparison", comparisonsPerEntry: 4 }),
    ]);
    await syncSteps(contest.id);

    const entries: { id: string; writer: { id: string; email: string } }[] = [];
    for (let i = 0; i < ENTRIES; i++) {
      const e = await entry(contest.id);
      entries.push({ id: e.submission.id, writer: e.writer });
    }
    // Entry i is stronger than entry i - 1: the best is the last.
    const strength = new Map(entries.map((e, i) => [e.id, i]));
    const best = entries.at(-1)!;

    for (const s of ["open", "close", "assign"] as const)
      expect((await runStep(contest.id, s, at(12))).status).toMatch(/finished|done/);
    // Pairs are handed out at the desk, never assigned.
    expect(await prisma.judgeAssignment.count({ where: { contestId: contest.id } })).toBe(0);

    // The judges compare until no pair is left for any of them.
    const now = at(12);
    const random = seededRandom(7);
    let made = 0;
    for (let pass = 0; pass < 200; pass++) {
      let any = false;
      for (const j of judges) {
        const round = (await deskRound(j, contest.id, now))!;
        expect(round.open).toBe(true);
        const pair = await nextPair(j, round, now, random);
        if (!pair) continue;
        any = true;
        const aWins = strength.get(pair.entryAId)! > strength.get(pair.entryBId)!;
        await decide(
          j,
          {
            comparisonId: pair.id,
            winner: aWins ? "A" : "B",
            noteA: pair.entryAId === best.id ? NOTE : undefined,
            noteB: pair.entryBId === best.id ? NOTE : undefined,
          },
          now,
        );
        made++;
      }
      if (!any) break;
    }
    // Every entry reached its 4 comparisons: at least 30 × 4 / 2 choices.
    expect(made).toBeGreaterThanOrEqual((ENTRIES * 4) / 2);

    // The scale ranks the entries; its reliability is stated.
    const ranking = await stageRanking(contest.id, { round: 1, divisionId: null });
    expect(ranking).toHaveLength(ENTRIES);
    expect(ranking.every((r) => r.rank !== null && (r.se ?? 0) > 0)).toBe(true);
    // Every choice went the true way, but about four choices per entry cannot order the entries
    // that won all theirs (the best among them): the scale follows the true order closely
    // (Spearman's rho; 0 is chance) and the best entry is in the top third. (A strict "top five"
    // once asserted here failed when random pairings left the best with weak opponents.)
    const rho = spearman(
      ranking.map((_, i) => -i),
      ranking.map((r) => strength.get(r.id)!),
    );
    expect(rho).toBeGreaterThan(0.6);
    expect(ranking.findIndex((r) => r.id === best.id)).toBeLessThan(ENTRIES / 3);
    const [scale] = await comparisonScales(contest.id, { id: rounds[0]!.id, number: 1 });
    expect(scale!.reliability).toBeGreaterThan(0.3);
    expect(scale!.reliability).toBeLessThanOrEqual(1);

    // Results day: the ranking and the awards are frozen, every compared writer is told.
    await runStep(contest.id, "remind", at(18));
    expect(await runStep(contest.id, "results", at(21))).toEqual({
      status: "finished",
      sent: ENTRIES,
    });
    const frozen = await prisma.frozenResult.findMany({ where: { contestId: contest.id } });
    expect(frozen).toHaveLength(ENTRIES);
    expect(frozen.every((f) => f.rank !== null && f.scored >= 4)).toBe(true);
    const awards = await prisma.contestAward.findMany({
      where: { contestId: contest.id },
      orderBy: { place: "asc" },
    });
    expect(awards.map((a) => a.place)).toEqual([1, 2, 3]);
    const firstId = ranking[0]!.id;
    expect(awards[0]!.submissionId).toBe(firstId);
    expect((await awardsOf([firstId], at(22))).get(firstId)).toBeTruthy();
    expect(await mailsTo(best.writer.email, "results-ready")).toHaveLength(1);

    // The writer reads the notes on their piece, as judges' comments, and no score.
    const results = (await entryResults(best.writer.id, best.id, at(22)))!;
    expect(results.comments.length).toBeGreaterThan(0);
    expect(results.comments.every((c) => c.comment === NOTE)).toBe(true);
    expect(results.comparedLast).toBe(true);
    expect(results.average).toBeNull();
    const text = JSON.stringify(results);
    for (const j of judges) expect(text).not.toContain(j);
  }, 90_000);
});
