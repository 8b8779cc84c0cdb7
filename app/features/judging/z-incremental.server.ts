/**
 * The z ranking kept per process and brought up to date from what changed
 * (docs/decisions/0088-z-ranking-incremental.md).
 *
 * An entry's z row is a function of its own summary (status, division, raw average, count,
 * creation time), its own submitted scores and its judges' sums (JudgeScoreSums, ADR 0076). A
 * process keeps, per contest, the rows it last computed with the RankingVersion and judges' sums
 * they were read at (one consistent read). At a newer version it reads, in one transaction, the
 * entries the version's triggers wrote since (`RankingChange`: every change of a summary, hence of
 * a score, status, division or contest, names its entry) and the judges' sums; every other entry
 * whose judges' sums are unchanged has the same row, so only the named entries and those scored
 * by a judge whose sums moved are computed again (the same statement, `zRowsOf` with `only`),
 * and merged into the kept order by the statement's own `ORDER BY`. Whatever it cannot prove
 * (a version moved with no entry named, as `bumpRankingVersion` does; more versions behind than
 * the log keeps; too many changes; on PostgreSQL, two entries tied up to their ids, whose order
 * is the database's collation) computes the whole ranking, as before.
 */
import { engine, fromSql, prisma } from "~/utils/db.server";
import { rankingVersion } from "~/features/rank-version/ranking-version.server";
import type { ZRankingRow } from "./queries.server";
import { rankedRows, zRowsOf, type ZRowWithKey } from "./z-queries.server";

/** The versions of a contest `RankingChange` keeps (its triggers delete older ones). */
const KEPT_VERSIONS = 4096;
/** Entries named since the kept version beyond which the whole ranking is computed. */
const MAX_NAMED = 4096;

type Created = ZRowWithKey["created"];
type Kept = {
  version: number;
  judges: Map<string, string>;
  rows: ZRankingRow[];
  created: Created[];
};

type ZKeeperStats = { full: number; incremental: number; unchanged: number };

class NotProvable extends Error {}

/** A read transaction: one snapshot (PostgreSQL REPEATABLE READ; SQLite's one reader). */
const readSnapshot = {
  isolationLevel: engine === "postgres" ? "RepeatableRead" : undefined,
  maxWait: 60_000,
  timeout: 300_000,
} as { isolationLevel?: "Serializable"; maxWait: number; timeout: number };

type Db = Parameters<typeof zRowsOf>[0] & Parameters<typeof rankingVersion>[1];

/**
 * A keeper of up to `size` contests' z rankings (the least recently computed dropped). The app
 * has one per process; tests make two to play two server processes on one database.
 */
export function zKeeper(size = 8) {
  const kept = new Map<string, Kept>();
  const stats: ZKeeperStats = { full: 0, incremental: 0, unchanged: 0 };

  async function rows(contestId: string): Promise<ZRankingRow[]> {
    const old = kept.get(contestId);
    const next = await prisma.$transaction(async (tx) => {
      const db = tx as unknown as Db;
      const version = await rankingVersion(contestId, tx);
      if (old && old.version === version) {
        stats.unchanged++;
        return old;
      }
      const judges = await judgeSums(db, contestId);
      if (old && old.version < version && version - old.version <= KEPT_VERSIONS) {
        const step = await stepForward(db, contestId, old, version, judges);
        if (step) return step;
      }
      stats.full++;
      const all = await zRowsOf(db, contestId);
      return {
        version,
        judges,
        rows: rankedRows(all.map((r) => r.row)),
        created: all.map((r) => r.created),
      };
    }, readSnapshot);
    const current = kept.get(contestId);
    if (!current || current.version <= next.version) {
      kept.delete(contestId);
      if (kept.size >= size) kept.delete(kept.keys().next().value!);
      kept.set(contestId, next);
    }
    return next.rows;
  }

  async function stepForward(
    db: Db,
    contestId: string,
    old: Kept,
    version: number,
    judges: Map<string, string>,
  ): Promise<Kept | null> {
    const named = await db.$queryRaw<{ version: number | bigint; submissionId: string }[]>`
      SELECT "version", "submissionId" FROM "RankingChange"
      WHERE "contestId" = ${contestId} AND "version" > ${old.version} AND "version" <= ${version}
      LIMIT ${MAX_NAMED + 1}`;
    if (named.length > MAX_NAMED) return null;
    // Every version moved by a summary's change names its entry: a version with none was moved
    // by something else (or its names were deleted), which the log cannot tell.
    if (new Set(named.map((r) => fromSql.int(r.version))).size !== version - old.version)
      return null;
    const ids = [...new Set(named.map((r) => r.submissionId))];
    const moved = changedJudges(old.judges, judges);
    if (moved.length > Math.max(4, judges.size / 4)) return null;
    const fresh = await zRowsOf(db, contestId, { ids, judges: moved });
    try {
      const merged = merge(old, new Set([...ids, ...fresh.map((r) => r.row.id)]), fresh);
      stats.incremental++;
      return {
        version,
        judges,
        rows: rankedRows(merged.rows),
        created: merged.created,
      };
    } catch (e) {
      if (e instanceof NotProvable) return null;
      throw e;
    }
  }

  return {
    rows,
    stats,
    /** Forgets every kept ranking (tests). */
    clear: () => kept.clear(),
  };
}

/** Each judge's kept sums of the contest, as text (`n > 0`: the statement's judges). */
async function judgeSums(db: Db, contestId: string) {
  const rows = await db.$queryRaw<
    { jid: string; n: number | bigint; s1: number | bigint; s2: number | bigint }[]
  >`SELECT "judgeId" AS "jid", "n", "s1", "s2" FROM "JudgeScoreSums"
    WHERE "contestId" = ${contestId} AND "n" > 0`;
  return new Map(rows.map((r) => [r.jid, `${r.n}:${r.s1}:${r.s2}`]));
}

function changedJudges(before: Map<string, string>, after: Map<string, string>) {
  const moved: string[] = [];
  for (const [j, sums] of after) if (before.get(j) !== sums) moved.push(j);
  for (const j of before.keys()) if (!after.has(j)) moved.push(j);
  return moved;
}

/** The kept rows less `removed`, with `fresh` put in place by the statement's order. */
function merge(old: Kept, removed: Set<string>, fresh: ZRowWithKey[]) {
  const sorted = [...fresh].sort((a, b) => compare(a.row, a.created, b.row, b.created));
  const rows: ZRankingRow[] = [];
  const created: Created[] = [];
  let i = 0;
  for (let k = 0; k < old.rows.length; k++) {
    const r = old.rows[k]!;
    if (removed.has(r.id)) continue;
    const c = old.created[k]!;
    while (i < sorted.length && compare(sorted[i]!.row, sorted[i]!.created, r, c) < 0) {
      rows.push(sorted[i]!.row);
      created.push(sorted[i]!.created);
      i++;
    }
    rows.push(r);
    created.push(c);
  }
  for (; i < sorted.length; i++) {
    rows.push(sorted[i]!.row);
    created.push(sorted[i]!.created);
  }
  return { rows, created };
}

/**
 * The z statement's `ORDER BY "average" IS NULL, "average" DESC, "raw" IS NULL, "raw" DESC,
 * "createdAt" ASC, "id" ASC`, on the values it read. SQLite compares `createdAt` as stored
 * (numbers before text, text by bytes) and ids by bytes (BINARY); PostgreSQL's ids compare by
 * the database's collation, which is not reproduced here: a tie up to the ids is not provable.
 */
function compare(a: ZRankingRow, ac: Created, b: ZRankingRow, bc: Created): number {
  const n = byNumber(a.average, b.average) || byNumber(a.raw, b.raw) || byCreated(ac, bc);
  if (n !== 0) return n;
  if (engine === "postgres") throw new NotProvable();
  return byBytes(a.id, b.id);
}

/** Descending, nulls last (`x IS NULL, x DESC`). */
function byNumber(x: number | null, y: number | null): number {
  if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
  return x === y ? 0 : x > y ? -1 : 1;
}

/** SQLite's order of storage classes: NULL, numbers, text. */
function storageClass(v: Created): number {
  return v === null ? 0 : typeof v === "number" ? 1 : 2;
}

function byCreated(x: Created, y: Created): number {
  if (x === y) return 0;
  if (storageClass(x) !== storageClass(y)) return storageClass(x) - storageClass(y);
  if (typeof x === "number" && typeof y === "number") return x < y ? -1 : 1;
  return byBytes(x as string, y as string);
}

// eslint-disable-next-line no-control-regex
const ASCII = /^[\x00-\x7f]*$/;
function byBytes(x: string, y: string): number {
  if (x === y) return 0;
  // Below U+0080 UTF-8's bytes are the code units: JavaScript's own comparison is the bytes'.
  if (ASCII.test(x) && ASCII.test(y)) return x < y ? -1 : 1;
  return Buffer.compare(Buffer.from(x, "utf8"), Buffer.from(y, "utf8"));
}

/** The process's keeper (ranking.server.ts). */
export const zKept = zKeeper();
