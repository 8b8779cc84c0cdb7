/**
 * Does the panel's room cover every round? (docs/decisions/0045-published-results-conflicts-and-
 * leases.md, amending 0032/0033.) A judge's capacity counts all rounds together, so a plan whose
 * round 1 fills the judges leaves round 2 short. Pure arithmetic over counts:
 *
 * - entries in a round, per division: round 1 every entry; round k+1 what round k's rule lets on,
 *   as an upper bound: top N → N (ties at the cut may add a few), top X % → X % rounded up,
 *   "average at least X" → every entry of round k (any of them may reach it);
 * - need = entries × the round's judges per entry;
 * - room = for each judge who may judge the division in some round (in the round's pool, and not
 *   restricted to other divisions), the smaller of their capacity and the entries they could take
 *   at most (one per entry per round); a judge without a capacity takes up to that most;
 * - the panel as a whole must also have room for the sum of every division's need, since a judge
 *   of two divisions counts in both.
 */
import type { AdvanceRuleName } from "./round-plan";

export type CapacityRound = {
  number: number;
  name: string;
  judgesPerEntry: number;
  /** The round's pool (empty: every judge on the panel). */
  judgeIds: readonly string[];
  advanceRule: AdvanceRuleName | null;
  advanceValue: number | null;
};
export type CapacityJudge = {
  id: string;
  /** The most entries in the contest, all rounds together; null: no limit. */
  capacity: number | null;
  /** Divisions the judge is restricted to (empty: any). */
  divisionIds: readonly string[];
};
/** id null: entries without a division (only unrestricted judges take them). */
export type CapacityDivision = { id: string | null; name: string; entries: number };

export type RoundNeed = {
  number: number;
  name: string;
  entries: number;
  /** The entry count is an upper bound (or, for "top", may grow by ties at the cut). */
  atMost: boolean;
  judgesPerEntry: number;
  need: number;
  /** Judges who may judge this division in this round. */
  judges: number;
};
export type DivisionCapacity = {
  id: string | null;
  name: string;
  rounds: RoundNeed[];
  need: number;
  room: number;
  fits: boolean;
};
export type CapacityReport = {
  divisions: DivisionCapacity[];
  need: number;
  room: number;
  fits: boolean;
  /** Some counts after round 1 are upper bounds (say so beside the figures). */
  estimated: boolean;
  /** One sentence per shortfall, naming the division and the round. */
  problems: string[];
};

/** A contest's report with the entries counted so far and its number of rounds. */
export type ContestCapacity = CapacityReport & { entriesSoFar: number; rounds: number };

/** How many entries go on from `entries` by the rule: an upper bound (see above). */
export function entriesGoingOn(
  rule: AdvanceRuleName | null,
  value: number | null,
  entries: number,
): number {
  if (rule === "top" && value !== null) return Math.min(entries, Math.max(0, Math.floor(value)));
  if (rule === "percent" && value !== null)
    return Math.min(entries, Math.ceil((Math.min(100, Math.max(0, value)) / 100) * entries - 1e-9));
  return entries;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function capacityReport(input: {
  rounds: readonly CapacityRound[];
  judges: readonly CapacityJudge[];
  divisions: readonly CapacityDivision[];
}): CapacityReport {
  const { rounds, judges } = input;
  const mayJudge = (j: CapacityJudge, r: CapacityRound, divisionId: string | null) =>
    (r.judgeIds.length === 0 || r.judgeIds.includes(j.id)) &&
    (j.divisionIds.length === 0 || (divisionId !== null && j.divisionIds.includes(divisionId)));
  const problems: string[] = [];
  // The most entries each judge could take over the whole contest (all divisions, all rounds).
  const most = new Map<string, number>(judges.map((j) => [j.id, 0]));
  const divisions: DivisionCapacity[] = input.divisions.map((d) => {
    let entries = d.entries;
    let atMost = false;
    const perJudge = new Map<string, number>();
    const needs: RoundNeed[] = rounds.map((r, i) => {
      if (i > 0) {
        const prev = rounds[i - 1];
        entries = entriesGoingOn(prev.advanceRule, prev.advanceValue, entries);
        atMost = true;
      }
      const eligible = judges.filter((j) => mayJudge(j, r, d.id));
      for (const j of eligible) perJudge.set(j.id, (perJudge.get(j.id) ?? 0) + entries);
      if (entries > 0 && eligible.length < r.judgesPerEntry)
        problems.push(
          `${d.name}, ${r.name}: each entry needs ${plural(r.judgesPerEntry, "judge", "judges")}, but only ${plural(eligible.length, "judge", "judges")} may judge it.`,
        );
      return {
        number: r.number,
        name: r.name,
        entries,
        atMost,
        judgesPerEntry: r.judgesPerEntry,
        need: entries * r.judgesPerEntry,
        judges: eligible.length,
      };
    });
    let room = 0;
    for (const j of judges) {
      const m = perJudge.get(j.id) ?? 0;
      most.set(j.id, (most.get(j.id) ?? 0) + m);
      room += j.capacity === null ? m : Math.min(j.capacity, m);
    }
    const need = needs.reduce((s, r) => s + r.need, 0);
    const fits = need <= room;
    if (!fits)
      problems.push(
        `${d.name}: the rounds need up to ${plural(need, "assignment", "assignments")} (${needs
          .map((r) => `${r.name}: ${r.entries} × ${r.judgesPerEntry}`)
          .join("; ")}), but its judges have room for ${room}.`,
      );
    return { id: d.id, name: d.name, rounds: needs, need, room, fits };
  });
  const need = divisions.reduce((s, d) => s + d.need, 0);
  let room = 0;
  for (const j of judges) {
    const m = most.get(j.id) ?? 0;
    room += j.capacity === null ? m : Math.min(j.capacity, m);
  }
  if (need > room && divisions.every((d) => d.fits))
    problems.push(
      `Together the divisions need up to ${plural(need, "assignment", "assignments")}, but the panel has room for ${room}: judges who judge more than one division are counted once.`,
    );
  return {
    divisions,
    need,
    room,
    fits: problems.length === 0,
    estimated: rounds.length > 1,
    problems,
  };
}
