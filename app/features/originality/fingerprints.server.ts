/**
 * The stored fingerprints of copy detection (docs/decisions/0054-copied-entries.md): an entry's
 * comparable text, its index rows written in one batch (EntrySignature with its source hash,
 * keys and shingles; EntryKey for the lookup), its candidates through EntryKey's index, and the
 * stored shingles of the entries to check exactly.
 */
import { Prisma } from "~/generated/prisma/client";
import { prisma, withBusyRetry, isUniqueViolation } from "~/utils/db.server";
import {
  COMMON_KEY_OWNERS,
  fingerprint,
  isBandKey,
  keysBytes,
  PASSAGE_KEYS_NEEDED,
  signatureBytes,
  signatureFromBytes,
  textHash,
  type Fingerprint,
} from "./similarity";

/** Entries compared: any received entry but a withdrawn or expired one. */
export const COMPARED = { notIn: ["withdrawn", "expired"] as ("withdrawn" | "expired")[] };

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
export function textOf(row: TextRow): string | null {
  if (row.contentRemovedAt) return null;
  if (row.body?.trim()) return row.body;
  if (row.document?.status === "text" && row.document.text.trim()) return row.document.text;
  return null;
}

/** One entry's index as the pass and the check keep it. */
export type Indexed = { id: string; contestId: string; hash: string; f: Fingerprint };

/**
 * Writes several entries' signatures, keys and shingles in one transaction (their old rows out,
 * the new in), and removes the index of entries without a comparable text. Two instances writing
 * the same entries: the transaction runs again (a unique violation or a serialization failure).
 */
export async function writeIndexes(items: Indexed[], removed: string[] = []) {
  const ids = [...items.map((i) => i.id), ...removed];
  if (ids.length === 0) return;
  const now = new Date();
  const signatures = items
    .filter((i) => i.f.keys.length > 0)
    .map((i) => ({
      submissionId: i.id,
      contestId: i.contestId,
      textHash: textHash(i.f.tokens),
      sourceHash: i.hash,
      words: i.f.tokens.length,
      signature: signatureBytes(i.f.signature),
      keys: keysBytes(i.f.keys),
      shingles: signatureBytes(i.f.shingles),
      computedAt: now,
    }));
  const keys = items.flatMap((i) => i.f.keys.map((key) => ({ key, submissionId: i.id })));
  // One batch transaction: the old rows out, the new in; run again when the database is busy
  // or a serialization conflict lost (a batch's queries are made afresh each time).
  const write = () =>
    withBusyRetry(() => {
      const queries: Prisma.PrismaPromise<unknown>[] = [];
      for (let i = 0; i < ids.length; i += 500) {
        const some = ids.slice(i, i + 500);
        queries.push(prisma.entryKey.deleteMany({ where: { submissionId: { in: some } } }));
        queries.push(prisma.entrySignature.deleteMany({ where: { submissionId: { in: some } } }));
      }
      for (let i = 0; i < signatures.length; i += 200)
        queries.push(prisma.entrySignature.createMany({ data: signatures.slice(i, i + 200) }));
      // The keys as one plain multi-row INSERT (5,000 rows, 10,000 parameters at most): the
      // client's createMany costs several times its CPU for the same rows.
      for (let i = 0; i < keys.length; i += 5000)
        queries.push(
          prisma.$executeRaw`INSERT INTO "EntryKey" ("key", "submissionId") VALUES ${Prisma.join(
            keys.slice(i, i + 5000).map((k) => Prisma.sql`(${k.key}, ${k.submissionId})`),
          )}`,
        );
      return prisma.$transaction(queries);
    });
  try {
    await write();
  } catch (error) {
    // Another instance wrote the same entries between this one's delete and its insert.
    if (!isUniqueViolation(error)) throw error;
    await write();
  }
}

/**
 * The indexed entries that share enough keys with these keys to be a candidate. One statement:
 * per key, at most COMMON_KEY_OWNERS + 1 owners through EntryKey's primary-key index, so a key
 * many texts share (the prompt's own line) costs one short index read and is then left out.
 */
export async function candidatesOf(submissionId: string, keys: number[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const cap = COMMON_KEY_OWNERS + 1;
  const rows: { key: number | bigint; submissionId: string }[] = [];
  // At most 100 keys per statement (SQLite's compound SELECT allows 500 terms), each statement
  // padded to a multiple of 20 terms by repeating its last key: a handful of SQL texts in all,
  // each compiled once per connection, instead of one new text for each entry's count of keys
  // (ADR 0054). A repeated key's owners are counted once below.
  for (let i = 0; i < keys.length; i += 100) {
    const some = keys.slice(i, i + 100);
    while (some.length % 20 !== 0) some.push(some[some.length - 1]!);
    rows.push(
      ...(await prisma.$queryRaw<{ key: number | bigint; submissionId: string }[]>(
        Prisma.join(
          some.map(
            (key) =>
              Prisma.sql`SELECT * FROM (SELECT "key", "submissionId" FROM "EntryKey" WHERE "key" = ${key} LIMIT ${cap}) AS k`,
          ),
          " UNION ALL ",
        ),
      )),
    );
  }
  const owners = new Map<number, Set<string>>();
  for (const r of rows) {
    const key = Number(r.key);
    const set = owners.get(key);
    if (set) set.add(r.submissionId);
    else owners.set(key, new Set([r.submissionId]));
  }
  const shared = new Map<string, { band: boolean; passages: number }>();
  for (const [key, list] of owners) {
    if (list.size > COMMON_KEY_OWNERS) continue;
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

/** Text and stored fingerprint of an entry, as the check and the pass read them. */
export const indexSelect = {
  ...textSelect,
  signature: { select: { sourceHash: true, keys: true } },
} as const;

/**
 * The shingles of several entries for the exact check: the stored ones, read a page at a time
 * (entries withdrawn, expired or whose text was removed are left out); an entry indexed before
 * shingles were stored has its text read and fingerprinted instead.
 */
export async function shinglesOf(ids: string[]) {
  const out = new Map<string, { contestId: string; shingles: Uint32Array }>();
  const missing: string[] = [];
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await prisma.entrySignature.findMany({
      where: {
        submissionId: { in: ids.slice(i, i + 500) },
        submission: { status: COMPARED, contentRemovedAt: null },
      },
      select: { submissionId: true, contestId: true, sourceHash: true, shingles: true },
    });
    for (const row of rows) {
      if (row.shingles && row.sourceHash)
        out.set(row.submissionId, {
          contestId: row.contestId,
          shingles: signatureFromBytes(row.shingles),
        });
      else missing.push(row.submissionId);
    }
  }
  for (let i = 0; i < missing.length; i += 200) {
    const rows = await prisma.submission.findMany({
      where: { id: { in: missing.slice(i, i + 200) }, status: COMPARED },
      select: textSelect,
    });
    for (const row of rows) {
      const text = textOf(row);
      if (text !== null)
        out.set(row.id, { contestId: row.contestId, shingles: fingerprint(text).shingles });
    }
  }
  return out;
}
