/**
 * The in-process time of the assignments' bulk insert (docs/decisions/0069-bulk-counters.md):
 * `ASSIGN_DB=<copy of bench/.data/http.db> npx tsx bench/assign-insert.ts [runs] [with|both]`
 * writes the 60,000 pairs of the "assign" contest (20,000 entries × 3 of its 60 judges, as
 * auto-assign would) with `insertAssignments`, times it, and rolls back; with "both", then the
 * same with, on SQLite, the assignments' insert triggers dropped (inside the rolled-back
 * transaction), on PostgreSQL ADR 0064's row trigger for the judging counters instead of ADR
 * 0069's statement trigger. ASSIGN_ENGINE=postgres: on a PostgreSQL copy of the file in a private
 * cluster (bench/engines.ts, minutes to copy). Never on the original file: it writes (and rolls
 * back) in it.
 */
import path from "node:path";
import { postgresCopyOf } from "./engines";

if (!process.env.ASSIGN_DB) throw new Error("ASSIGN_DB=<a copy of bench/.data/http.db>");
const pgCopy =
  process.env.ASSIGN_ENGINE === "postgres"
    ? await postgresCopyOf(path.resolve(process.env.ASSIGN_DB))
    : null;
process.env.DATABASE_URL = pgCopy?.url ?? `file:${path.resolve(process.env.ASSIGN_DB)}`;
process.env.SESSION_SECRET ??= "bench-session-secret";
process.env.SITE_URL ??= "http://127.0.0.1:3900";
const { prisma, engine } = await import("../app/utils/db.server");
const { insertAssignments } = await import("../app/features/assignment/insert.server");

const runs = Number(process.argv[2] ?? 3);
const contestId = "assign";
const judges = (
  await prisma.panelMember.findMany({
    where: { contestId, status: "accepted" },
    select: { judgeId: true },
    orderBy: { judgeId: "asc" },
  })
).map((m) => m.judgeId);
const entries = (
  await prisma.submission.findMany({
    where: { contestId, status: "submitted" },
    select: { id: true },
    orderBy: { id: "asc" },
  })
).map((s) => s.id);
const rows = entries.flatMap((submissionId, i) =>
  [0, 1, 2].map((k) => ({
    id: `bench-${i}-${k}`,
    contestId,
    judgeId: judges[(i * 3 + k) % judges.length],
    submissionId,
  })),
);
console.log(`${engine}: ${rows.length} pairs, ${entries.length} entries, ${judges.length} judges`);

const ROLLBACK = new Error("rollback");
const OTHER =
  engine === "postgres"
    ? [
        // Autovacuum may hold the table a moment; the app's 2 s lock timeout would end the run.
        `SET LOCAL lock_timeout = '60s'`,
        `DROP TRIGGER "JudgeAssignment_tally_insert" ON "JudgeAssignment"`,
        `CREATE TRIGGER "JudgeAssignment_tally_insert" AFTER INSERT ON "JudgeAssignment"
          FOR EACH ROW WHEN (NEW."submissionId" IS NOT NULL AND NEW."releasedAt" IS NULL)
          EXECUTE FUNCTION "inkwell_assignment_tally"()`,
      ]
    : [
        `DROP TRIGGER "JudgeAssignment_tally_insert"`,
        `DROP TRIGGER "JudgeAssignment_unassigned_insert"`,
      ];
const label = (base: boolean) =>
  base
    ? "as migrated"
    : engine === "postgres"
      ? "with ADR 0064's row trigger"
      : "without the insert triggers";
for (const base of process.argv[3] === "both" ? [true, false] : [true])
  for (let r = 0; r < runs; r++) {
    let ms = 0;
    await prisma
      .$transaction(
        async (tx) => {
          if (!base) for (const sql of OTHER) await tx.$executeRawUnsafe(sql);
          const t0 = performance.now();
          const n = await insertAssignments(tx, rows, new Date());
          ms = performance.now() - t0;
          if (n !== rows.length) throw new Error(`wrote ${n}`);
          const tally = await tx.contestTally.findMany({
            where: { contestId, kind: { in: ["judging", "unassigned"] } },
            select: { kind: true, divisionId: true, round: true, n: true },
          });
          if (r === 0) console.log(JSON.stringify(tally));
          throw ROLLBACK;
        },
        { timeout: 120_000 },
      )
      .catch((e) => {
        if (e !== ROLLBACK) throw e;
      });
    console.log(`${label(base)}: ${ms.toFixed(0)} ms`);
  }
await prisma.$disconnect();
pgCopy?.stop();
