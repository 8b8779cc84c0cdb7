/**
 * A writer's own entry written directly (docs/decisions/0080-rush-direct-write.md,
 * 0084-postgresql-rush-write.md) keeps the write's guarantees on both engines: two entries of one
 * writer at the limit, sent together while another transaction holds what the write waits for
 * (SQLite's write lock, PostgreSQL's writer row), do not both land: the second reads the first
 * once it may write. And a direct write that fails part-way leaves nothing, and its connection
 * goes on serving.
 */
import { beforeAll, describe, expect, test } from "vitest";
import { entryLimitMessage } from "~/features/entries/entry-limit";
import { Prisma } from "~/generated/prisma/client";
import { directWrite, pgDirectWrite } from "~/utils/db-write.server";
import { engine, postgresPool, prisma } from "~/utils/db.server";
import { readRows } from "~/utils/db-read.server";
import { newId } from "~/utils/ids";
import { adultWriters, holdWrites, openContest, postEntry } from "./entry-fixtures";

const stamp = `${Date.now().toString(36)}-${process.pid}`;
let contest: { id: string; slug: string };
let writers: { id: string; cookie: string }[] = [];

beforeAll(async () => {
  contest = await openContest({ slug: `limit-${stamp}`, title: "One each", entriesPerWriter: 1 });
  writers = await adultWriters(2, `limit-${stamp}`, "Limit writer");
}, 60_000);

const submit = (writer: number, title: string) =>
  postEntry(contest.slug, writers[writer]!.cookie, title);

describe("a writer at the limit", () => {
  test("two different entries sent together: one is stored, the other refused with the limit", async () => {
    const writer = writers[0]!;
    const release = await holdWrites(writer.id);
    // Both pass the read before the body (no entry yet) and wait at their write.
    const answers = Promise.all([submit(0, "First of two"), submit(0, "Second of two")]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await release();
    const [a, b] = await answers;
    const rows = await prisma.submission.findMany({
      where: { entrantId: writer.id, contestId: contest.id },
      select: { title: true },
    });
    expect(rows).toHaveLength(1);
    const redirected = [a, b].filter((r) => r instanceof Response && r.status === 302);
    expect(redirected).toHaveLength(1);
    const refused = [a, b].find((r) => !(r instanceof Response));
    expect(refused).toMatchObject({ data: { formError: entryLimitMessage(1) } });
  }, 30_000);
});

const outboxRows = (name: string) =>
  prisma.outboxEvent.count({ where: { name: name as never, payload: { contains: stamp } } });

describe("a direct write that fails part-way", () => {
  const event = (id: string) =>
    Prisma.sql`INSERT INTO "OutboxEvent" ("id", "name", "payload", "createdAt", "attempts", "nextAttemptAt")
      VALUES (${id}, ${"entry/copies.check"}, ${JSON.stringify({ submissionId: stamp })}, ${new Date()}, 0, ${new Date()})`;

  test.skipIf(engine !== "postgres")(
    "PostgreSQL: rolls back its written rows, and the connection is clean for the next",
    async () => {
      const pool = postgresPool()!;
      expect(pool).toBeDefined();
      // A thrown error after a write.
      await expect(
        pgDirectWrite({ table: "User", id: writers[1]!.id }, async (tx) => {
          await tx.run(event(newId()));
          throw new Error("stop here");
        }),
      ).rejects.toThrow("stop here");
      // A failing statement after a write (the transaction is aborted in the database).
      await expect(
        pgDirectWrite({ table: "User", id: writers[1]!.id }, async (tx) => {
          await tx.run(event(newId()));
          await tx.rows(Prisma.sql`SELECT 1 / ${0} AS "x"`);
        }),
      ).rejects.toThrow(/division by zero/);
      expect(await outboxRows("entry/copies.check")).toBe(0);
      // Every connection of the pool is back, outside any transaction, and the writer's row
      // is free: a write that locks it commits.
      expect(pool.totalCount - pool.idleCount).toBe(0);
      const statuses = await Promise.all(
        Array.from(
          { length: pool.totalCount },
          () =>
            readRows<{ s: string }>`SELECT CAST(pg_current_xact_id_if_assigned() AS TEXT) AS "s"`,
        ),
      );
      for (const [row] of statuses) expect(row?.s ?? null).toBeNull();
      const done = await pgDirectWrite({ table: "User", id: writers[1]!.id }, async (tx) => {
        await tx.run(event(newId()));
        return "written";
      });
      expect(done).toEqual({ value: "written" });
      expect(await outboxRows("entry/copies.check")).toBe(1);
    },
  );

  test.skipIf(engine !== "sqlite")("SQLite: rolls back its written rows", async () => {
    await readRows`SELECT 1 AS "one"`; // the client's connection is open
    const before = await outboxRows("entry/copies.check");
    expect(() =>
      directWrite((tx) => {
        tx.run(event(newId()));
        throw new Error("stop here");
      }),
    ).toThrow("stop here");
    expect(await outboxRows("entry/copies.check")).toBe(before);
    expect(directWrite((tx) => tx.run(event(newId())))).toEqual({ value: undefined });
    expect(await outboxRows("entry/copies.check")).toBe(before + 1);
  });
});
