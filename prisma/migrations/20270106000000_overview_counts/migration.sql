-- The contest's Overview reads counters, not the contest (docs/decisions/0064-overview-counts.md):
-- entries by status, division and flag; payments by status; live assignments of entries by round
-- and division with their submitted scores. Kept by triggers in the statement of every change.
-- No table is redefined, so no other trigger has to be recreated (ADR 0021).
CREATE TABLE "ContestTally" (
    "contestId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT '',
    "divisionId" TEXT NOT NULL DEFAULT '',
    "round" INTEGER NOT NULL DEFAULT 0,
    "flag" BOOLEAN NOT NULL DEFAULT false,
    "n" INTEGER NOT NULL DEFAULT 0,
    "scored" INTEGER NOT NULL DEFAULT 0,

    PRIMARY KEY ("contestId", "kind", "status", "divisionId", "round", "flag")
);

-- Backfill, from the indexes the Overview counted with (ADR 0058).
INSERT INTO "ContestTally" ("contestId", "kind", "status", "divisionId", "round", "flag", "n")
SELECT "contestId", 'entry', "status", COALESCE("divisionId", ''), 0, "mentionsEntrant", COUNT(*)
FROM "Submission" INDEXED BY "Submission_division_list_idx"
GROUP BY "contestId", "status", COALESCE("divisionId", ''), "mentionsEntrant";

INSERT INTO "ContestTally" ("contestId", "kind", "status", "n")
SELECT "contestId", 'payment', "status", COUNT(*) FROM "Payment" GROUP BY "contestId", "status";

INSERT INTO "ContestTally" ("contestId", "kind", "divisionId", "round", "n", "scored")
SELECT a."contestId", 'judging', COALESCE(s."divisionId", ''), a."round", COUNT(*), SUM(a."scored")
FROM "JudgeAssignment" a
JOIN "Submission" s INDEXED BY "Submission_id_covering_idx" ON s."id" = a."submissionId" AND s."contestId" = a."contestId"
WHERE a."releasedAt" IS NULL
GROUP BY a."contestId", COALESCE(s."divisionId", ''), a."round";

-- Entries: one row of the entry's own columns out, one in.
CREATE TRIGGER "Submission_tally_insert" AFTER INSERT ON "Submission" BEGIN
  INSERT INTO "ContestTally" ("contestId", "kind", "status", "divisionId", "round", "flag", "n")
  VALUES (NEW."contestId", 'entry', NEW."status", COALESCE(NEW."divisionId", ''), 0, NEW."mentionsEntrant", 1)
  ON CONFLICT ("contestId", "kind", "status", "divisionId", "round", "flag") DO UPDATE SET "n" = "n" + excluded."n";
END;

CREATE TRIGGER "Submission_tally_update" AFTER UPDATE OF "contestId", "status", "divisionId", "mentionsEntrant" ON "Submission"
WHEN OLD."contestId" IS NOT NEW."contestId" OR OLD."status" IS NOT NEW."status"
  OR OLD."divisionId" IS NOT NEW."divisionId" OR OLD."mentionsEntrant" IS NOT NEW."mentionsEntrant" BEGIN
  INSERT INTO "ContestTally" ("contestId", "kind", "status", "divisionId", "round", "flag", "n")
  VALUES (OLD."contestId", 'entry', OLD."status", COALESCE(OLD."divisionId", ''), 0, OLD."mentionsEntrant", -1)
  ON CONFLICT ("contestId", "kind", "status", "divisionId", "round", "flag") DO UPDATE SET "n" = "n" + excluded."n";
  INSERT INTO "ContestTally" ("contestId", "kind", "status", "divisionId", "round", "flag", "n")
  VALUES (NEW."contestId", 'entry', NEW."status", COALESCE(NEW."divisionId", ''), 0, NEW."mentionsEntrant", 1)
  ON CONFLICT ("contestId", "kind", "status", "divisionId", "round", "flag") DO UPDATE SET "n" = "n" + excluded."n";
END;

CREATE TRIGGER "Submission_tally_delete" AFTER DELETE ON "Submission" BEGIN
  INSERT INTO "ContestTally" ("contestId", "kind", "status", "divisionId", "round", "flag", "n")
  VALUES (OLD."contestId", 'entry', OLD."status", COALESCE(OLD."divisionId", ''), 0, OLD."mentionsEntrant", -1)
  ON CONFLICT ("contestId", "kind", "status", "divisionId", "round", "flag") DO UPDATE SET "n" = "n" + excluded."n";
END;

-- Payments by status.
CREATE TRIGGER "Payment_tally_insert" AFTER INSERT ON "Payment" BEGIN
  INSERT INTO "ContestTally" ("contestId", "kind", "status", "n") VALUES (NEW."contestId", 'payment', NEW."status", 1)
  ON CONFLICT ("contestId", "kind", "status", "divisionId", "round", "flag") DO UPDATE SET "n" = "n" + excluded."n";
END;

CREATE TRIGGER "Payment_tally_update" AFTER UPDATE OF "contestId", "status" ON "Payment"
WHEN OLD."contestId" IS NOT NEW."contestId" OR OLD."status" IS NOT NEW."status" BEGIN
  INSERT INTO "ContestTally" ("contestId", "kind", "status", "n") VALUES (OLD."contestId", 'payment', OLD."status", -1)
  ON CONFLICT ("contestId", "kind", "status", "divisionId", "round", "flag") DO UPDATE SET "n" = "n" + excluded."n";
  INSERT INTO "ContestTally" ("contestId", "kind", "status", "n") VALUES (NEW."contestId", 'payment', NEW."status", 1)
  ON CONFLICT ("contestId", "kind", "status", "divisionId", "round", "flag") DO UPDATE SET "n" = "n" + excluded."n";
END;

CREATE TRIGGER "Payment_tally_delete" AFTER DELETE ON "Payment" BEGIN
  INSERT INTO "ContestTally" ("contestId", "kind", "status", "n") VALUES (OLD."contestId", 'payment', OLD."status", -1)
  ON CONFLICT ("contestId", "kind", "status", "divisionId", "round", "flag") DO UPDATE SET "n" = "n" + excluded."n";
END;

-- Judging progress: a live assignment (of an entry, not released) counts in its round and its
-- entry's division; "scored" is the assignment's own column (ADR 0061). The division is read from
-- the entry's covering index, never its row (ADR 0058). An assignment whose entry is gone (deleted
-- with it) was taken out by the entry's own trigger below.
CREATE TRIGGER "JudgeAssignment_tally_insert" AFTER INSERT ON "JudgeAssignment"
WHEN NEW."submissionId" IS NOT NULL AND NEW."releasedAt" IS NULL BEGIN
  INSERT INTO "ContestTally" ("contestId", "kind", "divisionId", "round", "n", "scored")
  SELECT NEW."contestId", 'judging', COALESCE(s."divisionId", ''), NEW."round", 1, NEW."scored"
  FROM "Submission" s INDEXED BY "Submission_id_covering_idx" WHERE s."id" = NEW."submissionId"
  ON CONFLICT ("contestId", "kind", "status", "divisionId", "round", "flag")
  DO UPDATE SET "n" = "n" + excluded."n", "scored" = "scored" + excluded."scored";
END;

CREATE TRIGGER "JudgeAssignment_tally_update" AFTER UPDATE OF "contestId", "submissionId", "round", "releasedAt", "scored" ON "JudgeAssignment"
WHEN OLD."contestId" IS NOT NEW."contestId" OR OLD."submissionId" IS NOT NEW."submissionId"
  OR OLD."round" IS NOT NEW."round" OR OLD."releasedAt" IS NOT NEW."releasedAt" OR OLD."scored" IS NOT NEW."scored" BEGIN
  INSERT INTO "ContestTally" ("contestId", "kind", "divisionId", "round", "n", "scored")
  SELECT OLD."contestId", 'judging', COALESCE(s."divisionId", ''), OLD."round", -1, -OLD."scored"
  FROM "Submission" s INDEXED BY "Submission_id_covering_idx"
  WHERE s."id" = OLD."submissionId" AND OLD."releasedAt" IS NULL
  ON CONFLICT ("contestId", "kind", "status", "divisionId", "round", "flag")
  DO UPDATE SET "n" = "n" + excluded."n", "scored" = "scored" + excluded."scored";
  INSERT INTO "ContestTally" ("contestId", "kind", "divisionId", "round", "n", "scored")
  SELECT NEW."contestId", 'judging', COALESCE(s."divisionId", ''), NEW."round", 1, NEW."scored"
  FROM "Submission" s INDEXED BY "Submission_id_covering_idx"
  WHERE s."id" = NEW."submissionId" AND NEW."releasedAt" IS NULL
  ON CONFLICT ("contestId", "kind", "status", "divisionId", "round", "flag")
  DO UPDATE SET "n" = "n" + excluded."n", "scored" = "scored" + excluded."scored";
END;

CREATE TRIGGER "JudgeAssignment_tally_delete" AFTER DELETE ON "JudgeAssignment"
WHEN OLD."submissionId" IS NOT NULL AND OLD."releasedAt" IS NULL BEGIN
  INSERT INTO "ContestTally" ("contestId", "kind", "divisionId", "round", "n", "scored")
  SELECT OLD."contestId", 'judging', COALESCE(s."divisionId", ''), OLD."round", -1, -OLD."scored"
  FROM "Submission" s INDEXED BY "Submission_id_covering_idx" WHERE s."id" = OLD."submissionId"
  ON CONFLICT ("contestId", "kind", "status", "divisionId", "round", "flag")
  DO UPDATE SET "n" = "n" + excluded."n", "scored" = "scored" + excluded."scored";
END;

-- An entry moved to another division: its live assignments move with it. An entry deleted: its
-- live assignments leave (before the row goes, while its division can still be read).
CREATE TRIGGER "Submission_tally_division" AFTER UPDATE OF "divisionId" ON "Submission"
WHEN OLD."divisionId" IS NOT NEW."divisionId" BEGIN
  INSERT INTO "ContestTally" ("contestId", "kind", "divisionId", "round", "n", "scored")
  SELECT a."contestId", 'judging', COALESCE(OLD."divisionId", ''), a."round", -COUNT(*), -SUM(a."scored")
  FROM "JudgeAssignment" a WHERE a."submissionId" = NEW."id" AND a."releasedAt" IS NULL
  GROUP BY a."contestId", a."round"
  ON CONFLICT ("contestId", "kind", "status", "divisionId", "round", "flag")
  DO UPDATE SET "n" = "n" + excluded."n", "scored" = "scored" + excluded."scored";
  INSERT INTO "ContestTally" ("contestId", "kind", "divisionId", "round", "n", "scored")
  SELECT a."contestId", 'judging', COALESCE(NEW."divisionId", ''), a."round", COUNT(*), SUM(a."scored")
  FROM "JudgeAssignment" a WHERE a."submissionId" = NEW."id" AND a."releasedAt" IS NULL
  GROUP BY a."contestId", a."round"
  ON CONFLICT ("contestId", "kind", "status", "divisionId", "round", "flag")
  DO UPDATE SET "n" = "n" + excluded."n", "scored" = "scored" + excluded."scored";
END;

CREATE TRIGGER "Submission_tally_judging_delete" BEFORE DELETE ON "Submission" BEGIN
  INSERT INTO "ContestTally" ("contestId", "kind", "divisionId", "round", "n", "scored")
  SELECT a."contestId", 'judging', COALESCE(OLD."divisionId", ''), a."round", -COUNT(*), -SUM(a."scored")
  FROM "JudgeAssignment" a WHERE a."submissionId" = OLD."id" AND a."releasedAt" IS NULL
  GROUP BY a."contestId", a."round"
  ON CONFLICT ("contestId", "kind", "status", "divisionId", "round", "flag")
  DO UPDATE SET "n" = "n" + excluded."n", "scored" = "scored" + excluded."scored";
END;
