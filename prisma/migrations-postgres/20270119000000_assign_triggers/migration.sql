-- New assignments move the Overview's judging counters and its "unassigned" count in one statement
-- trigger (docs/decisions/0086-assign-insert-pg.md): ADR 0069's and ADR 0070's two triggers each
-- read the statement's new rows and looked their entries up, the first once a row (60,000 lookups
-- of 20,000 entries for auto-assign), the second once an entry. Now the new rows are grouped by
-- contest, entry and round first and each entry is read once, for both counts. Same counts:
-- judging, the live new rows by contest, entry's division and round (only contests that exist);
-- "unassigned", each submitted entry whose live round-1 assignments now are all new ones leaves
-- its contest's count.
DROP TRIGGER "JudgeAssignment_tally_insert" ON "JudgeAssignment";
DROP TRIGGER "JudgeAssignment_unassigned_insert" ON "JudgeAssignment";
DROP FUNCTION "inkwell_assignments_added_tally"();
DROP FUNCTION "inkwell_assignments_added_unassigned"();

CREATE FUNCTION "inkwell_assignments_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "ContestTally" ("contestId", "kind", "divisionId", "round", "n", "scored")
  WITH c AS MATERIALIZED (
    SELECT n."contestId", n."submissionId", n."round", COUNT(*) AS k,
      COUNT(*) FILTER (WHERE n."scored") AS sc
    FROM new_rows n WHERE n."releasedAt" IS NULL AND n."submissionId" IS NOT NULL
    GROUP BY 1, 2, 3),
  e AS MATERIALIZED (
    SELECT c.*, s."divisionId", s."status", s."contestId" AS "entryContestId"
    FROM c JOIN "Submission" s ON s."id" = c."submissionId")
  SELECT e."contestId", 'judging', COALESCE(e."divisionId", ''), e."round", SUM(e.k)::int, SUM(e.sc)::int
  FROM e WHERE EXISTS (SELECT 1 FROM "Contest" x WHERE x."id" = e."contestId")
  GROUP BY e."contestId", COALESCE(e."divisionId", ''), e."round"
  UNION ALL
  SELECT u."entryContestId", 'unassigned', '', 0, -COUNT(*)::int, 0
  FROM (SELECT e."submissionId", e."entryContestId", SUM(e.k) AS k FROM e
      WHERE e."round" = 1 AND e."status" = 'submitted' GROUP BY 1, 2) u
  WHERE (SELECT COUNT(*) FROM "JudgeAssignment" a
    WHERE a."submissionId" = u."submissionId" AND a."round" = 1 AND a."releasedAt" IS NULL) = u.k
  GROUP BY u."entryContestId"
  ON CONFLICT ("contestId", "kind", "status", "divisionId", "round", "flag")
  DO UPDATE SET "n" = "ContestTally"."n" + EXCLUDED."n", "scored" = "ContestTally"."scored" + EXCLUDED."scored";
  RETURN NULL;
END;
$$;
-- Named as ADR 0064's judging trigger was, so tools that list the counter triggers keep finding it.
CREATE TRIGGER "JudgeAssignment_tally_insert" AFTER INSERT ON "JudgeAssignment"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION "inkwell_assignments_added"();
