/**
 * Where a judge stopped reading an entry, kept in this browser (docs/decisions/0034-reading-desk.md):
 * only the paragraph's number, never the text, under a key naming the account (its draft owner
 * name, not its id: ADR 0031) and the entry. On a shared computer one judge's places are never
 * read for another account: the page forgets every other account's keys when it loads.
 */
const PREFIX = "inkwell:reading:";

export const positionKey = (owner: string, submissionId: string) =>
  `${PREFIX}${owner}:${submissionId}`;

/** The paragraph kept for this account and entry, or null (none, or anything unexpected). */
export function readPosition(store: Storage, owner: string, submissionId: string): number | null {
  try {
    const raw = store.getItem(positionKey(owner, submissionId));
    if (!raw) return null;
    const value = (JSON.parse(raw) as { p?: unknown }).p;
    return typeof value === "number" && Number.isInteger(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

/** Keeps paragraph `p` (0 is the start: nothing to keep). */
export function writePosition(store: Storage, owner: string, submissionId: string, p: number) {
  try {
    const key = positionKey(owner, submissionId);
    if (p > 0) store.setItem(key, JSON.stringify({ p, at: Date.now() }));
    else store.removeItem(key);
  } catch {
    // storage full or blocked: reading works, only the place is not kept
  }
}

/** Removes every reading place that is not this account's (all of them when `owner` is null). */
export function forgetOtherReaders(store: Storage, owner: string | null) {
  try {
    const mine = owner === null ? null : `${PREFIX}${owner}:`;
    for (const key of Object.keys(store))
      if (key.startsWith(PREFIX) && (mine === null || !key.startsWith(mine))) store.removeItem(key);
  } catch {
    // storage blocked: nothing was kept either
  }
}

/**
 * The paragraph being read: the first whose bottom is below `top` (the part of the window hidden
 * under nothing), given the paragraphs' bottoms in order. -1 when there are none.
 */
export function paragraphAt(bottoms: number[], top: number): number {
  if (!bottoms.length) return -1;
  let lo = 0;
  let hi = bottoms.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (bottoms[mid] > top) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
