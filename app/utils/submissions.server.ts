/**
 * Data access for contests as the public sees them, entries, the entrant dashboard, admin
 * submissions and the e-mail log. Lists page in SQL; no per-row queries.
 */
import { SubmissionConfirmationEmail, submissionConfirmationSubject } from "~/emails/submission-confirmation";
import { prisma, type Prisma } from "./db.server";
import { readPage } from "./paged-list.server";
import { pageCount } from "./paging";
import { formatDateTime } from "./dates";
import { sendEmail, siteUrl } from "./email.server";
import { isSubmissionWindowOpen } from "./phase";
import { publicContest } from "./public-contest";
import { parseCriteria } from "./rubric";
import { parseScores } from "./scoring";
import { getStorage } from "./storage.server";
import { isSubmissionStatus, nextStatus, type SubmissionStatus } from "./submission-status";

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
  timeZone: true,
  submissionsOpen: true,
  submissionsClose: true,
  judgingOpen: true,
  judgingClose: true,
  resultsAt: true,
  publishedSnapshot: true,
} as const;

// ---------------------------------------------------------------------------------------------
// Public contests

export const CONTESTS_PAGE_SIZE = 20;

/** Published contests, most recently opened first (spec §7), one page. */
export async function listPublishedContests(page = 1, pageSize = CONTESTS_PAGE_SIZE) {
  const where = { isPublished: true };
  const { rows, ...paging } = await readPage(
    page,
    pageSize,
    (window) => prisma.contest.findMany({ where, orderBy: [{ submissionsOpen: "desc" }, { id: "asc" }], ...window, select: contestSelect }),
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
      prompts: { select: { id: true, title: true, body: true }, orderBy: { createdAt: "asc" } },
      rubrics: { select: { id: true, name: true, criteria: true }, orderBy: { createdAt: "asc" } },
    },
  });
  return row ? publicContest(row) : null;
}

/** A published contest by slug (the entry form loads only published contests). */
export async function getPublishedContest(slug: string) {
  const row = await prisma.contest.findFirst({ where: { slug, isPublished: true }, select: contestSelect });
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

// ---------------------------------------------------------------------------------------------
// The entrant's own submissions

export const DASHBOARD_PAGE_SIZE = 20;

const entrantSubmissionSelect = {
  id: true,
  title: true,
  wordCount: true,
  status: true,
  createdAt: true,
  fileName: true,
  disqualifyReason: true,
  contest: { select: { id: true, slug: true, title: true, timeZone: true, resultsAt: true } },
} as const;

export async function listEntrantSubmissions(entrantId: string, page = 1, pageSize = DASHBOARD_PAGE_SIZE) {
  const where = { entrantId };
  const { rows, ...paging } = await readPage(
    page,
    pageSize,
    (window) => prisma.submission.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], ...window, select: entrantSubmissionSelect }),
    () => prisma.submission.count({ where }),
  );
  return { submissions: rows, ...paging };
}

/** One of the entrant's own submissions; null for anyone else's (the caller answers 404). */
export async function getEntrantSubmission(entrantId: string, id: string) {
  return prisma.submission.findFirst({
    where: { id, entrantId },
    select: {
      ...entrantSubmissionSelect,
      body: true,
      fileSize: true,
      contest: { select: { ...contestSelect } },
    },
  });
}

/**
 * The entrant's released results: for each of their judged entries whose contest's results_at
 * has passed, the submitted scores (criterion scores, total, comment). Judges are never named.
 */
export async function entrantResults(entrantId: string, now = new Date(), take = 10) {
  const submissions = await prisma.submission.findMany({
    where: {
      entrantId,
      status: "submitted",
      contest: { resultsAt: { lte: now } },
      scores: { some: { submittedAt: { not: null } } },
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take,
    select: {
      id: true,
      title: true,
      contest: { select: { slug: true, title: true } },
      scores: {
        where: { submittedAt: { not: null } },
        orderBy: [{ submittedAt: "asc" }, { id: "asc" }],
        select: { id: true, scores: true, comment: true, total: true, rubric: { select: { criteria: true } } },
      },
    },
  });
  return submissions.map((s) => {
    const reviews = s.scores.map((score, i) => {
      const criteria = parseCriteria(score.rubric.criteria);
      const values = parseScores(score.scores);
      return {
        id: score.id,
        label: `Judge ${i + 1}`,
        total: score.total,
        comment: score.comment,
        criteria: criteria.map((c) => ({ key: c.key, label: c.label, maxPoints: c.maxPoints, score: Number(values[c.key] ?? 0) })),
      };
    });
    const average = reviews.length ? Math.round((reviews.reduce((n, r) => n + r.total, 0) / reviews.length) * 100) / 100 : null;
    return { id: s.id, title: s.title, contest: s.contest, average, reviews };
  });
}

export class TransitionRefused extends Error {}

/**
 * Withdraws the entrant's own submitted entry while the window is open; the window is checked
 * at the moment of the write and the update only applies to a still-submitted row.
 */
export async function withdrawSubmission(entrantId: string, id: string, now = new Date()) {
  return prisma.$transaction(async (tx) => {
    const row = await tx.submission.findFirst({
      where: { id, entrantId },
      select: { status: true, contest: { select: contestSelect } },
    });
    if (!row) return null;
    const to = nextStatus(row.status, "withdraw");
    if (!to) throw new TransitionRefused("Only a submitted entry can be withdrawn.");
    if (!isSubmissionWindowOpen(publicContest(row.contest), now)) {
      throw new TransitionRefused("Entries can only be withdrawn while submissions are open.");
    }
    const { count } = await tx.submission.updateMany({ where: { id, entrantId, status: "submitted" }, data: { status: to } });
    if (count !== 1) throw new TransitionRefused("Only a submitted entry can be withdrawn.");
    return to;
  });
}

// ---------------------------------------------------------------------------------------------
// Confirmation e-mail

/** Sends the submission confirmation (never throws; the outcome is in the e-mail log). */
export async function sendSubmissionConfirmation(submissionId: string, request?: Request) {
  const s = await prisma.submission.findUnique({
    where: { id: submissionId },
    select: {
      title: true,
      createdAt: true,
      wordCount: true,
      fileName: true,
      status: true,
      entrant: { select: { email: true, displayName: true } },
      contest: { select: { title: true, timeZone: true } },
    },
  });
  if (!s || s.status !== "submitted") return null;
  return sendEmail({
    to: s.entrant.email,
    subject: submissionConfirmationSubject(s.title),
    template: "submission-confirmation",
    react: SubmissionConfirmationEmail({
      displayName: s.entrant.displayName,
      title: s.title,
      contestTitle: s.contest.title,
      submittedAt: formatDateTime(s.createdAt, s.contest.timeZone),
      wordCount: s.wordCount,
      fileName: s.fileName,
      dashboardUrl: siteUrl("/dashboard", request),
    }),
  });
}

// ---------------------------------------------------------------------------------------------
// Admin submissions

export const ADMIN_PAGE_SIZE = 25;

export type AdminSubmissionFilter = { contestId?: string | null; status?: SubmissionStatus | null };

export function parseAdminFilter(url: URL): AdminSubmissionFilter {
  const contestId = url.searchParams.get("contest")?.trim() || null;
  const status = url.searchParams.get("status");
  return { contestId: contestId && contestId.length <= 64 ? contestId : null, status: isSubmissionStatus(status) ? status : null };
}

function adminWhere(filter: AdminSubmissionFilter): Prisma.SubmissionWhereInput {
  const where: Prisma.SubmissionWhereInput = {};
  if (filter.contestId) where.contestId = filter.contestId;
  if (filter.status) where.status = filter.status;
  return where;
}

const adminRowSelect = {
  id: true,
  title: true,
  wordCount: true,
  status: true,
  createdAt: true,
  fileName: true,
  filePath: true,
  disqualifyReason: true,
  contest: { select: { id: true, slug: true, title: true, timeZone: true } },
  entrant: { select: { id: true, displayName: true, email: true } },
} as const;

/**
 * Newest first, one page, filtered in SQL (indexes: contestId+status+createdAt, status+createdAt,
 * createdAt). The page's ids are found first (a narrow scan, cheap even at a deep offset), then
 * only those rows are read with their contest and entrant.
 */
export async function listAdminSubmissions(filter: AdminSubmissionFilter, page = 1, pageSize = ADMIN_PAGE_SIZE) {
  const where = adminWhere(filter);
  const [ids, total] = await Promise.all([
    prisma.submission.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (page - 1) * pageSize,
      take: pageSize,
      select: { id: true },
    }),
    prisma.submission.count({ where }),
  ]);
  const rows = ids.length
    ? await prisma.submission.findMany({ where: { id: { in: ids.map((r) => r.id) } }, select: adminRowSelect })
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const submissions = ids.map((r) => byId.get(r.id)).filter((r): r is (typeof rows)[number] => Boolean(r));
  return { submissions, total, page, pageCount: pageCount(total, pageSize) };
}

/** Contests for the admin contest pickers (submissions, assignment, scoring), newest first. */
export async function contestOptions() {
  return prisma.contest.findMany({ orderBy: [{ createdAt: "desc" }, { id: "asc" }], select: { id: true, title: true } });
}

export async function getAdminSubmission(id: string) {
  return prisma.submission.findUnique({
    where: { id },
    select: { ...adminRowSelect, body: true, fileType: true, fileSize: true, updatedAt: true },
  });
}

/** Admin disqualification with a reason the entrant can read; only from 'submitted'. */
export async function disqualifySubmission(id: string, reason: string) {
  const row = await prisma.submission.findUnique({ where: { id }, select: { status: true } });
  if (!row) return null;
  const to = nextStatus(row.status, "disqualify");
  if (!to) throw new TransitionRefused("Only a submitted entry can be disqualified.");
  const { count } = await prisma.submission.updateMany({
    where: { id, status: "submitted" },
    data: { status: to, disqualifyReason: reason },
  });
  if (count !== 1) throw new TransitionRefused("Only a submitted entry can be disqualified.");
  return to;
}

export const CSV_COLUMNS = [
  "Submission ID",
  "Title",
  "Contest",
  "Contest slug",
  "Entrant",
  "Entrant email",
  "Word count",
  "Status",
  "Submitted at (UTC)",
  "Submitted date",
  "File name",
  "Disqualification reason",
] as const;

const dayFormats = new Map<string, Intl.DateTimeFormat>();
/** "Nov 22, 2026" in the zone, like formatSubmissionDate, with one cached formatter per zone (fast for big exports). */
function csvDate(date: Date, timeZone: string) {
  let f = dayFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", { timeZone, month: "short", day: "numeric", year: "numeric" });
    dayFormats.set(timeZone, f);
  }
  return f.format(date);
}

/**
 * The filtered list for CSV, newest first, read in keyset batches (never all rows at once). The
 * cursor is a single index range (createdAt <= last); the few rows sharing the boundary instant
 * are skipped by id, so each batch is an index walk, not a re-sort.
 */
export async function* adminSubmissionRowsForCsv(filter: AdminSubmissionFilter, batchSize = 1000) {
  const where = adminWhere(filter);
  let cursor: { createdAt: Date; id: string } | null = null;
  for (;;) {
    const batch: Prisma.SubmissionGetPayload<{ select: typeof adminRowSelect }>[] = await prisma.submission.findMany({
      where: cursor ? { AND: [where, { createdAt: { lte: cursor.createdAt } }] } : where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: batchSize,
      select: adminRowSelect,
    });
    const fresh = cursor
      ? batch.filter((s) => s.createdAt.getTime() < cursor!.createdAt.getTime() || s.id < cursor!.id)
      : batch;
    for (const s of fresh) {
      yield [
        s.id,
        s.title,
        s.contest.title,
        s.contest.slug,
        s.entrant.displayName || s.entrant.email,
        s.entrant.email,
        s.wordCount,
        s.status,
        s.createdAt.toISOString(),
        csvDate(s.createdAt, s.contest.timeZone),
        s.fileName ?? "",
        s.disqualifyReason ?? "",
      ];
    }
    if (batch.length < batchSize) return;
    const last = batch[batch.length - 1];
    if (fresh.length === 0) {
      // More than a whole batch shares one instant: fall back to an exact offset within it.
      batchSize *= 2;
      continue;
    }
    cursor = { createdAt: last.createdAt, id: last.id };
  }
}

export { csvSafe } from "./csv-export";

// ---------------------------------------------------------------------------------------------
// Files

/** Opens the stored file of a submission for download, or null when there is none or it is missing. */
export async function openSubmissionFile(s: { filePath: string | null }) {
  if (!s.filePath) return null;
  return getStorage().get(s.filePath);
}

// ---------------------------------------------------------------------------------------------
// E-mail log

export const EMAIL_PAGE_SIZE = 50;

export async function listEmailLog(page = 1, pageSize = EMAIL_PAGE_SIZE) {
  const { rows, ...paging } = await readPage(
    page,
    pageSize,
    (window) => prisma.emailLog.findMany({ orderBy: [{ createdAt: "desc" }, { id: "desc" }], ...window }),
    () => prisma.emailLog.count(),
  );
  return { emails: rows, ...paging };
}
