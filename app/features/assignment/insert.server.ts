/**
 * The bulk insert of judge assignments, in the SQL both engines speak (ADR 0021, 0028): every
 * writer of new pairs (auto-assign, a round's assignment, a replacement, a swap or an added
 * judge) goes through it (docs/decisions/0051-assignment-capability.md).
 */
import { Prisma } from "~/generated/prisma/client";

type Tx = Prisma.TransactionClient;

/**
 * Writes assignments with multi-row INSERTs, 500 rows a statement (createMany costs several
 * times more per row; ADR 0021). Inside the caller's transaction. A pair that another run wrote
 * first is skipped, not an error: on PostgreSQL a serializable transaction that read its
 * contest's assignments through another index than the unique one would otherwise fail with a
 * plain unique violation instead of the serialization failure that is retried (ADR 0028); a run
 * whose new pairs clash with another's is still aborted by the serializable check, and retried.
 * Returns how many rows were written.
 */
export async function insertAssignments(
  tx: Tx,
  rows: { id: string; contestId: string; judgeId: string; submissionId: string }[],
  createdAt: Date,
  /** The judging round the pairs belong to (docs/decisions/0032-divisions-and-rounds.md). */
  round = 1,
): Promise<number> {
  let written = 0;
  for (let i = 0; i < rows.length; i += 500) {
    const values = rows
      .slice(i, i + 500)
      .map(
        (p) =>
          Prisma.sql`(${p.id}, ${p.contestId}, ${p.judgeId}, ${p.submissionId}, ${round}, ${createdAt})`,
      );
    written +=
      await tx.$executeRaw`INSERT INTO "JudgeAssignment" ("id", "contestId", "judgeId", "submissionId", "round", "createdAt")
      VALUES ${Prisma.join(values)}
      ON CONFLICT ("contestId", "judgeId", "submissionId") DO NOTHING`;
  }
  return written;
}
