/**
 * The one answer to "are results out?" (docs/decisions/0045-published-results-conflicts-and-leases.md).
 * Results follow the published schedule, as every step does (ADR 0022): a published contest's
 * results date is the one it was last published with (`publishedResultsAt`, the snapshot's), never
 * the draft date that "Update Contest" saves.
 * Pages, e-mails, steps and permissions all ask here, in code (`resultsOut`) or in a query
 * (`resultsOutWhere`).
 */

/** The columns the answer needs, as a Prisma select. */
export const resultsReleaseSelect = {
  isPublished: true,
  resultsAt: true,
  publishedResultsAt: true,
} as const;

export type ResultsRelease = {
  isPublished: boolean;
  resultsAt: Date | string;
  /** The published date; absent on a view already read from the snapshot (the public contest). */
  publishedResultsAt?: Date | null;
};

/**
 * When results come out as the public was told: a published contest's published date (its own
 * date when published before the column existed, or on a view already read from the snapshot);
 * a draft's own date, as `publishedDates` reads a draft (ADR 0022).
 */
export function resultsDate(c: ResultsRelease): Date {
  return new Date(c.isPublished && c.publishedResultsAt ? c.publishedResultsAt : c.resultsAt);
}

/** Are this contest's results out at `now`? */
export function resultsOut(c: ResultsRelease, now: Date = new Date()): boolean {
  return now.getTime() >= resultsDate(c).getTime();
}

/** `resultsDate` compared with `at` in a Prisma `where` on a contest. */
function resultsDateWhere(cmp: { lte: Date } | { gt: Date }) {
  return {
    OR: [
      { isPublished: true, publishedResultsAt: cmp },
      { isPublished: true, publishedResultsAt: null, resultsAt: cmp },
      { isPublished: false, resultsAt: cmp },
    ],
  };
}

/** The same answer as a Prisma `where` on a contest: results out at `now`. */
export function resultsOutWhere(now: Date) {
  return resultsDateWhere({ lte: now });
}

/** Contests whose results are not out at `now`. */
export function resultsPendingWhere(now: Date) {
  return resultsDateWhere({ gt: now });
}
