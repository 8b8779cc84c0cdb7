import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import type { Criterion } from "~/features/contests/rubric";
import { csvSafe, parseScoreValue, scoreFormSchema, scoreProblem, weightedTotal } from "./scoring";

const criteria: Criterion[] = [
  { key: "voice", label: "Voice", maxPoints: 10, weight: 0.3, requireComment: false },
  { key: "structure", label: "Structure", maxPoints: 10, weight: 0.25, requireComment: false },
  { key: "prompt_use", label: "Prompt", maxPoints: 10, weight: 0.2, requireComment: false },
  { key: "mechanics", label: "Mechanics", maxPoints: 5, weight: 0.25, requireComment: true },
];

function form(entries: Record<string, string>) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(entries)) fd.append(k, v);
  return fd;
}

describe("score inputs", () => {
  it("turns non-numeric input into 0", () => {
    expect(parseScoreValue("abc")).toBe(0);
    expect(parseScoreValue("")).toBe(0);
    expect(parseScoreValue(undefined)).toBe(0);
    expect(parseScoreValue(" 7.5 ")).toBe(7.5);
    expect(parseScoreValue("Infinity")).toBe(0);
  });

  it("accepts 0..max in steps of 0.5", () => {
    expect(scoreProblem(0, 10)).toBeNull();
    expect(scoreProblem(10, 10)).toBeNull();
    expect(scoreProblem(7.5, 10)).toBeNull();
    expect(scoreProblem(10.5, 10)).toBe("Score must be between 0 and 10");
    expect(scoreProblem(-1, 10)).toBe("Score must be between 0 and 10");
    expect(scoreProblem(7.25, 10)).toBe("Score must be a multiple of 0.5");
  });

  it("parses the judge form with conform", () => {
    const schema = scoreFormSchema(criteria);
    const ok = parseWithZod(
      form({
        intent: "submit",
        "scores.voice": "8",
        "scores.structure": "abc",
        "scores.prompt_use": "6.5",
        "scores.mechanics": "4",
        comment: "Good",
      }),
      { schema },
    );
    expect(ok.status).toBe("success");
    if (ok.status !== "success") return;
    expect(ok.value.scores).toEqual({ voice: 8, structure: 0, prompt_use: 6.5, mechanics: 4 });
    expect(weightedTotal(criteria, ok.value.scores)).toBe(4.7);
  });

  it("rejects out-of-range scores and enforces a required comment on submit only", () => {
    const schema = scoreFormSchema(criteria);
    const bad = parseWithZod(
      form({ intent: "submit", "scores.voice": "11", "scores.mechanics": "5.5" }),
      { schema },
    );
    expect(bad.status).toBe("error");
    const errors = bad.reply().error!;
    expect(errors["scores.voice"]).toEqual(["Score must be between 0 and 10"]);
    expect(errors["scores.mechanics"]).toEqual(["Score must be between 0 and 5"]);
    expect(errors["comment"]).toEqual(["A comment is required for this rubric (Mechanics)"]);

    const draft = parseWithZod(form({ intent: "autosave", "scores.voice": "3" }), { schema });
    expect(draft.status).toBe("success");
    const finalDraft = parseWithZod(form({ intent: "autosave", "scores.voice": "3" }), {
      schema: scoreFormSchema(criteria, { alreadySubmitted: true }),
    });
    expect(finalDraft.status).toBe("error");
  });

  it("limits comments to 2000 characters", () => {
    const r = parseWithZod(form({ intent: "autosave", comment: "x".repeat(2001) }), {
      schema: scoreFormSchema(criteria),
    });
    expect(r.reply().error?.comment).toEqual(["Comments must be at most 2000 characters"]);
  });
});

describe("weighted total", () => {
  it("is Σ score × weight with two decimals", () => {
    expect(weightedTotal(criteria, { voice: 7, structure: 8, prompt_use: 9, mechanics: 5 })).toBe(
      7.15,
    );
    expect(weightedTotal(criteria, { voice: 6.5 })).toBe(1.95);
    expect(weightedTotal(criteria, {})).toBe(0);
  });
});

describe("csvSafe", () => {
  it("neutralises formula-like cells", () => {
    expect(csvSafe("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvSafe("@SUM")).toBe("'@SUM");
    expect(csvSafe("A story")).toBe("A story");
  });
});
