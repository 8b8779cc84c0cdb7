/**
 * The bulk insert of judge assignments (ADR 0021, 0028): every writer of new pairs (auto-assign,
 * a round's assignment, a replacement, a swap or an added judge) goes through it
 * (docs/decisions/0051-assignment-capability.md).
 */
import { Prisma } from "~/generated/prisma/client";
import { engine } from "~/utils/db.server";

type Tx = Prisma.TransactionClient;

/**
 * Pairs per statement. A contest's whole assignment (20,000 entries × 3) is three statements;
 * each carries three (PostgreSQL) or one (SQLite) parameters whatever its size, so the number of
 * statements stays a fixed handful as the contest grows, and one statement's text stays bounded
 * (docs/decisions/0059-writing-at-scale.md).
 */
const PAIRS_PER_STATEMENT = 20_000;
/**
 * PostgreSQL, pairs known new (`fresh`): a contest's whole round in one statement up to this many,
 * so its statement triggers run once over the round, not once a third (ADR 0077).
 */
const FRESH_PAIRS_PER_STATEMENT = 60_000;

/**
 * Writes assignments inside the caller's transaction, many rows a statement with the rows as
 * arrays: PostgreSQL unnests three text arrays, SQLite walks one JSON array (json_each). The
 * multi-row VALUES list of 500 rows it replaces sent 3,000 parameters a statement, 120 statements
 * for a contest of 20,000 entries (ADR 0059). A pair that another run wrote first is skipped, not an error: on PostgreSQL a
 * serializable transaction that read its contest's assignments through another index than the
 * unique one would otherwise fail with a plain unique violation instead of the serialization
 * failure that is retried (ADR 0028); a run whose new pairs clash with another's is still aborted
 * by the serializable check, and retried. Returns how many rows were written. Each row carries its
 * place in the judge's queue (`queued`, `due`) from the statement itself, so the insert trigger,
 * which fills them for any other writer, skips it: a row at a time it tripled auto-assign's
 * insert (docs/decisions/0061-queue-page.md). The entry's status is read from its covering index,
 * never from the story's row (ADR 0058). The Overview's counters (ADR 0064) move once for the
 * contest's pairs, not once a row: on SQLite this function holds the insert triggers back and adds
 * the counts itself; on PostgreSQL a statement-level trigger counts each statement's new rows
 * (docs/decisions/0069-bulk-counters.md).
 */
export async function insertAssignments(
  tx: Tx,
  rows: { id: string; contestId: string; judgeId: string; submissionId: string }[],
  createdAt: Date,
  /** The judging round the pairs belong to (docs/decisions/0032-divisions-and-rounds.md). */
  round = 1,
  /**
   * The caller's serializable transaction read every pair of the contest and found none of these,
   * and read each pair's entry as submitted (auto-assign, ADR 0077). PostgreSQL then writes them
   * without `ON CONFLICT` and without looking each entry's status up again: a pair another run
   * wrote meanwhile is a unique violation, turned into the retryable conflict it is.
   */
  fresh = false,
): Promise<number> {
  let written = 0;
  // Every caller writes pairs of one contest; grouped anyway, so a mixed list stays correct.
  const byContest = new Map<string, typeof rows>();
  for (const r of rows) {
    const list = byContest.get(r.contestId);
    if (list) list.push(r);
    else byContest.set(r.contestId, [r]);
  }
  for (const [contestId, pairs] of byContest) {
    // SQLite: the contest's insert triggers held back while its pairs are written, and what the
    // pairs move in the Overview's counters read first, an entry at a time (ADR 0069).
    const ids = engine === "sqlite" ? JSON.stringify(pairs.map((p) => p.id)) : "";
    let counts = "";
    if (engine === "sqlite") {
      await tx.$executeRaw`INSERT INTO "ContestTally" ("contestId", "kind", "n") VALUES (${contestId}, 'bulk', 0)`;
      counts = await countsIfAllWritten(tx, JSON.stringify(pairs.map((p) => p.submissionId)));
    }
    let mine = 0;
    let done = 0; // pairs of statements that ran (a failed one wrote nothing)
    try {
      const size = engine === "postgres" && fresh ? FRESH_PAIRS_PER_STATEMENT : PAIRS_PER_STATEMENT;
      for (let i = 0; i < pairs.length; i += size) {
        const chunk = pairs.slice(i, i + size);
        mine +=
          engine === "postgres" && fresh
            ? await insertFresh(tx, contestId, chunk, createdAt, round)
            : engine === "postgres"
              ? await tx.$executeRaw`INSERT INTO "JudgeAssignment" ("id", "contestId", "judgeId", "submissionId", "round", "createdAt", "queued", "due")
          SELECT p."id", ${contestId}, p."judgeId", p."submissionId", ${round}::integer, ${createdAt}::timestamp(3),
            EXISTS (SELECT 1 FROM "Submission" s WHERE s."id" = p."submissionId" AND s."status" = 'submitted'),
            COALESCE((SELECT jr."judgingClose" FROM "JudgingRound" jr WHERE jr."contestId" = ${contestId} AND jr."number" = ${round}::integer),
              (SELECT c."judgingClose" FROM "Contest" c WHERE c."id" = ${contestId}))
          FROM unnest(${chunk.map((p) => p.id)}::text[], ${chunk.map((p) => p.judgeId)}::text[],
            ${chunk.map((p) => p.submissionId)}::text[]) AS p("id", "judgeId", "submissionId")
          ON CONFLICT ("contestId", "judgeId", "submissionId") DO NOTHING`
              : // SQLite: WHERE true keeps its parser from reading ON CONFLICT as a join's.
                await tx.$executeRaw`INSERT INTO "JudgeAssignment" ("id", "contestId", "judgeId", "submissionId", "round", "createdAt", "queued", "due")
          SELECT json_extract(p.value, '$[0]'), ${contestId}, json_extract(p.value, '$[1]'),
            json_extract(p.value, '$[2]'), ${round}, ${createdAt},
            EXISTS (SELECT 1 FROM "Submission" s INDEXED BY "Submission_id_covering_idx"
              WHERE s."id" = json_extract(p.value, '$[2]') AND s."status" = 'submitted'),
            COALESCE((SELECT jr."judgingClose" FROM "JudgingRound" jr WHERE jr."contestId" = ${contestId} AND jr."number" = ${round}),
              (SELECT c."judgingClose" FROM "Contest" c WHERE c."id" = ${contestId}))
          FROM json_each(${JSON.stringify(chunk.map((p) => [p.id, p.judgeId, p.submissionId]))}) AS p
          WHERE true
          ON CONFLICT ("contestId", "judgeId", "submissionId") DO NOTHING`;
        done = i + chunk.length;
      }
    } catch (error) {
      // SQLite keeps a transaction whose statement failed: a caller that caught the error and went
      // on must not keep the marker, nor rows the counters miss (ADR 0069). If the transaction is
      // gone, so are both; the first error is the one that counts.
      if (engine === "sqlite")
        await countWritten(tx, JSON.stringify(pairs.slice(0, done).map((p) => p.id)), round)
          .then(
            () =>
              tx.$executeRaw`DELETE FROM "ContestTally" WHERE "contestId" = ${contestId} AND "kind" = 'bulk'`,
          )
          .catch(() => undefined);
      throw error;
    }
    written += mine;
    if (engine === "sqlite") {
      if (mine === pairs.length) await addCounts(tx, contestId, round, counts);
      else if (mine > 0) await countWritten(tx, ids, round);
      await tx.$executeRaw`DELETE FROM "ContestTally" WHERE "contestId" = ${contestId} AND "kind" = 'bulk'`;
    }
  }
  return written;
}

/**
 * PostgreSQL, pairs known new of submitted entries (`fresh`, ADR 0077): one plain INSERT … SELECT
 * from the unnested arrays, each row in the queue (`queued`) with its round's due date; no
 * speculative insertion (ON CONFLICT) and no lookup of the entry a row. A unique violation means
 * another run wrote one of the pairs after this transaction read the contest's: a write conflict,
 * retried by withBusyRetry like PostgreSQL's own serialization failures.
 */
async function insertFresh(
  tx: Tx,
  contestId: string,
  chunk: { id: string; judgeId: string; submissionId: string }[],
  createdAt: Date,
  round: number,
): Promise<number> {
  // Each column as one comma-separated text, split by PostgreSQL (ADR 0086): a text array
  // parameter costs the client an escaped element a value (180,000 for a 20,000-entry round) and
  // the server its array parser. Ids never hold a comma; a list that did would go as arrays.
  const ids = chunk.map((p) => p.id);
  const judges = chunk.map((p) => p.judgeId);
  const entries = chunk.map((p) => p.submissionId);
  const plain = !ids.some(hasComma) && !judges.some(hasComma) && !entries.some(hasComma);
  try {
    const pairs = plain
      ? Prisma.sql`unnest(string_to_array(${ids.join(",")}::text, ','), string_to_array(${judges.join(",")}::text, ','),
        string_to_array(${entries.join(",")}::text, ','))`
      : Prisma.sql`unnest(${ids}::text[], ${judges}::text[], ${entries}::text[])`;
    return await tx.$executeRaw`INSERT INTO "JudgeAssignment" ("id", "contestId", "judgeId", "submissionId", "round", "createdAt", "queued", "due")
      SELECT p."id", ${contestId}, p."judgeId", p."submissionId", ${round}::integer, ${createdAt}::timestamp(3), true,
        COALESCE((SELECT jr."judgingClose" FROM "JudgingRound" jr WHERE jr."contestId" = ${contestId} AND jr."number" = ${round}::integer),
          (SELECT c."judgingClose" FROM "Contest" c WHERE c."id" = ${contestId}))
      FROM ${pairs} AS p("id", "judgeId", "submissionId")`;
  } catch (error) {
    if (isUniqueViolation(error))
      throw Object.assign(new Error("A pair was written by another run", { cause: error }), {
        code: "P2034",
      });
    throw error;
  }
}

const hasComma = (id: string) => id.includes(",");

/** A unique violation, as Prisma or the PostgreSQL adapter reports it. */
function isUniqueViolation(error: unknown): boolean {
  const seen = new Set<unknown>();
  let e: unknown = error;
  while (e && typeof e === "object" && !seen.has(e)) {
    seen.add(e);
    const o = e as {
      code?: unknown;
      kind?: unknown;
      cause?: unknown;
      meta?: { driverAdapterError?: unknown };
    };
    if (o.code === "P2002" || o.code === "23505" || o.kind === "UniqueConstraintViolation")
      return true;
    e = o.meta?.driverAdapterError ?? o.cause;
  }
  return false;
}

/**
 * SQLite, read just before the pairs are written: what they move in the Overview's counters if
 * every one of them is written (ADR 0069), an entry at a time, not a pair: the pairs by the
 * entry's division, and the submitted entries with no live round-1 judge (each leaves the
 * "unassigned" count when the pairs give it one, in round 1). As JSON, for `addCounts`.
 */
async function countsIfAllWritten(tx: Tx, entries: string): Promise<string> {
  const [row] = await tx.$queryRaw<{ counts: string | null }[]>`
    SELECT json_group_array(json_object('d', g.d, 'c', g.c, 'pairs', g.pairs, 'unassigned', g.unassigned)) AS counts
    FROM (SELECT COALESCE(s."divisionId", '') AS d, s."contestId" AS c, SUM(p.k) AS pairs,
        SUM(s."status" = 'submitted' AND NOT EXISTS (SELECT 1 FROM "JudgeAssignment" b
          WHERE b."submissionId" = s."id" AND b."round" = 1 AND b."releasedAt" IS NULL)) AS unassigned
      FROM (SELECT q.value AS id, COUNT(*) AS k FROM json_each(${entries}) AS q GROUP BY 1) AS p
      JOIN "Submission" s INDEXED BY "Submission_id_covering_idx" ON s."id" = p.id
      GROUP BY 1, 2) AS g`;
  return row?.counts ?? "[]";
}

/** SQLite: the counts read before pairs that were all written, added in one statement (ADR 0069). */
async function addCounts(tx: Tx, contestId: string, round: number, counts: string) {
  await tx.$executeRaw`INSERT INTO "ContestTally" ("contestId", "kind", "divisionId", "round", "n")
    SELECT ${contestId}, 'judging', json_extract(g.value, '$.d'), ${round}, SUM(json_extract(g.value, '$.pairs'))
    FROM json_each(${counts}) AS g WHERE true GROUP BY 3
    UNION ALL
    SELECT json_extract(g.value, '$.c'), 'unassigned', '', 0, -SUM(json_extract(g.value, '$.unassigned'))
    FROM json_each(${counts}) AS g WHERE ${round} = 1 AND json_extract(g.value, '$.unassigned') > 0 GROUP BY 1
    ON CONFLICT ("contestId", "kind", "status", "divisionId", "round", "flag")
    DO UPDATE SET "n" = "n" + excluded."n"`;
}

/**
 * SQLite: the Overview's counters moved by the rows written, as the insert triggers held back by
 * the marker would have moved them row by row (docs/decisions/0064-overview-counts.md,
 * 0069-bulk-counters.md), when some pairs were skipped (another run wrote them first). The rows
 * written are the pairs whose id is in the table now (a pair skipped by ON CONFLICT left its id
 * out; a new id is never an old row's). Live assignments by the entry's division and the round;
 * and, in round 1, each submitted entry that had no live round-1 judge but the ones written now
 * leaves the "unassigned" count of its contest.
 */
async function countWritten(tx: Tx, ids: string, round: number) {
  await tx.$executeRaw`INSERT INTO "ContestTally" ("contestId", "kind", "divisionId", "round", "n", "scored")
    SELECT a."contestId", 'judging', COALESCE(s."divisionId", ''), a."round", COUNT(*), SUM(a."scored")
    FROM json_each(${ids}) AS p
    JOIN "JudgeAssignment" a ON a."id" = p.value
    JOIN "Submission" s INDEXED BY "Submission_id_covering_idx" ON s."id" = a."submissionId"
    WHERE true
    GROUP BY a."contestId", COALESCE(s."divisionId", ''), a."round"
    ON CONFLICT ("contestId", "kind", "status", "divisionId", "round", "flag")
    DO UPDATE SET "n" = "n" + excluded."n", "scored" = "scored" + excluded."scored"`;
  if (round !== 1) return;
  await tx.$executeRaw`INSERT INTO "ContestTally" ("contestId", "kind", "n")
    SELECT s."contestId", 'unassigned', -COUNT(*)
    FROM "Submission" s INDEXED BY "Submission_id_covering_idx"
    WHERE s."id" IN (SELECT a."submissionId" FROM json_each(${ids}) AS p
        JOIN "JudgeAssignment" a ON a."id" = p.value)
      AND s."status" = 'submitted'
      AND NOT EXISTS (SELECT 1 FROM "JudgeAssignment" b
        WHERE b."submissionId" = s."id" AND b."round" = 1 AND b."releasedAt" IS NULL
          AND b."id" NOT IN (SELECT q.value FROM json_each(${ids}) AS q))
    GROUP BY s."contestId"
    ON CONFLICT ("contestId", "kind", "status", "divisionId", "round", "flag")
    DO UPDATE SET "n" = "n" + excluded."n"`;
}
