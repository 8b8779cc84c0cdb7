/**
 * Auto-assign (docs/decisions/0007-judging.md, docs/decisions/0033-judging-panel.md), as a pure
 * function: the whole new assignment is computed before anything is written, so a run that cannot
 * give every entry its minimum of judges writes nothing and says exactly which entries are short
 * and why.
 *
 * 1. Rotation (as before): entries are taken division by division (in order of first appearance),
 *    the most constrained first (fewest judges allowed; a stable sort, so on a fresh contest this is
 *    the order given), and each takes the judges it still needs from the rotation: it starts where
 *    the previous entry of its division ended and advances by the number of judges given; among the
 *    candidates, the least loaded come first (ties keep rotation order). Unconstrained, entry i
 *    gets positions (i·per + k) mod n and loads stay within one.
 * 2. Repair: an entry left short takes a judge free for it through an augmenting path (a judge
 *    with room; or judge j, whose place on another entry e' goes to judge k, and so on), searched
 *    breadth-first over the judges. This is Ford-Fulkerson on source -> entry (its need) -> judge
 *    (1 per allowed pair) -> sink (room left), started from the rotation's flow, so when it stops
 *    the assignment is a maximum one: whenever every entry can have its minimum, it has.
 * 3. Balancing: while a judge with room is 2 or more entries below another judge holding a new
 *    pair that the lighter judge could take, the pair moves to the lighter judge.
 *
 * Existing pairs count towards an entry's quota (whoever holds them) and a judge's load; barred
 * pairs (conflicts, recusals, earlier rounds) are never made and never counted; a judge never gets
 * an entry they wrote; capacity counts the judge's entries in the whole contest, all rounds.
 * Cost: O(m·n log n) for the rotation, O(n·P) per augmenting path (P new pairs), O(P·n) per
 * balancing pass, for m entries and n judges.
 */
export type AssignPair = { judgeId: string; submissionId: string };
export type SolveEntry = {
  id: string;
  /** Who wrote it: the entrant, and the pupil's own account for a class entry. */
  writers: readonly string[];
  divisionId?: string | null;
};
export type BarReason = "conflict" | "recusal" | "earlier-round";

/** Why the panel's judges cannot (all) judge one entry: how many judges each reason excludes. */
export type ShortEntry = {
  entryId: string;
  /** The minimum of judges per entry. */
  need: number;
  /** Judges it would have (existing and new). */
  have: number;
  why: {
    panel: number;
    writer: number;
    conflict: number;
    recusal: number;
    earlierRound: number;
    division: number;
    /** Allowed, but with no room left (their capacity is used by other entries). */
    capacity: number;
  };
};

export type SolveInput = {
  /** The panel's judges in rotation order. */
  judgeIds: readonly string[];
  /** The entries to assign, in order (oldest first). */
  entries: readonly SolveEntry[];
  /** Pairs that exist for these entries (this round): they count towards quota and load. */
  existing: readonly AssignPair[];
  /** judgeId -> entryId -> why the pair must never be made. */
  barred?: ReadonlyMap<string, ReadonlyMap<string, BarReason>>;
  /** The most entries a judge takes in the contest (absent: no limit). */
  capacity?: ReadonlyMap<string, number>;
  /** The judge's entries in the contest now, all rounds (for capacity). */
  contestLoad?: ReadonlyMap<string, number>;
  /** Divisions each restricted judge may judge (absent or empty: any). */
  judgeDivisions?: ReadonlyMap<string, ReadonlySet<string>>;
  /** Judges per entry: the target and the hard minimum. */
  perEntry: number;
};

export type SolveResult = { pairs: AssignPair[]; short: ShortEntry[] };

export const DEFAULT_JUDGES_PER_SUBMISSION = 3;

// Pair codes: 0 allowed; otherwise why not.
const OK = 0;
const ALREADY = 1;
const WRITER = 2;
const EARLIER = 3;
const RECUSAL = 4;
const CONFLICT = 5;
const DIVISION = 6;
const BAR_CODE: Record<BarReason, number> = {
  conflict: CONFLICT,
  recusal: RECUSAL,
  "earlier-round": EARLIER,
};

export function solveAssignment(input: SolveInput): SolveResult {
  const judges = [...new Set(input.judgeIds)];
  const n = judges.length;
  const m = input.entries.length;
  const per = Math.max(1, Math.floor(input.perEntry));
  const jIndex = new Map(judges.map((j, i) => [j, i]));
  const eIndex = new Map(input.entries.map((e, i) => [e.id, i]));

  // Existing pairs: quota of the entry (every holder), load of the judge (panel ones).
  const code = new Uint8Array(m * n);
  const haveCount = new Int32Array(m);
  const load = new Float64Array(n);
  const seen = new Set<string>();
  for (const p of input.existing) {
    const e = eIndex.get(p.submissionId);
    if (e === undefined) continue;
    const key = `${p.judgeId} ${p.submissionId}`;
    if (seen.has(key)) continue;
    seen.add(key);
    haveCount[e]++;
    const j = jIndex.get(p.judgeId);
    if (j !== undefined) {
      code[e * n + j] = ALREADY;
      load[j]++;
    }
  }
  // Each judge's divisions looked up once, not once an entry (ADR 0086).
  const divisionsOf = judges.map((j) => input.judgeDivisions?.get(j));
  const restricted = divisionsOf.some((allowed) => allowed?.size);
  for (let e = 0; e < m; e++) {
    const entry = input.entries[e];
    for (const w of entry.writers) {
      const j = jIndex.get(w);
      if (j !== undefined && code[e * n + j] === OK) code[e * n + j] = WRITER;
    }
    if (!restricted) continue;
    for (let j = 0; j < n; j++) {
      if (code[e * n + j] !== OK) continue;
      const allowed = divisionsOf[j];
      if (allowed?.size && !(entry.divisionId && allowed.has(entry.divisionId)))
        code[e * n + j] = DIVISION;
    }
  }
  for (const [judgeId, entries] of input.barred ?? []) {
    const j = jIndex.get(judgeId);
    if (j === undefined) continue;
    for (const [entryId, reason] of entries) {
      const e = eIndex.get(entryId);
      if (e === undefined) continue;
      const c = code[e * n + j];
      // An existing pair stays counted; otherwise the bar wins over the softer reasons.
      if (c === OK || c === DIVISION) code[e * n + j] = BAR_CODE[reason];
    }
  }

  const left = new Float64Array(n);
  for (let j = 0; j < n; j++) {
    const cap = input.capacity?.get(judges[j]);
    left[j] =
      cap === undefined ? Infinity : Math.max(0, cap - (input.contestLoad?.get(judges[j]) ?? 0));
  }
  const need = new Int32Array(m);
  for (let e = 0; e < m; e++) need[e] = Math.max(0, per - haveCount[e]);

  const on = new Uint8Array(m * n);
  const got = new Int32Array(m);
  const newOf: Set<number>[] = judges.map(() => new Set<number>());
  const add = (e: number, j: number) => {
    on[e * n + j] = 1;
    got[e]++;
    load[j]++;
    left[j]--;
    newOf[j].add(e);
  };
  const drop = (e: number, j: number) => {
    on[e * n + j] = 0;
    got[e]--;
    load[j]--;
    left[j]++;
    newOf[j].delete(e);
  };
  const free = (e: number, j: number) => code[e * n + j] === OK && on[e * n + j] === 0;

  // 1. Rotation, division by division, the most constrained entries first.
  if (n > 0) {
    const groups = new Map<string, number[]>();
    for (let e = 0; e < m; e++) {
      const key = input.entries[e].divisionId ?? "";
      const list = groups.get(key);
      if (list) list.push(e);
      else groups.set(key, [e]);
    }
    const allowedCount = new Int32Array(m);
    for (let e = 0; e < m; e++)
      for (let j = 0; j < n; j++) if (code[e * n + j] === OK) allowedCount[e]++;
    for (const list of groups.values()) {
      list.sort((a, b) => allowedCount[a] - allowedCount[b]);
      let pointer = 0;
      for (const e of list) {
        if (need[e] === 0) continue;
        const candidates: number[] = [];
        for (let k = 0; k < n; k++) {
          const j = (pointer + k) % n;
          if (free(e, j) && left[j] > 0) candidates.push(j);
        }
        // The need[e] least loaded, ties in rotation order: a stable sort's first need[e], picked
        // without sorting all n candidates of every entry (ADR 0086).
        const picks: number[] = [];
        while (picks.length < need[e] && candidates.length) {
          let best = 0;
          for (let i = 1; i < candidates.length; i++)
            if (load[candidates[i]] < load[candidates[best]]) best = i;
          picks.push(candidates[best]);
          candidates.splice(best, 1);
        }
        for (const j of picks) add(e, j);
        pointer = (pointer + picks.length) % n;
      }
    }
  }

  // 2. Repair by augmenting paths, for entries still short.
  const prev = new Int32Array(n);
  const via = new Int32Array(n);
  const mark = new Int32Array(n);
  const dead = new Int32Array(n);
  let stamp = 0;
  let epoch = 1;
  const augment = (e0: number): boolean => {
    stamp++;
    const queue: number[] = [];
    for (let j = 0; j < n; j++) {
      if (!free(e0, j) || dead[j] === epoch) continue;
      mark[j] = stamp;
      prev[j] = -1;
      via[j] = e0;
      queue.push(j);
    }
    for (let head = 0; head < queue.length; head++) {
      const j = queue[head];
      if (left[j] > 0) {
        let cur = j;
        for (;;) {
          const e = via[cur];
          add(e, cur);
          const p = prev[cur];
          if (p === -1) break;
          drop(e, p);
          cur = p;
        }
        epoch++;
        return true;
      }
      if (queue.length === n) continue;
      for (const e of newOf[j]) {
        for (let k = 0; k < n; k++) {
          if (mark[k] === stamp || dead[k] === epoch || !free(e, k)) continue;
          mark[k] = stamp;
          prev[k] = j;
          via[k] = e;
          queue.push(k);
        }
        if (queue.length === n) break;
      }
    }
    // Nothing reachable from here has room: the same holds until the next augmentation.
    for (const j of queue) dead[j] = epoch;
    return false;
  };
  if (n > 0) for (let e = 0; e < m; e++) while (got[e] < need[e] && augment(e));

  // 3. Balancing: move a new pair from a judge 2+ above to a lighter judge with room who may take it.
  let moved = true;
  while (moved && n > 1) {
    moved = false;
    for (let h = 0; h < n; h++) {
      // No judge with room 2 or more below h: none of h's pairs can move. While h's pairs move,
      // h only gets lighter and the others heavier, so this holds for all of them (ADR 0086).
      let lightest = Infinity;
      for (let l = 0; l < n; l++) if (left[l] > 0 && load[l] < lightest) lightest = load[l];
      if (lightest + 2 > load[h]) continue;
      for (const e of [...newOf[h]]) {
        let best = -1;
        for (let l = 0; l < n; l++)
          if (
            load[l] + 2 <= load[h] &&
            left[l] > 0 &&
            free(e, l) &&
            (best < 0 || load[l] < load[best])
          )
            best = l;
        if (best < 0) continue;
        drop(e, h);
        add(e, best);
        moved = true;
      }
    }
  }

  const pairs: AssignPair[] = [];
  const short: ShortEntry[] = [];
  for (let e = 0; e < m; e++) {
    for (let j = 0; j < n; j++)
      if (on[e * n + j]) pairs.push({ judgeId: judges[j], submissionId: input.entries[e].id });
    if (got[e] >= need[e]) continue;
    const why = {
      panel: n,
      writer: 0,
      conflict: 0,
      recusal: 0,
      earlierRound: 0,
      division: 0,
      capacity: 0,
    };
    for (let j = 0; j < n; j++) {
      const c = code[e * n + j];
      if (c === WRITER) why.writer++;
      else if (c === CONFLICT) why.conflict++;
      else if (c === RECUSAL) why.recusal++;
      else if (c === EARLIER) why.earlierRound++;
      else if (c === DIVISION) why.division++;
      else if (c === OK && !on[e * n + j] && left[j] <= 0) why.capacity++;
    }
    short.push({ entryId: input.entries[e].id, need: per, have: haveCount[e] + got[e], why });
  }
  return { pairs, short };
}

const count = (k: number, one: string, many: string) => `${k} ${k === 1 ? one : many}`;

/** One plain sentence per short entry: "needs 3 judges and can have only 2: of the 5 judges ...". */
export function shortfallReason(s: ShortEntry): string {
  const parts = [
    s.why.writer && `${count(s.why.writer, "wrote", "wrote")} it`,
    s.why.conflict && `${count(s.why.conflict, "has a conflict", "have a conflict")} with it`,
    s.why.recusal && `${count(s.why.recusal, "has", "have")} stepped back from it`,
    s.why.earlierRound && `${count(s.why.earlierRound, "judged", "judged")} it in an earlier round`,
    s.why.division && `${count(s.why.division, "judges", "judge")} other divisions only`,
    s.why.capacity && `${count(s.why.capacity, "has", "have")} no room left`,
  ].filter(Boolean);
  const base = `needs ${count(s.need, "judge", "judges")} and can have only ${s.have}`;
  if (s.why.panel === 0) return `${base}: the panel has no judges`;
  if (parts.length === 0)
    return `${base}: the panel has only ${count(s.why.panel, "judge", "judges")}`;
  return `${base}: of the ${count(s.why.panel, "judge", "judges")} on the panel, ${parts.join(", ")}`;
}

/** Reads the 'Judges per Submission' input: a whole number of at least 1, default 3. */
export function parseJudgesPerSubmission(raw: unknown): number | null {
  if (raw === undefined || raw === null || raw === "") return DEFAULT_JUDGES_PER_SUBMISSION;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 100) return null;
  return n;
}
