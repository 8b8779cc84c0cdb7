import { describe, expect, test } from "vitest";
import { buildSnapshot } from "./contest-snapshot";
import { publicContest, weightPercent, type ContestRow } from "./public-contest";

const base: ContestRow = {
  id: "c1",
  slug: "s",
  title: "Live title",
  description: "Live description",
  rules: null,
  anonymous: true,
  isPublished: true,
  wordMin: 100,
  wordMax: 1000,
  entryFeeCents: 0,
  entriesPerWriter: 1,
  timeZone: "UTC",
  submissionsOpen: new Date("2027-01-01T00:00:00Z"),
  submissionsClose: new Date("2027-02-01T00:00:00Z"),
  judgingOpen: new Date("2027-02-02T00:00:00Z"),
  judgingClose: new Date("2027-03-01T00:00:00Z"),
  resultsAt: new Date("2027-03-10T00:00:00Z"),
  publishedSnapshot: null,
  prompts: [{ id: "p", title: "Prompt", body: "Body" }],
  rubrics: [
    {
      id: "r",
      name: "R",
      criteria: JSON.stringify([
        { key: "k", label: "K", maxPoints: 10, weight: 1, requireComment: false },
      ]),
    },
  ],
};

describe("public view of a contest", () => {
  test("without a snapshot, the row", () => {
    const v = publicContest(base);
    expect(v.title).toBe("Live title");
    expect(v.rubrics[0].criteria[0].label).toBe("K");
    expect(v.snapshotDate).toBeNull();
  });
  test("a published contest shows its snapshot, not later unpublished edits", () => {
    const snapshot = JSON.stringify(
      buildSnapshot(
        {
          ...base,
          prompts: base.prompts!,
          rubrics: base.rubrics!,
          title: "Published title",
          wordMax: 800,
        },
        new Date("2026-12-01T00:00:00Z"),
      ),
    );
    const v = publicContest({
      ...base,
      publishedSnapshot: snapshot,
      title: "Edited later",
      wordMax: 5000,
    });
    expect(v.title).toBe("Published title");
    expect(v.wordMax).toBe(800);
    expect(v.snapshotDate?.toISOString()).toBe("2026-12-01T00:00:00.000Z");
  });
  test("a draft shows its current state even with an old snapshot", () => {
    const snapshot = JSON.stringify(
      buildSnapshot({ ...base, prompts: [], rubrics: [], title: "Old" }),
    );
    expect(publicContest({ ...base, isPublished: false, publishedSnapshot: snapshot }).title).toBe(
      "Live title",
    );
  });
  test("weights as percents", () => {
    expect(weightPercent(0.25)).toBe("25%");
    expect(weightPercent(0.333)).toBe("33.3%");
  });
});
