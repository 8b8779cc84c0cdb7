import { parseWithZod } from "@conform-to/zod";
import { describe, expect, test } from "vitest";
import {
  addCriterionSchema,
  contestToValues,
  contestValues,
  criterionFields,
  defaultContestValues,
  focusAfter,
  newContestSchema,
  promptDraftSchema,
  readCriteria,
  replyErrors,
  rubricDraftSchema,
} from "./contest-form";
import { contestSchema } from "./contest-schema";

const crit = (key: string, weight: number) => ({
  key,
  label: key.toUpperCase(),
  maxPoints: 10,
  weight,
  requireComment: false,
});

/** A post of the form: conform's field names to values. */
const post = (entries: Record<string, string>) => {
  const fd = new FormData();
  for (const [k, v] of Object.entries(entries)) fd.append(k, v);
  return fd;
};
/** The step's errors as the page shows them, keyed by field name. */
const errorsOf = (submission: { reply: () => { error?: Record<string, unknown> | null } }) =>
  replyErrors(submission.reply());

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

test("contestValues reads the form's values back; a checked box is on", () => {
  const v = contestValues({ title: "T", anonymous: "on", prompts: [{ title: "P" }] });
  expect(v).toMatchObject({
    title: "T",
    anonymous: true,
    isPublished: false,
    timeZone: "America/New_York",
  });
  expect(contestValues(null).title).toBe("");
});

describe("rubric builder", () => {
  test("adds a criterion only with key and label, normalising the key", () => {
    const empty = parseWithZod(post({ "rubric.name": "R" }), {
      schema: addCriterionSchema,
      disableAutoCoercion: true,
    });
    expect(errorsOf(empty)).toEqual({
      "rubric.criterion.key": ["Criterion key is required"],
      "rubric.criterion.label": ["Criterion label is required"],
    });
    const added = parseWithZod(
      post({ "rubric.criterion.key": "Voice Style", "rubric.criterion.label": "Voice" }),
      { schema: addCriterionSchema, disableAutoCoercion: true },
    );
    expect(added.status).toBe("success");
    if (added.status !== "success") return;
    expect(added.value.rubric.criteria).toEqual([
      { key: "voice_style", label: "Voice", maxPoints: 10, weight: 0.25, requireComment: false },
    ]);
    const [first] = added.value.rubric.criteria.map(criterionFields);
    expect(first).toMatchObject({ key: "voice_style", maxPoints: "10", weight: "0.25" });
    const dup = parseWithZod(
      post({
        "rubric.criteria[0].key": "voice_style",
        "rubric.criteria[0].label": "Voice",
        "rubric.criterion.key": "voice_style",
        "rubric.criterion.label": "Again",
      }),
      { schema: addCriterionSchema, disableAutoCoercion: true },
    );
    expect(errorsOf(dup)["rubric.criterion.key"]?.[0]).toMatch(/already in this rubric/);
  });

  test("conform's remove intent takes a criterion out of the list", () => {
    const fd = post({
      "rubric.criteria[0].key": "a",
      "rubric.criteria[0].label": "A",
      "rubric.criteria[1].key": "b",
      "rubric.criteria[1].label": "B",
    });
    fd.set(
      "__intent__",
      JSON.stringify({ type: "remove", payload: { name: "rubric.criteria", index: 0 } }),
    );
    const result = parseWithZod(fd, {
      schema: rubricDraftSchema,
      disableAutoCoercion: true,
    }).reply();
    expect(result.status).toBeUndefined();
    const rubric = (result.initialValue as { rubric: { criteria: unknown } }).rubric;
    expect(readCriteria(rubric.criteria).map((c) => [c.key, c.index])).toEqual([["b", 0]]);
  });

  test("save: name, a criterion, weights summing to 1; a filled-in draft criterion counts", () => {
    expect(
      errorsOf(parseWithZod(post({}), { schema: rubricDraftSchema, disableAutoCoercion: true })),
    ).toEqual({
      "rubric.name": ["Rubric name is required"],
      "rubric.criteria": ["Add at least one criterion"],
    });
    const half = {
      "rubric.name": "R",
      "rubric.criteria[0].key": "a",
      "rubric.criteria[0].label": "A",
      "rubric.criteria[0].weight": "0.5",
    };
    expect(
      errorsOf(parseWithZod(post(half), { schema: rubricDraftSchema, disableAutoCoercion: true })),
    ).toEqual({
      "rubric.criteria": ["Total weight must sum to 1.0 (currently 0.50)"],
    });
    const ok = parseWithZod(
      post({
        ...half,
        "rubric.name": " R ",
        "rubric.criterion.key": "b",
        "rubric.criterion.label": "B",
        "rubric.criterion.weight": "0.5",
      }),
      { schema: rubricDraftSchema, disableAutoCoercion: true },
    );
    expect(ok.status).toBe("success");
    if (ok.status === "success") {
      expect(ok.value.rubric.name).toBe("R");
      expect(ok.value.rubric.criteria.map((c) => c.key)).toEqual(["a", "b"]);
    }
  });
});

test("prompt draft", () => {
  expect(
    errorsOf(parseWithZod(post({}), { schema: promptDraftSchema, disableAutoCoercion: true })),
  ).toEqual({
    prompt: ["Prompt title and text are required"],
  });
  expect(
    errorsOf(
      parseWithZod(post({ "prompt.title": "T", "prompt.body": "short" }), {
        schema: promptDraftSchema,
        disableAutoCoercion: true,
      }),
    ),
  ).toEqual({ "prompt.body": ["Prompt text must be at least 10 characters"] });
  const ok = parseWithZod(post({ "prompt.title": "T", "prompt.body": "Long enough" }), {
    schema: promptDraftSchema,
    disableAutoCoercion: true,
  });
  expect(ok.status === "success" && ok.value.prompt).toEqual({ title: "T", body: "Long enough" });
});

test("saving the new contest checks the staged lists again, keyed by their fields", () => {
  const contest = {
    ...defaultContestValues(new Date("2027-01-10T12:00:00Z")),
    slug: "s",
    title: "T",
    description: "Ten chars!!",
  };
  const fields: Record<string, string> = {};
  for (const [k, v] of Object.entries(contest)) if (typeof v === "string") fields[k] = v;
  const good = parseWithZod(
    post({
      ...fields,
      "prompts[0].title": "P",
      "prompts[0].body": "A prompt body",
      "prompts[0].sourceId": "x",
      "rubrics[0].name": "R",
      "rubrics[0].criteria[0].key": "a",
      "rubrics[0].criteria[0].label": "A",
      "rubrics[0].criteria[0].weight": "1",
    }),
    { schema: newContestSchema },
  );
  expect(good.status).toBe("success");
  if (good.status === "success") {
    expect(good.value.prompts).toEqual([{ title: "P", body: "A prompt body" }]);
    expect(good.value.rubrics).toEqual([
      { name: "R", criteria: [crit("a", 1)].map((c) => ({ ...c, label: "A" })) },
    ]);
    expect(good.value.slug).toBe("s");
  }
  const bad = parseWithZod(
    post({
      ...fields,
      "rubrics[0].name": "R",
      "rubrics[0].criteria[0].key": "BAD KEY",
      "rubrics[0].criteria[0].weight": "2",
    }),
    { schema: newContestSchema },
  );
  expect(Object.keys(errorsOf(bad))).toEqual(
    expect.arrayContaining(["rubrics[0].criteria[0].label", "rubrics[0].criteria[0].weight"]),
  );
});

test("after a post about one part of the contest form, focus goes back to that part", () => {
  expect(focusAfter("add-criterion", {})).toBe("rubric-key");
  expect(focusAfter("add-criterion", { "rubric.criteria": ["Add at least one criterion"] })).toBe(
    "rubric-criteria-heading",
  );
  expect(focusAfter("rubric.criteria", {})).toBe("rubric-key");
  expect(focusAfter("create-prompt", {})).toBe("promptTitle");
  expect(focusAfter("create-rubric", {})).toBe("rubric-name");
  expect(focusAfter("add-existing-prompt", {})).toBe("existingPromptId");
  expect(focusAfter("prompts", {})).toBe("existingPromptId");
  expect(focusAfter("remove-rubric", {})).toBe("existingRubricId");
  expect(focusAfter("save", {})).toBeNull();
});
