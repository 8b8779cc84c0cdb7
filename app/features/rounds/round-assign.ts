/**
 * Assignment for one judging round (docs/decisions/0032-divisions-and-rounds.md), as a pure
 * function over the judging rotation (judging/assign.ts) run once per division: the round's
 * entries grouped by division, each division's judges being the round's pool (or every judge)
 * less those restricted to other divisions. Every pair of earlier rounds is barred, so a judge
 * never sees an entry twice; a judge never gets their own entry; loads stay within one per
 * division; pairs the round already has count, so running it again adds nothing.
 */
import { autoAssign, type AssignPair } from "~/features/judging/assign";

export type RoundEntry = { id: string; entrantId: string; divisionId: string | null };
export type RoundPair = AssignPair & { round: number };

export function assignRound(input: {
  round: number;
  /** Judges in rotation order: the round's pool, else every judge. */
  judgeIds: string[];
  /** The round's entries in order (round 1: submitted; later: those that advanced into it). */
  entries: RoundEntry[];
  /** Every pair of the contest's entries, all rounds. */
  existing: RoundPair[];
  /** Divisions each restricted judge may judge (a judge without an entry here: any). */
  judgeDivisions: Map<string, Set<string>>;
  judgesPerEntry: number;
}): AssignPair[] {
  const byDivision = new Map<string | null, RoundEntry[]>();
  for (const e of input.entries) {
    const list = byDivision.get(e.divisionId);
    if (list) list.push(e);
    else byDivision.set(e.divisionId, [e]);
  }
  const roundEntries = new Set(input.entries.map((e) => e.id));
  const mine = input.existing.filter((p) => roundEntries.has(p.submissionId));
  const out: AssignPair[] = [];
  for (const [divisionId, entries] of byDivision) {
    const judges = input.judgeIds.filter((j) => {
      const allowed = input.judgeDivisions.get(j);
      return !allowed || allowed.size === 0 || (divisionId !== null && allowed.has(divisionId));
    });
    const ids = new Set(entries.map((e) => e.id));
    const here = mine.filter((p) => ids.has(p.submissionId));
    out.push(
      ...autoAssign({
        judgeIds: judges,
        entries: entries.map((e) => ({ id: e.id, entrantId: e.entrantId, status: "submitted" })),
        existing: here.filter((p) => p.round === input.round),
        excluded: here.filter((p) => p.round !== input.round),
        judgesPerSubmission: input.judgesPerEntry,
      }),
    );
  }
  return out;
}
