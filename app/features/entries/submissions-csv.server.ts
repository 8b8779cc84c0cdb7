/**
 * One batch of the submissions CSV in one statement (docs/decisions/0060-story-text-last.md): the
 * entry's columns with its contest, writer, school, pupil, division, payment and AI declaration
 * joined in SQL. Read through Prisma's relations, a batch of 1,000 took eleven statements with
 * lists of 1,000 ids each, and their mapping cost more than the rows. Newest first; the next batch
 * seeks on from the last row's (createdAt, id), so every batch is one index range, never a re-sort.
 */
import { Prisma } from "~/generated/prisma/client";
import { fromSql, prisma } from "~/utils/db.server";
import { adminWriterFromRow } from "~/features/judging/writer";
import type { SubmissionStatus } from "./submission-status";

type Int = bigint | number;

export type CsvFilter = {
  contestId?: string | null;
  status?: SubmissionStatus | null;
  schoolId?: string | null;
  divisionId?: string | null;
  aiBreaks?: boolean;
};

/** Where the last batch ended: its last row's date as the database gave it, and its id. */
export type CsvCursor = { createdAt: Date | string; id: string };

type RawRow = {
  id: string;
  title: string;
  wordCount: Int;
  status: string;
  createdAt: Date | string;
  fileName: string | null;
  disqualifyReason: string | null;
  contestTitle: string;
  contestSlug: string;
  timeZone: string;
  displayName: string;
  email: string;
  schoolName: string | null;
  firstName: string | null;
  lastInitial: string | null;
  divisionName: string | null;
  paymentStatus: string | null;
  amountCents: Int | null;
  paymentIntentId: string | null;
  checkoutSessionId: string | null;
  discountCode: string | null;
  aiUse: string | null;
  aiHow: string | null;
  aiDeclaredBy: string | null;
  aiBreaks: boolean | Int | null;
};

/**
 * The admin's filter as SQL on `Submission s` (and `Educator e` of its entrant, for the school):
 * the CSV's batches and the list's page (admin-list.server.ts) read the same entries.
 */
export function adminFilterSql(filter: CsvFilter): Prisma.Sql {
  const parts: Prisma.Sql[] = [];
  if (filter.contestId) parts.push(Prisma.sql`s."contestId" = ${filter.contestId}`);
  if (filter.status) parts.push(Prisma.sql`s."status" = ${filter.status}`);
  if (filter.contestId && filter.divisionId)
    parts.push(Prisma.sql`s."divisionId" = ${filter.divisionId}`);
  if (filter.schoolId) parts.push(Prisma.sql`e."schoolId" = ${filter.schoolId}`);
  if (filter.aiBreaks) parts.push(Prisma.sql`s."aiPolicyBroken" = ${true}`);
  return parts.length ? Prisma.join(parts, " AND ") : Prisma.sql`1 = 1`;
}

export async function submissionsCsvBatch(
  filter: CsvFilter,
  after: CsvCursor | null,
  take: number,
) {
  // The first term is the index range; the second skips the rows of the boundary instant seen.
  const seek = after
    ? Prisma.sql`AND s."createdAt" <= ${after.createdAt}
        AND (s."createdAt" < ${after.createdAt} OR s."id" < ${after.id})`
    : Prisma.empty;
  const rows = await prisma.$queryRaw<RawRow[]>`
    SELECT s."id" AS "id", s."title" AS "title", s."wordCount" AS "wordCount",
      s."status" AS "status", s."createdAt" AS "createdAt", s."fileName" AS "fileName",
      s."disqualifyReason" AS "disqualifyReason",
      c."title" AS "contestTitle", c."slug" AS "contestSlug", c."timeZone" AS "timeZone",
      u."displayName" AS "displayName", u."email" AS "email",
      sch."name" AS "schoolName",
      p."firstName" AS "firstName", p."lastInitial" AS "lastInitial", d."name" AS "divisionName",
      pay."status" AS "paymentStatus", pay."amountCents" AS "amountCents",
      pay."paymentIntentId" AS "paymentIntentId", pay."checkoutSessionId" AS "checkoutSessionId",
      dc."code" AS "discountCode",
      ad."use" AS "aiUse", ad."how" AS "aiHow", ad."declaredBy" AS "aiDeclaredBy",
      ad."breaksPolicy" AS "aiBreaks"
    FROM "Submission" s
    JOIN "Contest" c ON c."id" = s."contestId"
    JOIN "User" u ON u."id" = s."entrantId"
    LEFT JOIN "Educator" e ON e."userId" = u."id"
    LEFT JOIN "School" sch ON sch."id" = e."schoolId"
    LEFT JOIN "Pupil" p ON p."id" = s."pupilId"
    LEFT JOIN "Division" d ON d."id" = s."divisionId"
    LEFT JOIN "Payment" pay ON pay."submissionId" = s."id"
    LEFT JOIN "DiscountCode" dc ON dc."id" = pay."discountCodeId"
    LEFT JOIN "AiDeclaration" ad ON ad."submissionId" = s."id"
    WHERE ${adminFilterSql(filter)} ${seek}
    ORDER BY s."createdAt" DESC, s."id" DESC
    LIMIT ${take}`;
  return rows.map((r) => ({
    cursor: { createdAt: r.createdAt, id: r.id } satisfies CsvCursor,
    id: r.id,
    title: r.title,
    wordCount: fromSql.int(r.wordCount),
    status: r.status,
    createdAt: fromSql.date(r.createdAt),
    fileName: r.fileName,
    disqualifyReason: r.disqualifyReason,
    contest: { title: r.contestTitle, slug: r.contestSlug, timeZone: r.timeZone },
    ...adminWriterFromRow(r),
    division: r.divisionName !== null ? { name: r.divisionName } : null,
    payment:
      r.paymentStatus !== null
        ? {
            status: r.paymentStatus,
            amountCents: fromSql.int(r.amountCents),
            paymentIntentId: r.paymentIntentId,
            checkoutSessionId: r.checkoutSessionId,
            discountCode: r.discountCode !== null ? { code: r.discountCode } : null,
          }
        : null,
    aiDeclaration:
      r.aiUse !== null
        ? {
            use: r.aiUse,
            how: r.aiHow,
            declaredBy: r.aiDeclaredBy ?? "",
            breaksPolicy: fromSql.bool(r.aiBreaks ?? 0),
          }
        : null,
  }));
}
