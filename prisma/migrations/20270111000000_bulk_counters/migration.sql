-- The assignments' bulk insert moves the Overview's counters once a statement, not once a row
-- (docs/decisions/0069-bulk-counters.md). While it writes a contest's pairs, a marker row of kind
-- 'bulk' (n = 0) in ContestTally holds the contest's two insert triggers back; the writer
-- (features/assignment/insert.server.ts) then adds the rows it wrote to the counters in one
-- statement each, and takes the marker away, all in its transaction: no other connection ever
-- sees the marker. Every other writer of assignments is counted by the triggers as before (ADR
-- 0064). No table is redefined.
DROP TRIGGER "JudgeAssignment_tally_insert";
CREATE TRIGGER "JudgeAssignment_tally_insert" AFTER INSERT ON "JudgeAssignment"
WHEN NEW."submissionId" IS NOT NULL AND NEW."releasedAt" IS NULL
  AND NOT EXISTS (SELECT 1 FROM "ContestTally" h WHERE h."contestId" = NEW."contestId" AND h."kind" = 'bulk') BEGIN
  INSERT INTO "ContestTally" ("contestId", "kind", "divisionId", "round", "n", "scored")
  SELECT NEW."contestId", 'judging', COALESCE(s."divisionId", ''), NEW."round", 1, NEW."scored"
  FROM "Submission" s INDEXED BY "Submission_id_covering_idx" WHERE s."id" = NEW."submissionId"
  ON CONFLICT ("contestId", "kind", "status", "divisionId", "round", "flag")
  DO UPDATE SET "n" = "n" + excluded."n", "scored" = "scored" + excluded."scored";
END;

DROP TRIGGER "JudgeAssignment_unassigned_insert";
CREATE TRIGGER "JudgeAssignment_unassigned_insert" AFTER INSERT ON "JudgeAssignment"
WHEN NEW."submissionId" IS NOT NULL AND NEW."round" = 1 AND NEW."releasedAt" IS NULL
  AND NOT EXISTS (SELECT 1 FROM "ContestTally" h WHERE h."contestId" = NEW."contestId" AND h."kind" = 'bulk') BEGIN
  INSERT INTO "ContestTally" ("contestId", "kind", "n")
  SELECT s."contestId", 'unassigned', -1
  FROM "Submission" s INDEXED BY "Submission_id_covering_idx"
  WHERE s."id" = NEW."submissionId" AND s."status" = 'submitted' AND NOT EXISTS (SELECT 1 FROM "JudgeAssignment" a
    WHERE a."submissionId" = NEW."submissionId" AND a."round" = 1 AND a."releasedAt" IS NULL AND a."id" <> NEW."id")
  ON CONFLICT ("contestId", "kind", "status", "divisionId", "round", "flag") DO UPDATE SET "n" = "n" + excluded."n";
END;
