/**
 * Who goes on after a round (docs/decisions/0032-divisions-and-rounds.md), as a pure rule over one
 * division's ranking of the round: the top N entries, the top X % (rounded up) or every entry whose
 * average is at least X. Ties at the cut all go on. Unscored entries never go on by the rule. The
 * admin's choices (take an entry in, leave one out) win over the rule.
 */
import type { AdvanceRuleName } from "./round-plan";

export type RankedEntry = { id: string; rank: number | null; average: number | null };
export type AdvanceChoiceRow = { submissionId: string; include: boolean };
export type AdvanceDecision = {
  id: string;
  /** By the rule alone. */
  byRule: boolean;
  /** After the admin's choices. */
  goesOn: boolean;
  /** The admin's choice, if any. */
  choice: "include" | "exclude" | null;
};

/** How many of `ranked` scored entries the rule takes before ties: for "top" and "percent". */
export function cutSize(rule: AdvanceRuleName, value: number, rankedCount: number): number | null {
  if (rule === "top") return Math.max(0, Math.floor(value));
  if (rule === "percent")
    return Math.ceil((Math.min(100, Math.max(0, value)) / 100) * rankedCount - 1e-9);
  return null;
}

/** The ids the rule alone takes from one division's ranking. */
export function ruleTakes(
  entries: RankedEntry[],
  rule: AdvanceRuleName,
  value: number,
): Set<string> {
  const ranked = entries
    .filter((e) => e.rank !== null && e.average !== null)
    .sort((a, b) => a.rank! - b.rank!);
  if (rule === "score")
    return new Set(ranked.filter((e) => e.average! >= value - 1e-9).map((e) => e.id));
  const size = cutSize(rule, value, ranked.length) ?? 0;
  if (size <= 0 || ranked.length === 0) return new Set();
  // Ties at the cut all go on: every entry whose rank is no worse than the last one taken.
  const cutRank = ranked[Math.min(size, ranked.length) - 1].rank!;
  return new Set(ranked.filter((e) => e.rank! <= cutRank).map((e) => e.id));
}

/** The rule applied to one division with the admin's choices. */
export function decideAdvancement(
  entries: RankedEntry[],
  rule: AdvanceRuleName,
  value: number,
  choices: AdvanceChoiceRow[],
): AdvanceDecision[] {
  const taken = ruleTakes(entries, rule, value);
  const chosen = new Map(choices.map((c) => [c.submissionId, c.include]));
  return entries.map((e) => {
    const byRule = taken.has(e.id);
    const include = chosen.get(e.id);
    return {
      id: e.id,
      byRule,
      goesOn: include === undefined ? byRule : include,
      choice: include === undefined ? null : include ? "include" : "exclude",
    };
  });
}
