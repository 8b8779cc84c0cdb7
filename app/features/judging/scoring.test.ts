import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import type { Criterion } from "~/features/contests/rubric";
import {
  averageScore,
  decidingRound,
  judgeLabels,
  csvSafe,
  enteredScores,
  formatScore,
  parseScoreValue,
  roundScore,
  SCORE_REQUIRED,
  scoreFormSchema,
  scoreProblem,
  scoresProblem,
  weightedTotal,
} from "./scoring";

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
  it("reads blank as no value, other non-numeric text as 0", () => {
    expect(parseScoreValue("abc")).toBe(0);
    expect(parseScoreValue("")).toBeNull();
    expect(parseScoreValue("   ")).toBeNull();
    expect(parseScoreValue(undefined)).toBeNull();
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
    if (ok.status !== "success" || ok.value.intent === "discard") return;
    expect(ok.value.scores).toEqual({ voice: 8, structure: 0, prompt_use: 6.5, mechanics: 4 });
    expect(weightedTotal(criteria, enteredScores(ok.value.scores))).toBe(4.7);
  });

  it("rejects out-of-range scores and enforces a required comment on submit only", () => {
    const schema = scoreFormSchema(criteria);
    const bad = parseWithZod(
      form({
        intent: "submit",
        "scores.voice": "11",
        "scores.structure": "5",
        "scores.prompt_use": "5",
        "scores.mechanics": "5.5",
      }),
      { schema },
    );
    expect(bad.status).toBe("error");
    const errors = bad.reply().error!;
    expect(errors["scores.voice"]).toEqual(["Score must be between 0 and 10"]);
    expect(errors["scores.mechanics"]).toEqual(["Score must be between 0 and 5"]);
    expect(errors["comment"]).toEqual(["A comment is required for this rubric (Mechanics)"]);

    const draft = parseWithZod(form({ intent: "autosave", "scores.voice": "3" }), { schema });
    expect(draft.status).toBe("success");
    const badDraft = parseWithZod(form({ intent: "autosave", "scores.voice": "30" }), { schema });
    expect(badDraft.status).toBe("error");
  });

  it("a final score needs a value for every criterion (blank is not 0); a draft may be partial", () => {
    const schema = scoreFormSchema(criteria);
    for (const intent of ["submit", "submit-next"]) {
      const r = parseWithZod(
        form({
          intent,
          "scores.voice": "8",
          "scores.structure": "",
          "scores.mechanics": "0",
          comment: "Fine",
        }),
        { schema },
      );
      expect(r.status).toBe("error");
      const errors = r.reply().error!;
      expect(errors["scores.structure"]).toEqual([SCORE_REQUIRED]);
      expect(errors["scores.prompt_use"]).toEqual([SCORE_REQUIRED]);
      expect(errors["scores.voice"]).toBeUndefined();
      expect(errors["scores.mechanics"]).toBeUndefined();
      // The refused post keeps what was typed.
      expect(r.reply().initialValue).toMatchObject({ scores: { voice: "8", mechanics: "0" } });
    }
    const draft = parseWithZod(
      form({ intent: "autosave", "scores.voice": "8", "scores.structure": "" }),
      { schema },
    );
    expect(draft.status).toBe("success");
    if (draft.status !== "success" || draft.value.intent === "discard") return;
    expect(enteredScores(draft.value.scores)).toEqual({ voice: 8 });
  });

  it("limits comments to 2000 characters", () => {
    const r = parseWithZod(form({ intent: "autosave", comment: "x".repeat(2001) }), {
      schema: scoreFormSchema(criteria),
    });
    expect(r.reply().error?.comment).toEqual(["Comments must be at most 2000 characters"]);
  });

  it("refuses an unknown intent", () => {
    const r = parseWithZod(form({ intent: "publish" }), { schema: scoreFormSchema(criteria) });
    expect(r.status).toBe("error");
    expect(
      parseWithZod(form({ intent: "discard" }), { schema: scoreFormSchema(criteria) }).status,
    ).toBe("success");
  });
});

describe("rounding: half up to two decimals, one rule everywhere", () => {
  it("rounds the binary-floating-point halves up", () => {
    // 7.225 is stored as 7.22499999…: toFixed(2) gives "7.22", Math.round(1.005 * 100) / 100 gives 1.
    expect((7.225).toFixed(2)).toBe("7.22");
    expect(Math.round(1.005 * 100) / 100).toBe(1);
    expect(roundScore(7.225)).toBe(7.23);
    expect(roundScore(7.235)).toBe(7.24);
    expect(roundScore(8.005)).toBe(8.01);
    expect(roundScore(1.005)).toBe(1.01);
    expect(roundScore(7.2249)).toBe(7.22);
    expect(roundScore(-0.125)).toBe(-0.12);
    expect(formatScore(7.225)).toBe("7.23");
    expect(formatScore(8.005)).toBe("8.01");
  });

  it("averages two-decimal totals exactly, then rounds half up", () => {
    expect(averageScore([7.22, 7.23])).toBe(7.23);
    expect(averageScore([7.23, 7.24])).toBe(7.24);
    expect(averageScore([8, 8.01])).toBe(8.01);
    expect(averageScore([7, 7, 9])).toBe(7.67);
    expect(averageScore([0.1, 0.2])).toBe(0.15);
    expect(averageScore([])).toBeNull();
  });
});

describe("weighted total", () => {
  it("is Σ score × weight with two decimals", () => {
    expect(weightedTotal(criteria, { voice: 7, structure: 8, prompt_use: 9, mechanics: 5 })).toBe(
      7.15,
    );
    expect(weightedTotal(criteria, { voice: 6.5 })).toBe(1.95);
    expect(weightedTotal(criteria, {})).toBe(0);
    // 7.5 × 0.3 + 7 × 0.25 + 6.5 × 0.2 + 3.9 × 0.25 = 6.275: half up, 6.28.
    expect(
      weightedTotal(criteria, { voice: 7.5, structure: 7, prompt_use: 6.5, mechanics: 3.9 }),
    ).toBe(6.28);
  });
});

describe("csvSafe", () => {
  it("neutralises formula-like cells", () => {
    expect(csvSafe("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvSafe("@SUM")).toBe("'@SUM");
    expect(csvSafe("A story")).toBe("A story");
  });
});

describe("scores across rounds (docs/decisions/0032)", () => {
  it("the deciding round is the last one an entry was read in", () => {
    const scores = [
      { round: 1, total: 5 },
      { round: 2, total: 9 },
      { round: 1, total: 6 },
      { round: 2, total: 8 },
    ];
    expect(decidingRound(scores).map((s) => s.total)).toEqual([9, 8]);
    expect(decidingRound([{ round: 1, total: 4 }])).toEqual([{ round: 1, total: 4 }]);
  });
  it("judges are named by round only when there were several", () => {
    expect(judgeLabels([{ round: 1 }, { round: 1 }])).toEqual(["Judge 1", "Judge 2"]);
    expect(judgeLabels([{ round: 1 }, { round: 2 }, { round: 1 }])).toEqual([
      "Round 1 · Judge 1",
      "Round 2 · Judge 1",
      "Round 1 · Judge 2",
    ]);
  });
});

describe("a whole set of scores against the rubric (ADR 0045)", () => {
  const full = { voice: 10, structure: 0, prompt_use: 9.5, mechanics: 5 };
  it("accepts values within each criterion's range", () => {
    expect(scoresProblem(criteria, full, { complete: true })).toBeNull();
    expect(scoresProblem(criteria, { voice: 3 }, { complete: false })).toBeNull();
  });
  it("refuses a value above the maximum, below 0, off the step, or missing when complete", () => {
    expect(scoresProblem(criteria, { ...full, mechanics: 6 }, { complete: true })).toBe(
      "Mechanics: Score must be between 0 and 5",
    );
    expect(scoresProblem(criteria, { ...full, voice: -0.5 }, { complete: true })).toMatch(/Voice/);
    expect(scoresProblem(criteria, { ...full, voice: 7.25 }, { complete: true })).toMatch(/0.5/);
    expect(scoresProblem(criteria, { voice: 3 }, { complete: true })).toBe(
      `Structure: ${SCORE_REQUIRED}`,
    );
  });
  it("refuses a key the rubric does not have", () => {
    expect(scoresProblem(criteria, { ...full, plot: 3 }, { complete: true })).toMatch(
      /does not have/,
    );
  });
});
