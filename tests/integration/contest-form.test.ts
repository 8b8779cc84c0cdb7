import { describe, expect, test } from "vitest";
import { contestFormStep, rubricBuilderAction } from "~/features/contests/contest-form.server";
import { defaultContestValues } from "~/features/contests/contest-form";
import { createPrompt } from "~/features/contests/prompts.server";
import { prisma } from "~/utils/db.server";

/**
 * The new-contest form as a browser without JavaScript drives it: each post sends the form's
 * fields by conform's names (what the page rendered from the last reply) plus the button pressed.
 */
let n = 0;

/** conform's field names for a nested value: `rubrics[0].criteria[1].key`. */
function fieldsOf(value: unknown, prefix = ""): [string, string][] {
  if (Array.isArray(value)) return value.flatMap((v, i) => fieldsOf(v, `${prefix}[${i}]`));
  if (value && typeof value === "object")
    return Object.entries(value).flatMap(([k, v]) => fieldsOf(v, prefix ? `${prefix}.${k}` : k));
  if (typeof value === "boolean") return value ? [[prefix, "on"]] : [];
  return value === undefined || value === null ? [] : [[prefix, String(value)]];
}

function post(values: unknown, extra: Record<string, string>) {
  const fd = new FormData();
  for (const [k, v] of [...fieldsOf(values), ...Object.entries(extra)]) fd.append(k, v);
  return fd;
}

async function step(values: unknown, extra: Record<string, string>) {
  const outcome = await contestFormStep(post(values, extra));
  if (outcome.saved) throw new Error("saved");
  return outcome.answer;
}

const remove = (name: string, index: number) => ({
  __intent__: JSON.stringify({ type: "remove", payload: { name, index } }),
});

describe("the new-contest form, staged with conform's lists", () => {
  test("stage, remove, refuse, build a rubric, then save everything at once", async () => {
    const slug = `form-${++n}-${Date.now()}`;
    const source = await createPrompt({
      title: `Library ${slug}`,
      body: "A prompt from the library.",
      contestId: null,
    });
    let values: unknown = {
      ...defaultContestValues(new Date("2027-01-10T12:00:00Z")),
      slug,
      title: `Form ${slug}`,
      description: "A contest made through the form's steps.",
      isPublished: true,
    };

    // The library picker stages a copy; conform's remove intent takes it out again.
    let a = await step(values, { intent: "add-existing-prompt", existingPromptId: source.id });
    expect(a.notice?.text).toBe("Prompt will be added after saving the contest.");
    expect(a.focus).toBe("existingPromptId");
    values = a.result.initialValue;
    expect(values).toMatchObject({ prompts: [{ title: `Library ${slug}`, sourceId: source.id }] });
    a = await step(values, remove("prompts", 0));
    expect(a.notice?.text).toBe("Prompt removed");
    expect(a.result.initialValue).not.toHaveProperty("prompts");
    values = a.result.initialValue;

    // A prompt draft: refused with the spec's message, then staged and cleared.
    a = await step(values, { intent: "create-prompt", "prompt.title": "Lighthouse" });
    expect(a.result.error).toMatchObject({ prompt: ["Prompt title and text are required"] });
    a = await step(values, {
      intent: "create-prompt",
      "prompt.title": "Lighthouse",
      "prompt.body": "Write about a light that keeps someone safe.",
    });
    expect(a.notice?.text).toBe("Prompt will be created after saving the contest.");
    expect(a.focus).toBe("promptTitle");
    values = a.result.initialValue;
    expect(values).not.toHaveProperty("prompt");

    // Publishing without a rubric is refused and writes nothing; the staged prompt stays.
    const refused = await step(values, { intent: "save" });
    expect(Object.values(refused.result.error ?? {}).flat()).toContain(
      "Cannot publish: Contest must have at least one rubric",
    );
    expect(refused.result.initialValue).toMatchObject({ prompts: [{ title: "Lighthouse" }] });
    expect(await prisma.contest.findUnique({ where: { slug } })).toBeNull();

    // The rubric draft: a criterion needs key and label, keys are distinct, Remove takes one out.
    a = await step(values, { intent: "add-criterion", "rubric.name": "Mystery" });
    expect(a.result.error).toMatchObject({ "rubric.criterion.key": ["Criterion key is required"] });
    a = await step(values, {
      intent: "add-criterion",
      "rubric.name": "Mystery",
      "rubric.criterion.key": "Clues",
      "rubric.criterion.label": "Clues",
      "rubric.criterion.weight": "0.4",
    });
    expect(a.focus).toBe("rubric-key");
    values = a.result.initialValue;
    expect(values).toMatchObject({
      rubric: { name: "Mystery", criteria: [{ key: "clues", weight: "0.4" }] },
    });
    a = await step(values, {
      intent: "add-criterion",
      "rubric.criterion.key": "clues",
      "rubric.criterion.label": "Again",
    });
    expect(a.result.error?.["rubric.criterion.key"]?.[0]).toMatch(/already in this rubric/);
    a = await step(values, {
      intent: "create-rubric",
      "rubric.criterion.key": "twist",
      "rubric.criterion.label": "Twist",
      "rubric.criterion.maxPoints": "5",
      "rubric.criterion.weight": "0.6",
    });
    expect(a.notice?.text).toBe("Rubric will be created after saving the contest.");
    values = a.result.initialValue;
    expect(values).not.toHaveProperty("rubric");

    const saved = await contestFormStep(post(values, { intent: "save" }));
    expect(saved).toMatchObject({
      saved: true,
      title: "Contest created with all prompts and rubrics",
      description: "Contest published successfully",
    });
    const stored = await prisma.contest.findUniqueOrThrow({
      where: { slug },
      include: { prompts: true, rubrics: true },
    });
    expect(stored.prompts.map((p) => p.title)).toEqual(["Lighthouse"]);
    expect(stored.rubrics.map((r) => [r.name, JSON.parse(r.criteria)])).toEqual([
      [
        "Mystery",
        [
          { key: "clues", label: "Clues", maxPoints: 10, weight: 0.4, requireComment: false },
          { key: "twist", label: "Twist", maxPoints: 5, weight: 0.6, requireComment: false },
        ],
      ],
    ]);
  });

  test("hand-made posts: a malformed intent or a repeated name answer with the form", async () => {
    const a = await step({ title: "T" }, { __intent__: "{not json", intent: "create-prompt" });
    expect(a.result.initialValue).toMatchObject({ title: "T" });
    expect(a.result.error).toMatchObject({ prompt: ["Prompt title and text are required"] });
    const b = await step({}, { intent: "add-existing-prompt", existingPromptId: "missing" });
    expect(b.result.error).toMatchObject({ existingPromptId: ["Selected prompt not found"] });
    // A name sent twice is a list to conform: the picker counts as not chosen.
    const fd = post({ prompts: "not a list" }, { intent: "add-existing-prompt" });
    fd.append("existingPromptId", "a");
    fd.append("existingPromptId", "b");
    const c = await contestFormStep(fd);
    expect(!c.saved && c.answer.result.error).toMatchObject({
      existingPromptId: ["Choose a prompt to add"],
    });
  });
});

test("the rubric pages' builder: remove a criterion with conform's intent, then save", async () => {
  const fields = {
    "rubric.name": `Builder ${++n}-${Date.now()}`,
    "rubric.criteria[0].key": "a",
    "rubric.criteria[0].label": "A",
    "rubric.criteria[0].weight": "1",
    "rubric.criteria[1].key": "b",
    "rubric.criteria[1].label": "B",
  };
  const removed = await rubricBuilderAction(
    post({}, { ...fields, ...remove("rubric.criteria", 1) }),
    {},
  );
  expect(removed.saved).toBe(false);
  if (removed.saved) return;
  expect(removed.result.initialValue).toMatchObject({ rubric: { criteria: [{ key: "a" }] } });
  expect(
    await rubricBuilderAction(post(removed.result.initialValue, { intent: "save-rubric" }), {}),
  ).toEqual({
    saved: true,
  });
  expect(await prisma.rubric.count({ where: { name: fields["rubric.name"] } })).toBe(1);
});
