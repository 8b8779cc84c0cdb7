/**
 * One entry for the admin's entry page, read in one statement (docs/decisions/0052-per-request-work.md).
 */
import { fromSql } from "~/utils/db.server";
import { readRows } from "~/utils/db-read.server";
import { paymentFromRow, type PaymentColumns } from "./payment-row.server";
import type { SubmissionStatus } from "./submission-status";

type SqlDate = Date | string;
type EntryRow = PaymentColumns & {
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
  docText: string | null;
  docStatus: string | null;
  aiPolicyBroken: boolean | number | bigint;
  aiPolicy: string | null;
  aiPolicyWording: string | null;
  aiQuestion: string | null;
  aiUse: string | null;
  aiAnswerWording: string | null;
  aiHow: string | null;
  aiDeclaredBy: string | null;
  aiDeclarerName: string | null;
  aiPupilName: string | null;
  aiBreaksPolicy: boolean | number | bigint | null;
};

/**
 * One entry for the admin's page, with its contest, division, writer, school, pupil, payment,
 * discount code and document: one statement (Prisma sent one per relation, ten, most of them
 * `IN (NULL)` look-ups for what an entry does not have: docs/decisions/0052-per-request-work.md).
 */
export async function getAdminSubmission(id: string) {
  const rows = await readRows<EntryRow>`
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
      doc."text" AS "docText", doc."status" AS "docStatus",
      s."aiPolicyBroken" AS "aiPolicyBroken", ai."policy" AS "aiPolicy",
      ai."policyWording" AS "aiPolicyWording", ai."question" AS "aiQuestion",
      ai."use" AS "aiUse", ai."answerWording" AS "aiAnswerWording", ai."how" AS "aiHow",
      ai."declaredBy" AS "aiDeclaredBy", ai."declarerName" AS "aiDeclarerName",
      ai."pupilName" AS "aiPupilName", ai."breaksPolicy" AS "aiBreaksPolicy"
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
    LEFT JOIN "AiDeclaration" ai ON ai."submissionId" = s."id"
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
    payment: paymentFromRow(r),
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
    // The AI declaration with its words (ADR 0053): admins only, never judges.
    aiPolicyBroken: fromSql.bool(r.aiPolicyBroken),
    aiDeclaration:
      r.aiUse === null
        ? null
        : {
            policy: r.aiPolicy ?? "",
            policyWording: r.aiPolicyWording ?? "",
            question: r.aiQuestion ?? "",
            use: r.aiUse,
            answerWording: r.aiAnswerWording ?? "",
            how: r.aiHow,
            declaredBy: r.aiDeclaredBy ?? "",
            declarerName: r.aiDeclarerName ?? "",
            pupilName: r.aiPupilName,
            breaksPolicy: fromSql.bool(r.aiBreaksPolicy ?? false),
          },
  };
}
