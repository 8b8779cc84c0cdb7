import { afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { Prisma } from "~/generated/prisma/client";
import { readRows } from "~/utils/db-read.server";
import { engine, observeSql, prisma, type SqlEvent } from "~/utils/db.server";
import { at, lifecycleContest } from "./lifecycle-fixtures";

// The hot pages' reads without Prisma's client (docs/decisions/0079-direct-reads.md): the same
// template as `prisma.$queryRaw`, the same rows (dates as Dates, booleans as booleans, integers
// as numbers), the same bound values (Dates and booleans compared with the stored ones), and
// every statement still counted by the suite's budgets (observeSql).

let published = "";
let draft = "";

beforeAll(async () => {
  published = (await lifecycleContest({ published: true })).contest.id;
  draft = (await lifecycleContest({ published: false })).contest.id;
  await prisma.contest.update({
    where: { id: published },
    data: { publishedResultsAt: at(40, 123) },
  });
});

afterEach(() => vi.restoreAllMocks());

/** Integers as numbers: the client gives an integer the statement computes as a bigint. */
const plain = (rows: Record<string, unknown>[]) =>
  rows.map((r) =>
    Object.fromEntries(
      Object.entries(r).map(([k, v]) => [k, typeof v === "bigint" ? Number(v) : v]),
    ),
  );

const ids = () => [published, draft];

describe("readRows", () => {
  test("answers the client's rows: dates, booleans, integers, text, nulls, computed columns", async () => {
    const query = Prisma.sql`
      SELECT c."id" AS "id", c."title" AS "title", c."createdAt" AS "createdAt",
        c."isPublished" AS "isPublished", c."judgesPerSubmission" AS "per",
        c."publishedResultsAt" AS "resultsAt", c."spreadPercent" AS "spread",
        (SELECT COUNT(*) FROM "Rubric" r WHERE r."contestId" = c."id") AS "rubrics",
        NULL AS "nothing", 1.5 AS "half"
      FROM "Contest" c WHERE c."id" IN (${Prisma.join(ids())}) ORDER BY c."title"`;
    const direct = await readRows<Record<string, unknown>>`${query}`;
    const viaClient = await prisma.$queryRaw<Record<string, unknown>[]>(query);
    expect(direct).toHaveLength(2);
    expect(plain(direct)).toEqual(plain(viaClient));
    const first = direct.find((r) => r.id === published)!;
    expect(first.createdAt).toBeInstanceOf(Date);
    expect(first.resultsAt).toEqual(at(40, 123));
    expect(first.isPublished).toBe(true);
    expect(direct.find((r) => r.id === draft)!.isPublished).toBe(false);
    expect(Number(first.rubrics)).toBe(1);
  });

  test("binds Dates and booleans as the stored values compare", async () => {
    const within = (from: Date, isPublished: boolean) => readRows<{ id: string }>`
      SELECT "id" FROM "Contest" WHERE "id" IN (${Prisma.join(ids())})
        AND "publishedResultsAt" >= ${from} AND "isPublished" = ${isPublished}`;
    expect(await within(at(40, 123), true)).toEqual([{ id: published }]);
    expect(await within(at(40, 124), true)).toEqual([]);
    expect(await within(at(39), false)).toEqual([]);
  });

  test("every statement is counted by the budgets, with its rows", async () => {
    const seen: SqlEvent[] = [];
    const stop = observeSql((e) => seen.push(e));
    try {
      await readRows`SELECT "id" FROM "Contest" WHERE "id" IN (${Prisma.join(ids())})`;
    } finally {
      stop();
    }
    expect(seen).toHaveLength(1);
    expect(seen[0]!.rows).toBe(2);
    expect(seen[0]!.sql).toMatch(/SELECT "id" FROM "Contest"/);
  });

  test.runIf(engine === "sqlite")("on SQLite the client is not asked", async () => {
    await prisma.$queryRaw`SELECT 1`; // the client's connection is open
    vi.spyOn(prisma, "$queryRaw").mockImplementation(() => {
      throw new Error("the client was asked");
    });
    const rows = await readRows<{ id: string }>`SELECT "id" FROM "Contest" WHERE "id" = ${draft}`;
    expect(rows).toEqual([{ id: draft }]);
  });

  test("a malformed statement fails as the client's would: an error, not rows", async () => {
    await expect(readRows`SELECT "nope" FROM "Contest"`).rejects.toThrow();
  });
});
