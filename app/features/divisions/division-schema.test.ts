import { describe, expect, it } from "vitest";
import { parseWithZod } from "@conform-to/zod";
import { divisionActionSchema, divisionConflicts, type DivisionRange } from "./division-schema";

const parse = (v: Record<string, unknown>) => divisionActionSchema.safeParse(v);
const issues = (v: Record<string, unknown>) => {
  const r = parse(v);
  return r.success ? {} : r.error.flatten().fieldErrors;
};
const grade = { intent: "add", name: "Juniors", basis: "grade", min: 3, max: 5 };

describe("divisionActionSchema", () => {
  it("takes a grade range (kindergarten is 0) without a date", () => {
    expect(parse(grade).success).toBe(true);
    expect(parse({ ...grade, min: 0, max: 0 }).success).toBe(true);
  });
  it("refuses grades outside K-12 and a range in the wrong order", () => {
    expect(issues({ ...grade, max: 13 }).max).toBeTruthy();
    expect(issues({ ...grade, min: -1 }).min).toBeTruthy();
    expect(issues({ ...grade, min: 6, max: 5 }).max).toEqual(["To must not be less than From"]);
  });
  it("needs the date an age is taken on, and ages 4-25", () => {
    const age = { ...grade, basis: "age", min: 12, max: 16 };
    expect(issues(age).ageOn).toBeTruthy();
    expect(parse({ ...age, ageOn: "2026-09-01" }).success).toBe(true);
    const r = parse({ ...age, ageOn: "2026-09-01" });
    if (r.success && r.data.intent === "add")
      expect(r.data.ageOn?.toISOString()).toBe("2026-09-01T00:00:00.000Z");
    expect(issues({ ...age, ageOn: "2026-09-01", max: 26 }).max).toBeTruthy();
    expect(issues({ ...age, ageOn: "2026-09-01", min: 3 }).min).toBeTruthy();
  });
  it("takes a word range of both ends or neither, fewest below most", () => {
    expect(parse({ ...grade, wordMin: 100, wordMax: 500 }).success).toBe(true);
    expect(issues({ ...grade, wordMin: 100 }).wordMax).toBeTruthy();
    expect(issues({ ...grade, wordMax: 100 }).wordMin).toBeTruthy();
    expect(issues({ ...grade, wordMin: 500, wordMax: 500 }).wordMax).toBeTruthy();
  });
  it("needs a name", () => {
    expect(issues({ ...grade, name: "  " }).name).toBeTruthy();
  });
});

describe("divisionConflicts", () => {
  const existing: DivisionRange[] = [
    { id: "a", name: "Grades 3-5", basis: "grade", min: 3, max: 5 },
    { id: "b", name: "Grades 6-8", basis: "grade", min: 6, max: 8 },
  ];
  it("accepts a range next to the others", () => {
    expect(divisionConflicts(existing, { name: "High", basis: "grade", min: 9, max: 12 })).toEqual(
      {},
    );
  });
  it("refuses a name already used, whatever its case", () => {
    expect(
      divisionConflicts(existing, { name: " grades 6-8 ", basis: "grade", min: 9, max: 9 }).name,
    ).toBeTruthy();
  });
  it("refuses overlapping ranges, touching ends included", () => {
    expect(divisionConflicts(existing, { name: "X", basis: "grade", min: 8, max: 9 }).min).toEqual([
      'This range overlaps "Grades 6-8". Each writer must fit only one division.',
    ]);
    expect(
      divisionConflicts(existing, { name: "X", basis: "grade", min: 0, max: 12 }).min,
    ).toBeTruthy();
  });
  it("refuses mixing grade and age in one contest, and says why", () => {
    const e = divisionConflicts(existing, { name: "Teens", basis: "age", min: 13, max: 16 });
    expect(e.basis?.[0]).toMatch(/go by school grade.*same one/);
  });
  it("lets a division be edited in place (it does not clash with itself)", () => {
    expect(
      divisionConflicts(existing, { id: "b", name: "Grades 6-8", basis: "grade", min: 6, max: 9 }),
    ).toEqual({});
    // Changing the only division's basis is fine.
    expect(
      divisionConflicts([existing[0]], { id: "a", name: "Ages", basis: "age", min: 8, max: 10 }),
    ).toEqual({});
  });
});

describe("the page's posts through conform", () => {
  const post = (entries: [string, string][]) => {
    const fd = new FormData();
    for (const [k, v] of entries) fd.append(k, v);
    return parseWithZod(fd, { schema: divisionActionSchema });
  };
  it("reads one, several or no ticked judges as a list", () => {
    const one = post([
      ["intent", "judges"],
      ["divisionId", "d1"],
      ["judgeId", "j1"],
    ]);
    expect(one.status === "success" && one.value).toMatchObject({ judgeId: ["j1"] });
    const two = post([
      ["intent", "judges"],
      ["divisionId", "d1"],
      ["judgeId", "j1"],
      ["judgeId", "j2"],
    ]);
    expect(two.status === "success" && two.value).toMatchObject({ judgeId: ["j1", "j2"] });
    const none = post([
      ["intent", "judges"],
      ["divisionId", "d1"],
    ]);
    expect(none.status === "success" && none.value).toMatchObject({ judgeId: [] });
  });
  it("reads numbers and leaves empty word fields out", () => {
    const r = post([
      ["intent", "add"],
      ["name", "Juniors"],
      ["basis", "grade"],
      ["min", "0"],
      ["max", "2"],
      ["ageOn", ""],
      ["wordMin", ""],
      ["wordMax", ""],
    ]);
    expect(r.status).toBe("success");
    if (r.status === "success" && r.value.intent === "add")
      expect(r.value).toMatchObject({ min: 0, max: 2, wordMin: undefined, ageOn: undefined });
  });
  it("reads 'All divisions' as no division", () => {
    const r = post([
      ["intent", "prompt"],
      ["promptId", "p1"],
      ["divisionId", ""],
    ]);
    expect(r.status === "success" && r.value).toMatchObject({ promptId: "p1" });
    if (r.status === "success" && r.value.intent === "prompt")
      expect(r.value.divisionId).toBeUndefined();
  });
});
