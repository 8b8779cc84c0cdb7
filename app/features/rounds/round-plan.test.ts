import { describe, expect, it } from "vitest";
import {
  changeProblem,
  MAX_ROUNDS,
  roundCountLabel,
  roundPlanSchema,
  SINGLE_ROUND_DATES,
  validateRoundPlan,
  type PlanContext,
} from "./round-plan";

const ctx: PlanContext = {
  timeZone: "UTC",
  submissionsClose: new Date("2027-03-01T00:00:00Z"),
  resultsAt: new Date("2027-05-01T00:00:00Z"),
  rubricIds: ["r1", "r2"],
  judgeIds: ["j1", "j2"],
  rubricMax: { r2: 20 },
};

const round = (open: string, close: string, extra: Record<string, unknown> = {}) => ({
  name: "",
  judgingOpen: open,
  judgingClose: close,
  rubricId: "r1",
  judgesPerEntry: "3",
  judgeIds: [],
  advanceRule: "top",
  advanceValue: "10",
  ...extra,
});

function plan(rounds: ReturnType<typeof round>[]) {
  return roundPlanSchema.parse({ intent: "save-rounds", count: String(rounds.length), rounds });
}

describe("validateRoundPlan", () => {
  it("one round is no rows", () => {
    expect(validateRoundPlan(plan([round("2027-03-02T00:00", "2027-03-10T00:00")]), ctx)).toEqual({
      ok: true,
      rounds: [],
    });
  });

  it("one round judged by comparison keeps its row, without a rule to go on", () => {
    const r = validateRoundPlan(
      plan([
        round("2027-03-02T00:00", "2027-03-10T00:00", {
          method: "comparison",
          comparisonsPerEntry: "8",
        }),
      ]),
      ctx,
    );
    expect(r).toMatchObject({
      ok: true,
      rounds: [{ method: "comparison", comparisonsPerEntry: 8, advanceRule: null }],
    });
    // Its dates are checked like any round's.
    const late = validateRoundPlan(
      plan([round("2027-03-02T00:00", "2027-06-10T00:00", { method: "comparison" })]),
      ctx,
    );
    expect(late.ok).toBe(false);
  });

  it("reads two rounds in order, the last without a rule", () => {
    const r = validateRoundPlan(
      plan([
        round("2027-03-02T00:00", "2027-03-10T00:00", { judgeIds: ["j1"] }),
        round("2027-03-10T00:00", "2027-03-20T00:00", { name: "Final" }),
      ]),
      ctx,
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.rounds[0]).toMatchObject({
      name: "Round 1",
      advanceRule: "top",
      advanceValue: 10,
      judgeIds: ["j1"],
    });
    expect(r.rounds[1]).toMatchObject({ name: "Final", advanceRule: null, advanceValue: null });
    expect(r.rounds[1].judgingOpen.toISOString()).toBe("2027-03-10T00:00:00.000Z");
  });

  it("names the round in each message", () => {
    const r = validateRoundPlan(
      plan([
        round("2027-02-20T00:00", "2027-03-10T00:00", {
          advanceRule: "percent",
          advanceValue: "0",
        }),
        round("2027-03-09T00:00", "2027-03-08T00:00"),
        round("2027-03-20T00:00", "2027-06-01T00:00", { judgesPerEntry: "0" }),
      ]),
      ctx,
    );
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const messages = r.issues.map((i) => i.message);
    expect(messages).toContain("Round 1 must open after submissions close.");
    expect(messages).toContain("Round 2 must open after round 1 closes.");
    expect(messages).toContain("Round 2 must close after it opens.");
    expect(messages).toContain("Round 3 must close before results are published.");
    expect(messages.some((m) => m.startsWith("Round 1: the share going on"))).toBe(true);
    expect(messages.some((m) => m.startsWith("Round 3: judges per entry"))).toBe(true);
  });

  it("checks rule values", () => {
    const two = (extra: Record<string, unknown>) =>
      validateRoundPlan(
        plan([
          round("2027-03-02T00:00", "2027-03-10T00:00", extra),
          round("2027-03-11T00:00", "2027-03-20T00:00"),
        ]),
        ctx,
      ).ok;
    expect(two({ advanceRule: "top", advanceValue: "2.5" })).toBe(false);
    expect(two({ advanceRule: "percent", advanceValue: "100" })).toBe(true);
    expect(two({ advanceRule: "percent", advanceValue: "101" })).toBe(false);
    expect(two({ advanceRule: "score", advanceValue: "90" })).toBe(true);
    expect(two({ advanceRule: "score", advanceValue: "21", rubricId: "r2" })).toBe(false);
    expect(two({ advanceRule: "", advanceValue: "" })).toBe(false);
    expect(two({ rubricId: "nope" })).toBe(false);
    expect(two({ judgeIds: ["stranger"] })).toBe(false);
  });
});

describe("the words for a number of rounds", () => {
  it("the count's choices claim nothing about dates; the single round's dates are said by method", () => {
    const labels = Array.from({ length: MAX_ROUNDS }, (_, i) => roundCountLabel(i + 1));
    expect(labels).toEqual(["1 round", "2 rounds", "3 rounds", "4 rounds"]);
    for (const l of labels) expect(l).not.toMatch(/date/);
    // What each sentence says is what the plan does: a single rubric round saves no row (the
    // contest's dates judge it); a single comparison round keeps its row with its own dates.
    expect(SINGLE_ROUND_DATES.rubric).toContain("contest's own dates");
    expect(validateRoundPlan(plan([round("2027-03-02T00:00", "2027-03-10T00:00")]), ctx)).toEqual({
      ok: true,
      rounds: [],
    });
    expect(SINGLE_ROUND_DATES.comparison).not.toContain("contest's own dates");
    const compared = validateRoundPlan(
      plan([round("2027-03-02T00:00", "2027-03-10T00:00", { method: "comparison" })]),
      ctx,
    );
    expect(compared).toMatchObject({
      ok: true,
      rounds: [
        {
          method: "comparison",
          judgingOpen: new Date("2027-03-02T00:00:00Z"),
          judgingClose: new Date("2027-03-10T00:00:00Z"),
        },
      ],
    });
  });
});

describe("changeProblem", () => {
  const now = new Date("2027-03-12T00:00:00Z");
  const current = [
    {
      number: 1,
      judgingOpen: new Date("2027-03-02T00:00:00Z"),
      advanceRule: "top",
      advanceValue: 10,
      advancedAt: new Date("2027-03-10T00:00:00Z"),
    },
    {
      number: 2,
      judgingOpen: new Date("2027-03-11T00:00:00Z"),
      advanceRule: "top",
      advanceValue: 5,
      advancedAt: null,
    },
    {
      number: 3,
      judgingOpen: new Date("2027-03-20T00:00:00Z"),
      advanceRule: null,
      advanceValue: null,
      advancedAt: null,
    },
  ];
  const planned = (n: number, rule = "top", value = 10) =>
    current.slice(0, n).map((r, i) => ({
      name: `R${i}`,
      judgingOpen: r.judgingOpen,
      judgingClose: new Date(r.judgingOpen.getTime() + 1),
      rubricId: null,
      judgesPerEntry: 3,
      judgeIds: [],
      advanceRule: (i === 0 ? rule : r.advanceRule) as "top" | null,
      advanceValue: i === 0 ? value : r.advanceValue,
      method: "rubric" as const,
      comparisonsPerEntry: 10,
    }));
  it("refuses removing rounds after round 2 opened", () => {
    expect(changeProblem(current, [], now)).toBe(
      "Round 2 has already opened, so rounds up to it cannot be removed.",
    );
    expect(changeProblem(current, planned(2), now)).toBeNull();
  });
  it("refuses changing a fixed rule", () => {
    expect(changeProblem(current, planned(3, "top", 4), now)).toMatch(/already fixed/);
  });
  it("refuses changing how an opened round is judged (ADR 0056)", () => {
    const compared = planned(3, "top", 10).map((r, i) =>
      i === 1 ? { ...r, method: "comparison" as const } : r,
    );
    expect(
      changeProblem(
        current.map((r) => ({ ...r, method: "rubric" as const })),
        compared,
        now,
      ),
    ).toBe("Round 2 has already opened, so how it is judged cannot change.");
  });
  it("allows anything before judging opens", () => {
    expect(changeProblem(current, [], new Date("2027-03-01T00:00:00Z"))).toBeNull();
  });
});
