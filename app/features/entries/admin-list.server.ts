/**
 * One page of the admin's entry list in one statement, and its count in another
 * (docs/decisions/0072-per-page-work.md): the page's ids found in the list's index (the narrow
 * scan that stays cheap at a deep offset, ADR 0021), then only those rows joined to their contest,
 * division, writer, school, pupil, payment and discount code. Through Prisma's relations the same
 * page took nine statements (a model call and a statement per relation, several `IN (NULL)`), each
 * about four times the CPU of a raw one.
 */
import { Prisma } from "~/generated/prisma/client";
import { fromSql } from "~/utils/db.server";
import { readRows } from "~/utils/db-read.server";
import { adminWriterFromRow } from "~/features/judging/writer";
import { adminFilterSql, type CsvFilter } from "./submissions-csv.server";
import { paymentFromRow, type PaymentColumns } from "./payment-row.server";
import type { SubmissionStatus } from "./submission-status";

type Int = bigint | number;
type SqlDate = Date | string;

type ListRow = PaymentColumns & {
  id: string;
  title: string;
  wordCount: Int;
  status: string;
  createdAt: SqlDate;
  fileName: string | null;
  filePath: string | null;
  disqualifyReason: string | null;
  mentionsEntrant: boolean | Int;
  aiPolicyBroken: boolean | Int;
  contestId: string;
  contestSlug: string;
  contestTitle: string;
  timeZone: string;
  divisionId: string | null;
  divisionName: string | null;
  entrantId: string;
  displayName: string;
  email: string;
  schoolName: string | null;
  firstName: string | null;
  lastInitial: string | null;
};

/** The school filter reads Educator (by the entrant's key); other filters only Submission. */
const educatorJoin = (filter: CsvFilter) =>
  filter.schoolId ? Prisma.sql`LEFT JOIN "Educator" e ON e."userId" = s."entrantId"` : Prisma.empty;

/**
 * How many entries the filter keeps. By contest, status and division: a sum of the contests'
 * entry counters (ContestTally, kept by triggers: docs/decisions/0064-overview-counts.md), a few
 * rows whatever the contest's size, where counting the rows grew with it (35-60 ms a page at
 * 200,000 entries). By school or AI declaration: a count of those rows (no counter holds them).
 */
export async function adminListCount(filter: CsvFilter) {
  if (filter.schoolId || filter.aiBreaks) {
    const [row] = await readRows<{ n: Int }>`
      SELECT COUNT(*) AS "n" FROM "Submission" s ${educatorJoin(filter)}
      WHERE ${adminFilterSql(filter)}`;
    return fromSql.int(row?.n);
  }
  const parts = [Prisma.sql`t."kind" = 'entry'`];
  if (filter.contestId) parts.push(Prisma.sql`t."contestId" = ${filter.contestId}`);
  if (filter.status) parts.push(Prisma.sql`t."status" = ${filter.status}`);
  if (filter.contestId && filter.divisionId)
    parts.push(Prisma.sql`t."divisionId" = ${filter.divisionId}`);
  const [row] = await readRows<{ n: Int | null }>`
    SELECT SUM(t."n") AS "n" FROM "ContestTally" t WHERE ${Prisma.join(parts, " AND ")}`;
  return fromSql.int(row?.n ?? 0);
}

/** The filter's entries `skip` to `skip + take`, newest first, with what the list shows. */
export async function adminListRows(filter: CsvFilter, skip: number, take: number) {
  const rows = await readRows<ListRow>`
    SELECT s."id" AS "id", s."title" AS "title", s."wordCount" AS "wordCount",
      s."status" AS "status", s."createdAt" AS "createdAt", s."fileName" AS "fileName",
      s."filePath" AS "filePath", s."disqualifyReason" AS "disqualifyReason",
      s."mentionsEntrant" AS "mentionsEntrant", s."aiPolicyBroken" AS "aiPolicyBroken",
      c."id" AS "contestId", c."slug" AS "contestSlug", c."title" AS "contestTitle",
      c."timeZone" AS "timeZone", d."id" AS "divisionId", d."name" AS "divisionName",
      u."id" AS "entrantId", u."displayName" AS "displayName", u."email" AS "email",
      sch."name" AS "schoolName", p."firstName" AS "firstName", p."lastInitial" AS "lastInitial",
      pay."status" AS "payStatus", pay."feeCents" AS "payFee", pay."discountCents" AS "payDiscount",
      pay."amountCents" AS "payAmount", pay."paidAt" AS "paidAt", pay."refundedAt" AS "refundedAt",
      pay."paymentIntentId" AS "paymentIntentId", pay."checkoutSessionId" AS "checkoutSessionId",
      dc."code" AS "discountCode"
    FROM (
      SELECT s."id" AS "id" FROM "Submission" s ${educatorJoin(filter)}
      WHERE ${adminFilterSql(filter)}
      ORDER BY s."createdAt" DESC, s."id" DESC
      LIMIT ${take} OFFSET ${skip}
    ) page
    JOIN "Submission" s ON s."id" = page."id"
    JOIN "Contest" c ON c."id" = s."contestId"
    JOIN "User" u ON u."id" = s."entrantId"
    LEFT JOIN "Educator" ed ON ed."userId" = u."id"
    LEFT JOIN "School" sch ON sch."id" = ed."schoolId"
    LEFT JOIN "Pupil" p ON p."id" = s."pupilId"
    LEFT JOIN "Division" d ON d."id" = s."divisionId"
    LEFT JOIN "Payment" pay ON pay."submissionId" = s."id"
    LEFT JOIN "DiscountCode" dc ON dc."id" = pay."discountCodeId"
    ORDER BY s."createdAt" DESC, s."id" DESC`;
  return rows.map((r) => {
    const writer = adminWriterFromRow(r);
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
      aiPolicyBroken: fromSql.bool(r.aiPolicyBroken),
      contest: {
        id: r.contestId,
        slug: r.contestSlug,
        title: r.contestTitle,
        timeZone: r.timeZone,
      },
      division: r.divisionId === null ? null : { id: r.divisionId, name: r.divisionName ?? "" },
      entrant: { id: r.entrantId, ...writer.entrant },
      pupil: writer.pupil,
      payment: paymentFromRow(r),
    };
  });
}
