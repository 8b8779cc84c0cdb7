/**
 * Becoming an educator and the admin's decision (docs/decisions/0031-classrooms-and-shared-computers.md):
 * a user names their school (found or made, matched on name, city and country in any case) and
 * role, and waits as `pending`; an admin approves, or refuses with a note the educator reads.
 */
import { EducatorApprovedEmail, EDUCATOR_APPROVED_SUBJECT } from "~/emails/educator-approved";
import { sendEmail, siteUrl } from "~/utils/email.server";
import { fromSql, prisma, withBusyRetry } from "~/utils/db.server";
import { DomainError } from "~/utils/domain-error";
import { pageCount } from "~/utils/paging";
import { findOrCreateSchool } from "./schools.server";

export const EDUCATORS_PAGE_SIZE = 25;

// Whether the user has an Educator row (the header's "My classes") is read with the session:
// accounts/session.server.ts getSessionAccount (docs/decisions/0048-performance-budgets.md).

/** The user's Educator row with school, or null. */
export function findEducator(userId: string) {
  return prisma.educator.findUnique({
    where: { userId },
    select: {
      status: true,
      role: true,
      decisionNote: true,
      school: { select: { name: true, city: true, country: true } },
    },
  });
}

export async function becomeEducator(
  userId: string,
  input: { schoolName: string; city: string; country: string; role: string },
) {
  return withBusyRetry(() =>
    prisma.$transaction(async (tx) => {
      const existing = await tx.educator.findUnique({
        where: { userId },
        select: { userId: true },
      });
      if (existing) throw new DomainError("You are an educator already.");
      const school = await findOrCreateSchool(tx, {
        name: input.schoolName,
        city: input.city,
        country: input.country,
      });
      return tx.educator.create({
        data: { userId, schoolId: school.id, role: input.role, status: "pending" },
        select: { userId: true, schoolId: true, status: true },
      });
    }),
  );
}

/**
 * An admin approves an educator; the first approval (from pending or refused) tells them by
 * e-mail, from the configured site address, with a link to their classes. Approving an approved
 * educator again changes and sends nothing. Returns whether this call approved them.
 */
export async function approveEducator(userId: string, adminId: string) {
  const { count } = await prisma.educator.updateMany({
    where: { userId, status: { not: "approved" } },
    data: { status: "approved", decidedAt: new Date(), decidedById: adminId, decisionNote: null },
  });
  if (count !== 1) {
    const exists = await prisma.educator.count({ where: { userId } });
    if (exists !== 1) throw new DomainError("Educator not found.");
    return false;
  }
  const educator = await prisma.educator.findUniqueOrThrow({
    where: { userId },
    select: {
      user: { select: { email: true, displayName: true } },
      school: { select: { name: true } },
    },
  });
  // The approval stands whether or not the e-mail goes out (the e-mail log records a failure).
  await sendEmail({
    to: educator.user.email,
    subject: EDUCATOR_APPROVED_SUBJECT,
    template: "educator-approved",
    react: EducatorApprovedEmail({
      name: educator.user.displayName,
      school: educator.school.name,
      url: siteUrl("/educator"),
    }),
  });
  return true;
}

export async function refuseEducator(userId: string, adminId: string, note: string) {
  const { count } = await prisma.educator.updateMany({
    where: { userId },
    data: { status: "refused", decidedAt: new Date(), decidedById: adminId, decisionNote: note },
  });
  if (count !== 1) throw new DomainError("Educator not found.");
}

/** The admin's list: pending applications first (oldest first), then the others (newest first). */
export async function listEducators(page: number) {
  const take = EDUCATORS_PAGE_SIZE;
  const skip = (page - 1) * take;
  const [rows, total] = await Promise.all([
    prisma.$queryRaw<
      {
        userId: string;
        status: string;
        role: string;
        decisionNote: string | null;
        createdAt: Date | string;
        decidedAt: Date | string | null;
        displayName: string;
        email: string;
        schoolName: string;
        city: string;
        country: string;
      }[]
    >`
      SELECT e."userId" AS "userId", e."status" AS "status", e."role" AS "role",
        e."decisionNote" AS "decisionNote", e."createdAt" AS "createdAt", e."decidedAt" AS "decidedAt",
        u."displayName" AS "displayName", u."email" AS "email",
        s."name" AS "schoolName", s."city" AS "city", s."country" AS "country"
      FROM "Educator" e
      JOIN "User" u ON u."id" = e."userId"
      JOIN "School" s ON s."id" = e."schoolId"
      ORDER BY CASE WHEN e."status" = 'pending' THEN 0 ELSE 1 END,
        CASE WHEN e."status" = 'pending' THEN e."createdAt" END ASC,
        e."createdAt" DESC, e."userId" ASC
      LIMIT ${take} OFFSET ${skip}`,
    prisma.educator.count(),
  ]);
  return {
    educators: rows.map((r) => ({
      ...r,
      status: String(r.status) as "pending" | "approved" | "refused",
      createdAt: fromSql.date(r.createdAt),
      decidedAt: fromSql.dateOrNull(r.decidedAt),
    })),
    total,
    page,
    pageCount: pageCount(total, take),
  };
}
