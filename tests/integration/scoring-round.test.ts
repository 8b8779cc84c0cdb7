/**
 * The scoring page opens on the round being judged (ADR 0045), not on the final round where
 * nothing is scored yet during round 1.
 */
import { describe, expect, test } from "vitest";
import { contestStage, pickStage } from "~/features/results/stage.server";
import { prisma } from "~/utils/db.server";
import { at, lifecycleContest } from "./lifecycle-fixtures";

describe("the scoring page's round", () => {
  test("round 1 while it is judged, round 2 while it is; a chosen round stays chosen", async () => {
    const { contest } = await lifecycleContest();
    await prisma.judgingRound.createMany({
      data: [
        {
          contestId: contest.id,
          number: 1,
          name: "First read",
          judgingOpen: at(11),
          judgingClose: at(15),
        },
        {
          contestId: contest.id,
          number: 2,
          name: "Final",
          judgingOpen: at(16),
          judgingClose: at(20),
        },
      ],
    });
    const stage = await contestStage(contest.id);
    const none = new URLSearchParams();
    expect(pickStage(stage, none, { now: at(12) }).round).toBe(1);
    expect(pickStage(stage, none, { now: at(17) }).round).toBe(2);
    expect(pickStage(stage, new URLSearchParams({ round: "2" }), { now: at(12) }).round).toBe(2);
    // Without a clock (the results and the CSV): the final round, as before.
    expect(pickStage(stage, none).round).toBe(2);
  });
});
