import { parseWithZod } from "@conform-to/zod";
import { describe, expect, test } from "vitest";
import {
  contestSchema,
  criterionInputSchema,
  issuesToErrors,
  MESSAGES,
  normalizeSlug,
  promptSchema,
  publishProblems,
  REMIND_LEAD_MESSAGE,
  rubricSchema,
  timelineIssues,
  totalWeightMessage,
} from "./contest-schema";
import { normalizeCriterionKey, totalWeight, weightsSumToOne } from "./rubric";

const valid = {
  slug: "spring-stories",
  title: "Spring Stories",
  description: "A contest about spring.",
  rules: "",
  anonymous: "on",
  isPublished: undefined as string | undefined,
  wordMin: "500",
  wordMax: "2500",
  entryFeeCents: "1500",
  timeZone: "America/New_York",
  submissionsOpen: "2027-03-01T09:00",
  submissionsClose: "2027-04-01T23:59",
  judgingOpen: "2027-04-02T00:00",
  judgingClose: "2027-05-01T00:00",
  resultsAt: "2027-05-15T12:00",
};

function errorsOf(input: Record<string, unknown>) {
  const r = contestSchema.safeParse(input);
  return r.success ? {} : issuesToErrors(r.error);
}

function formData(input: Record<string, string | undefined>) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(input)) if (v !== undefined) fd.append(k, v);
  return fd;
}

describe("contestSchema", () => {
  test("the reminder lead is a whole number of hours, 48 by default", () => {
    const parsed = contestSchema.safeParse(valid);
    expect(parsed.success && parsed.data.remindLeadHours).toBe(48);
    const r = contestSchema.safeParse({ ...valid, remindLeadHours: "12" });
    expect(r.success && r.data.remindLeadHours).toBe(12);
    for (const bad of ["0", "-3", "1.5", "abc", "721"])
      expect(errorsOf({ ...valid, remindLeadHours: bad }).remindLeadHours).toEqual([
        REMIND_LEAD_MESSAGE,
      ]);
  });

  test("a valid form parses, dates in the contest's zone become UTC", () => {
    const r = contestSchema.safeParse(valid);
    expect(r.success).toBe(true);
    if (!r.success) return;
    expect(r.data.submissionsOpen.toISOString()).toBe("2027-03-01T14:00:00.000Z"); // EST, UTC-5
    expect(r.data.judgingClose.toISOString()).toBe("2027-05-01T04:00:00.000Z"); // EDT, UTC-4
    expect(r.data).toMatchObject({
      anonymous: true,
      isPublished: false,
      wordMin: 500,
      wordMax: 2500,
      entryFeeCents: 1500,
      rules: null,
    });
  });

  test("works through conform's parseWithZod with FormData", () => {
    const submission = parseWithZod(
      formData({ ...valid, entryFeeCents: "", anonymous: undefined, isPublished: "on" }),
      { schema: contestSchema },
    );
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value).toMatchObject({
      entryFeeCents: 0,
      anonymous: false,
      isPublished: true,
    });
  });

  test("slug is lowercased and other characters become hyphens", () => {
    expect(normalizeSlug("My Contest_2027!")).toBe("my-contest-2027-");
    const r = contestSchema.safeParse({ ...valid, slug: "Spring Stories" });
    expect(r.success && r.data.slug).toBe("spring-stories");
    expect(errorsOf({ ...valid, slug: "" }).slug).toEqual(["URL slug is required"]);
    expect(errorsOf({ ...valid, slug: "a".repeat(101) }).slug).toEqual([
      "URL slug must be at most 100 characters",
    ]);
    expect(errorsOf({ ...valid, slug: "a".repeat(100) }).slug).toBeUndefined();
  });

  test("required fields and length limits", () => {
    const e = errorsOf({ ...valid, title: " ", description: "", wordMin: "", wordMax: "" });
    expect(e.title).toEqual(["Title is required"]);
    expect(e.description).toEqual(["Description is required"]);
    expect(e.wordMin).toEqual(["Minimum word count is required"]);
    expect(e.wordMax).toEqual(["Maximum word count is required"]);
    expect(errorsOf({ ...valid, title: "t".repeat(200) }).title).toBeUndefined();
    expect(errorsOf({ ...valid, title: "t".repeat(201) }).title).toEqual([
      "Title must be at most 200 characters",
    ]);
    expect(errorsOf({ ...valid, description: "123456789" }).description).toEqual([
      "Description must be at least 10 characters",
    ]);
    expect(errorsOf({ ...valid, description: "1234567890" }).description).toBeUndefined();
    expect(errorsOf({ ...valid, description: "d".repeat(5001) }).description).toEqual([
      "Description must be at most 5000 characters",
    ]);
    expect(errorsOf({ ...valid, rules: "r".repeat(10000) }).rules).toBeUndefined();
    expect(errorsOf({ ...valid, rules: "r".repeat(10001) }).rules).toEqual([
      "Rules must be at most 10000 characters",
    ]);
  });

  test("word limits", () => {
    expect(errorsOf({ ...valid, wordMin: "0" }).wordMin).toEqual([MESSAGES.wordPositive]);
    expect(errorsOf({ ...valid, wordMin: "-5" }).wordMin).toEqual([MESSAGES.wordPositive]);
    expect(errorsOf({ ...valid, wordMin: "abc" }).wordMin).toEqual([MESSAGES.wordPositive]);
    expect(errorsOf({ ...valid, wordMin: "1", wordMax: "2" })).toEqual({});
    expect(errorsOf({ ...valid, wordMin: "99999", wordMax: "100000" })).toEqual({});
    expect(errorsOf({ ...valid, wordMax: "100001" }).wordMax).toEqual([
      "Word limits must be at most 100000",
    ]);
    expect(errorsOf({ ...valid, wordMin: "1000", wordMax: "1000" }).wordMax).toEqual([
      MESSAGES.wordMaxGreater,
    ]);
    expect(errorsOf({ ...valid, wordMin: "1000", wordMax: "999" }).wordMax).toEqual([
      MESSAGES.wordMaxGreater,
    ]);
  });

  test("entry fee: whole cents from 0 to 100000", () => {
    expect(errorsOf({ ...valid, entryFeeCents: "0" })).toEqual({});
    expect(errorsOf({ ...valid, entryFeeCents: "100000" })).toEqual({});
    expect(errorsOf({ ...valid, entryFeeCents: "100001" }).entryFeeCents).toEqual([
      MESSAGES.feeTooHigh,
    ]);
    expect(errorsOf({ ...valid, entryFeeCents: "-1" }).entryFeeCents).toEqual([
      "Entry fee cannot be negative",
    ]);
    expect(errorsOf({ ...valid, entryFeeCents: "12.5" }).entryFeeCents).toEqual([
      "Entry fee must be a whole number of cents",
    ]);
  });

  test("time zone must be an IANA zone", () => {
    expect(errorsOf({ ...valid, timeZone: "Mars/Olympus" }).timeZone).toEqual([
      "Choose a valid time zone",
    ]);
    const r = contestSchema.safeParse({ ...valid, timeZone: "UTC" });
    expect(r.success && r.data.submissionsOpen.toISOString()).toBe("2027-03-01T09:00:00.000Z");
  });

  test("date order, with equal dates allowed", () => {
    expect(
      errorsOf({ ...valid, submissionsClose: valid.submissionsOpen }).submissionsClose,
    ).toEqual([MESSAGES.closeAfterOpen]);
    expect(errorsOf({ ...valid, judgingOpen: valid.submissionsClose })).toEqual({});
    expect(errorsOf({ ...valid, judgingOpen: "2027-04-01T23:58" }).judgingOpen).toEqual([
      MESSAGES.judgingOpenAfterClose,
    ]);
    expect(errorsOf({ ...valid, judgingClose: valid.judgingOpen }).judgingClose).toEqual([
      MESSAGES.judgingCloseAfterOpen,
    ]);
    expect(errorsOf({ ...valid, resultsAt: valid.judgingClose })).toEqual({});
    expect(errorsOf({ ...valid, resultsAt: "2027-04-30T23:59" }).resultsAt).toEqual([
      MESSAGES.resultsAfterJudging,
    ]);
    expect(errorsOf({ ...valid, submissionsOpen: "" }).submissionsOpen).toEqual([
      "Submissions open date is required",
    ]);
    expect(errorsOf({ ...valid, resultsAt: "soon" }).resultsAt).toEqual([
      "Results date must be a valid date and time",
    ]);
  });

  test("cross-field rules show together with field errors", () => {
    const e = errorsOf({
      ...valid,
      title: "",
      wordMin: "10",
      wordMax: "5",
      submissionsClose: "2027-02-01T00:00",
    });
    expect(e.title).toEqual(["Title is required"]);
    expect(e.wordMax).toEqual([MESSAGES.wordMaxGreater]);
    expect(e.submissionsClose).toEqual([MESSAGES.closeAfterOpen]);
  });

  test("timelineIssues compares instants", () => {
    const d = (s: string) => new Date(s);
    expect(
      timelineIssues({
        submissionsOpen: d("2027-01-01T00:00Z"),
        submissionsClose: d("2027-01-01T00:00Z"),
        judgingOpen: d("2026-12-31T00:00Z"),
        judgingClose: d("2026-12-31T00:00Z"),
        resultsAt: d("2026-12-30T00:00Z"),
      }).map((i) => i.message),
    ).toEqual([
      MESSAGES.closeAfterOpen,
      MESSAGES.judgingOpenAfterClose,
      MESSAGES.judgingCloseAfterOpen,
      MESSAGES.resultsAfterJudging,
    ]);
  });
});

describe("promptSchema", () => {
  const errs = (v: Record<string, unknown>) => {
    const r = promptSchema.safeParse(v);
    return r.success ? {} : issuesToErrors(r.error);
  };
  test("title and text are required, with one message", () => {
    expect(errs({ title: "", body: "" })).toEqual({ "": [MESSAGES.promptRequired] });
    expect(errs({ title: "A title", body: " " })).toEqual({ "": [MESSAGES.promptRequired] });
    expect(errs({ body: "Some prompt text" })).toEqual({ "": [MESSAGES.promptRequired] });
  });
  test("limits", () => {
    expect(errs({ title: "T", body: "123456789" })).toEqual({
      body: ["Prompt text must be at least 10 characters"],
    });
    expect(errs({ title: "T", body: "1234567890" })).toEqual({});
    expect(errs({ title: "t".repeat(201), body: "1234567890" })).toEqual({
      title: ["Prompt title must be at most 200 characters"],
    });
    expect(errs({ title: "t".repeat(200), body: "b".repeat(5000) })).toEqual({});
    expect(errs({ title: "t", body: "b".repeat(5001) })).toEqual({
      body: ["Prompt text must be at most 5000 characters"],
    });
    const r = promptSchema.safeParse({ title: "  Trimmed  ", body: "  Ten chars here  " });
    expect(r.success && r.data).toEqual({ title: "Trimmed", body: "Ten chars here" });
  });
});

describe("criterionInputSchema", () => {
  test("normalises the key and applies defaults", () => {
    const r = criterionInputSchema.safeParse({
      key: "Voice & Style",
      label: "Voice",
      weight: "",
      maxPoints: "",
    });
    expect(r.success && r.data).toEqual({
      key: "voice___style",
      label: "Voice",
      maxPoints: 10,
      weight: 0.25,
      requireComment: false,
    });
    const c = criterionInputSchema.safeParse({
      key: "k",
      label: "L",
      weight: "0.5",
      maxPoints: "20",
      requireComment: "on",
      description: "D",
    });
    expect(c.success && c.data).toEqual({
      key: "k",
      label: "L",
      description: "D",
      maxPoints: 20,
      weight: 0.5,
      requireComment: true,
    });
  });
  test("a criterion needs a key and a label; limits", () => {
    const errs = (v: Record<string, unknown>) => {
      const r = criterionInputSchema.safeParse(v);
      return r.success ? {} : issuesToErrors(r.error);
    };
    expect(errs({ key: " ", label: "" })).toEqual({
      key: ["Criterion key is required"],
      label: ["Criterion label is required"],
    });
    expect(errs({ key: "k", label: "L", weight: "1.01" }).weight).toEqual([
      "Weight must be a number from 0 to 1",
    ]);
    expect(errs({ key: "k", label: "L", weight: "-0.01" }).weight).toEqual([
      "Weight must be a number from 0 to 1",
    ]);
    expect(errs({ key: "k", label: "L", weight: "0" })).toEqual({});
    expect(errs({ key: "k", label: "L", weight: "1" })).toEqual({});
    expect(errs({ key: "k", label: "L", maxPoints: "0" }).maxPoints).toBeDefined();
    expect(errs({ key: "k", label: "L", maxPoints: "101" }).maxPoints).toBeDefined();
    expect(errs({ key: "k", label: "L", maxPoints: "2.5" }).maxPoints).toBeDefined();
    expect(errs({ key: "k", label: "L", maxPoints: "100" })).toEqual({});
    expect(errs({ key: "k", label: "l".repeat(101) }).label).toEqual([
      "Criterion label must be at most 100 characters",
    ]);
    expect(errs({ key: "k", label: "L", description: "d".repeat(501) }).description).toBeDefined();
  });
});

describe("rubricSchema", () => {
  const c = (key: string, weight: number) => ({
    key,
    label: key,
    maxPoints: 10,
    weight,
    requireComment: false,
  });
  const errs = (v: Record<string, unknown>) => {
    const r = rubricSchema.safeParse(v);
    return r.success ? {} : issuesToErrors(r.error);
  };
  test("name and at least one criterion", () => {
    expect(errs({ name: "", criteria: [c("a", 1)] })).toEqual({
      name: [MESSAGES.rubricNameRequired],
    });
    expect(errs({ name: "R", criteria: [] })).toEqual({
      criteria: [MESSAGES.rubricNeedsCriterion],
    });
    expect(errs({ name: "n".repeat(201), criteria: [c("a", 1)] }).name).toEqual([
      "Rubric name must be at most 200 characters",
    ]);
  });
  test("weights must sum to 1 within 0.01", () => {
    expect(errs({ name: "R", criteria: [c("a", 0.5), c("b", 0.5)] })).toEqual({});
    expect(errs({ name: "R", criteria: [c("a", 0.5), c("b", 0.49)] })).toEqual({});
    expect(errs({ name: "R", criteria: [c("a", 0.5), c("b", 0.51)] })).toEqual({});
    expect(errs({ name: "R", criteria: [c("a", 0.5), c("b", 0.48)] })).toEqual({
      criteria: ["Total weight must sum to 1.0 (currently 0.98)"],
    });
    expect(errs({ name: "R", criteria: [c("a", 0.25)] })).toEqual({
      criteria: ["Total weight must sum to 1.0 (currently 0.25)"],
    });
    expect(totalWeightMessage(1.2)).toBe("Total weight must sum to 1.0 (currently 1.20)");
  });
  test("keys are unique", () => {
    expect(errs({ name: "R", criteria: [c("a", 0.5), c("a", 0.5)] }).criteria?.[0]).toMatch(
      /used twice/,
    );
  });
});

test("publishProblems", () => {
  expect(publishProblems({ prompts: 0, rubrics: 0 })).toEqual([
    MESSAGES.publishNeedsPrompt,
    MESSAGES.publishNeedsRubric,
  ]);
  expect(publishProblems({ prompts: 1, rubrics: 0 })).toEqual([MESSAGES.publishNeedsRubric]);
  expect(publishProblems({ prompts: 1, rubrics: 1 })).toEqual([]);
});

describe("criterion keys and weight tolerance (rubric.ts)", () => {
  test("keys are lowercased and other characters become underscores", () => {
    expect(normalizeCriterionKey("Voice & Style")).toBe("voice___style");
    expect(normalizeCriterionKey("plot_2")).toBe("plot_2");
    expect(normalizeCriterionKey("Ünïcode-Key")).toBe("_n_code_key");
  });
  test("weights sum to 1 within 0.01", () => {
    const w = (...ws: number[]) => ws.map((weight) => ({ weight }));
    expect(weightsSumToOne(w(0.25, 0.25, 0.25, 0.25))).toBe(true);
    expect(weightsSumToOne(w(0.33, 0.33, 0.33))).toBe(true); // 0.99
    expect(weightsSumToOne(w(0.5, 0.51))).toBe(true); // 1.01
    expect(weightsSumToOne(w(0.5, 0.52))).toBe(false); // 1.02
    expect(weightsSumToOne(w(0.49, 0.49))).toBe(false); // 0.98
    expect(totalWeight(w(0.1, 0.2))).toBe(0.3);
  });
});
