import { describe, expect, test } from "vitest";
import {
  addCriterion,
  contestToValues,
  defaultContestValues,
  emptyRubricDraft,
  focusAfter,
  parseIntent,
  readContestFormState,
  removeCriterion,
  validatePromptDraft,
  validateRubricDraft,
} from "./contest-form";
import { contestSchema } from "./contest-schema";

const crit = (key: string, weight: number) => ({
  key,
  label: key.toUpperCase(),
  maxPoints: 10,
  weight,
  requireComment: false,
});

test("defaults: 500-2500 words, free, anonymous, draft, a timeline that validates", () => {
  const v = defaultContestValues(new Date("2027-01-10T12:00:00Z"));
  expect(v).toMatchObject({
    wordMin: "500",
    wordMax: "2500",
    entryFeeCents: "0",
    anonymous: true,
    isPublished: false,
    timeZone: "America/New_York",
  });
  expect(v.submissionsOpen).toBe("2027-01-17T00:00");
  const parsed = contestSchema.safeParse({
    ...v,
    slug: "s",
    title: "T",
    description: "Ten chars!!",
  });
  expect(parsed.success).toBe(true);
});

test("contestToValues shows dates in the contest's zone", () => {
  const v = contestToValues({
    slug: "s",
    title: "T",
    description: "D",
    rules: null,
    anonymous: false,
    isPublished: true,
    wordMin: 1,
    wordMax: 2,
    entryFeeCents: 0,
    entriesPerWriter: 1,
    timeZone: "Europe/London",
    submissionsOpen: new Date("2027-07-01T08:00:00Z"),
    submissionsClose: new Date("2027-07-02T08:00:00Z"),
    judgingOpen: new Date("2027-07-03T08:00:00Z"),
    judgingClose: new Date("2027-07-04T08:00:00Z"),
    resultsAt: new Date("2027-07-05T08:00:00Z"),
  });
  expect(v.submissionsOpen).toBe("2027-07-01T09:00");
  expect(v.rules).toBe("");
});

describe("readContestFormState", () => {
  test("reads values, staged items and drafts; malformed JSON is an empty list", () => {
    const fd = new FormData();
    fd.set("title", "T");
    fd.set("anonymous", "on");
    fd.set("stagedPrompts", JSON.stringify([{ title: "P", body: "Body text", sourceId: "x" }]));
    fd.set("stagedRubrics", "{not json");
    fd.set("rubricCriteria", JSON.stringify([crit("a", 1)]));
    fd.set("criterionKey", "My Key");
    const s = readContestFormState(fd);
    expect(s.values).toMatchObject({
      title: "T",
      anonymous: true,
      isPublished: false,
      timeZone: "America/New_York",
    });
    expect(s.stagedPrompts).toEqual([{ title: "P", body: "Body text", sourceId: "x" }]);
    expect(s.stagedRubrics).toEqual([]);
    expect(s.rubricDraft.criteria).toEqual([crit("a", 1)]);
    expect(s.rubricDraft.criterion.key).toBe("My Key");
  });

  test("staged rubrics with invalid criteria are dropped, not trusted", () => {
    const fd = new FormData();
    fd.set(
      "stagedRubrics",
      JSON.stringify([
        { name: "R", criteria: [{ key: "BAD KEY", label: "x", maxPoints: 10, weight: 2 }] },
      ]),
    );
    expect(readContestFormState(fd).stagedRubrics).toEqual([]);
  });
});

describe("rubric builder", () => {
  test("adds a criterion only with key and label, normalising the key", () => {
    const empty = addCriterion({ ...emptyRubricDraft });
    expect(empty.errors).toEqual({
      criterionKey: ["Criterion key is required"],
      criterionLabel: ["Criterion label is required"],
    });
    const added = addCriterion({
      ...emptyRubricDraft,
      criterion: { ...emptyRubricDraft.criterion, key: "Voice Style", label: "Voice" },
    });
    expect(added.errors).toEqual({});
    expect(added.draft.criteria).toEqual([
      { key: "voice_style", label: "Voice", maxPoints: 10, weight: 0.25, requireComment: false },
    ]);
    expect(added.draft.criterion.key).toBe("");
    const dup = addCriterion({
      ...added.draft,
      criterion: { ...emptyRubricDraft.criterion, key: "voice_style", label: "Again" },
    });
    expect(dup.errors.criterionKey?.[0]).toMatch(/already in this rubric/);
    expect(removeCriterion(added.draft, 0).criteria).toEqual([]);
  });

  test("save: name, a criterion, weights summing to 1", () => {
    expect(validateRubricDraft({ ...emptyRubricDraft })).toMatchObject({
      ok: false,
      errors: {
        rubricName: ["Rubric name is required"],
        rubricCriteria: ["Add at least one criterion"],
      },
    });
    expect(
      validateRubricDraft({ ...emptyRubricDraft, name: "R", criteria: [crit("a", 0.5)] }),
    ).toMatchObject({
      ok: false,
      errors: { rubricCriteria: ["Total weight must sum to 1.0 (currently 0.50)"] },
    });
    const ok = validateRubricDraft({
      ...emptyRubricDraft,
      name: " R ",
      criteria: [crit("a", 0.5)],
      criterion: { ...emptyRubricDraft.criterion, key: "b", label: "B", weight: "0.5" },
    });
    expect(ok).toMatchObject({ ok: true, value: { name: "R" } });
    if (ok.ok) expect(ok.value.criteria.map((c) => c.key)).toEqual(["a", "b"]);
  });
});

test("prompt draft", () => {
  expect(validatePromptDraft({ title: "", body: "" })).toEqual({
    ok: false,
    errors: { prompt: ["Prompt title and text are required"] },
  });
  expect(validatePromptDraft({ title: "T", body: "short" })).toEqual({
    ok: false,
    errors: { promptBody: ["Prompt text must be at least 10 characters"] },
  });
  expect(validatePromptDraft({ title: "T", body: "Long enough" })).toEqual({
    ok: true,
    value: { title: "T", body: "Long enough" },
  });
});

test("parseIntent", () => {
  expect(parseIntent("remove-prompt:3")).toEqual({ name: "remove-prompt", arg: "3" });
  expect(parseIntent("save")).toEqual({ name: "save", arg: "" });
  expect(parseIntent(null)).toEqual({ name: "", arg: "" });
});

test("after a post about one part of the contest form, focus goes back to that part", () => {
  expect(focusAfter("add-criterion", {})).toBe("rubric-key");
  expect(focusAfter("add-criterion", { rubricCriteria: ["Add at least one criterion"] })).toBe(
    "rubric-criteria-heading",
  );
  expect(focusAfter("create-prompt", {})).toBe("promptTitle");
  expect(focusAfter("create-rubric", {})).toBe("rubric-name");
  expect(focusAfter("add-existing-prompt", {})).toBe("existingPromptId");
  expect(focusAfter("remove-rubric", {})).toBe("existingRubricId");
  expect(focusAfter("save", {})).toBeNull();
});
