/**
 * The e-mail log admins read: every message sent or logged, newest first, paged in SQL.
 */
import { prisma } from "~/utils/db.server";
import { readPage } from "~/utils/paged-list.server";

export const EMAIL_PAGE_SIZE = 50;

export async function listEmailLog(page = 1, pageSize = EMAIL_PAGE_SIZE) {
  const { rows, ...paging } = await readPage(
    page,
    pageSize,
    (window) =>
      prisma.emailLog.findMany({ orderBy: [{ createdAt: "desc" }, { id: "desc" }], ...window }),
    () => prisma.emailLog.count(),
  );
  return { emails: rows, ...paging };
}
