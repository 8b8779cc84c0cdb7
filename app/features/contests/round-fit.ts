/**
 * A contest's saved judging rounds against the dates being saved or published (docs/decisions/
 * 0045-published-results-conflicts-and-leases.md, amending 0032): round 1 opens after submissions
 * close and the last round closes before results; and the sentence Publish shows of what will run.
 */
import { formatDateTime } from "~/utils/dates";

export type SavedRound = { number: number; name: string; judgingOpen: Date; judgingClose: Date };

/** Why the rounds do not fit the dates, one sentence each (empty: they fit). */
export function roundsMisfit(
  rounds: readonly SavedRound[],
  dates: { submissionsClose: Date; resultsAt: Date },
): string[] {
  if (rounds.length === 0) return [];
  const out: string[] = [];
  const first = rounds[0];
  const last = rounds[rounds.length - 1];
  if (first.judgingOpen.getTime() < dates.submissionsClose.getTime())
    out.push("Round 1 must open after submissions close.");
  if (last.judgingClose.getTime() > dates.resultsAt.getTime())
    out.push(`Round ${last.number} must close before results are published.`);
  return out;
}

/** What will run: the rounds with their dates, or the one judging round. */
export function judgingSummary(
  rounds: readonly SavedRound[],
  judging: { judgingOpen: Date; judgingClose: Date },
  timeZone: string,
): string {
  const when = (a: Date, b: Date) =>
    `from ${formatDateTime(a, timeZone)} to ${formatDateTime(b, timeZone)}`;
  if (rounds.length <= 1)
    return `One judging round ${when(judging.judgingOpen, judging.judgingClose)}.`;
  return `${rounds.length} judging rounds: ${rounds
    .map((r) => `round ${r.number} (${r.name}) ${when(r.judgingOpen, r.judgingClose)}`)
    .join("; ")}.`;
}
