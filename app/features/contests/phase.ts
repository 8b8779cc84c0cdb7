/**
 * Contest phases are computed from the dates at request time, never stored. The submission
 * window is inclusive of both the open and the close instant (docs/decisions/0009-domain-rules.md).
 */
export type ContestDates = {
  submissionsOpen: Date | string;
  submissionsClose: Date | string;
  judgingOpen: Date | string;
  judgingClose: Date | string;
  resultsAt: Date | string;
};

export type PublicPhase = "coming_soon" | "open" | "closed";

const t = (d: Date | string) => new Date(d).getTime();

export function isSubmissionWindowOpen(
  c: Pick<ContestDates, "submissionsOpen" | "submissionsClose">,
  now: Date = new Date(),
) {
  const n = now.getTime();
  return n >= t(c.submissionsOpen) && n <= t(c.submissionsClose);
}

/** The public list's phase: 'Coming Soon', 'Open for Submissions', 'Closed'. */
export function publicPhase(
  c: Pick<ContestDates, "submissionsOpen" | "submissionsClose">,
  now: Date = new Date(),
): PublicPhase {
  const n = now.getTime();
  if (n < t(c.submissionsOpen)) return "coming_soon";
  if (n <= t(c.submissionsClose)) return "open";
  return "closed";
}

export const PHASE_LABEL: Record<PublicPhase, string> = {
  coming_soon: "Coming Soon",
  open: "Open for Submissions",
  closed: "Closed",
};
export const PHASE_BADGE: Record<PublicPhase, "secondary" | "default" | "destructive"> = {
  coming_soon: "secondary",
  open: "default",
  closed: "destructive",
};

/** Judges may score from judging_open to judging_close, inclusive. */
export function isJudgingOpen(
  c: Pick<ContestDates, "judgingOpen" | "judgingClose">,
  now: Date = new Date(),
) {
  const n = now.getTime();
  return n >= t(c.judgingOpen) && n <= t(c.judgingClose);
}
