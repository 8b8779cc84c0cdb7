/**
 * Matching a pupil who joins to the class's roster (docs/decisions/0041-class-joining-at-class-
 * size.md). Pure: the unclaimed roster rows and what the pupil typed in, a decision out.
 *  - claim: exactly one unclaimed row has the typed first name and initial (any case), or the
 *    pupil chose that row from the list they were shown;
 *  - choose: unsure (no initial typed, no row with that initial, two rows): the pupil is shown
 *    the unclaimed rows with their first name, and "none of these";
 *  - new: no unclaimed row has their first name, or they chose "none of these".
 */
import { firstNameKey } from "./roster";

type Row = { id: string; firstName: string; lastInitial: string };

export type MatchDecision<R extends Row> =
  { kind: "claim"; row: R } | { kind: "choose"; candidates: R[] } | { kind: "new" };

export function matchRoster<R extends Row>(
  unclaimed: readonly R[],
  typed: { firstName: string; lastInitial: string; choice?: string },
): MatchDecision<R> {
  const key = firstNameKey(typed.firstName);
  const candidates = unclaimed.filter((r) => firstNameKey(r.firstName) === key);
  if (typed.choice === "none") return { kind: "new" };
  if (typed.choice) {
    const chosen = candidates.find((r) => r.id === typed.choice);
    // A row taken meanwhile (or not theirs to choose): ask again with what is left.
    if (chosen) return { kind: "claim", row: chosen };
    return candidates.length ? { kind: "choose", candidates } : { kind: "new" };
  }
  if (candidates.length === 0) return { kind: "new" };
  const initial = typed.lastInitial.toLocaleLowerCase();
  const exact = initial
    ? candidates.filter((r) => r.lastInitial.toLocaleLowerCase() === initial)
    : [];
  if (exact.length === 1) return { kind: "claim", row: exact[0] };
  return { kind: "choose", candidates };
}
