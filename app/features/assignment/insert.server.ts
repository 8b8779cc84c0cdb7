/**
 * The bulk insert of judge assignments (ADR 0021, 0028): every writer of new pairs (auto-assign,
 * a round's assignment, a replacement, a swap or an added judge) goes through it
 * (docs/decisions/0051-assignment-capability.md).
 */
import type { Prisma } from "~/generated/prisma/client";
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
 * never from the story's row (ADR 0058).
 */
export async function insertAssignments(
  tx: Tx,
  rows: { id: string; contestId: string; judgeId: string; submissionId: string }[],
  createdAt: Date,
  /** The judging round the pairs belong to (docs/decisions/0032-divisions-and-rounds.md). */
  round = 1,
): Promise<number> {
  let written = 0;
  // Every caller writes pairs of one contest; grouped anyway, so a mixed list stays correct.
  const byContest = new Map<string, typeof rows>();
  for (const r of rows) {
    const list = byContest.get(r.contestId);
    if (list) list.push(r);
    else byContest.set(r.contestId, [r]);
  }
  for (const [contestId, pairs] of byContest)
    for (let i = 0; i < pairs.length; i += PAIRS_PER_STATEMENT) {
      const chunk = pairs.slice(i, i + PAIRS_PER_STATEMENT);
      written +=
        engine === "postgres"
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
    }
  return written;
}
