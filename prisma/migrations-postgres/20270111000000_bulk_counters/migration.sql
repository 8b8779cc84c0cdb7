-- A statement's new assignments move the Overview's judging counters once, grouped, not once a
-- row (docs/decisions/0069-bulk-counters.md): auto-assign's 60,000 pairs were 60,000 calls, each
-- looking up the entry and the contest. Over the statement's new rows (a transition table, as the
-- "unassigned" counter's triggers of ADR 0064): the entry's division is read at the end of the
-- statement, which changes no entry. Counters of a contest that is gone are not written (as
-- "inkwell_tally" since the entry buckets' migration).
DROP TRIGGER "JudgeAssignment_tally_insert" ON "JudgeAssignment";

CREATE FUNCTION "inkwell_assignments_added_tally"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "ContestTally" ("contestId", "kind", "divisionId", "round", "n", "scored")
  SELECT a."contestId", 'judging', COALESCE(s."divisionId", ''), a."round", COUNT(*)::int,
    (COUNT(*) FILTER (WHERE a."scored"))::int
  FROM new_rows a JOIN "Submission" s ON s."id" = a."submissionId"
  WHERE a."releasedAt" IS NULL AND EXISTS (SELECT 1 FROM "Contest" x WHERE x."id" = a."contestId")
  GROUP BY a."contestId", COALESCE(s."divisionId", ''), a."round"
  ON CONFLICT ("contestId", "kind", "status", "divisionId", "round", "flag")
  DO UPDATE SET "n" = "ContestTally"."n" + EXCLUDED."n", "scored" = "ContestTally"."scored" + EXCLUDED."scored";
  RETURN NULL;
END;
$$;
CREATE TRIGGER "JudgeAssignment_tally_insert" AFTER INSERT ON "JudgeAssignment"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION "inkwell_assignments_added_tally"();
