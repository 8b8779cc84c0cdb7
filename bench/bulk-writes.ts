/**
 * Statements that write many assignments, scores or entries at once, timed on PostgreSQL
 * (docs/decisions/0073-bulk-writes-on-postgresql.md): `BULK_DB=<copy of bench/.data/http.db>
 * npx tsx bench/bulk-writes.ts [runs] [case,…]` copies the file into a private cluster (bench/
 * engines.ts, minutes), then for each case runs, A B B A × runs, "before" (ADR 0064's row triggers
 * and the ranking version moved once a summary change, put back inside the transaction) and
 * "after" (as migrated), each in a transaction rolled back after the deferred triggers ran (SET
 * CONSTRAINTS ALL IMMEDIATE). Prints wall and backend CPU time and whether the contest's judging and
 * entry counters still equal a fresh count. Cases: release (60,000 pairs of "big" released),
 * delete (deleted, with their scores), divisions (big's 20,000 entries into 4 divisions), scores
 * (60,000 scores of "assign" written in one statement); and whether every score summary of the
 * contest (count, hundredths, spread) equals a fresh one. BULK_TIMEOUT_S bounds a statement (90).
 * BULK_AFTER_ONLY=1 runs the "after" side alone. BULK_KEEP=1 only copies and keeps the cluster, printing BULK_URL for later runs.
 */
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { postgresCopyOf } from "./engines";

if (!process.env.BULK_DB && !process.env.BULK_URL)
  throw new Error("BULK_DB=<a copy of bench/.data/http.db>, or BULK_URL=<a copy already made>");
const runs = Number(process.argv[2] ?? 2);
const only = process.argv[3]?.split(",");
const timeout = Number(process.env.BULK_TIMEOUT_S ?? 90);
const copy = process.env.BULK_URL
  ? { url: process.env.BULK_URL, stop: () => undefined }
  : await postgresCopyOf(path.resolve(process.env.BULK_DB!));
if (process.env.BULK_KEEP) {
  // The copy kept for more runs (BULK_URL=… in another shell) until this process is stopped.
  console.log(`BULK_URL=${copy.url}`);
  const quit = () => (copy.stop(), process.exit(0));
  process.on("SIGINT", quit);
  process.on("SIGTERM", quit);
  setInterval(() => undefined, 1 << 30);
  await new Promise(() => undefined);
}
const client = new pg.Client({ connectionString: copy.url });
await client.connect();
const pid = (await client.query("SELECT pg_backend_pid() AS p")).rows[0].p as number;
const cpu = () => {
  const f = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return ((Number(f[11]) + Number(f[12])) * 1000) / 100; // utime + stime, in ms
};

// Main's triggers and functions before migration 20270113000000_bulk_writes (ADR 0064, 0059).
const overviewMigration = fs.readFileSync(
  "prisma/migrations-postgres/20270106000000_overview_counts/migration.sql",
  "utf8",
);
const mainFunction = (name: string) =>
  overviewMigration
    .match(new RegExp(`CREATE FUNCTION "${name}"[\\s\\S]*?\\n\\$\\$;`))![0]
    .replace("CREATE FUNCTION", "CREATE OR REPLACE FUNCTION");
const BEFORE = `
${mainFunction("inkwell_assignments_changed_unassigned")}
${mainFunction("inkwell_assignments_removed_unassigned")}
DROP TRIGGER "JudgeAssignment_tally_update" ON "JudgeAssignment";
DROP TRIGGER "JudgeAssignment_tally_delete" ON "JudgeAssignment";
CREATE TRIGGER "JudgeAssignment_tally_update" AFTER UPDATE OF "contestId", "submissionId", "round", "releasedAt", "scored" ON "JudgeAssignment"
  FOR EACH ROW WHEN (OLD."contestId" IS DISTINCT FROM NEW."contestId" OR OLD."submissionId" IS DISTINCT FROM NEW."submissionId"
    OR OLD."round" IS DISTINCT FROM NEW."round" OR OLD."releasedAt" IS DISTINCT FROM NEW."releasedAt" OR OLD."scored" IS DISTINCT FROM NEW."scored")
  EXECUTE FUNCTION "inkwell_assignment_tally"();
CREATE TRIGGER "JudgeAssignment_tally_delete" AFTER DELETE ON "JudgeAssignment"
  FOR EACH ROW WHEN (OLD."submissionId" IS NOT NULL AND OLD."releasedAt" IS NULL) EXECUTE FUNCTION "inkwell_assignment_tally"();
DROP TRIGGER "Score_queue_insert" ON "Score";
DROP TRIGGER "Score_queue_delete" ON "Score";
CREATE TRIGGER "Score_queue_insert" AFTER INSERT ON "Score" FOR EACH ROW EXECUTE FUNCTION "inkwell_score_queue"();
CREATE TRIGGER "Score_queue_delete" AFTER DELETE ON "Score" FOR EACH ROW EXECUTE FUNCTION "inkwell_score_queue"();
DROP TRIGGER "Submission_tally_division" ON "Submission";
DROP TRIGGER "Submission_tally_update" ON "Submission";
CREATE TRIGGER "Submission_tally_division" AFTER UPDATE OF "divisionId" ON "Submission"
  FOR EACH ROW WHEN (OLD."divisionId" IS DISTINCT FROM NEW."divisionId") EXECUTE FUNCTION "inkwell_submission_judging_tally"();
CREATE CONSTRAINT TRIGGER "Submission_tally_update" AFTER UPDATE OF "contestId", "status", "divisionId", "mentionsEntrant" ON "Submission"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD."contestId" IS DISTINCT FROM NEW."contestId" OR OLD."status" IS DISTINCT FROM NEW."status"
    OR OLD."divisionId" IS DISTINCT FROM NEW."divisionId" OR OLD."mentionsEntrant" IS DISTINCT FROM NEW."mentionsEntrant")
  EXECUTE FUNCTION "inkwell_entry_tally"();
DROP TRIGGER "Score_summary_insert" ON "Score";
DROP TRIGGER "Score_summary_delete" ON "Score";
CREATE TRIGGER "Score_summary_insert" AFTER INSERT ON "Score" FOR EACH ROW WHEN (NEW."submittedAt" IS NOT NULL) EXECUTE FUNCTION "inkwell_score_summary"();
CREATE TRIGGER "Score_summary_delete" AFTER DELETE ON "Score" FOR EACH ROW WHEN (OLD."submittedAt" IS NOT NULL) EXECUTE FUNCTION "inkwell_score_summary"();
CREATE TRIGGER "Score_spread_insert" AFTER INSERT ON "Score" FOR EACH ROW WHEN (NEW."submittedAt" IS NOT NULL) EXECUTE FUNCTION "inkwell_score_spread"();
CREATE TRIGGER "Score_spread_delete" AFTER DELETE ON "Score" FOR EACH ROW WHEN (OLD."submittedAt" IS NOT NULL) EXECUTE FUNCTION "inkwell_score_spread"();
CREATE OR REPLACE FUNCTION "inkwell_ranking_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO "RankingVersion" ("contestId", "version") VALUES (OLD."contestId", 1)
    ON CONFLICT ("contestId") DO UPDATE SET "version" = "RankingVersion"."version" + 1;
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW."contestId" <> OLD."contestId") THEN
    INSERT INTO "RankingVersion" ("contestId", "version") VALUES (NEW."contestId", 1)
    ON CONFLICT ("contestId") DO UPDATE SET "version" = "RankingVersion"."version" + 1;
  END IF;
  RETURN NULL;
END $$;`;

const CASES: Record<string, { contest: string; setup: string[]; timed: string }> = {
  release: {
    contest: "big",
    setup: [],
    timed: `UPDATE "JudgeAssignment" SET "releasedAt" = now() WHERE "contestId" = 'big'`,
  },
  delete: {
    contest: "big",
    setup: [],
    timed: `DELETE FROM "JudgeAssignment" WHERE "contestId" = 'big'`,
  },
  divisions: {
    contest: "big",
    setup: [
      `INSERT INTO "Division" ("id", "contestId", "position", "name", "basis", "min", "max", "createdAt")
       SELECT 'bd' || d, 'big', d + 1, 'Division ' || d, 'grade', d * 3, d * 3 + 2, now() FROM generate_series(0, 3) d`,
    ],
    timed: `UPDATE "Submission" SET "divisionId" = 'bd' || (CAST(SUBSTR("id", 2) AS INTEGER) % 4) WHERE "contestId" = 'big'`,
  },
  scores: {
    contest: "assign",
    setup: [
      `INSERT INTO "JudgeAssignment" ("id", "contestId", "judgeId", "submissionId", "round", "createdAt")
       SELECT 'bw-' || s.rn || '-' || k, 'assign', j."judgeId", s."id", 1, now()
       FROM (SELECT "id", row_number() OVER (ORDER BY "id") AS rn FROM "Submission" WHERE "contestId" = 'assign' AND "status" = 'submitted') s
       CROSS JOIN generate_series(0, 2) k
       JOIN (SELECT "judgeId", row_number() OVER (ORDER BY "judgeId") - 1 AS jn, COUNT(*) OVER () AS jc FROM "PanelMember"
         WHERE "contestId" = 'assign' AND "status" = 'accepted') j ON j.jn = (s.rn * 3 + k) % j.jc`,
    ],
    timed: `INSERT INTO "Score" ("id", "assignmentId", "rubricId", "judgeId", "submissionId", "scores", "total",
       "submittedAt", "createdAt", "updatedAt")
     SELECT 'x' || a."id", a."id", (SELECT r."id" FROM "Rubric" r WHERE r."contestId" = 'assign' LIMIT 1), a."judgeId",
       a."submissionId", '{}', (s."wordCount" % 97) / 10.0, now(), now(), now()
     FROM "JudgeAssignment" a JOIN "Submission" s ON s."id" = a."submissionId" WHERE a."contestId" = 'assign'`,
  },
};

const CHECK = `
WITH f AS (
  SELECT 'judging' AS k, '' AS st, COALESCE(s."divisionId", '') AS d, a."round" AS r, false AS fl, COUNT(*)::int AS n,
    (COUNT(*) FILTER (WHERE a."scored"))::int AS sc
  FROM "JudgeAssignment" a JOIN "Submission" s ON s."id" = a."submissionId"
  WHERE a."contestId" = $1 AND a."releasedAt" IS NULL GROUP BY 3, 4
  UNION ALL
  SELECT 'entry', "status"::text, COALESCE("divisionId", ''), 0, "mentionsEntrant", COUNT(*)::int, 0
  FROM "Submission" WHERE "contestId" = $1 GROUP BY 2, 3, 5),
t AS (
  SELECT "kind", "status", "divisionId", "round", "flag", "n", "scored" FROM "ContestTally"
  WHERE "contestId" = $1 AND "kind" IN ('judging', 'entry') AND ("n" <> 0 OR "scored" <> 0)),
wrong AS (SELECT COUNT(*) AS w FROM "JudgeAssignment" a LEFT JOIN "Score" sc ON sc."assignmentId" = a."id"
  WHERE a."contestId" = $1 AND a."scored" IS DISTINCT FROM (sc."submittedAt" IS NOT NULL)),
summaries AS (SELECT COUNT(*) AS w FROM "SubmissionScoreSummary" m,
  LATERAL (SELECT COUNT(*)::int AS k, COALESCE(SUM(ROUND((sc."total" * 100)::numeric)::integer), 0)::int AS h,
      CASE WHEN COUNT(*) >= 2 THEN MAX(ROUND((sc."total" * 100)::numeric)::integer)
        - MIN(ROUND((sc."total" * 100)::numeric)::integer) END AS sp
    FROM "Score" sc WHERE sc."submissionId" = m."submissionId" AND sc."submittedAt" IS NOT NULL) f
  WHERE m."contestId" = $1 AND (m."scored", m."hundredths", m."spread") IS DISTINCT FROM (f.k, f.h, f.sp))
SELECT (SELECT COUNT(*) FROM (SELECT * FROM f EXCEPT SELECT * FROM t) x)
  + (SELECT COUNT(*) FROM (SELECT * FROM t EXCEPT SELECT * FROM f) y) AS diff, (SELECT w FROM wrong) AS marks,
  (SELECT w FROM summaries) AS summaries`;

const ROLLBACK = "ROLLBACK";
async function once(name: string, before: boolean) {
  const c = CASES[name]!;
  await client.query("BEGIN");
  try {
    await client.query(`SET LOCAL lock_timeout = '60s'`);
    await client.query(`SET LOCAL statement_timeout = '${timeout}s'`);
    if (before) await client.query(BEFORE);
    for (const sql of c.setup) await client.query(sql);
    const [t0, c0] = [performance.now(), cpu()];
    let note = "";
    try {
      const r = await client.query(c.timed);
      await client.query("SET CONSTRAINTS ALL IMMEDIATE");
      note = `${r.rowCount} rows`;
    } catch (e) {
      note = `failed: ${(e as Error).message}`;
    }
    const [ms, cpuMs] = [performance.now() - t0, cpu() - c0];
    let check = "";
    if (!note.startsWith("failed")) {
      const k = (await client.query(CHECK, [c.contest])).rows[0];
      check = `counters off: ${k.diff}, marks off: ${k.marks}, summaries off: ${k.summaries}`;
    }
    console.log(
      `${name} ${before ? "before" : "after "}: ${ms.toFixed(0)} ms wall, ${cpuMs.toFixed(0)} ms backend CPU; ${note}; ${check}`,
    );
  } finally {
    await client.query(ROLLBACK);
  }
}

for (const name of only ?? Object.keys(CASES))
  for (let r = 0; r < runs; r++)
    for (const before of process.env.BULK_AFTER_ONLY ? [false, false] : [true, false, false, true])
      await once(name, before);
await client.end();
copy.stop();
