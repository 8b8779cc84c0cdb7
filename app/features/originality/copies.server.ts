/**
 * Copied and near-identical entries (docs/decisions/0054-copied-entries.md): each entry's text is
 * indexed (signature and lookup keys, EntrySignature and EntryKey) when it is received, through
 * the outbox; its candidates are the indexed entries sharing a key, found through the key's
 * index, and each candidate is checked exactly before a pair is recorded (CopyPair, one row per
 * pair, upserted). The whole contest can be checked again on demand. Every step is idempotent,
 * so two instances, a retry or a second run record the same rows.
 */
import { Prisma } from "~/generated/prisma/client";
import { isUniqueViolation, prisma, withBusyRetry } from "~/utils/db.server";
import {
  COMMON_KEY_OWNERS,
  compareTexts,
  fingerprint,
  isBandKey,
  PASSAGE_KEYS_NEEDED,
  signatureBytes,
  textHash,
  type Comparison,
  type Fingerprint,
} from "./similarity";

/** Entries compared: any received entry but a withdrawn or expired one. */
const COMPARED = { notIn: ["withdrawn", "expired"] as ("withdrawn" | "expired")[] };

type TextRow = {
  id: string;
  contestId: string;
  status: string;
  body: string | null;
  contentRemovedAt: Date | null;
  document: { text: string; status: string } | null;
};

const textSelect = {
  id: true,
  contestId: true,
  status: true,
  body: true,
  contentRemovedAt: true,
  document: { select: { text: true, status: true } },
} as const;

/** The text an entry is compared by: its typed text, or its document's reading text. */
function textOf(row: TextRow): string | null {
  if (row.contentRemovedAt) return null;
  if (row.body?.trim()) return row.body;
  if (row.document?.status === "text" && row.document.text.trim()) return row.document.text;
  return null;
}

/** An entry's comparable text (null when it has none, is withdrawn, or its text was removed). */
export async function comparableText(submissionId: string) {
  const row = await prisma.submission.findUnique({
    where: { id: submissionId },
    select: textSelect,
  });
  if (!row || row.status === "withdrawn" || row.status === "expired") return null;
  const text = textOf(row);
  return text === null ? null : { contestId: row.contestId, text };
}

/**
 * Writes an entry's signature and keys unless they are already those of its text (same folded
 * words). Removes them when the entry has no comparable text any more.
 */
async function writeIndex(submissionId: string, contestId: string, f: Fingerprint | null) {
  if (!f || f.keys.length === 0) {
    await prisma.entrySignature.deleteMany({ where: { submissionId } });
    return;
  }
  const hash = textHash(f.tokens);
  const stored = await prisma.entrySignature.findUnique({
    where: { submissionId },
    select: { textHash: true },
  });
  if (stored?.textHash === hash) return;
  const data = {
    contestId,
    textHash: hash,
    words: f.tokens.length,
    signature: signatureBytes(f.signature),
    computedAt: new Date(),
  };
  // One batch transaction: the signature, its old keys out, its keys in.
  await withBusyRetry(() =>
    prisma.$transaction([
      prisma.entrySignature.upsert({
        where: { submissionId },
        create: { submissionId, ...data },
        update: data,
      }),
      prisma.entryKey.deleteMany({ where: { submissionId } }),
      prisma.entryKey.createMany({ data: f.keys.map((key) => ({ key, submissionId })) }),
    ]),
  );
}

/**
 * The indexed entries that share enough keys with these keys to be a candidate. One statement:
 * per key, at most COMMON_KEY_OWNERS + 1 owners through EntryKey's primary-key index, so a key
 * many texts share (the prompt's own line) costs one short index read and is then left out.
 */
async function candidatesOf(submissionId: string, keys: number[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const cap = COMMON_KEY_OWNERS + 1;
  const perKey = keys.map(
    (key) =>
      Prisma.sql`SELECT * FROM (SELECT "key", "submissionId" FROM "EntryKey" WHERE "key" = ${key} LIMIT ${cap}) AS k`,
  );
  const rows: { key: number | bigint; submissionId: string }[] = [];
  // A few dozen keys per statement (SQLite's compound SELECT allows 500 terms).
  for (let i = 0; i < perKey.length; i += 100)
    rows.push(
      ...(await prisma.$queryRaw<{ key: number | bigint; submissionId: string }[]>(
        Prisma.join(perKey.slice(i, i + 100), " UNION ALL "),
      )),
    );
  const owners = new Map<number, string[]>();
  for (const r of rows) {
    const key = Number(r.key);
    const list = owners.get(key);
    if (list) list.push(r.submissionId);
    else owners.set(key, [r.submissionId]);
  }
  const shared = new Map<string, { band: boolean; passages: number }>();
  for (const [key, list] of owners) {
    if (list.length > COMMON_KEY_OWNERS) continue;
    for (const id of list) {
      if (id === submissionId) continue;
      const s = shared.get(id) ?? { band: false, passages: 0 };
      if (isBandKey(key)) s.band = true;
      else s.passages++;
      shared.set(id, s);
    }
  }
  return [...shared]
    .filter(([, s]) => s.band || s.passages >= PASSAGE_KEYS_NEEDED)
    .map(([id]) => id);
}

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

/** Texts of several entries, fingerprinted (entries without comparable text are left out). */
async function fingerprintsOf(ids: string[]) {
  const out = new Map<string, { contestId: string; f: Fingerprint }>();
  for (let i = 0; i < ids.length; i += 200) {
    const rows = await prisma.submission.findMany({
      where: { id: { in: ids.slice(i, i + 200) }, status: COMPARED },
      select: textSelect,
    });
    for (const row of rows) {
      const text = textOf(row);
      if (text !== null) out.set(row.id, { contestId: row.contestId, f: fingerprint(text) });
    }
  }
  return out;
}

export type CheckOutcome = { indexed: boolean; candidates: number; pairs: number };

/**
 * Checks one entry against every indexed entry (its contest's, and earlier contests' that still
 * keep their text): indexes it, looks its keys up, checks each candidate exactly and records the
 * pairs found. The job of "entry/copies.check"; idempotent.
 */
export async function checkEntry(submissionId: string): Promise<CheckOutcome> {
  const entry = await comparableText(submissionId);
  const f = entry ? fingerprint(entry.text) : null;
  await writeIndex(submissionId, entry?.contestId ?? "", f);
  if (!entry || !f || f.keys.length === 0) return { indexed: false, candidates: 0, pairs: 0 };
  const candidates = await candidatesOf(submissionId, f.keys);
  const others = await fingerprintsOf(candidates);
  let pairs = 0;
  for (const [id, other] of others) {
    const c = compareTexts(f.shingles, other.f.shingles);
    if (!c.kind) continue;
    await recordPair(
      { id: submissionId, contestId: entry.contestId },
      { id, contestId: other.contestId },
      c,
    );
    pairs++;
  }
  return { indexed: true, candidates: candidates.length, pairs };
}

export type ContestCheckOutcome = {
  entries: number;
  indexed: number;
  candidates: number;
  pairs: number;
};

/**
 * The whole contest again (the admin's button, run as "contest/copies.check"): every entry is
 * indexed (only a changed text is written again), then candidates are found in memory from the
 * contest's keys and, in one query, the keys of other contests' entries that share them; each
 * candidate is checked exactly. Idempotent: the pairs are upserted.
 */
export async function checkContest(contestId: string, batch = 500): Promise<ContestCheckOutcome> {
  // 1. Index, a page of entries at a time; keep each entry's keys (packed with its number).
  const ids: string[] = [];
  const contestOf: string[] = [];
  const packed: number[] = [];
  let indexed = 0;
  let entries = 0;
  for (let cursor: string | undefined; ;) {
    const rows = await prisma.submission.findMany({
      where: { contestId, status: COMPARED, ...(cursor ? { id: { gt: cursor } } : {}) },
      select: textSelect,
      orderBy: { id: "asc" },
      take: batch,
    });
    if (rows.length === 0) break;
    cursor = rows[rows.length - 1]!.id;
    entries += rows.length;
    for (const row of rows) {
      const text = textOf(row);
      const f = text === null ? null : fingerprint(text);
      await writeIndex(row.id, contestId, f);
      if (!f || f.keys.length === 0) continue;
      indexed++;
      const n = ids.push(row.id) - 1;
      contestOf.push(contestId);
      for (const key of f.keys) packed.push(pack(key, n));
    }
  }
  // 2. Other contests' indexed entries sharing one of these keys.
  const outside = await prisma.$queryRaw<
    { key: number | bigint; submissionId: string; contestId: string }[]
  >`
    SELECT k."key", k."submissionId", s."contestId"
    FROM "EntryKey" k JOIN "EntrySignature" s ON s."submissionId" = k."submissionId"
    WHERE s."contestId" <> ${contestId}
      AND k."key" IN (
        SELECT k2."key" FROM "EntryKey" k2
        JOIN "EntrySignature" s2 ON s2."submissionId" = k2."submissionId"
        WHERE s2."contestId" = ${contestId})`;
  const numberOf = new Map<string, number>();
  for (const r of outside) {
    let n = numberOf.get(r.submissionId);
    if (n === undefined) {
      n = ids.push(r.submissionId) - 1;
      contestOf.push(r.contestId);
      numberOf.set(r.submissionId, n);
    }
    packed.push(pack(Number(r.key), n));
  }
  // 3. Group by key (one numeric sort), count the keys each pair shares.
  const sorted = Float64Array.from(packed).sort();
  const shared = new Map<number, { band: boolean; passages: number }>();
  const firstOutside = indexed;
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
  // 4. Check the candidates exactly, reading the texts of the entries involved.
  const involved = [...new Set(candidates.flat())].map((n) => ids[n]!);
  const prints = await fingerprintsOf(involved);
  let pairs = 0;
  for (const [p, q] of candidates) {
    const a = prints.get(ids[p]!);
    const b = prints.get(ids[q]!);
    if (!a || !b) continue;
    const c = compareTexts(a.f.shingles, b.f.shingles);
    if (!c.kind) continue;
    await recordPair(
      { id: ids[p]!, contestId: a.contestId },
      { id: ids[q]!, contestId: b.contestId },
      c,
    );
    pairs++;
  }
  return { entries, indexed, candidates: candidates.length, pairs };
}

/** A key (signed 32-bit) and an entry's number (< 2^21) in one exactly representable double. */
const pack = (key: number, n: number) => (key + 0x80000000) * 0x200000 + n;
const keyOf = (v: number) => Math.floor(v / 0x200000) - 0x80000000;
const numOf = (v: number) => v % 0x200000;
