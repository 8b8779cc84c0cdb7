/**
 * Published contests as the public sees them: the list, one contest by slug, upcoming deadlines.
 * Lists page in SQL.
 */
import { isSubmissionWindowOpen } from "~/features/contests/phase";
import { publicContest } from "~/features/contests/public-contest";
import { prisma } from "~/utils/db.server";
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

/** A published contest by slug (the entry form loads only published contests). */
export async function getPublishedContest(slug: string) {
  const row = await prisma.contest.findFirst({
    where: { slug, isPublished: true },
    select: contestSelect,
  });
  return row ? publicContest(row) : null;
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
