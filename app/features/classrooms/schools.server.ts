/**
 * Schools (docs/decisions/0031-classrooms-and-shared-computers.md): records named by educators,
 * matched on name, city and country in any case; an admin merges two records of one school (the
 * educators of the folded one move to the kept one, which stays).
 */
import { Prisma } from "~/generated/prisma/client";
import { fromSql, prisma, withBusyRetry } from "~/utils/db.server";
import { DomainError } from "~/utils/domain-error";
import { pageCount } from "~/utils/paging";
import { tidy } from "./roster";

type Tx = Prisma.TransactionClient;
type Int = bigint | number;

export const SCHOOLS_PAGE_SIZE = 25;

/**
 * The school with this name, city and country in any case (spaces tidied), or a new one. The
 * comparison is SQL's LOWER on both engines, so it folds the case of ASCII letters everywhere
 * (and of other letters on PostgreSQL).
 */
export async function findOrCreateSchool(
  tx: Tx,
  input: { name: string; city: string; country: string },
) {
  const name = tidy(input.name);
  const city = tidy(input.city);
  const country = tidy(input.country);
  const [found] = await tx.$queryRaw<{ id: string }[]>`
    SELECT "id" FROM "School"
    WHERE LOWER("name") = LOWER(${name}) AND LOWER("city") = LOWER(${city})
      AND LOWER("country") = LOWER(${country})
    ORDER BY "createdAt" ASC, "id" ASC LIMIT 1`;
  if (found) return found;
  return tx.school.create({ data: { name, city, country }, select: { id: true } });
}

/** `%` and `_` typed in a search are letters, not wildcards. */
const likePattern = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The admin's list, by name, with each school's educator count; `q` searches names in any case. */
export async function listSchools(page: number, q = "") {
  const search = tidy(q).slice(0, 100);
  const where = search
    ? Prisma.sql`WHERE LOWER(s."name") LIKE ${likePattern(search)} ESCAPE '\\'`
    : Prisma.empty;
  const take = SCHOOLS_PAGE_SIZE;
  const [rows, [count]] = await Promise.all([
    prisma.$queryRaw<
      {
        id: string;
        name: string;
        city: string;
        country: string;
        createdAt: Date | string;
        educators: Int;
      }[]
    >`
      SELECT s."id" AS "id", s."name" AS "name", s."city" AS "city", s."country" AS "country",
        s."createdAt" AS "createdAt",
        (SELECT COUNT(*) FROM "Educator" e WHERE e."schoolId" = s."id") AS "educators"
      FROM "School" s ${where}
      ORDER BY LOWER(s."name") ASC, s."city" ASC, s."id" ASC
      LIMIT ${take} OFFSET ${(page - 1) * take}`,
    prisma.$queryRaw<{ n: Int }[]>`SELECT COUNT(*) AS "n" FROM "School" s ${where}`,
  ]);
  const total = fromSql.int(count?.n);
  return {
    schools: rows.map((r) => ({
      ...r,
      createdAt: fromSql.date(r.createdAt),
      educators: fromSql.int(r.educators),
    })),
    total,
    page,
    pageCount: pageCount(total, take),
    q: search,
  };
}

/** Folds `foldId` into `keepId`: its educators move, then it is deleted, in one transaction. */
export async function mergeSchools(keepId: string, foldId: string) {
  if (keepId === foldId) throw new DomainError("Choose two different schools.", "foldId");
  return withBusyRetry(() =>
    prisma.$transaction(async (tx) => {
      const [keep, fold] = await Promise.all([
        tx.school.findUnique({ where: { id: keepId }, select: { id: true, name: true } }),
        tx.school.findUnique({ where: { id: foldId }, select: { id: true, name: true } }),
      ]);
      if (!keep) throw new DomainError("Choose the school to keep from the list.", "keepId");
      if (!fold) throw new DomainError("Choose the school to fold from the list.", "foldId");
      const { count } = await tx.educator.updateMany({
        where: { schoolId: fold.id },
        data: { schoolId: keep.id },
      });
      await tx.school.delete({ where: { id: fold.id } });
      return { kept: keep.name, folded: fold.name, moved: count };
    }),
  );
}
