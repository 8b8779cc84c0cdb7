import { afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { Prisma } from "~/generated/prisma/client";
import { readRows } from "~/utils/db-read.server";
import { engine, observeSql, postgresPool, prisma, type SqlEvent } from "~/utils/db.server";
import { postgresReadPool } from "~/utils/pg-pools.server";
import { at, lifecycleContest } from "./lifecycle-fixtures";

// The hot pages' reads without Prisma's client (docs/decisions/0079-direct-reads.md): the same
// template as `prisma.$queryRaw`, the same rows (dates as Dates, booleans as booleans, integers
// as numbers), the same bound values (Dates and booleans compared with the stored ones), and
// every statement still counted by the suite's budgets (observeSql). On PostgreSQL
// (docs/decisions/0082-postgresql-direct-reads.md) the rows are the client's exactly, each value
// of the same kind (bigint, Decimal, Date, parsed JSON…), and a read inside an interactive
// transaction is the transaction's.

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

/** Each value's kind: typeof, or the class of an object (Date, Decimal…), or null. */
const kinds = (row: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(row).map(([k, v]) => [
      k,
      v === null
        ? "null"
        : typeof v === "object" && v.constructor !== Object && !Array.isArray(v)
          ? v.constructor.name
          : typeof v,
    ]),
  );

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

  test.runIf(engine === "postgres")(
    "on PostgreSQL every column type is the client's: same values, same kinds",
    async () => {
      const query = Prisma.sql`
        SELECT c."id" AS "id", c."title" AS "title", c."createdAt" AS "createdAt",
          c."isPublished" AS "isPublished", c."judgesPerSubmission" AS "per",
          c."publishedResultsAt" AS "resultsAt", c."spreadPercent" AS "spread",
          (SELECT COUNT(*) FROM "Rubric" r WHERE r."contestId" = c."id") AS "rubrics",
          NULL AS "nothing", 1.5 AS "half", 2::int2 AS "small", 7::int8 AS "big",
          0.25::float4 AS "f4", 1e-7::float8 AS "f8", '12345678901234567890.125'::numeric AS "dec",
          '2030-01-02'::date AS "day", '13:14:15.5'::time AS "clock",
          TIMESTAMPTZ '2030-01-02 03:04:05.678+00' AS "tz", '{"a":[1,"x",null]}'::jsonb AS "jb",
          '{"b":true}'::json AS "j", 'submitted'::"SubmissionStatus" AS "status",
          '6f1c2a9e-9b7a-4d1e-8f3a-1c2b3d4e5f60'::uuid AS "uuid", 'pad'::char(5) AS "chars",
          ${at(3, 7)} AS "boundDate", ${12n} AS "boundBig", ${true} AS "boundBool",
          ${new Prisma.Decimal("2.50")} AS "boundDec", ${2.5} AS "boundFloat"
        FROM "Contest" c WHERE c."id" IN (${Prisma.join(ids())}) ORDER BY c."title"`;
      const viaClient = await prisma.$queryRaw<Record<string, unknown>[]>(query);
      const direct = await readRows<Record<string, unknown>>`${query}`;
      expect(direct).toStrictEqual(viaClient);
      expect(direct.map(kinds)).toEqual(viaClient.map(kinds));
      expect(kinds(direct[0]!)).toMatchObject({
        createdAt: "Date",
        isPublished: "boolean",
        rubrics: "bigint",
        big: "bigint",
        small: "number",
        jb: "object",
        nothing: "null",
      });
      expect(Prisma.Decimal.isDecimal(direct[0]!.dec)).toBe(true);
    },
  );

  test.runIf(engine === "postgres")(
    "on PostgreSQL a column type it does not give as the client does is the client's answer",
    async () => {
      const query = Prisma.sql`SELECT ARRAY['a','b'] AS "list", '\\x0102'::bytea AS "bytes"`;
      expect(await readRows`${query}`).toStrictEqual(await prisma.$queryRaw(query));
    },
  );

  test.runIf(engine === "postgres")(
    "on PostgreSQL a statement is parsed once on a connection and reused by name",
    async () => {
      const marker = `read ${Date.now()}`;
      const read = () => readRows<{ m: string }>`SELECT ${marker}::text AS "m", ${draft} AS "id"`;
      for (let i = 0; i < 3; i++)
        expect(await read()).toEqual([{ m: marker }].map((r) => ({ ...r, id: draft })));
      // The reads' own pool (ADR 0089), not the client's.
      const pool = postgresReadPool(postgresPool()) as unknown as {
        _clients: { connection: { parsedStatements: Record<string, string> } }[];
      };
      const named = pool._clients.flatMap((c) =>
        Object.entries(c.connection.parsedStatements).filter(([, text]) =>
          text.includes('::text AS "m"'),
        ),
      );
      expect(named.length).toBeGreaterThan(0);
      expect(named.every(([name]) => name.startsWith("inkwell_read_"))).toBe(true);
    },
  );

  test.runIf(engine === "postgres")(
    "on PostgreSQL its kept statements run with generic plans, the client's statements do not",
    async () => {
      // A statement with LIMIT and OFFSET parameters was planned anew on every call (ADR 0089).
      const mode = Prisma.sql`SELECT current_setting('plan_cache_mode') AS "mode"`;
      expect(await readRows<{ mode: string }>`${mode}`).toEqual([{ mode: "force_generic_plan" }]);
      expect(await prisma.$queryRaw<{ mode: string }[]>(mode)).toEqual([{ mode: "auto" }]);
      // The same session settings as the client's connections otherwise.
      const settings = Prisma.sql`SELECT current_setting('lock_timeout') AS "lock",
        current_setting('random_page_cost') AS "cost"`;
      expect(await readRows`${settings}`).toEqual(await prisma.$queryRaw(settings));
    },
  );

  test("inside an interactive transaction it reads through the transaction", async () => {
    const title = `in-transaction ${Date.now()}`;
    const seen = await prisma
      .$transaction(async (tx) => {
        await tx.contest.update({ where: { id: draft }, data: { title } });
        const rows = await readRows<{ title: string }>`
          SELECT "title" FROM "Contest" WHERE "id" = ${draft}`;
        throw Object.assign(new Error("roll back"), { rows });
      })
      .catch((e: { rows?: { title: string }[] }) => e.rows ?? e);
    expect(seen).toEqual([{ title }]);
    const after = await readRows<{
      title: string;
    }>`SELECT "title" FROM "Contest" WHERE "id" = ${draft}`;
    expect(after[0]!.title).not.toBe(title);
  });

  test("a malformed statement fails as the client's would: an error, not rows", async () => {
    await expect(readRows`SELECT "nope" FROM "Contest"`).rejects.toThrow();
  });
  // Last: a spy on the client's $queryRaw is not undone cleanly (the client is a proxy).
  test("the client is not asked", async () => {
    await prisma.$queryRaw`SELECT 1`; // the client's connection is open
    vi.spyOn(prisma, "$queryRaw").mockImplementation(() => {
      throw new Error("the client was asked");
    });
    const rows = await readRows<{ id: string }>`SELECT "id" FROM "Contest" WHERE "id" = ${draft}`;
    expect(rows).toEqual([{ id: draft }]);
  });
});
