/**
 * Scores within the rubric (docs/decisions/0045-published-results-conflicts-and-leases.md): the
 * score write checks the values against the rubric as stored, in its transaction.
 */
import { parseCriteria } from "~/features/contests/rubric";
import { type prisma, type Prisma } from "~/utils/db.server";
import { DomainError } from "~/utils/domain-error";
import { scoresProblem } from "./scoring";

/** A score the rubric does not allow (above a criterion's maximum, say): nothing is written. */
export class ScoreRefused extends DomainError {}

/**
 * The scores checked against the rubric as stored, in the writing transaction (ADR 0045): the
 * caller's criteria are never trusted for the range, so no path writes "11 / 10".
 */
export async function assertScoresAllowed(
  db: Prisma.TransactionClient | typeof prisma,
  rubricId: string | null,
  scores: Record<string, number>,
  complete: boolean,
) {
  const rubric = rubricId
    ? await db.rubric.findUnique({ where: { id: rubricId }, select: { criteria: true } })
    : null;
  if (!rubric) throw new ScoreRefused("This entry's rubric was not found.");
  const problem = scoresProblem(parseCriteria(rubric.criteria), scores, { complete });
  if (problem) throw new ScoreRefused(problem);
}
