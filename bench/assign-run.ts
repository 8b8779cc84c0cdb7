/**
 * The whole auto-assign in process, statement by statement (docs/decisions/0077-assign-writes.md):
 * `ASSIGN_URL=<database url> npx tsx bench/assign-run.ts [runs] [contest]` runs runRoundAssign for
 * round 1 of the contest ("assign" by default; "panel" and "rounds" are the bench's others) as the
 * admin's Auto-Assign does, prints its wall time (on PostgreSQL with the CPU time of the database's backends, from /proc), the statements over 20 ms with their time and
 * rows, and the assignment's fingerprint (a hash of its sorted pairs: the same seed gives the same
 * one), then deletes the pairs it wrote for the next run. On a copy only (bench/bulk-writes.ts's
 * BULK_KEEP=1 keeps a PostgreSQL one; a `file:` URL for a copy of the SQLite seed): it writes.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";

if (!process.env.ASSIGN_URL) throw new Error("ASSIGN_URL=<a copy of the 20,000-entry seed>");
process.env.DATABASE_URL = process.env.ASSIGN_URL;
process.env.SESSION_SECRET ??= "bench-session-secret";
process.env.SITE_URL ??= "http://127.0.0.1:3900";
const { prisma, engine, observeSql } = await import("../app/utils/db.server");
const { runRoundAssign } = await import("../app/features/assignment/round-assign.server");

/** PostgreSQL: CPU ms of each of the cluster's client backends (the app's pool), from /proc. */
async function backendCpu(): Promise<Map<number, number>> {
  const rows = await prisma.$queryRaw<{ pid: number }[]>`
    SELECT pid FROM pg_stat_activity WHERE backend_type = 'client backend'`;
  const cpu = new Map<number, number>();
  for (const { pid } of rows) {
    const f = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    cpu.set(pid, ((Number(f[11]) + Number(f[12])) * 1000) / 100);
  }
  return cpu;
}

const runs = Number(process.argv[2] ?? 1);
const contestId = process.argv[3] ?? "assign";
// ASSIGN_KEEP=1: no VACUUM before a run and the pairs kept after it, as the HTTP bench leaves the
// table between its cases (assign's pairs are still there when round 1 of "rounds" runs; ADR 0090).
const keep = Boolean(process.env.ASSIGN_KEEP);
for (let r = 0; r < runs; r++) {
  if (engine === "postgres" && !keep)
    await prisma.$executeRawUnsafe(`VACUUM ANALYZE "JudgeAssignment"`);
  const before = engine === "postgres" ? await backendCpu() : new Map<number, number>();
  const events: { sql: string; ms: number; rows: number; at: number }[] = [];
  const t0 = performance.now();
  const stop = observeSql((e) => events.push({ ...e, at: performance.now() - t0 }));
  const result = await runRoundAssign(contestId, 1, new Date(), 3);
  const ms = performance.now() - t0;
  stop();
  let dbCpu = 0;
  if (engine === "postgres")
    for (const [pid, ms] of await backendCpu()) dbCpu += ms - (before.get(pid) ?? 0);
  const pairs = await prisma.judgeAssignment.findMany({
    where: { contestId, submissionId: { not: null } },
    select: { judgeId: true, submissionId: true },
  });
  const hash = createHash("sha256")
    .update(
      pairs
        .map((p) => `${p.judgeId}:${p.submissionId}`)
        .sort()
        .join("\n"),
    )
    .digest("hex")
    .slice(0, 16);
  console.log(
    `${engine} ${contestId}: ${ms.toFixed(0)} ms (database CPU ${dbCpu.toFixed(0)} ms), ${events.length} statements, ${JSON.stringify(result).slice(0, 120)}, pairs ${pairs.length} #${hash}`,
  );
  for (const e of events.filter((e) => e.ms >= 20 || process.env.ASSIGN_ALL))
    console.log(
      `  at ${e.at.toFixed(0)}: ${e.ms.toFixed(0)} ms, ${e.rows} rows: ${e.sql.replace(/\s+/g, " ").slice(0, 150)}`,
    );
  if (!keep)
    await prisma.$executeRaw`DELETE FROM "JudgeAssignment" WHERE "contestId" = ${contestId} AND "submissionId" IS NOT NULL`;
}
await prisma.$disconnect();
