/**
 * Admin views of entries: the filtered list paged in SQL, one entry, disqualifying, the CSV
 * export in keyset batches, and opening an entry's stored file.
 */
import { paymentFactsSelect } from "~/features/payments/payment-summary";
import { fromSql, prisma, type Prisma } from "~/utils/db.server";
import type { PaymentStatus } from "~/generated/prisma/enums";
import { pageCount } from "~/utils/paging";
import { getStorage } from "~/utils/storage.server";
import { unscoredAssignmentsOf } from "~/features/judging/assignments.server";
import { adminWriter, adminWriterSelect } from "~/features/judging/writer";
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
  };
}

/** The filter as the query string of the list and its CSV ("" when none). */
export function adminFilterQuery(filter: AdminSubmissionFilter) {
  const query = new URLSearchParams();
  if (filter.contestId) query.set("contest", filter.contestId);
  if (filter.status) query.set("status", filter.status);
  if (filter.schoolId) query.set("school", filter.schoolId);
  if (filter.divisionId) query.set("division", filter.divisionId);
  return query.size ? `?${query}` : "";
}

function adminWhere(filter: AdminSubmissionFilter): Prisma.SubmissionWhereInput {
  const where: Prisma.SubmissionWhereInput = {};
  if (filter.contestId) where.contestId = filter.contestId;
  if (filter.status) where.status = filter.status;
  // Index (contestId, divisionId, status).
  if (filter.contestId && filter.divisionId) where.divisionId = filter.divisionId;
  // By the sender's school: the entrantId is in the list's covering index (ADR 0021), so the
  // page is still found without reading a story; Educator is read by its key.
  if (filter.schoolId) where.entrant = { educator: { schoolId: filter.schoolId } };
  return where;
}

/** The schools whose educators have sent entries, by name, for the list's School filter. */
export async function schoolOptions() {
  return prisma.school.findMany({
    where: { educators: { some: { user: { submissions: { some: {} } } } } },
    orderBy: [{ name: "asc" }, { city: "asc" }, { id: "asc" }],
    select: { id: true, name: true, city: true },
  });
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
  mentionsEntrant: true,
  contest: { select: { id: true, slug: true, title: true, timeZone: true } },
  division: { select: { id: true, name: true } },
  entrant: { select: { id: true, ...adminWriterSelect.entrant.select } },
  pupil: adminWriterSelect.pupil,
  payment: { select: paymentFactsSelect },
} as const;

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
 * only those rows are read with their contest and entrant.
 */
export async function listAdminSubmissions(
  filter: AdminSubmissionFilter,
  page = 1,
  pageSize = ADMIN_PAGE_SIZE,
) {
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
    ? await prisma.submission.findMany({
        where: { id: { in: ids.map((r) => r.id) } },
        select: adminRowSelect,
      })
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const submissions = ids
    .map((r) => byId.get(r.id))
    .filter((r): r is (typeof rows)[number] => Boolean(r));
  return { submissions, total, page, pageCount: pageCount(total, pageSize) };
}

type SqlDate = Date | string;
type EntryRow = {
  id: string;
  title: string;
  wordCount: number | bigint;
  status: string;
  createdAt: SqlDate;
  updatedAt: SqlDate;
  fileName: string | null;
  filePath: string | null;
  fileType: string | null;
  fileSize: number | bigint | null;
  disqualifyReason: string | null;
  mentionsEntrant: boolean | number | bigint;
  body: string | null;
  contentRemovedAt: SqlDate | null;
  showIfAwarded: boolean | number | bigint;
  showWithdrawnAt: SqlDate | null;
  showWithdrawnBy: string | null;
  contestId: string;
  contestSlug: string;
  contestTitle: string;
  contestTimeZone: string;
  divisionId: string | null;
  divisionName: string | null;
  entrantId: string;
  entrantName: string;
  entrantEmail: string;
  schoolName: string | null;
  pupilFirstName: string | null;
  pupilLastInitial: string | null;
  payStatus: string | null;
  payFee: number | bigint | null;
  payDiscount: number | bigint | null;
  payAmount: number | bigint | null;
  paidAt: SqlDate | null;
  refundedAt: SqlDate | null;
  paymentIntentId: string | null;
  checkoutSessionId: string | null;
  discountCode: string | null;
  docText: string | null;
  docStatus: string | null;
};

/**
 * One entry for the admin's page, with its contest, division, writer, school, pupil, payment,
 * discount code and document: one statement (Prisma sent one per relation, ten, most of them
 * `IN (NULL)` look-ups for what an entry does not have: docs/decisions/0052-per-request-work.md).
 */
export async function getAdminSubmission(id: string) {
  const rows = await prisma.$queryRaw<EntryRow[]>`
    SELECT s."id" AS "id", s."title" AS "title", s."wordCount" AS "wordCount",
      CAST(s."status" AS TEXT) AS "status", s."createdAt" AS "createdAt",
      s."updatedAt" AS "updatedAt", s."fileName" AS "fileName", s."filePath" AS "filePath",
      s."fileType" AS "fileType", s."fileSize" AS "fileSize",
      s."disqualifyReason" AS "disqualifyReason", s."mentionsEntrant" AS "mentionsEntrant",
      s."body" AS "body", s."contentRemovedAt" AS "contentRemovedAt",
      s."showIfAwarded" AS "showIfAwarded", s."showWithdrawnAt" AS "showWithdrawnAt",
      s."showWithdrawnBy" AS "showWithdrawnBy",
      c."id" AS "contestId", c."slug" AS "contestSlug", c."title" AS "contestTitle",
      c."timeZone" AS "contestTimeZone",
      d."id" AS "divisionId", d."name" AS "divisionName",
      u."id" AS "entrantId", u."displayName" AS "entrantName", u."email" AS "entrantEmail",
      sc."name" AS "schoolName",
      p."firstName" AS "pupilFirstName", p."lastInitial" AS "pupilLastInitial",
      CAST(pay."status" AS TEXT) AS "payStatus", pay."feeCents" AS "payFee",
      pay."discountCents" AS "payDiscount", pay."amountCents" AS "payAmount",
      pay."paidAt" AS "paidAt", pay."refundedAt" AS "refundedAt",
      pay."paymentIntentId" AS "paymentIntentId", pay."checkoutSessionId" AS "checkoutSessionId",
      dc."code" AS "discountCode",
      doc."text" AS "docText", doc."status" AS "docStatus"
    FROM "Submission" s
    JOIN "Contest" c ON c."id" = s."contestId"
    JOIN "User" u ON u."id" = s."entrantId"
    LEFT JOIN "Educator" e ON e."userId" = u."id"
    LEFT JOIN "School" sc ON sc."id" = e."schoolId"
    LEFT JOIN "Division" d ON d."id" = s."divisionId"
    LEFT JOIN "Pupil" p ON p."id" = s."pupilId"
    LEFT JOIN "Payment" pay ON pay."submissionId" = s."id"
    LEFT JOIN "DiscountCode" dc ON dc."id" = pay."discountCodeId"
    LEFT JOIN "EntryDocument" doc ON doc."submissionId" = s."id"
    WHERE s."id" = ${id}`;
  const r = rows[0];
  if (!r) return null;
  return {
    id: r.id,
    title: r.title,
    wordCount: fromSql.int(r.wordCount),
    status: r.status as SubmissionStatus,
    createdAt: fromSql.date(r.createdAt),
    fileName: r.fileName,
    filePath: r.filePath,
    disqualifyReason: r.disqualifyReason,
    mentionsEntrant: fromSql.bool(r.mentionsEntrant),
    contest: {
      id: r.contestId,
      slug: r.contestSlug,
      title: r.contestTitle,
      timeZone: r.contestTimeZone,
    },
    division: r.divisionId === null ? null : { id: r.divisionId, name: r.divisionName ?? "" },
    entrant: {
      id: r.entrantId,
      displayName: r.entrantName,
      email: r.entrantEmail,
      educator: r.schoolName === null ? null : { school: { name: r.schoolName } },
    },
    pupil:
      r.pupilFirstName === null
        ? null
        : { firstName: r.pupilFirstName, lastInitial: r.pupilLastInitial ?? "" },
    payment:
      r.payStatus === null
        ? null
        : {
            status: r.payStatus as PaymentStatus,
            feeCents: fromSql.int(r.payFee),
            discountCents: fromSql.int(r.payDiscount),
            amountCents: fromSql.int(r.payAmount),
            paidAt: fromSql.dateOrNull(r.paidAt),
            refundedAt: fromSql.dateOrNull(r.refundedAt),
            paymentIntentId: r.paymentIntentId,
            checkoutSessionId: r.checkoutSessionId,
            discountCode: r.discountCode === null ? null : { code: r.discountCode },
          },
    body: r.body,
    fileType: r.fileType,
    fileSize: fromSql.intOrNull(r.fileSize),
    updatedAt: fromSql.date(r.updatedAt),
    // The document's reading text: the admin may read it as it is (ADR 0034), judges never.
    document: r.docStatus === null ? null : { text: r.docText ?? "", status: r.docStatus },
    contentRemovedAt: fromSql.dateOrNull(r.contentRemovedAt),
    // "May be shown" and its withdrawal (ADR 0042), read with the entry: no statement of its own.
    showIfAwarded: fromSql.bool(r.showIfAwarded),
    showWithdrawnAt: fromSql.dateOrNull(r.showWithdrawnAt),
    showWithdrawnBy: r.showWithdrawnBy,
  };
}

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
    await tx.judgeAssignment.deleteMany({ where: unscoredAssignmentsOf(id) });
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
] as const;

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
 * The filtered list for CSV, newest first, read in keyset batches (never all rows at once). The
 * cursor is a single index range (createdAt <= last); the few rows sharing the boundary instant
 * are skipped by id, so each batch is an index walk, not a re-sort.
 */
export async function* adminSubmissionRowsForCsv(filter: AdminSubmissionFilter, batchSize = 1000) {
  const where = adminWhere(filter);
  let cursor: { createdAt: Date; id: string } | null = null;
  for (;;) {
    const batch: Prisma.SubmissionGetPayload<{ select: typeof adminRowSelect }>[] =
      await prisma.submission.findMany({
        where: cursor ? { AND: [where, { createdAt: { lte: cursor.createdAt } }] } : where,
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        take: batchSize,
        select: adminRowSelect,
      });
    const fresh = cursor
      ? batch.filter(
          (s) => s.createdAt.getTime() < cursor!.createdAt.getTime() || s.id < cursor!.id,
        )
      : batch;
    for (const s of fresh) {
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
