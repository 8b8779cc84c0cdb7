import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import type { Criterion } from "~/features/contests/rubric";
import {
  competitionRanks,
  csvSafe,
  formatScore,
  judgeStats,
  parseScoreValue,
  rankByAverage,
  rankByZScore,
  scoreFormSchema,
  scoreProblem,
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

describe("ranking", () => {
  it("uses competition ranking: ties share a rank (1, 1, 3)", () => {
    expect(competitionRanks([9, 9, 8, 7, 7, 7, 1])).toEqual([1, 1, 3, 4, 4, 4, 7]);
    expect(competitionRanks([9.004, 9.001])).toEqual([1, 1]);
  });

  it("ranks by the average of judges' totals, two decimals, descending", () => {
    const ranked = rankByAverage([
      { submissionId: "a", judgeId: "j1", total: 8 },
      { submissionId: "a", judgeId: "j2", total: 7 },
      { submissionId: "b", judgeId: "j1", total: 9 },
      { submissionId: "c", judgeId: "j1", total: 7.5 },
      { submissionId: "d", judgeId: "j1", total: 6.333 },
      { submissionId: "d", judgeId: "j2", total: 6.334 },
    ]);
    expect(ranked).toEqual([
      { submissionId: "b", average: 9, count: 1, rank: 1 },
      { submissionId: "a", average: 7.5, count: 2, rank: 2 },
      { submissionId: "c", average: 7.5, count: 1, rank: 2 },
      { submissionId: "d", average: 6.33, count: 2, rank: 4 },
    ]);
    expect(formatScore(ranked[1].average)).toBe("7.50");
    expect(formatScore(null)).toBe("—");
  });
});

describe("z-score normalisation", () => {
  it("standardises each judge's totals, then averages", () => {
    // j1 is harsh (2, 4), j2 generous (8, 10): both rate a above b by the same margin.
    const rows = [
      { submissionId: "a", judgeId: "j1", total: 4 },
      { submissionId: "b", judgeId: "j1", total: 2 },
      { submissionId: "a", judgeId: "j2", total: 10 },
      { submissionId: "b", judgeId: "j2", total: 8 },
    ];
    const stats = judgeStats(rows);
    expect(stats.get("j1")).toEqual({ mean: 3, sd: 1, usable: true });
    const ranked = rankByZScore(rows);
    expect(ranked).toEqual([
      { submissionId: "a", average: 1, count: 2, rank: 1, raw: 7 },
      { submissionId: "b", average: -1, count: 2, rank: 2, raw: 5 },
    ]);
  });

  it("changes the order when one judge is harsher on some entries", () => {
    const rows = [
      // j1 scores everything low; c got only j1.
      { submissionId: "a", judgeId: "j1", total: 3 },
      { submissionId: "c", judgeId: "j1", total: 5 },
      { submissionId: "b", judgeId: "j2", total: 9 },
      { submissionId: "d", judgeId: "j2", total: 6 },
    ];
    expect(rankByAverage(rows).map((r) => r.submissionId)).toEqual(["b", "d", "c", "a"]);
    const z = rankByZScore(rows);
    expect(z.map((r) => [r.submissionId, r.average, r.rank])).toEqual([
      ["b", 1, 1],
      ["c", 1, 1],
      ["a", -1, 3],
      ["d", -1, 3],
    ]);
  });

  it("falls back to raw totals for a judge with fewer than two scores or no spread", () => {
    const rows = [
      { submissionId: "a", judgeId: "single", total: 6 },
      { submissionId: "b", judgeId: "flat", total: 5 },
      { submissionId: "c", judgeId: "flat", total: 5 },
    ];
    const stats = judgeStats(rows);
    expect(stats.get("single")?.usable).toBe(false);
    expect(stats.get("flat")?.usable).toBe(false);
    expect(rankByZScore(rows).map((r) => [r.submissionId, r.average])).toEqual([
      ["a", 6],
      ["b", 5],
      ["c", 5],
    ]);
  });
});

describe("csvSafe", () => {
  it("neutralises formula-like cells", () => {
    expect(csvSafe("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvSafe("@SUM")).toBe("'@SUM");
    expect(csvSafe("A story")).toBe("A story");
  });
});
