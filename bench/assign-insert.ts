/**
 * The in-process time of the assignments' bulk insert (docs/decisions/0069-bulk-counters.md):
 * `ASSIGN_DB=<copy of bench/.data/http.db> npx tsx bench/assign-insert.ts [runs] [with|both]` writes the
 * 60,000 pairs of the "assign" contest (20,000 entries × 3 of its 60 judges, as auto-assign
 * would) with `insertAssignments`, times it, and rolls back; then the same without the
 * assignments' counter triggers (dropped inside the rolled-back transaction), for comparison.
 * DATABASE_URL=postgres://… instead measures a PostgreSQL copy (bench/engines.ts).
 * Never on the original file: it writes (and rolls back) in it.
 */
import path from "node:path";

if (!process.env.DATABASE_URL) {
  if (!process.env.ASSIGN_DB) throw new Error("ASSIGN_DB=<a copy of bench/.data/http.db>");
  process.env.DATABASE_URL = `file:${path.resolve(process.env.ASSIGN_DB)}`;
}
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
const DROP =
  engine === "postgres"
    ? [
        `ALTER TABLE "JudgeAssignment" DISABLE TRIGGER "JudgeAssignment_tally_insert"`,
        `ALTER TABLE "JudgeAssignment" DISABLE TRIGGER "JudgeAssignment_unassigned_insert"`,
      ]
    : [
        `DROP TRIGGER "JudgeAssignment_tally_insert"`,
        `DROP TRIGGER "JudgeAssignment_unassigned_insert"`,
      ];
for (const withTriggers of process.argv[3] === "with" ? [true] : [true, false])
  for (let r = 0; r < runs; r++) {
    let ms = 0;
    await prisma
      .$transaction(
        async (tx) => {
          if (!withTriggers) for (const sql of DROP) await tx.$executeRawUnsafe(sql);
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
    console.log(`${withTriggers ? "with" : "without"} the counter triggers: ${ms.toFixed(0)} ms`);
  }
await prisma.$disconnect();
