/**
 * Copied and near-identical entries (docs/decisions/0054-copied-entries.md): each entry's text is
 * indexed (signature and lookup keys, EntrySignature and EntryKey) when it is received, through
 * the outbox; its candidates are the indexed entries sharing a key, found through the key's
 * index, and each candidate is checked exactly before a pair is recorded (CopyPair, one row per
 * pair, upserted). The whole contest can be checked again on demand. Every step is idempotent,
 * so two instances, a retry or a second run record the same rows.
 */
import { isUniqueViolation, prisma, withBusyRetry } from "~/utils/db.server";
import {
  candidatesOf,
  COMPARED,
  indexSelect,
  shinglesOf,
  textOf,
  writeIndexes,
  type Indexed,
} from "./fingerprints.server";
import {
  COMMON_KEY_OWNERS,
  compareTexts,
  fingerprint,
  isBandKey,
  keysFromBytes,
  PASSAGE_KEYS_NEEDED,
  sourceHash,
  type Comparison,
} from "./similarity";

type PairPassage = { a: [number, number]; b: [number, number]; words: number };

/** Records (or refreshes) one pair; its decision, if any, stays. Safe when two runs race. */
async function recordPair(
  one: { id: string; contestId: string },
  other: { id: string; contestId: string },
  c: Comparison,
) {
  if (!c.kind) return;
  // One row per pair: A is the entry with the smaller id; passages follow that order.
  const swap = other.id < one.id;
  const [a, b] = swap ? [other, one] : [one, other];
  const passages: PairPassage[] = c.passages.map((p) =>
    swap ? { a: p.b, b: p.a, words: p.words } : p,
  );
  const facts = {
    kind: c.kind,
    resemblance: Math.round(c.resemblance * 1000) / 1000,
    sharedWords: c.sharedWords,
    passages: JSON.stringify(passages),
  };
  const write = () =>
    prisma.copyPair.upsert({
      where: { entryAId_entryBId: { entryAId: a.id, entryBId: b.id } },
      create: {
        entryAId: a.id,
        entryBId: b.id,
        contestAId: a.contestId,
        contestBId: b.contestId,
        ...facts,
      },
      update: facts,
      select: { id: true },
    });
  try {
    await withBusyRetry(write);
  } catch (error) {
    // Another instance created the row between this upsert's read and its insert: update it.
    if (!isUniqueViolation(error)) throw error;
    await withBusyRetry(write);
  }
}

export type CheckOutcome = {
  indexed: boolean;
  /** Whether this entry's text was fingerprinted (false: its stored fingerprint was current). */
  fingerprinted: boolean;
  candidates: number;
  pairs: number;
};

/**
 * Checks one entry against every indexed entry (its contest's, and earlier contests' that still
 * keep their text): indexes it unless its stored fingerprint is current, looks its keys up,
 * checks each candidate exactly against the candidate's stored shingles and records the pairs
 * found. The job of "entry/copies.check"; idempotent.
 */
export async function checkEntry(submissionId: string): Promise<CheckOutcome> {
  return (await checkEntries([submissionId]))[0]!;
}

/** An entry to index: its text, whether it was fingerprinted again, its keys and shingles. */
type Plan = {
  id: string;
  contestId: string;
  text: string;
  fingerprinted: boolean;
  keys: number[];
  shingles: Uint32Array | null;
};

/**
 * Checks several entries (a tick's "entry/copies.check" events): their texts read in one query,
 * the new or changed ones fingerprinted, and the index of all of them written in ONE short
 * transaction (ADR 0054: the writer lock once for the lot, not once per entry, so a deadline
 * rush's entrants keep SQLite's one writer); then each entry's keys looked up and its candidates
 * checked as `checkEntry` does. The outcomes in the order of `submissionIds`.
 */
export async function checkEntries(submissionIds: string[]): Promise<CheckOutcome[]> {
  const ids = [...new Set(submissionIds)];
  const rows = await prisma.submission.findMany({
    where: { id: { in: ids } },
    select: indexSelect,
  });
  const byId = new Map(rows.map((r) => [r.id, r]));
  const stale: Indexed[] = [];
  const removed: string[] = [];
  const plans = new Map<string, Plan | null>();
  for (const id of ids) {
    const row = byId.get(id);
    const text = row && row.status !== "withdrawn" && row.status !== "expired" ? textOf(row) : null;
    if (!row || text === null) {
      removed.push(id);
      plans.set(id, null);
      continue;
    }
    const hash = sourceHash(text);
    const stored = row.signature;
    if (stored?.sourceHash === hash && stored.keys) {
      const keys = keysFromBytes(stored.keys);
      plans.set(id, {
        id,
        contestId: row.contestId,
        text,
        fingerprinted: false,
        keys,
        shingles: null,
      });
      continue;
    }
    const f = fingerprint(text);
    stale.push({ id, contestId: row.contestId, hash, f });
    plans.set(id, {
      id,
      contestId: row.contestId,
      text,
      fingerprinted: true,
      keys: f.keys,
      shingles: f.shingles,
    });
  }
  await writeIndexes(stale, removed);
  const outcomes = new Map<string, CheckOutcome>();
  // A pair of two entries of the batch is found from both sides and recorded once.
  const recorded = new Set<string>();
  for (const [id, plan] of plans)
    outcomes.set(
      id,
      plan
        ? await findPairs(plan, recorded)
        : { indexed: false, fingerprinted: false, candidates: 0, pairs: 0 },
    );
  return submissionIds.map((id) => outcomes.get(id)!);
}

/** One indexed entry's candidates, checked exactly; the pairs found recorded. */
async function findPairs(plan: Plan, recorded = new Set<string>()): Promise<CheckOutcome> {
  const { id: submissionId, keys, fingerprinted } = plan;
  if (keys.length === 0) return { indexed: false, fingerprinted, candidates: 0, pairs: 0 };
  const candidates = await candidatesOf(submissionId, keys);
  if (candidates.length === 0) return { indexed: true, fingerprinted, candidates: 0, pairs: 0 };
  let shingles = plan.shingles;
  const prints = await shinglesOf(shingles ? candidates : [submissionId, ...candidates]);
  shingles ??= prints.get(submissionId)?.shingles ?? fingerprint(plan.text).shingles;
  let pairs = 0;
  for (const id of candidates) {
    const other = prints.get(id);
    if (!other) continue;
    const c = compareTexts(shingles, other.shingles);
    if (!c.kind) continue;
    pairs++;
    const pairKey = submissionId < id ? `${submissionId} ${id}` : `${id} ${submissionId}`;
    if (recorded.has(pairKey)) continue;
    recorded.add(pairKey);
    await recordPair(
      { id: submissionId, contestId: plan.contestId },
      { id, contestId: other.contestId },
      c,
    );
  }
  return { indexed: true, fingerprinted, candidates: candidates.length, pairs };
}

export type ContestCheckOutcome = {
  entries: number;
  indexed: number;
  /** Entries whose text was fingerprinted again (new, changed, or stored by an older method). */
  fingerprinted: number;
  candidates: number;
  pairs: number;
};

/**
 * The whole contest again (the admin's button, run as "contest/copies.check"), in four steps:
 * 1. the contest's entries a page at a time: each text's source hash against the stored one;
 *    only a new or changed text is fingerprinted, and a page's changes are written in one
 *    transaction; each entry's keys are kept (packed with its number, 8 bytes a key);
 * 2. the other contests' stored keys a page at a time, keeping those the contest holds too;
 * 3. the keys grouped in memory (one numeric sort), the keys each pair shares counted;
 * 4. each candidate checked exactly against the stored shingles, the pairs upserted.
 * Idempotent, and the same pairs as fingerprinting every text again.
 */
export async function checkContest(contestId: string, batch = 500): Promise<ContestCheckOutcome> {
  const ids: string[] = [];
  const packed: number[] = [];
  let indexed = 0;
  let entries = 0;
  let fingerprinted = 0;
  for (let cursor: string | undefined; ;) {
    const rows = await prisma.submission.findMany({
      where: { contestId, status: COMPARED, ...(cursor ? { id: { gt: cursor } } : {}) },
      select: indexSelect,
      orderBy: { id: "asc" },
      take: batch,
    });
    if (rows.length === 0) break;
    cursor = rows[rows.length - 1]!.id;
    entries += rows.length;
    const stale: Indexed[] = [];
    const removed: string[] = [];
    for (const row of rows) {
      const text = textOf(row);
      const stored = row.signature;
      let keys: number[];
      if (text === null) {
        if (stored) removed.push(row.id);
        continue;
      }
      const hash = sourceHash(text);
      if (stored?.sourceHash === hash && stored.keys) keys = keysFromBytes(stored.keys);
      else {
        const f = fingerprint(text);
        fingerprinted++;
        stale.push({ id: row.id, contestId, hash, f });
        if (f.keys.length === 0 && stored) removed.push(row.id);
        keys = f.keys;
      }
      if (keys.length === 0) continue;
      indexed++;
      const n = ids.push(row.id) - 1;
      for (const key of keys) packed.push(pack(key, n));
    }
    await writeIndexes(stale, removed);
  }
  // 2. Other contests' indexed entries sharing one of these keys (their stored keys, by page;
  // a row stored before keys were kept in it has them read from EntryKey).
  const mine = Int32Array.from(new Set(packed.map(keyOf))).sort();
  const holds = (key: number) => {
    let lo = 0;
    let hi = mine.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (mine[mid]! < key) lo = mid + 1;
      else if (mine[mid]! > key) hi = mid - 1;
      else return true;
    }
    return false;
  };
  const firstOutside = ids.length;
  const outsider = (submissionId: string, keys: number[]) => {
    let n = -1;
    for (const key of keys) {
      if (!holds(key)) continue;
      if (n < 0) n = ids.push(submissionId) - 1;
      packed.push(pack(key, n));
    }
  };
  for (let cursor: string | undefined; ;) {
    const rows = await prisma.entrySignature.findMany({
      where: {
        contestId: { not: contestId },
        ...(cursor ? { submissionId: { gt: cursor } } : {}),
      },
      select: { submissionId: true, keys: true },
      orderBy: { submissionId: "asc" },
      take: 2000,
    });
    if (rows.length === 0) break;
    cursor = rows[rows.length - 1]!.submissionId;
    const old = rows.filter((r) => !r.keys).map((r) => r.submissionId);
    for (const r of rows) if (r.keys) outsider(r.submissionId, keysFromBytes(r.keys));
    if (old.length) {
      const keyRows = await prisma.entryKey.findMany({
        where: { submissionId: { in: old } },
        select: { key: true, submissionId: true },
      });
      const byEntry = new Map<string, number[]>();
      for (const k of keyRows)
        byEntry.set(k.submissionId, [...(byEntry.get(k.submissionId) ?? []), k.key]);
      for (const [id, keys] of byEntry) outsider(id, keys);
    }
  }
  // 3. Group by key (one numeric sort), count the keys each pair shares.
  const sorted = Float64Array.from(packed).sort();
  packed.length = 0;
  const shared = new Map<number, { band: boolean; passages: number }>();
  for (let i = 0; i < sorted.length;) {
    const key = keyOf(sorted[i]!);
    let j = i;
    while (j < sorted.length && keyOf(sorted[j]!) === key) j++;
    if (j - i <= COMMON_KEY_OWNERS)
      for (let x = i; x < j; x++)
        for (let y = x + 1; y < j; y++) {
          const p = numOf(sorted[x]!);
          const q = numOf(sorted[y]!);
          if (p === q || (p >= firstOutside && q >= firstOutside)) continue;
          const pairKey = Math.min(p, q) * 0x200000 + Math.max(p, q);
          const s = shared.get(pairKey) ?? { band: false, passages: 0 };
          if (isBandKey(key)) s.band = true;
          else s.passages++;
          shared.set(pairKey, s);
        }
    i = j;
  }
  const candidates = [...shared]
    .filter(([, s]) => s.band || s.passages >= PASSAGE_KEYS_NEEDED)
    .map(([k]) => [Math.floor(k / 0x200000), k % 0x200000] as const);
  // 4. Check the candidates exactly against the stored shingles of the entries involved.
  const involved = [...new Set(candidates.flat())].map((n) => ids[n]!);
  const prints = await shinglesOf(involved);
  let pairs = 0;
  for (const [p, q] of candidates) {
    const a = prints.get(ids[p]!);
    const b = prints.get(ids[q]!);
    if (!a || !b) continue;
    const c = compareTexts(a.shingles, b.shingles);
    if (!c.kind) continue;
    await recordPair(
      { id: ids[p]!, contestId: a.contestId },
      { id: ids[q]!, contestId: b.contestId },
      c,
    );
    pairs++;
  }
  return { entries, indexed, fingerprinted, candidates: candidates.length, pairs };
}

/** A key (signed 32-bit) and an entry's number (< 2^21) in one exactly representable double. */
const pack = (key: number, n: number) => (key + 0x80000000) * 0x200000 + n;
const keyOf = (v: number) => Math.floor(v / 0x200000) - 0x80000000;
const numOf = (v: number) => v % 0x200000;
