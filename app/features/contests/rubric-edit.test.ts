import { expect, test } from "vitest";
import { applyRubricEdit, RUBRIC_LOCKED_MESSAGE } from "./rubric-edit";

const current = [
  { key: "voice", label: "Voice", maxPoints: 10, weight: 0.5, requireComment: false },
  {
    key: "plot",
    label: "Plot",
    description: "Shape",
    maxPoints: 10,
    weight: 0.5,
    requireComment: true,
  },
];
const posted = (over: Record<number, Record<string, string>> = {}) =>
  current.map((c, i) => ({
    key: c.key,
    label: c.label,
    description: c.description ?? "",
    maxPoints: String(c.maxPoints),
    weight: String(c.weight),
    ...(c.requireComment ? { requireComment: "on" } : {}),
    ...over[i],
  }));

test("without submitted scores everything can change, and the rubric rules still apply", () => {
  const r = applyRubricEdit(
    current,
    {
      name: "New",
      criteria: posted({
        0: { key: "Style", weight: "0.3" },
        1: { weight: "0.7", maxPoints: "20" },
      }),
    },
    false,
  );
  expect(r).toEqual({
    ok: true,
    value: {
      name: "New",
      criteria: [
        { key: "style", label: "Voice", maxPoints: 10, weight: 0.3, requireComment: false },
        {
          key: "plot",
          label: "Plot",
          description: "Shape",
          maxPoints: 20,
          weight: 0.7,
          requireComment: true,
        },
      ],
    },
  });
  const bad = applyRubricEdit(
    current,
    { name: "New", criteria: posted({ 0: { weight: "0.2" } }) },
    false,
  );
  expect(bad).toEqual({
    ok: false,
    errors: { "": ["Total weight must sum to 1.0 (currently 0.70)"] },
  });
  const blank = applyRubricEdit(
    current,
    { name: " ", criteria: posted({ 1: { label: "" } }) },
    false,
  );
  expect(blank.ok).toBe(false);
  if (!blank.ok) {
    expect(blank.errors.name).toEqual(["Rubric name is required"]);
    expect(blank.errors["criteria[1].label"]).toEqual(["Criterion label is required"]);
  }
});

test("with submitted scores only the name, labels and descriptions change; anything else is refused", () => {
  const locked = posted({ 0: { label: "Voice and style", description: "How it sounds" } }).map(
    ({ label, description }) => ({ label, description }),
  );
  expect(applyRubricEdit(current, { name: "Renamed", criteria: locked }, true)).toEqual({
    ok: true,
    value: {
      name: "Renamed",
      criteria: [
        { ...current[0], label: "Voice and style", description: "How it sounds" },
        { ...current[1], description: "Shape" },
      ],
    },
  });
  // Unchanged locked values may be posted back as they are.
  expect(applyRubricEdit(current, { name: "R", criteria: posted() }, true).ok).toBe(true);
  for (const change of [
    { key: "tone" } as Record<string, string>,
    { weight: "0.6" },
    { maxPoints: "5" },
    { requireComment: "on" },
  ]) {
    expect(applyRubricEdit(current, { name: "R", criteria: posted({ 0: change }) }, true)).toEqual({
      ok: false,
      errors: { "": [RUBRIC_LOCKED_MESSAGE] },
    });
  }
  expect(applyRubricEdit(current, { name: "R", criteria: locked.slice(0, 1) }, true).ok).toBe(
    false,
  );
});
