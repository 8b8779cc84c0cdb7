/**
 * One more judge for one entry (docs/decisions/0033-judging-panel.md): the replacement after a
 * recusal, "Add a judge" on a flagged entry, and each entry of a judge who dropped out. The judge
 * comes from the contest's panel under every constraint auto-assign keeps (accepted and assignable,
 * not the writer, not already on the entry in any round, no conflict or recusal, the round's pool
 * and the judge's divisions, capacity), and is the one with the fewest entries in the contest
 * (ties: the panel's order), which keeps loads within one. Runs inside the caller's transaction.
 */
import { panelConstraints } from "~/features/panel/constraints.server";
import type { Prisma } from "~/utils/db.server";
import { newId } from "~/utils/ids";
import { insertAssignments } from "./insert.server";

type Tx = Prisma.TransactionClient;

export type Candidate = { judgeId: string; load: number };

/**
 * The judges who could take the entry now, least loaded first (ties in the panel's order), or
 * null when the entry is not in the contest. `exclude`: judges never to pick (e.g. the one leaving).
 */
export async function candidatesFor(
  tx: Tx,
  contestId: string,
  submissionId: string,
  round: number,
  exclude: readonly string[] = [],
): Promise<Candidate[] | null> {
  const entry = await tx.submission.findFirst({
    where: { id: submissionId, contestId },
    select: { id: true, entrantId: true, divisionId: true, pupil: { select: { userId: true } } },
  });
  if (!entry) return null;
  const panel = await panelConstraints(contestId, [entry.id], tx);
  const on = await tx.judgeAssignment.findMany({
    where: { contestId, submissionId: entry.id },
    select: { judgeId: true },
  });
  const pool = await tx.roundJudge.findMany({
    where: { round: { contestId, number: round } },
    select: { judgeId: true },
  });
  const inPool = new Set(pool.map((p) => p.judgeId));
  const skip = new Set([...exclude, ...on.map((a) => a.judgeId), entry.entrantId]);
  if (entry.pupil?.userId) skip.add(entry.pupil.userId);
  const loads = await tx.judgeAssignment.groupBy({
    by: ["judgeId"],
    where: { contestId, submissionId: { not: null }, judgeId: { in: panel.judgeIds } },
    _count: { _all: true },
  });
  const load = new Map(loads.map((l) => [l.judgeId, l._count._all]));
  const order = new Map(panel.judgeIds.map((id, i) => [id, i]));
  return panel.judgeIds
    .filter((judgeId) => {
      if (skip.has(judgeId)) return false;
      if (inPool.size && !inPool.has(judgeId)) return false;
      if (panel.barred.get(judgeId)?.has(entry.id)) return false;
      const divisions = panel.judgeDivisions.get(judgeId);
      if (divisions?.size && (!entry.divisionId || !divisions.has(entry.divisionId))) return false;
      const cap = panel.capacity.get(judgeId);
      return cap === undefined || (load.get(judgeId) ?? 0) < cap;
    })
    .map((judgeId) => ({ judgeId, load: load.get(judgeId) ?? 0 }))
    .sort((a, b) => a.load - b.load || order.get(a.judgeId)! - order.get(b.judgeId)!);
}

/**
 * Assigns the best candidate to the entry in `round` and returns their id, or null when no panel
 * judge can take it (the caller says so; nothing is written).
 */
export async function addJudgeTo(
  tx: Tx,
  contestId: string,
  submissionId: string,
  round: number,
  exclude: readonly string[] = [],
  now = new Date(),
): Promise<string | null> {
  const candidates = await candidatesFor(tx, contestId, submissionId, round, exclude);
  const pick = candidates?.[0];
  if (!pick) return null;
  const written = await insertAssignments(
    tx,
    [{ id: newId(), contestId, judgeId: pick.judgeId, submissionId }],
    now,
    round,
  );
  return written === 1 ? pick.judgeId : null;
}
