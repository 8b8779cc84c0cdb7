/**
 * The rules of assignment control on /admin/assign (docs/decisions/0033-judging-panel.md), pure:
 * when an entry counts as overdue, when a judge may be nudged again, what Remove does to an
 * assignment, and each judge's progress from their counts per round.
 */

export const HOUR = 3_600_000;
/** A judge is nudged at most once in this long per contest. */
export const NUDGE_EVERY_MS = 24 * HOUR;

/**
 * The moment a round's unscored entries become overdue: the reminder's moment, the contest's lead
 * before judging closes, capped at half the judging window (the reminder step's rule,
 * lifecycle/steps.ts remindLeadMs), never before judging opens. After it, a judge who has not
 * scored an entry is behind: the reminder has gone out (or judging has closed).
 */
export function overdueFrom(window: {
  judgingOpen: Date;
  judgingClose: Date;
  remindLeadHours: number;
}): Date {
  const open = window.judgingOpen.getTime();
  const close = window.judgingClose.getTime();
  const lead = Math.min(Math.max(0, window.remindLeadHours) * HOUR, Math.max(0, close - open) / 2);
  return new Date(Math.max(open, close - lead));
}

/** When a judge last nudged at `nudgedAt` may be nudged again (null: now). */
export function nextNudgeAt(nudgedAt: Date | null): Date | null {
  return nudgedAt ? new Date(nudgedAt.getTime() + NUDGE_EVERY_MS) : null;
}

export function canNudge(nudgedAt: Date | null, now: Date): boolean {
  const next = nextNudgeAt(nudgedAt);
  return !next || next.getTime() <= now.getTime();
}

/**
 * What "Remove" does: an assignment without a submitted score goes (its draft with it); one with a
 * submitted score is released (the row and the score stay and count; the judge no longer sees it).
 */
export function removal(a: { scored: boolean; releasedAt: Date | null }) {
  if (a.releasedAt) return "already-released" as const;
  return a.scored ? ("release" as const) : ("delete" as const);
}

/** One judge's assignments in one round of the contest, as counted in SQL. */
export type RoundCount = {
  judgeId: string;
  round: number;
  /** Every assignment (released ones too: the judge read them, so they count as load). */
  assigned: number;
  /** Assignments with a submitted score. */
  scored: number;
  /** Assignments still waiting for a submitted score (released ones never wait). */
  unscored: number;
};

export type JudgeProgress = {
  assigned: number;
  scored: number;
  unscored: number;
  overdue: number;
  /** Assigned something and nothing left to score. */
  finished: boolean;
};

/**
 * Each judge's progress in the contest: their counts over every round, with the unscored entries
 * of a round counted overdue once that round's `overdueFrom` has passed.
 */
export function judgeProgress(
  counts: readonly RoundCount[],
  overdueAt: (round: number) => Date,
  now: Date,
): Map<string, JudgeProgress> {
  const out = new Map<string, JudgeProgress>();
  for (const c of counts) {
    const p = out.get(c.judgeId) ?? {
      assigned: 0,
      scored: 0,
      unscored: 0,
      overdue: 0,
      finished: false,
    };
    p.assigned += c.assigned;
    p.scored += c.scored;
    p.unscored += c.unscored;
    if (c.unscored && overdueAt(c.round).getTime() <= now.getTime()) p.overdue += c.unscored;
    p.finished = p.assigned > 0 && p.unscored === 0;
    out.set(c.judgeId, p);
  }
  return out;
}

/** The words for a panel member's status on the judges table. */
export function panelStatusLabel(status: string | null): string {
  switch (status) {
    case "accepted":
      return "Accepted";
    case "invited":
      return "Invited";
    case "declined":
      return "Declined";
    default:
      return "Not on the panel";
  }
}

/** "3 entries" / "1 entry". */
export const entries = (n: number) => `${n} ${n === 1 ? "entry" : "entries"}`;

/** The admin's summary after "Reassign unscored entries". */
export function reassignSummary(moved: number, stuck: readonly string[]) {
  const title =
    moved === 0 && stuck.length === 0
      ? "Nothing to reassign: this judge has no unscored entries"
      : `${entries(moved)} given to other judges`;
  const description = stuck.length
    ? `No other judge could take ${stuck.length === 1 ? "this entry" : "these entries"}, so ${
        stuck.length === 1 ? "it stays" : "they stay"
      } with this judge for now: ${stuck.map((t) => `"${t}"`).join(", ")}.`
    : undefined;
  return { title, description };
}
