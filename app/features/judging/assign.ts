/**
 * Auto-assign (docs/decisions/0007-judging.md), as a pure function.
 *
 * Entries are taken in order. Each gets min(judgesPerSubmission, eligible judge count) distinct
 * judges, rotating through the judge list: the rotation starts where the previous entry's ended
 * and advances by the number of judges given to that entry. Among the candidates in rotation
 * order, judges with the fewest assignments in the contest come first (a stable sort, so on a
 * fresh contest this is exactly the rotation: entry i gets positions (i·per + k) mod n). That
 * keeps judge loads within one of each other, also when the run tops up a contest that already
 * has assignments, or when a judge had to be skipped for their own entry.
 *
 * Every assignment an entry already has counts towards its quota, also one from a judge who has
 * since been removed or is not in this run's list (docs/decisions/0016), so an entry never gets
 * more than judgesPerSubmission judges. Existing pairs are kept; a judge never gets their
 * own entry (entries written by a judge are therefore placed first, so the others can even out the
 * loads); only 'submitted' entries are assigned; running it again adds nothing.
 */
export type AssignEntry = { id: string; entrantId: string; status: string };
export type AssignPair = { judgeId: string; submissionId: string };

export const DEFAULT_JUDGES_PER_SUBMISSION = 3;

export function autoAssign(input: {
  /** Judge ids in rotation order: the contest-wide pre-assignments, else all judges. */
  judgeIds: string[];
  /** The contest's entries in order (oldest first). */
  entries: AssignEntry[];
  /** Assignments that already exist for the contest's entries. */
  existing: AssignPair[];
  judgesPerSubmission: number;
  /**
   * Pairs never to make that do not count towards an entry's quota or a judge's load: a later
   * judging round passes the pairs of earlier rounds here (docs/decisions/0032-divisions-and-rounds.md).
   */
  excluded?: AssignPair[];
}): AssignPair[] {
  const judges = [...new Set(input.judgeIds)];
  const n = judges.length;
  const per = Math.max(1, Math.floor(input.judgesPerSubmission));
  if (n === 0) return [];

  const inList = new Set(judges);
  const load = new Map<string, number>(judges.map((j) => [j, 0]));
  const have = new Map<string, Set<string>>();
  for (const pair of input.existing) {
    let set = have.get(pair.submissionId);
    if (!set) have.set(pair.submissionId, (set = new Set()));
    if (set.has(pair.judgeId)) continue;
    set.add(pair.judgeId);
    if (inList.has(pair.judgeId)) load.set(pair.judgeId, (load.get(pair.judgeId) ?? 0) + 1);
  }

  const barred = new Map<string, Set<string>>();
  for (const pair of input.excluded ?? []) {
    let set = barred.get(pair.submissionId);
    if (!set) barred.set(pair.submissionId, (set = new Set()));
    set.add(pair.judgeId);
  }

  // Entries written by one of the judges are placed first: they cannot take every judge, and the
  // unconstrained entries after them can then even out the loads.
  const submitted = input.entries.filter((e) => e.status === "submitted");
  const ordered = [
    ...submitted.filter((e) => inList.has(e.entrantId)),
    ...submitted.filter((e) => !inList.has(e.entrantId)),
  ];

  const out: AssignPair[] = [];
  let pointer = 0;
  for (const entry of ordered) {
    const already = have.get(entry.id) ?? new Set<string>();
    // Every existing assignment counts, whoever holds it.
    const need = per - already.size;
    if (need <= 0) continue;

    const candidates: string[] = [];
    for (let k = 0; k < n; k++) {
      const judge = judges[(pointer + k) % n];
      if (judge !== entry.entrantId && !already.has(judge) && !barred.get(entry.id)?.has(judge))
        candidates.push(judge);
    }
    // Array.prototype.sort is stable: ties keep rotation order.
    candidates.sort((a, b) => (load.get(a) ?? 0) - (load.get(b) ?? 0));
    const picks = candidates.slice(0, need);
    for (const judgeId of picks) {
      out.push({ judgeId, submissionId: entry.id });
      load.set(judgeId, (load.get(judgeId) ?? 0) + 1);
      already.add(judgeId);
    }
    have.set(entry.id, already);
    pointer = (pointer + picks.length) % n;
  }
  return out;
}

/** Reads the 'Judges per Submission' input: a whole number of at least 1, default 3. */
export function parseJudgesPerSubmission(raw: unknown): number | null {
  if (raw === undefined || raw === null || raw === "") return DEFAULT_JUDGES_PER_SUBMISSION;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 100) return null;
  return n;
}
