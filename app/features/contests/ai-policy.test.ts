import { describe, expect, test } from "vitest";
import {
  AI_HOW_MAX,
  AI_MESSAGES,
  AI_POLICIES,
  AI_POLICY_WORDING,
  AI_USES,
  breaksPolicy,
  declarationErrors,
  declarationValue,
  type AiPolicy,
  type AiUse,
} from "./ai-policy";

describe("which declarations break which policy (ADR 0053)", () => {
  const broken = (policy: AiPolicy) => AI_USES.filter((use) => breaksPolicy(policy, use));
  test.each<[AiPolicy, AiUse[]]>([
    ["unstated", []],
    ["not_allowed", ["ideas", "editing", "generated"]],
    ["ideas_only", ["editing", "generated"]],
    ["disclosed", []],
  ])("%s is broken by %j", (policy, uses) => {
    expect(broken(policy)).toEqual(uses);
  });

  test("every stated policy has words to show; none stated has none", () => {
    for (const p of AI_POLICIES) expect(Boolean(AI_POLICY_WORDING[p])).toBe(p !== "unstated");
  });
});

describe("declarationErrors", () => {
  test("nothing is asked without a policy", () => {
    expect(declarationErrors({}, "unstated")).toEqual({});
    expect(declarationValue({ aiUse: "generated" }, "unstated")).toBeNull();
  });

  test("an answer is required, and a how whenever AI was used", () => {
    expect(declarationErrors({}, "disclosed")).toEqual({ aiUse: [AI_MESSAGES.choose] });
    expect(declarationErrors({ aiUse: "robot" }, "disclosed")).toEqual({
      aiUse: [AI_MESSAGES.choose],
    });
    expect(declarationErrors({ aiUse: "none" }, "disclosed")).toEqual({});
    for (const use of ["ideas", "editing", "generated"])
      expect(declarationErrors({ aiUse: use, aiHow: "  " }, "not_allowed")).toEqual({
        aiHow: [AI_MESSAGES.howRequired],
      });
    expect(
      declarationErrors({ aiUse: "ideas", aiHow: "x".repeat(AI_HOW_MAX + 1) }, "ideas_only"),
    ).toEqual({ aiHow: [AI_MESSAGES.howTooLong] });
  });

  test("the value kept: the how only when AI was used, trimmed", () => {
    expect(declarationValue({ aiUse: "none", aiHow: "x" }, "disclosed")).toEqual({
      use: "none",
      how: null,
    });
    expect(declarationValue({ aiUse: "editing", aiHow: " Spelling.\r\n" }, "disclosed")).toEqual({
      use: "editing",
      how: "Spelling.",
    });
  });
});
