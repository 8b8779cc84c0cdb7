/**
 * Auto-assign from the contest's panel (docs/decisions/0033-judging-panel.md), for the admin's
 * Auto-Assign and the scheduled assign step alike, one round at a time: inside the caller's
 * transaction, read the panel's constraints and every pair of the contest, solve the whole
 * assignment (assign.ts), then write every new pair, or nothing when some entry cannot have its
 * minimum of judges: the result then lists those entries by title (never the writer) and why.
 */
import { panelConstraints } from "~/features/panel/constraints.server";
import type { Prisma } from "~/utils/db.server";
import { newId } from "~/utils/ids";
import { solveAssignment, shortfallReason, type BarReason } from "./assign";
import { insertAssignments } from "./insert.server";

type Tx = Prisma.TransactionClient;

/** One entry that cannot have its minimum of judges, as the admin reads it. */
export type ShortfallLine = { submissionId: string; title: string; reason: string };

export type AssignRefusal = {
  ok: false;
  reason: "closed" | "no-judges" | "no-entries" | "missing" | "short";
  error: string;
  /** With reason "short": every entry that cannot have its judges, and why. */
  short?: ShortfallLine[];
};
export type AutoAssignResult = { ok: true; created: number } | AssignRefusal;

export const EMPTY_PANEL_MESSAGE = "This contest has no judges on its panel yet.";

/** An entry to assign, as read for the solver (no story text). */
export type AssignEntryRow = {
  id: string;
  entrantId: string;
  divisionId: string | null;
  /** The pupil's own account, for a class entry of a pupil who has one: a writer too. */
  pupilUserId: string | null;
};

/**
 * The contest's submitted entries to assign, oldest first: in round k ≥ 2 only those that went on
 * to it. One statement with the pupil joined (Prisma's relation load issues a second query per
 * 500 ids; docs/decisions/0021-performance.md); runs on SQLite and PostgreSQL.
 */
export async function entriesToAssign(
  tx: Tx,
  contestId: string,
  round = 1,
): Promise<AssignEntryRow[]> {
  return round > 1
    ? tx.$queryRaw<AssignEntryRow[]>`
        SELECT s."id", s."entrantId", s."divisionId", p."userId" AS "pupilUserId"
        FROM "Submission" s
        JOIN "Advancement" a ON a."submissionId" = s."id" AND a."contestId" = ${contestId} AND a."round" = ${round}
        LEFT JOIN "Pupil" p ON p."id" = s."pupilId"
        WHERE s."contestId" = ${contestId} AND s."status" = 'submitted'
        ORDER BY s."createdAt" ASC, s."id" ASC`
    : tx.$queryRaw<AssignEntryRow[]>`
        SELECT s."id", s."entrantId", s."divisionId", p."userId" AS "pupilUserId"
        FROM "Submission" s
        LEFT JOIN "Pupil" p ON p."id" = s."pupilId"
        WHERE s."contestId" = ${contestId} AND s."status" = 'submitted'
        ORDER BY s."createdAt" ASC, s."id" ASC`;
}

/** "3 entries cannot have 3 judges each, so no judges were assigned." */
export function shortfallHeadline(count: number, perEntry: number): string {
  return `${count === 1 ? "1 entry cannot" : `${count} entries cannot`} have ${perEntry} ${
    perEntry === 1 ? "judge" : "judges"
  }${count === 1 ? "" : " each"}, so no judges were assigned.`;
}

/** The headline with the first few entries named (for a toast or the workflows page). */
export function shortfallMessage(short: ShortfallLine[], perEntry: number, listed = 3): string {
  const head = shortfallHeadline(short.length, perEntry);
  const named = short.slice(0, listed).map((s) => `“${s.title}” ${s.reason}.`);
  const more = short.length > listed ? [`And ${short.length - listed} more.`] : [];
  return [head, ...named, ...more].join(" ");
}

export async function assignFromPanel(
  tx: Tx,
  input: {
    contestId: string;
    round: number;
    entries: AssignEntryRow[];
    perEntry: number;
    /** The round's pool (RoundJudge), intersected with the panel; empty: the whole panel. */
    pool?: readonly string[];
    now?: Date;
  },
): Promise<AutoAssignResult> {
  const { contestId, round, entries, perEntry } = input;
  const ids = entries.map((e) => e.id);
  const panel = await panelConstraints(contestId, ids, tx);
  const inPool = new Set(input.pool ?? []);
  const judgeIds = inPool.size ? panel.judgeIds.filter((j) => inPool.has(j)) : panel.judgeIds;
  if (judgeIds.length === 0) return { ok: false, reason: "no-judges", error: EMPTY_PANEL_MESSAGE };

  // Every pair of the contest: this round's count, other rounds' are barred; all count for capacity.
  const rows = await tx.judgeAssignment.findMany({
    where: { contestId, submissionId: { not: null } },
    select: { judgeId: true, submissionId: true, round: true },
  });
  const inRun = new Set(ids);
  const contestLoad = new Map<string, number>();
  const existing: { judgeId: string; submissionId: string }[] = [];
  const barred = new Map<string, Map<string, BarReason>>();
  const bar = (judgeId: string, submissionId: string, why: BarReason) => {
    let map = barred.get(judgeId);
    if (!map) barred.set(judgeId, (map = new Map()));
    if (!map.has(submissionId)) map.set(submissionId, why);
  };
  for (const r of rows) {
    contestLoad.set(r.judgeId, (contestLoad.get(r.judgeId) ?? 0) + 1);
    if (!inRun.has(r.submissionId!)) continue;
    if (r.round === round) existing.push({ judgeId: r.judgeId, submissionId: r.submissionId! });
    else bar(r.judgeId, r.submissionId!, "earlier-round");
  }
  for (const [judgeId, set] of panel.barred)
    for (const submissionId of set)
      bar(judgeId, submissionId, panel.barredWhy(judgeId, submissionId) ?? "conflict");

  const { pairs, short } = solveAssignment({
    judgeIds,
    entries: entries.map((e) => ({
      id: e.id,
      writers: e.pupilUserId ? [e.entrantId, e.pupilUserId] : [e.entrantId],
      divisionId: e.divisionId,
    })),
    existing,
    barred,
    capacity: panel.capacity,
    contestLoad,
    judgeDivisions: panel.judgeDivisions,
    perEntry,
  });

  if (short.length) {
    const titles = new Map<string, string>();
    const shortIds = short.map((s) => s.entryId);
    for (let i = 0; i < shortIds.length; i += 500) {
      const found = await tx.submission.findMany({
        where: { id: { in: shortIds.slice(i, i + 500) } },
        select: { id: true, title: true },
      });
      for (const f of found) titles.set(f.id, f.title);
    }
    const lines = short.map((s) => ({
      submissionId: s.entryId,
      title: titles.get(s.entryId) ?? "Untitled",
      reason: shortfallReason(s),
    }));
    return {
      ok: false,
      reason: "short",
      error: shortfallMessage(lines, perEntry),
      short: lines,
    };
  }

  const created = await insertAssignments(
    tx,
    pairs.map((p) => ({ id: newId(), contestId, ...p })),
    input.now ?? new Date(),
    round,
    // Every pair of the contest and every entry's status were read above, in this serializable
    // transaction: the pairs are new, their entries submitted (ADR 0077).
    true,
  );
  return { ok: true, created };
}
