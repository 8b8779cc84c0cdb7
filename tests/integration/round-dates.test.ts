import { describe, expect, test } from "vitest";
import {
  createContest,
  publishContest,
  updateContest,
} from "~/features/contests/contest-admin.server";
import { contestSchema, type ContestInput } from "~/features/contests/contest-schema";
import { saveRoundPlan } from "~/features/rounds/round-plan.server";
import { prisma } from "~/utils/db.server";

// Issue 35: rounds were checked against the published dates, so rounds planned for the contest's
// new (saved, not yet published) dates were refused; and Publish said nothing of what would run.
// Rounds are checked against the dates as saved, again at Publish, and saving dates names the
// rounds that no longer fit (ADR 0045).
let n = 0;
function input(overrides: Record<string, unknown> = {}): ContestInput {
  return contestSchema.parse({
    slug: `round-dates-${Date.now()}-${++n}`,
    title: `Round dates ${n}`,
    description: "A contest description.",
    anonymous: "on",
    wordMin: "100",
    wordMax: "1000",
    entryFeeCents: "0",
    timeZone: "UTC",
    submissionsOpen: "2027-03-01T09:00",
    submissionsClose: "2027-04-01T23:59",
    judgingOpen: "2027-04-02T00:00",
    judgingClose: "2027-05-01T00:00",
    resultsAt: "2027-05-15T12:00",
    ...overrides,
  });
}
const criteria = [
  { key: "voice", label: "Voice", maxPoints: 10, weight: 1, requireComment: false },
];
const plan = (r1: [string, string], r2: [string, string]) => ({
  intent: "save-rounds" as const,
  count: 2,
  rounds: [
    {
      name: "Heats",
      judgingOpen: r1[0],
      judgingClose: r1[1],
      judgesPerEntry: "2",
      judgeIds: [],
      advanceRule: "top",
      advanceValue: "5",
    },
    { name: "Final", judgingOpen: r2[0], judgingClose: r2[1], judgesPerEntry: "2", judgeIds: [] },
  ],
});
const jan = new Date("2027-01-02T00:00:00Z");

describe("rounds against the dates being saved and published", () => {
  test("rounds planned for new saved dates are accepted, and Publish says what will run", async () => {
    const data = input();
    const c = await createContest(data, {
      prompts: [{ title: "P", body: "Prompt body" }],
      rubrics: [{ name: "R", criteria }],
    });
    await updateContest(c.id, { ...data, isPublished: true }, {}, new Date("2027-01-01T00:00:00Z"));
    // New dates saved with Update Contest (not published): results move from 15 May to 1 June.
    const later = {
      ...data,
      isPublished: true,
      submissionsClose: new Date("2027-04-20T23:59:00Z"),
      judgingOpen: new Date("2027-04-21T00:00:00Z"),
      judgingClose: new Date("2027-05-20T00:00:00Z"),
      resultsAt: new Date("2027-06-01T12:00:00Z"),
    };
    expect((await updateContest(c.id, later)).action).toBe("updated");
    // Round 2 closes on 20 May: after the published results (15 May), before the saved ones.
    const saved = await saveRoundPlan(
      c.id,
      plan(["2027-04-21T00:00", "2027-05-05T00:00"], ["2027-05-06T00:00", "2027-05-20T00:00"]),
      jan,
    );
    expect(saved.rounds).toBe(2);

    const published = await publishContest(c.id, jan);
    expect(published.judgingSummary).toMatch(
      /^2 judging rounds: round 1 \(Heats\) from .*2027.* to .*; round 2 \(Final\) from .* to .*\.$/,
    );

    // Dates saved that the rounds no longer fit: the rounds are named, and Publish refuses.
    const moved = await updateContest(c.id, {
      ...later,
      submissionsClose: new Date("2027-04-25T23:59:00Z"),
      judgingOpen: new Date("2027-04-26T00:00:00Z"),
    });
    expect(moved.action).toBe("updated");
    expect(moved.action === "updated" && moved.roundsMisfit).toEqual([
      "Round 1 must open after submissions close.",
    ]);
    await expect(publishContest(c.id, jan)).rejects.toThrow(
      "Round 1 must open after submissions close.",
    );
    const row = await prisma.contest.findUniqueOrThrow({ where: { id: c.id } });
    expect(row.publishedResultsAt).toEqual(new Date("2027-06-01T12:00:00Z"));
  });

  test("a contest of one round: Publish says so", async () => {
    const data = input();
    const c = await createContest(data, {
      prompts: [{ title: "P", body: "Prompt body" }],
      rubrics: [{ name: "R", criteria }],
    });
    const published = await publishContest(c.id, jan);
    expect(published.judgingSummary).toMatch(/^One judging round from .*2027.* to .*2027.*\.$/);
  });
});
