import { describe, expect, test } from "vitest";
import {
  declarationProblem,
  MAX_SCHOOL_NAME,
  MAX_WORK_WITH,
  parseCapacity,
  tidySchoolName,
  workWithSchools,
} from "./declarations";
import { answerSchema, panelActionSchema } from "./panel-schema";

describe("declared schools (docs/decisions/0033-judging-panel.md)", () => {
  test("a typed name loses outer spaces and runs of inner spaces", () => {
    expect(tidySchoolName("  Maple   Grove \t Primary ")).toBe("Maple Grove Primary");
  });

  test("the work-with box: one a line, blanks dropped, each school once, the own school left out", () => {
    expect(
      workWithSchools("Oak Hill\r\n\n  oak   hill \nRiver School\nMaple Grove\n", " maple grove"),
    ).toEqual(["Oak Hill", "River School"]);
    expect(workWithSchools("")).toEqual([]);
  });

  test("too many or too long names are refused", () => {
    expect(declarationProblem("Maple", ["Oak"])).toBeNull();
    expect(declarationProblem("x".repeat(MAX_SCHOOL_NAME + 1), [])).toMatch(/at most/);
    expect(
      declarationProblem(
        "",
        Array.from({ length: MAX_WORK_WITH + 1 }, (_, i) => `School ${i}`),
      ),
    ).toMatch(`at most ${MAX_WORK_WITH}`);
  });
});

describe("capacity", () => {
  test("blank is no limit; a whole number of at least 1 is a limit; anything else is refused", () => {
    expect(parseCapacity("")).toBeNull();
    expect(parseCapacity("  ")).toBeNull();
    expect(parseCapacity(undefined)).toBeNull();
    expect(parseCapacity(" 12 ")).toBe(12);
    expect(parseCapacity("1")).toBe(1);
    for (const bad of ["0", "-3", "2.5", "ten", "1e3"]) expect(parseCapacity(bad)).toBeUndefined();
  });

  test("the settings form refuses a bad capacity on its field", () => {
    const bad = panelActionSchema.safeParse({ intent: "settings", judgeId: "j", capacity: "0" });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0].path).toEqual(["capacity"]);
    const ok = panelActionSchema.safeParse({ intent: "settings", judgeId: "j", capacity: "" });
    expect(ok.success && ok.data).toMatchObject({ divisionId: [] });
  });
});

describe("answering an invitation", () => {
  test("a new account needs a password (twice) to accept, not to decline", () => {
    const schema = answerSchema(true);
    expect(schema.safeParse({ intent: "decline" }).success).toBe(true);
    const short = schema.safeParse({ intent: "accept", password: "abc", confirmPassword: "abc" });
    expect(short.error?.issues[0].path).toEqual(["password"]);
    const differ = schema.safeParse({
      intent: "accept",
      password: "a-long-password",
      confirmPassword: "another-one",
    });
    expect(differ.error?.issues[0].path).toEqual(["confirmPassword"]);
    expect(
      schema.safeParse({
        intent: "accept",
        password: "a-long-password",
        confirmPassword: "a-long-password",
      }).success,
    ).toBe(true);
    expect(answerSchema(false).safeParse({ intent: "accept" }).success).toBe(true);
  });
});
