/**
 * Published contests as the public sees them: the list, one contest by slug, upcoming deadlines.
 * Lists page in SQL.
 */
import { isSubmissionWindowOpen } from "~/features/contests/phase";
import { publicContest } from "~/features/contests/public-contest";
import { Prisma } from "~/generated/prisma/client";
import { readRows } from "~/utils/db-read.server";
import { fromSql, prisma } from "~/utils/db.server";
import { readPage } from "~/utils/paged-list.server";

export const contestSelect = {
  id: true,
  slug: true,
  title: true,
  description: true,
  rules: true,
  anonymous: true,
  isPublished: true,
  wordMin: true,
  wordMax: true,
  entryFeeCents: true,
  entriesPerWriter: true,
  aiPolicy: true,
  timeZone: true,
  submissionsOpen: true,
  submissionsClose: true,
  judgingOpen: true,
  judgingClose: true,
  resultsAt: true,
  publishedSnapshot: true,
} as const;

export const CONTESTS_PAGE_SIZE = 20;

/** Published contests, most recently opened first (docs/decisions/0009), one page. */
export async function listPublishedContests(page = 1, pageSize = CONTESTS_PAGE_SIZE) {
  const where = { isPublished: true };
  const { rows, ...paging } = await readPage(
    page,
    pageSize,
    (window) =>
      prisma.contest.findMany({
        where,
        orderBy: [{ submissionsOpen: "desc" }, { id: "asc" }],
        ...window,
        select: contestSelect,
      }),
    () => prisma.contest.count({ where }),
  );
  return { contests: rows.map(publicContest), ...paging };
}

/** A contest by slug with its prompts and rubrics, whatever its publish state. */
export async function getContestBySlug(slug: string) {
  const row = await prisma.contest.findUnique({
    where: { slug },
    select: {
      ...contestSelect,
      // A later round's prompt is never shown to entrants (ADR 0045).
      prompts: {
        where: { OR: [{ round: null }, { round: { lte: 1 } }] },
        select: { id: true, title: true, body: true },
        orderBy: { createdAt: "asc" },
      },
      rubrics: { select: { id: true, name: true, criteria: true }, orderBy: { createdAt: "asc" } },
    },
  });
  return row ? publicContest(row) : null;
}

/** `contestSelect`'s columns as one raw statement reads them (either engine). */
export type RawContestRow = {
  id: string;
  slug: string;
  title: string;
  description: string;
  rules: string | null;
  anonymous: boolean | number | bigint;
  isPublished: boolean | number | bigint;
  wordMin: number | bigint;
  wordMax: number | bigint;
  entryFeeCents: number | bigint;
  entriesPerWriter: number | bigint;
  aiPolicy: string;
  timeZone: string;
  submissionsOpen: Date | string;
  submissionsClose: Date | string;
  judgingOpen: Date | string;
  judgingClose: Date | string;
  resultsAt: Date | string;
  publishedSnapshot: string | null;
};

/** `contestSelect`'s columns of the contest aliased `c`, for raw statements. */
export const CONTEST_COLUMNS = Prisma.sql`c."id", c."slug", c."title", c."description", c."rules",
  c."anonymous", c."isPublished", c."wordMin", c."wordMax", c."entryFeeCents", c."entriesPerWriter",
  c."aiPolicy", c."timeZone", c."submissionsOpen", c."submissionsClose", c."judgingOpen",
  c."judgingClose", c."resultsAt", c."publishedSnapshot"`;

/** A raw row as the client's `select: contestSelect` gives it (SQLite's booleans and dates typed). */
export function contestFromSql(r: RawContestRow) {
  return {
    ...r,
    anonymous: fromSql.bool(r.anonymous),
    isPublished: fromSql.bool(r.isPublished),
    wordMin: fromSql.int(r.wordMin),
    wordMax: fromSql.int(r.wordMax),
    entryFeeCents: fromSql.int(r.entryFeeCents),
    entriesPerWriter: fromSql.int(r.entriesPerWriter),
    submissionsOpen: fromSql.date(r.submissionsOpen),
    submissionsClose: fromSql.date(r.submissionsClose),
    judgingOpen: fromSql.date(r.judgingOpen),
    judgingClose: fromSql.date(r.judgingClose),
    resultsAt: fromSql.date(r.resultsAt),
  };
}

/**
 * A published contest by slug (the entry form loads only published contests). One raw statement,
 * not a model call: it starts every entry's submit (docs/decisions/0078-rush-entry-cpu.md).
 */
export async function getPublishedContest(slug: string) {
  // Without the client on SQLite (docs/decisions/0080-rush-direct-write.md).
  const rows = await readRows<RawContestRow>`
    SELECT ${CONTEST_COLUMNS} FROM "Contest" c WHERE c."slug" = ${slug} AND c."isPublished" = true`;
  return rows[0] ? publicContest(contestFromSql(rows[0])) : null;
}

/** Contests open for submissions now, closing soonest first. */
export async function upcomingDeadlines(now = new Date(), take = 5) {
  const rows = await prisma.contest.findMany({
    where: { isPublished: true, submissionsOpen: { lte: now }, submissionsClose: { gte: now } },
    orderBy: [{ submissionsClose: "asc" }, { id: "asc" }],
    take: take * 2,
    select: contestSelect,
  });
  // The snapshot's dates are authoritative for the public; filter again on them.
  return rows
    .map(publicContest)
    .filter((c) => isSubmissionWindowOpen(c, now))
    .sort((a, b) => a.submissionsClose.getTime() - b.submissionsClose.getTime())
    .slice(0, take);
}
