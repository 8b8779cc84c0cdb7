/**
 * How far entries went in contests of several judging rounds, only once their contest's results
 * are out (the same moment the award is shown; docs/decisions/0032-divisions-and-rounds.md).
 * Two queries whatever the number of entries: no query per entry.
 */
import { resultsOutWhere } from "~/features/contests/results-release";
import { prisma } from "~/utils/db.server";
import { progressLabel } from "./progress";

/** By entry id: "Advanced to the final round", "Reached round 2 of 3" or "Read in round 1". */
export async function progressLabels(submissionIds: string[], now = new Date()) {
  const out: Record<string, string> = {};
  if (submissionIds.length === 0) return out;
  const entries = await prisma.submission.findMany({
    where: {
      id: { in: submissionIds },
      status: "submitted",
      contest: { ...resultsOutWhere(now), rounds: { some: {} } },
    },
    select: { id: true, contest: { select: { _count: { select: { rounds: true } } } } },
  });
  if (entries.length === 0) return out;
  const advanced = await prisma.advancement.findMany({
    where: { submissionId: { in: entries.map((e) => e.id) } },
    select: { submissionId: true, round: true },
  });
  const reached = new Map<string, number>();
  for (const a of advanced) {
    reached.set(a.submissionId, Math.max(reached.get(a.submissionId) ?? 1, a.round));
  }
  for (const e of entries) {
    const label = progressLabel(reached.get(e.id) ?? 1, e.contest._count.rounds);
    if (label) out[e.id] = label;
  }
  return out;
}
