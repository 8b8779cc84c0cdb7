-- Statements that touch many assignments or entries move the hot counters once, not once a row
-- (docs/decisions/0073-bulk-writes-on-postgresql.md): in one transaction each row's upsert of the
-- same counter row leaves a version the next one steps over, so 60,000 rows took minutes. As ADR
-- 0069's insert trigger: over the statement's rows (transition tables; PostgreSQL allows them only
-- without a column list, so the functions pick the changed rows themselves), grouped, the entry's
-- division read at the end of the statement (as the row triggers did, which fire there too).

-- Assignments changed or deleted: the judging counters (ADR 0064), old side out, new side in.
DROP TRIGGER "JudgeAssignment_tally_update" ON "JudgeAssignment";
DROP TRIGGER "JudgeAssignment_tally_delete" ON "JudgeAssignment";

CREATE FUNCTION "inkwell_assignments_moved_tally"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO "ContestTally" ("contestId", "kind", "divisionId", "round", "n", "scored")
    SELECT a."contestId", 'judging', COALESCE(s."divisionId", ''), a."round", -COUNT(*)::int,
      -(COUNT(*) FILTER (WHERE a."scored"))::int
    FROM old_rows a JOIN "Submission" s ON s."id" = a."submissionId"
    WHERE a."releasedAt" IS NULL AND EXISTS (SELECT 1 FROM "Contest" x WHERE x."id" = a."contestId")
    GROUP BY a."contestId", COALESCE(s."divisionId", ''), a."round"
    ON CONFLICT ("contestId", "kind", "status", "divisionId", "round", "flag")
    DO UPDATE SET "n" = "ContestTally"."n" + EXCLUDED."n", "scored" = "ContestTally"."scored" + EXCLUDED."scored";
    RETURN NULL;
  END IF;
  WITH changed AS (
    SELECT o."contestId" AS oc, o."submissionId" AS os, o."round" AS oround, o."releasedAt" AS orel,
      o."scored" AS osc, n."contestId" AS nc, n."submissionId" AS ns, n."round" AS nround,
      n."releasedAt" AS nrel, n."scored" AS nsc
    FROM old_rows o JOIN new_rows n ON n."id" = o."id"
    WHERE (o."contestId", o."submissionId", o."round", o."releasedAt", o."scored")
      IS DISTINCT FROM (n."contestId", n."submissionId", n."round", n."releasedAt", n."scored")),
  moves AS (
    SELECT oc AS c, os AS sid, oround AS r, -1 AS dn, -(osc::int) AS ds FROM changed WHERE orel IS NULL
    UNION ALL
    SELECT nc, ns, nround, 1, nsc::int FROM changed WHERE nrel IS NULL)
  INSERT INTO "ContestTally" ("contestId", "kind", "divisionId", "round", "n", "scored")
  SELECT m.c, 'judging', COALESCE(s."divisionId", ''), m.r, SUM(m.dn)::int, SUM(m.ds)::int
  FROM moves m JOIN "Submission" s ON s."id" = m.sid
  WHERE EXISTS (SELECT 1 FROM "Contest" x WHERE x."id" = m.c)
  GROUP BY m.c, COALESCE(s."divisionId", ''), m.r
  HAVING SUM(m.dn) <> 0 OR SUM(m.ds) <> 0
  ON CONFLICT ("contestId", "kind", "status", "divisionId", "round", "flag")
  DO UPDATE SET "n" = "ContestTally"."n" + EXCLUDED."n", "scored" = "ContestTally"."scored" + EXCLUDED."scored";
  RETURN NULL;
END;
$$;
CREATE TRIGGER "JudgeAssignment_tally_update" AFTER UPDATE ON "JudgeAssignment"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION "inkwell_assignments_moved_tally"();
CREATE TRIGGER "JudgeAssignment_tally_delete" AFTER DELETE ON "JudgeAssignment"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT
  EXECUTE FUNCTION "inkwell_assignments_moved_tally"();

-- Scores added or deleted mark their assignments (ADR 0061) in one statement, so the judging
-- counters above move once for all of them (the bench's 60,000 scores written in one statement).
-- A score's change of submission time or assignment stays a row trigger (one judge's save).
DROP TRIGGER "Score_queue_insert" ON "Score";
DROP TRIGGER "Score_queue_delete" ON "Score";
CREATE FUNCTION "inkwell_scores_queue"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE "JudgeAssignment" SET "scoredAt" = NULL, "scored" = false
    WHERE "id" IN (SELECT "assignmentId" FROM old_rows);
  ELSE
    UPDATE "JudgeAssignment" a SET "scoredAt" = n."submittedAt", "scored" = (n."submittedAt" IS NOT NULL)
    FROM new_rows n WHERE a."id" = n."assignmentId";
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER "Score_queue_insert" AFTER INSERT ON "Score"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "inkwell_scores_queue"();
CREATE TRIGGER "Score_queue_delete" AFTER DELETE ON "Score"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "inkwell_scores_queue"();

-- Entries moved between divisions: their entry counters and their live assignments' judging
-- counters, once a statement. The entry counters' deferred row trigger (ADR 0064, for the rush)
-- keeps every other change of an entry; a row whose division changed is counted here alone.
DROP TRIGGER "Submission_tally_division" ON "Submission";
DROP TRIGGER "Submission_tally_update" ON "Submission";
CREATE CONSTRAINT TRIGGER "Submission_tally_update" AFTER UPDATE OF "contestId", "status", "mentionsEntrant" ON "Submission"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD."divisionId" IS NOT DISTINCT FROM NEW."divisionId" AND (OLD."contestId" IS DISTINCT FROM NEW."contestId"
    OR OLD."status" IS DISTINCT FROM NEW."status" OR OLD."mentionsEntrant" IS DISTINCT FROM NEW."mentionsEntrant"))
  EXECUTE FUNCTION "inkwell_entry_tally"();

CREATE FUNCTION "inkwell_entries_moved_division"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH moved AS (
    SELECT n."id", o."contestId" AS oc, o."status"::text AS ost, COALESCE(o."divisionId", '') AS od,
      o."mentionsEntrant" AS ome, n."contestId" AS nc, n."status"::text AS nst,
      COALESCE(n."divisionId", '') AS nd, n."mentionsEntrant" AS nme
    FROM old_rows o JOIN new_rows n ON n."id" = o."id"
    WHERE o."divisionId" IS DISTINCT FROM n."divisionId"),
  entry_moves AS (
    SELECT oc AS c, 'entry' AS k, ost AS st, od AS d, 0 AS r, ome AS f, -1 AS dn, 0 AS ds FROM moved
    UNION ALL
    SELECT nc, 'entry', nst, nd, 0, nme, 1, 0 FROM moved),
  judging AS (
    SELECT a."contestId" AS c, a."round" AS r, m.od, m.nd, COUNT(*)::int AS n,
      (COUNT(*) FILTER (WHERE a."scored"))::int AS sc
    FROM moved m JOIN "JudgeAssignment" a ON a."submissionId" = m."id" AND a."releasedAt" IS NULL
    GROUP BY a."contestId", a."round", m.od, m.nd),
  moves AS (
    SELECT * FROM entry_moves
    UNION ALL SELECT c, 'judging', '', od, r, false, -n, -sc FROM judging
    UNION ALL SELECT c, 'judging', '', nd, r, false, n, sc FROM judging)
  INSERT INTO "ContestTally" ("contestId", "kind", "status", "divisionId", "round", "flag", "n", "scored")
  SELECT c, k, st, d, r, f, SUM(dn)::int, SUM(ds)::int FROM moves
  WHERE EXISTS (SELECT 1 FROM "Contest" x WHERE x."id" = moves.c)
  GROUP BY c, k, st, d, r, f
  HAVING SUM(dn) <> 0 OR SUM(ds) <> 0
  ON CONFLICT ("contestId", "kind", "status", "divisionId", "round", "flag")
  DO UPDATE SET "n" = "ContestTally"."n" + EXCLUDED."n", "scored" = "ContestTally"."scored" + EXCLUDED."scored";
  RETURN NULL;
END;
$$;
CREATE TRIGGER "Submission_tally_division" AFTER UPDATE ON "Submission"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION "inkwell_entries_moved_division"();

-- The ranking's version (ADR 0059) moves once a transaction and contest, not once for each of its
-- summaries' changes: it is read only after COMMIT, where it has moved by at least one. A bulk
-- change of 20,000 summaries bumped the one row 20,000 times (and three times a score). The
-- transaction-local setting goes back with a rolled-back savepoint, as the bump does.
CREATE OR REPLACE FUNCTION "inkwell_ranking_version"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE c TEXT;
BEGIN
  FOREACH c IN ARRAY ARRAY[
    CASE WHEN TG_OP IN ('UPDATE', 'DELETE') THEN OLD."contestId" END,
    CASE WHEN TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW."contestId" <> OLD."contestId") THEN NEW."contestId" END]
  LOOP
    CONTINUE WHEN c IS NULL OR current_setting('inkwell.version_' || md5(c), true) = '1';
    INSERT INTO "RankingVersion" ("contestId", "version") VALUES (c, 1)
    ON CONFLICT ("contestId") DO UPDATE SET "version" = "RankingVersion"."version" + 1;
    PERFORM set_config('inkwell.version_' || md5(c), '1', true);
  END LOOP;
  RETURN NULL;
END
$$;

-- An entry's "unassigned" state (ADR 0064) when assignments change or go: counted from one pass
-- over the statement's rows, grouped by entry. The functions they replace joined the changed
-- entries to the statement's live ones, which the planner (no statistics on transition tables,
-- a filter read as one row) joined in a nested loop: 20,000 × 20,000 entries, 200 s for a contest's
-- 60,000 pairs released (docs/decisions/0073-bulk-writes-on-postgresql.md). An entry had a live
-- round-1 judge before the statement when its live round-1 rows now, less the statement's new
-- ones, plus its old ones, are more than none; a deleting statement's entries all had one.
CREATE OR REPLACE FUNCTION "inkwell_assignments_changed_unassigned"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH pairs AS (
    SELECT o."submissionId" AS os, n."submissionId" AS ns,
      (o."submissionId" IS NOT NULL AND o."round" = 1 AND o."releasedAt" IS NULL) AS olive,
      (n."submissionId" IS NOT NULL AND n."round" = 1 AND n."releasedAt" IS NULL) AS nlive,
      -- Only rows whose entry, round or release changed (the queue's triggers update many rows'
      -- other columns).
      (o."submissionId", o."round", o."releasedAt" IS NULL)
        IS DISTINCT FROM (n."submissionId", n."round", n."releasedAt" IS NULL) AS changed
    FROM old_rows o JOIN new_rows n ON n."id" = o."id"),
  per AS (
    SELECT u.id, SUM(u.ok) AS ok, SUM(u.nk) AS nk, bool_or(u.changed) AS changed
    FROM (SELECT os AS id, olive::int AS ok, 0 AS nk, changed FROM pairs
      UNION ALL SELECT ns, 0, nlive::int, changed FROM pairs) u
    WHERE u.id IS NOT NULL GROUP BY u.id),
  x AS (
    SELECT per.id, live.k - per.nk + per.ok > 0 AS before, live.k > 0 AS after
    FROM per, LATERAL (SELECT COUNT(*) AS k FROM "JudgeAssignment" a WHERE a."submissionId" = per.id
      AND a."round" = 1 AND a."releasedAt" IS NULL) live
    WHERE per.changed)
  INSERT INTO "ContestTally" ("contestId", "kind", "n")
  SELECT s."contestId", 'unassigned', SUM(CASE WHEN x.before THEN 1 ELSE -1 END)
  FROM x JOIN "Submission" s ON s."id" = x.id AND s."status" = 'submitted'
  WHERE x.before <> x.after
  GROUP BY s."contestId"
  ON CONFLICT ("contestId", "kind", "status", "divisionId", "round", "flag")
  DO UPDATE SET "n" = "ContestTally"."n" + EXCLUDED."n";
  RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION "inkwell_assignments_removed_unassigned"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "ContestTally" ("contestId", "kind", "n")
  SELECT s."contestId", 'unassigned', COUNT(*)
  FROM (SELECT DISTINCT o."submissionId" AS id FROM old_rows o
      WHERE o."submissionId" IS NOT NULL AND o."round" = 1 AND o."releasedAt" IS NULL) c
    JOIN "Submission" s ON s."id" = c.id AND s."status" = 'submitted'
  WHERE NOT EXISTS (SELECT 1 FROM "JudgeAssignment" a WHERE a."submissionId" = c.id
    AND a."round" = 1 AND a."releasedAt" IS NULL)
  GROUP BY s."contestId"
  ON CONFLICT ("contestId", "kind", "status", "divisionId", "round", "flag")
  DO UPDATE SET "n" = "ContestTally"."n" + EXCLUDED."n";
  RETURN NULL;
END;
$$;

-- Scores added or deleted move their entries' summaries (count, hundredths, average: the init
-- migration; spread: 20270105000000_summary_spread) once an entry and statement: a contest's
-- 60,000 scores deleted with their assignments updated each summary three times a score, 35 s
-- of the delete's 39 (ADR 0073). A score's change stays a row trigger (one judge's save).
DROP TRIGGER "Score_summary_insert" ON "Score";
DROP TRIGGER "Score_summary_delete" ON "Score";
DROP TRIGGER "Score_spread_insert" ON "Score";
DROP TRIGGER "Score_spread_delete" ON "Score";
CREATE FUNCTION "inkwell_scores_summary"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
  WITH d AS (
    SELECT "submissionId" AS id, -COUNT(*)::int AS k, -SUM(ROUND(("total" * 100)::numeric)::integer)::int AS h
    FROM old_rows WHERE "submittedAt" IS NOT NULL GROUP BY 1)
  UPDATE "SubmissionScoreSummary" m SET "scored" = m."scored" + d.k, "hundredths" = m."hundredths" + d.h,
    "average" = CASE WHEN m."scored" + d.k > 0
      THEN FLOOR((m."hundredths" + d.h)::numeric / (m."scored" + d.k) + 0.5 + 1e-9) / 100.0 END,
    "spread" = (SELECT CASE WHEN COUNT(*) >= 2
        THEN MAX(ROUND((sc."total" * 100)::numeric)::integer) - MIN(ROUND((sc."total" * 100)::numeric)::integer) END
      FROM "Score" sc WHERE sc."submissionId" = m."submissionId" AND sc."submittedAt" IS NOT NULL)
  FROM d WHERE m."submissionId" = d.id;
  ELSE
  WITH d AS (
    SELECT "submissionId" AS id, COUNT(*)::int AS k, SUM(ROUND(("total" * 100)::numeric)::integer)::int AS h
    FROM new_rows WHERE "submittedAt" IS NOT NULL GROUP BY 1)
  UPDATE "SubmissionScoreSummary" m SET "scored" = m."scored" + d.k, "hundredths" = m."hundredths" + d.h,
    "average" = CASE WHEN m."scored" + d.k > 0
      THEN FLOOR((m."hundredths" + d.h)::numeric / (m."scored" + d.k) + 0.5 + 1e-9) / 100.0 END,
    "spread" = (SELECT CASE WHEN COUNT(*) >= 2
        THEN MAX(ROUND((sc."total" * 100)::numeric)::integer) - MIN(ROUND((sc."total" * 100)::numeric)::integer) END
      FROM "Score" sc WHERE sc."submissionId" = m."submissionId" AND sc."submittedAt" IS NOT NULL)
  FROM d WHERE m."submissionId" = d.id;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER "Score_summary_insert" AFTER INSERT ON "Score"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "inkwell_scores_summary"();
CREATE TRIGGER "Score_summary_delete" AFTER DELETE ON "Score"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "inkwell_scores_summary"();
