/**
 * Admin views of entries: the filtered list paged in SQL, one entry, disqualifying, the CSV
 * export in keyset batches, and opening an entry's stored file.
 */
import {
  releaseUnscoredAssignments,
  unscoredAssignmentsOf,
} from "~/features/assignment/release.server";
import { AI_USE_SHORT, isAiUse } from "~/features/contests/ai-policy";
import { submissionsCsvBatch, type CsvCursor } from "./submissions-csv.server";
import { adminListCount, adminListRows } from "./admin-list.server";
import { prisma } from "~/utils/db.server";
import { readRows } from "~/utils/db-read.server";
import { pageCount } from "~/utils/paging";
import { getStorage } from "~/utils/storage.server";
import { adminWriter } from "~/features/judging/writer";
import {
  isSubmissionStatus,
  nextStatus,
  TransitionRefused,
  type SubmissionStatus,
} from "./submission-status";

export const ADMIN_PAGE_SIZE = 25;

export type AdminSubmissionFilter = {
  contestId?: string | null;
  status?: SubmissionStatus | null;
  /** Entries sent by the educators of one school (docs/decisions/0031). */
  schoolId?: string | null;
  /** One division of the chosen contest (docs/decisions/0032-divisions-and-rounds.md). */
  divisionId?: string | null;
  /** Only entries whose AI declaration breaks the contest's policy (ADR 0053). */
  aiBreaks?: boolean;
};

const idParam = (url: URL, name: string) => {
  const value = url.searchParams.get(name)?.trim() || null;
  return value && value.length <= 64 ? value : null;
};

export function parseAdminFilter(url: URL): AdminSubmissionFilter {
  const status = url.searchParams.get("status");
  return {
    contestId: idParam(url, "contest"),
    status: isSubmissionStatus(status) ? status : null,
    schoolId: idParam(url, "school"),
    // A division belongs to one contest: without the contest it is ignored.
    divisionId: idParam(url, "contest") ? idParam(url, "division") : null,
    aiBreaks: url.searchParams.get("ai") === "breaks",
  };
}

/** The filter as the query string of the list and its CSV ("" when none). */
export function adminFilterQuery(filter: AdminSubmissionFilter) {
  const query = new URLSearchParams();
  if (filter.contestId) query.set("contest", filter.contestId);
  if (filter.status) query.set("status", filter.status);
  if (filter.schoolId) query.set("school", filter.schoolId);
  if (filter.divisionId) query.set("division", filter.divisionId);
  if (filter.aiBreaks) query.set("ai", "breaks");
  return query.size ? `?${query}` : "";
}

/** The schools whose educators have sent entries, by name, for the list's School filter. */
export async function schoolOptions() {
  // One raw statement (ADR 0075): an educator of the school is the entrant of some entry.
  return readRows<{ id: string; name: string; city: string }>`
    SELECT s."id" AS "id", s."name" AS "name", s."city" AS "city" FROM "School" s
    WHERE EXISTS (SELECT 1 FROM "Educator" e JOIN "Submission" x ON x."entrantId" = e."userId"
      WHERE e."schoolId" = s."id")
    ORDER BY s."name" ASC, s."city" ASC, s."id" ASC`;
}

/** What an admin reads of an entry's payment: the amount paid, the code and the reference (ADR 0020). */
export function paymentColumns(
  p: {
    status: string;
    amountCents: number;
    paymentIntentId: string | null;
    checkoutSessionId: string | null;
    discountCode: { code: string } | null;
  } | null,
) {
  if (!p) return { paid: "", code: "", reference: "" };
  const paid = p.status === "paid" || p.status === "refunded" ? p.amountCents : 0;
  return {
    paid: (paid / 100).toFixed(2),
    code: p.discountCode?.code ?? "",
    reference: p.paymentIntentId ?? p.checkoutSessionId ?? "",
  };
}

/**
 * Newest first, one page, filtered in SQL (indexes: contestId+status+createdAt, status+createdAt,
 * createdAt). The page's ids are found first (a narrow scan, cheap even at a deep offset), then
 * only those rows are read with their contest and entrant: one statement, and one for the count
 * (admin-list.server.ts, docs/decisions/0072-per-page-work.md).
 */
export async function listAdminSubmissions(
  filter: AdminSubmissionFilter,
  page = 1,
  pageSize = ADMIN_PAGE_SIZE,
) {
  const [submissions, total] = await Promise.all([
    adminListRows(filter, (page - 1) * pageSize, pageSize),
    adminListCount(filter),
  ]);
  return { submissions, total, page, pageCount: pageCount(total, pageSize) };
}

export { getAdminSubmission } from "./admin-entry.server";

/** How many unscored assignments disqualifying this entry would remove (the confirmation step). */
export async function countUnscoredAssignments(submissionId: string) {
  return prisma.judgeAssignment.count({ where: unscoredAssignmentsOf(submissionId) });
}

/**
 * Admin disqualification with a reason the entrant can read; only from 'submitted'. The entry's
 * unscored assignments are removed in the same transaction (submitted scores stay), so they no
 * longer count in judge loads or show in the assignment list.
 */
export async function disqualifySubmission(id: string, reason: string) {
  return prisma.$transaction(async (tx) => {
    const row = await tx.submission.findUnique({ where: { id }, select: { status: true } });
    if (!row) return null;
    const to = nextStatus(row.status, "disqualify");
    if (!to) throw new TransitionRefused("Only a submitted entry can be disqualified.");
    const { count } = await tx.submission.updateMany({
      where: { id, status: "submitted" },
      data: { status: to, disqualifyReason: reason },
    });
    if (count !== 1) throw new TransitionRefused("Only a submitted entry can be disqualified.");
    await releaseUnscoredAssignments(tx, { submissionIds: [id] });
    return to;
  });
}

/** Reinstate: undoes a disqualification (back to 'submitted', reason cleared). */
export async function reinstateSubmission(id: string) {
  const row = await prisma.submission.findUnique({ where: { id }, select: { status: true } });
  if (!row) return null;
  const to = nextStatus(row.status, "reinstate");
  if (!to) throw new TransitionRefused("Only a disqualified entry can be reinstated.");
  const { count } = await prisma.submission.updateMany({
    where: { id, status: "disqualified" },
    data: { status: to, disqualifyReason: null },
  });
  if (count !== 1) throw new TransitionRefused("Only a disqualified entry can be reinstated.");
  return to;
}

export const CSV_COLUMNS = [
  "Submission ID",
  "Title",
  "Contest",
  "Contest slug",
  "Entrant",
  "Entrant email",
  "School",
  "Pupil",
  "Sent by",
  "Division",
  "Word count",
  "Status",
  "Submitted at (UTC)",
  "Submitted date",
  "File name",
  "Disqualification reason",
  "Payment status",
  "Amount paid (USD)",
  "Discount code",
  "Payment reference",
  "AI use declared",
  "How AI was used",
  "AI declared by",
  "Declaration breaks the policy",
] as const;

/** The declaration's CSV cells: blank when none was asked. */
function declarationColumns(
  d: { use: string; how: string | null; declaredBy: string; breaksPolicy: boolean } | null,
) {
  if (!d) return ["", "", "", ""];
  return [
    isAiUse(d.use) ? AI_USE_SHORT[d.use] : d.use,
    d.how ?? "",
    d.declaredBy === "teacher" ? "Teacher, for the pupil" : "Writer",
    d.breaksPolicy ? "yes" : "no",
  ];
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();
/** "Nov 22, 2026" in the zone, like formatSubmissionDate, with one cached formatter per zone (fast for big exports). */
function csvDate(date: Date, timeZone: string) {
  let f = dayFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      month: "short",
      day: "numeric",
      year: "numeric",
    });
    dayFormats.set(timeZone, f);
  }
  return f.format(date);
}

/**
 * The filtered list for CSV, newest first, read in keyset batches of one statement each (never all
 * rows at once; docs/decisions/0060-story-text-last.md): each batch seeks on from the last row's
 * (createdAt, id), one index range, not a re-sort.
 */
export async function* adminSubmissionRowsForCsv(filter: AdminSubmissionFilter, batchSize = 1000) {
  let cursor: CsvCursor | null = null;
  for (;;) {
    const batch = await submissionsCsvBatch(filter, cursor, batchSize);
    for (const s of batch) {
      const pay = paymentColumns(s.payment);
      const writer = adminWriter(s);
      yield [
        s.id,
        s.title,
        s.contest.title,
        s.contest.slug,
        s.entrant.displayName || s.entrant.email,
        s.entrant.email,
        writer.school,
        writer.pupil,
        writer.sentBy,
        s.division?.name ?? "",
        s.wordCount,
        s.status,
        s.createdAt.toISOString(),
        csvDate(s.createdAt, s.contest.timeZone),
        s.fileName ?? "",
        s.disqualifyReason ?? "",
        s.payment?.status ?? "",
        pay.paid,
        pay.code,
        pay.reference,
        ...declarationColumns(s.aiDeclaration),
      ];
    }
    if (batch.length < batchSize) return;
    cursor = batch[batch.length - 1]!.cursor;
  }
}

export { csvSafe } from "~/utils/csv-export";

/** The facts a file download needs (whose entry it is, where its file is stored), or null. */
export async function submissionFileFacts(id: string) {
  return prisma.submission.findUnique({
    where: { id },
    select: {
      id: true,
      entrantId: true,
      filePath: true,
      fileName: true,
      fileType: true,
      contentRemovedAt: true,
    },
  });
}

/** Opens the stored file of a submission for download, or null when there is none or it is missing. */
export async function openSubmissionFile(s: { filePath: string | null }) {
  if (!s.filePath) return null;
  return getStorage().get(s.filePath);
}
