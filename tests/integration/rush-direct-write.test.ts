/**
 * A writer's own typed entry is one direct write without Prisma's client
 * (docs/decisions/0080-rush-direct-write.md, 0084-postgresql-rush-write.md), with the same
 * outcome on both engines: the entry and its two outbox events stored once; an entry that needs more (a fee) written by the client's
 * transaction, nothing left of the direct attempt; a client transaction open on the connection
 * is never entered (the submit waits for it through the client). And the writer's own entries
 * are searched by their writer whatever SQLite's statistics say (a big site's made it walk the
 * contest's entries).
 */
import Database from "better-sqlite3";
import { beforeAll, describe, expect, test } from "vitest";
import { BUSY_MESSAGE, engine, ENTRY_BUSY_BUDGET_MS, observeSql, prisma } from "~/utils/db.server";
import { toSqlite } from "~/utils/db-read.server";
import { countedEntries } from "~/features/entries/entry-limit.server";
import { atWriteQuery } from "~/features/entries/entry-statements.server";
import { adultWriters, openContest, postEntry } from "./entry-fixtures";

const stamp = `${Date.now().toString(36)}-${process.pid}`;
const contests: Record<"free" | "fee", { id: string; slug: string }> = {} as never;
let writers: { id: string; cookie: string }[] = [];

beforeAll(async () => {
  for (const [kind, fee] of [
    ["free", 0],
    ["fee", 500],
  ] as const)
    contests[kind] = await openContest({
      slug: `direct-${kind}-${stamp}`,
      title: "Direct write",
      entriesPerWriter: 2,
      entryFeeCents: fee,
    });
  writers = await adultWriters(4, `direct-${stamp}`, "Direct writer");
}, 60_000);

const submit = async (writer: number, contest: "free" | "fee") =>
  (await postEntry(
    contests[contest].slug,
    writers[writer]!.cookie,
    `Direct ${writer}`,
  )) as Response;

/**
 * Counts the direct write transactions that wrote their entry until `stop`: SQLite's that ran to
 * their COMMIT; PostgreSQL's entry INSERTs with the outbox's in their WITH, which only the direct
 * write sends (docs/decisions/0084-postgresql-rush-write.md).
 */
function directWrites() {
  const kept = globalThis.__inkwellSqliteWrite;
  let n = 0;
  if (kept && engine === "sqlite")
    globalThis.__inkwellSqliteWrite = ((work: Parameters<typeof kept>[0]) => {
      const done = kept(work);
      if (done) n++;
      return done;
    }) as typeof kept;
  const unobserve = observeSql((e) => {
    if (engine === "postgres" && /^WITH "queued" AS \(INSERT INTO "OutboxEvent"/.test(e.sql)) n++;
  });
  return {
    written: () => n,
    stop: () => {
      unobserve();
      globalThis.__inkwellSqliteWrite = kept;
    },
  };
}

const stored = (writer: number, contest: "free" | "fee") =>
  prisma.submission.findMany({
    where: { entrantId: writers[writer]!.id, contestId: contests[contest].id },
    select: { id: true, status: true, payment: { select: { status: true } } },
  });
const events = (submissionId: string) =>
  prisma.outboxEvent.findMany({
    where: { payload: { contains: submissionId } },
    select: { name: true },
    orderBy: { name: "asc" },
  });

describe("a writer's own typed entry", () => {
  test("is written without the client's transaction: the row and its two events", async () => {
    const direct = directWrites();
    try {
      const r = await submit(0, "free");
      expect(r.status, await r.clone().text()).toBe(302);
      expect(r.headers.get("Location")).toBe("/dashboard");
      // One direct write, on either engine.
      expect(direct.written()).toBe(1);
    } finally {
      direct.stop();
    }
    const rows = await stored(0, "free");
    expect(rows).toMatchObject([{ status: "submitted", payment: null }]);
    expect(await events(rows[0]!.id)).toEqual([
      { name: "entry/copies.check" },
      { name: "entry/submitted" },
    ]);
  });

  test("with a fee goes to the client's transaction: one row, its payment, no event left of the direct try", async () => {
    const direct = directWrites();
    try {
      await submit(1, "fee");
      // Tried, rolled back (the fee), then written by the client.
      expect(direct.written()).toBe(0);
    } finally {
      direct.stop();
    }
    const rows = await stored(1, "fee");
    expect(rows).toMatchObject([{ status: "pending_payment", payment: { status: "open" } }]);
    // An unpaid entry is not confirmed: only its copy check is queued.
    expect(await events(rows[0]!.id)).toEqual([{ name: "entry/copies.check" }]);
  });

  test("waits for a client transaction open on the connection instead of writing inside it", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const open = new Promise<void>((resolve) => (started = resolve));
    // A transaction of the client that writes, then waits (another request's, mid-way).
    const other = prisma.$transaction(async (tx) => {
      await tx.$executeRaw`UPDATE "User" SET "displayName" = ${"Held"} WHERE "id" = ${writers[3]!.id}`;
      started();
      await held;
      throw new Error("rolled back");
    });
    await open;
    const entry = submit(2, "free");
    // The entry is not written inside the open transaction (its rollback would take it along).
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await expect(other).rejects.toThrow("rolled back");
    await entry;
    expect(await stored(2, "free")).toHaveLength(1);
    const untouched = await prisma.user.findUniqueOrThrow({ where: { id: writers[3]!.id } });
    expect(untouched.displayName).toBe("Direct writer 3");
  });
});

describe.skipIf(engine !== "sqlite")("SQLite: a direct write and a busy database", () => {
  test("another process holding the write lock: the entry waits its budget, then 503, nothing written", async () => {
    const other = new Database(process.env.DATABASE_URL!.slice("file:".length));
    other.exec("BEGIN IMMEDIATE");
    const started = Date.now();
    let answer: unknown;
    try {
      answer = await submit(3, "free");
    } finally {
      other.exec("ROLLBACK");
      other.close();
    }
    // The form comes back with the busy message (receiveEntry's answer), after the entry's budget.
    expect(answer).toMatchObject({
      init: { status: 503 },
      data: { formError: BUSY_MESSAGE },
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(ENTRY_BUSY_BUDGET_MS - 500);
    expect(await stored(3, "free")).toHaveLength(0);
    // And once the lock is gone the same writer's entry is written directly.
    await submit(3, "free");
    expect(await stored(3, "free")).toHaveLength(1);
  }, 30_000);
});

describe.skipIf(engine !== "sqlite")("SQLite: the writer's own entries by their writer", () => {
  test("the count and the repeat are searched by entrantId even with a big site's statistics", () => {
    // A site of 85,000 entries with classes (the benchmark's seed): one average per index made
    // `pupilId IS NULL` look selective and a contest's recent entries few.
    const db = new Database(process.env.DATABASE_URL!.slice("file:".length));
    const stats: [string, string, string][] = [
      ["Pupil", "Pupil_classroomId_lastInitial_firstName_idx", "1000 200 200 1"],
      ["Pupil", "Pupil_classroomId_userId_key", "1000 200 200"],
      ["Pupil", "Pupil_userId_idx", "1000 1000"],
      ["Pupil", "Pupil_userId_linked_idx", "0 0"],
      ["Pupil", "sqlite_autoindex_Pupil_1", "1000 1"],
      ["Submission", "Submission_contestId_aiPolicyBroken_createdAt_idx", "85000 17000 17000 1"],
      [
        "Submission",
        "Submission_contestId_status_createdAt_id_entrantId_idx",
        "85000 17000 17000 1 1 1",
      ],
      ["Submission", "Submission_contest_list_idx", "85000 17000 1 1 1 1 1 1 1 1 1 1"],
      ["Submission", "Submission_createdAt_id_idx", "85000 5 1"],
      ["Submission", "Submission_division_list_idx", "85000 17000 17000 10625 1 1 1 1"],
      ["Submission", "Submission_entrantId_createdAt_idx", "85000 5 5"],
      ["Submission", "Submission_id_covering_idx", "85000 1 1 1 1 1"],
      ["Submission", "Submission_pupilId_contestId_status_idx", "85000 85 85 85"],
      ["Submission", "Submission_status_createdAt_id_idx", "85000 85000 5 1"],
      ["Submission", "sqlite_autoindex_Submission_1", "85000 1"],
    ];
    db.exec("BEGIN IMMEDIATE");
    try {
      // The benchmark seed's statistics of the two tables, as its `PRAGMA optimize` left them.
      db.exec(`ANALYZE "Submission"`);
      db.exec(`DELETE FROM sqlite_stat1 WHERE tbl IN ('Submission', 'Pupil')`);
      const put = db.prepare(`INSERT INTO sqlite_stat1 (tbl, idx, stat) VALUES (?, ?, ?)`);
      for (const row of stats) put.run(...row);
      db.exec("ANALYZE sqlite_schema");
      const writer = writers[0]!.id;
      const contestId = contests.free.id;
      const queries = [
        countedEntries({ userId: writer }, contestId),
        atWriteQuery({
          contestId,
          accountId: writer,
          key: "e000000000000000000000000",
          writer: { userId: writer },
          repeat: { contestId, entrantId: writer, title: "T", body: "B", file: null },
          now: new Date(),
        }),
      ];
      for (const q of queries) {
        const plan = db.prepare(`EXPLAIN QUERY PLAN ${q.sql}`).all(...q.values.map(toSqlite)) as {
          detail: string;
        }[];
        const lines = plan.map((p) => p.detail);
        // Every search of Submission by its contest comes after the linked pupils' (their class
        // entries, joined by pupilId); the writer's own entries and the repeat go by entrantId.
        const walks = lines.filter(
          (d, i) => /^SEARCH s .*contestId=/.test(d) && !/^SEARCH p /.test(lines[i - 1] ?? ""),
        );
        expect(walks, lines.join("\n")).toEqual([]);
        expect(lines.filter((d) => /^SEARCH s .*\(entrantId=/.test(d)).length).toBeGreaterThan(0);
      }
    } finally {
      db.exec("ROLLBACK");
      db.close();
    }
  });
});
