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

-- Submitted entries with no judge in round 1 (kind "unassigned"): an entry counts while it is
-- submitted and has no live round-1 assignment.
INSERT INTO "ContestTally" ("contestId", "kind", "n")
SELECT s."contestId", 'unassigned', COUNT(*)
FROM "Submission" s INDEXED BY "Submission_division_list_idx"
WHERE s."status" = 'submitted' AND NOT EXISTS (
  SELECT 1 FROM "JudgeAssignment" a WHERE a."submissionId" = s."id" AND a."round" = 1 AND a."releasedAt" IS NULL)
GROUP BY s."contestId";

CREATE TRIGGER "Submission_unassigned_insert" AFTER INSERT ON "Submission"
WHEN NEW."status" = 'submitted' BEGIN
  INSERT INTO "ContestTally" ("contestId", "kind", "n") VALUES (NEW."contestId", 'unassigned', 1)
  ON CONFLICT ("contestId", "kind", "status", "divisionId", "round", "flag") DO UPDATE SET "n" = "n" + excluded."n";
END;

CREATE TRIGGER "Submission_unassigned_update" AFTER UPDATE OF "status", "contestId" ON "Submission"
WHEN (OLD."status" = 'submitted') IS NOT (NEW."status" = 'submitted') OR OLD."contestId" IS NOT NEW."contestId" BEGIN
  INSERT INTO "ContestTally" ("contestId", "kind", "n")
  SELECT OLD."contestId", 'unassigned', -1
  WHERE OLD."status" = 'submitted' AND NOT EXISTS (SELECT 1 FROM "JudgeAssignment" a
    WHERE a."submissionId" = NEW."id" AND a."round" = 1 AND a."releasedAt" IS NULL)
  ON CONFLICT ("contestId", "kind", "status", "divisionId", "round", "flag") DO UPDATE SET "n" = "n" + excluded."n";
  INSERT INTO "ContestTally" ("contestId", "kind", "n")
  SELECT NEW."contestId", 'unassigned', 1
  WHERE NEW."status" = 'submitted' AND NOT EXISTS (SELECT 1 FROM "JudgeAssignment" a
    WHERE a."submissionId" = NEW."id" AND a."round" = 1 AND a."releasedAt" IS NULL)
  ON CONFLICT ("contestId", "kind", "status", "divisionId", "round", "flag") DO UPDATE SET "n" = "n" + excluded."n";
END;

CREATE TRIGGER "Submission_unassigned_delete" BEFORE DELETE ON "Submission"
WHEN OLD."status" = 'submitted' BEGIN
  INSERT INTO "ContestTally" ("contestId", "kind", "n")
  SELECT OLD."contestId", 'unassigned', -1
  WHERE NOT EXISTS (SELECT 1 FROM "JudgeAssignment" a
    WHERE a."submissionId" = OLD."id" AND a."round" = 1 AND a."releasedAt" IS NULL)
  ON CONFLICT ("contestId", "kind", "status", "divisionId", "round", "flag") DO UPDATE SET "n" = "n" + excluded."n";
END;

-- An assignment that is (or stops being) an entry's first live round-1 judge.
CREATE TRIGGER "JudgeAssignment_unassigned_insert" AFTER INSERT ON "JudgeAssignment"
WHEN NEW."submissionId" IS NOT NULL AND NEW."round" = 1 AND NEW."releasedAt" IS NULL BEGIN
  INSERT INTO "ContestTally" ("contestId", "kind", "n")
  SELECT s."contestId", 'unassigned', -1
  FROM "Submission" s INDEXED BY "Submission_id_covering_idx"
  WHERE s."id" = NEW."submissionId" AND s."status" = 'submitted' AND NOT EXISTS (SELECT 1 FROM "JudgeAssignment" a
    WHERE a."submissionId" = NEW."submissionId" AND a."round" = 1 AND a."releasedAt" IS NULL AND a."id" <> NEW."id")
  ON CONFLICT ("contestId", "kind", "status", "divisionId", "round", "flag") DO UPDATE SET "n" = "n" + excluded."n";
END;

CREATE TRIGGER "JudgeAssignment_unassigned_update" AFTER UPDATE OF "submissionId", "round", "releasedAt" ON "JudgeAssignment"
WHEN NOT (OLD."submissionId" IS NOT NULL AND OLD."round" = 1 AND OLD."releasedAt" IS NULL
    AND NEW."round" = 1 AND NEW."releasedAt" IS NULL AND NEW."submissionId" IS OLD."submissionId")
  AND ((OLD."submissionId" IS NOT NULL AND OLD."round" = 1 AND OLD."releasedAt" IS NULL)
    OR (NEW."submissionId" IS NOT NULL AND NEW."round" = 1 AND NEW."releasedAt" IS NULL)) BEGIN
  INSERT INTO "ContestTally" ("contestId", "kind", "n")
  SELECT s."contestId", 'unassigned', 1
  FROM "Submission" s INDEXED BY "Submission_id_covering_idx"
  WHERE OLD."round" = 1 AND OLD."releasedAt" IS NULL
    AND s."id" = OLD."submissionId" AND s."status" = 'submitted' AND NOT EXISTS (SELECT 1 FROM "JudgeAssignment" a
    WHERE a."submissionId" = OLD."submissionId" AND a."round" = 1 AND a."releasedAt" IS NULL)
  ON CONFLICT ("contestId", "kind", "status", "divisionId", "round", "flag") DO UPDATE SET "n" = "n" + excluded."n";
  INSERT INTO "ContestTally" ("contestId", "kind", "n")
  SELECT s."contestId", 'unassigned', -1
  FROM "Submission" s INDEXED BY "Submission_id_covering_idx"
  WHERE NEW."round" = 1 AND NEW."releasedAt" IS NULL
    AND s."id" = NEW."submissionId" AND s."status" = 'submitted' AND NOT EXISTS (SELECT 1 FROM "JudgeAssignment" a
    WHERE a."submissionId" = NEW."submissionId" AND a."round" = 1 AND a."releasedAt" IS NULL AND a."id" <> NEW."id")
  ON CONFLICT ("contestId", "kind", "status", "divisionId", "round", "flag") DO UPDATE SET "n" = "n" + excluded."n";
END;

CREATE TRIGGER "JudgeAssignment_unassigned_delete" AFTER DELETE ON "JudgeAssignment"
WHEN OLD."submissionId" IS NOT NULL AND OLD."round" = 1 AND OLD."releasedAt" IS NULL BEGIN
  INSERT INTO "ContestTally" ("contestId", "kind", "n")
  SELECT s."contestId", 'unassigned', 1
  FROM "Submission" s INDEXED BY "Submission_id_covering_idx"
  WHERE s."id" = OLD."submissionId" AND s."status" = 'submitted' AND NOT EXISTS (SELECT 1 FROM "JudgeAssignment" a
    WHERE a."submissionId" = OLD."submissionId" AND a."round" = 1 AND a."releasedAt" IS NULL)
  ON CONFLICT ("contestId", "kind", "status", "divisionId", "round", "flag") DO UPDATE SET "n" = "n" + excluded."n";
END;

-- Entries waiting for a parent's consent (kind "consent"): entered or paid for, by a writer with a
-- parent's e-mail and no consent yet. A child's entry moves one of sixteen rows of its contest
-- ("round" 0-15, from the writer's id), so children entering at once do not all wait on one row;
-- the page sums them.
INSERT INTO "ContestTally" ("contestId", "kind", "round", "n")
SELECT s."contestId", 'consent', unicode(substr(s."entrantId", -1)) % 16, COUNT(*)
FROM "User" u JOIN "Submission" s ON s."entrantId" = u."id"
WHERE u."parentEmail" IS NOT NULL AND u."parentConsentAt" IS NULL
  AND s."status" IN ('pending_payment', 'submitted')
GROUP BY s."contestId", unicode(substr(s."entrantId", -1)) % 16;

CREATE TRIGGER "Submission_consent_insert" AFTER INSERT ON "Submission"
WHEN NEW."status" IN ('pending_payment', 'submitted') BEGIN
  INSERT INTO "ContestTally" ("contestId", "kind", "round", "n")
  SELECT NEW."contestId", 'consent', unicode(substr(NEW."entrantId", -1)) % 16, 1 FROM "User" u
  WHERE u."id" = NEW."entrantId" AND u."parentEmail" IS NOT NULL AND u."parentConsentAt" IS NULL
  ON CONFLICT ("contestId", "kind", "status", "divisionId", "round", "flag") DO UPDATE SET "n" = "n" + excluded."n";
END;

CREATE TRIGGER "Submission_consent_update" AFTER UPDATE OF "status", "entrantId", "contestId" ON "Submission"
WHEN OLD."status" IS NOT NEW."status" OR OLD."entrantId" IS NOT NEW."entrantId" OR OLD."contestId" IS NOT NEW."contestId" BEGIN
  INSERT INTO "ContestTally" ("contestId", "kind", "round", "n")
  SELECT OLD."contestId", 'consent', unicode(substr(OLD."entrantId", -1)) % 16, -1 FROM "User" u
  WHERE OLD."status" IN ('pending_payment', 'submitted')
    AND u."id" = OLD."entrantId" AND u."parentEmail" IS NOT NULL AND u."parentConsentAt" IS NULL
  ON CONFLICT ("contestId", "kind", "status", "divisionId", "round", "flag") DO UPDATE SET "n" = "n" + excluded."n";
  INSERT INTO "ContestTally" ("contestId", "kind", "round", "n")
  SELECT NEW."contestId", 'consent', unicode(substr(NEW."entrantId", -1)) % 16, 1 FROM "User" u
  WHERE NEW."status" IN ('pending_payment', 'submitted')
    AND u."id" = NEW."entrantId" AND u."parentEmail" IS NOT NULL AND u."parentConsentAt" IS NULL
  ON CONFLICT ("contestId", "kind", "status", "divisionId", "round", "flag") DO UPDATE SET "n" = "n" + excluded."n";
END;

-- (A writer deleted takes their entries out first, below: then the writer is gone.)
CREATE TRIGGER "Submission_consent_delete" AFTER DELETE ON "Submission"
WHEN OLD."status" IN ('pending_payment', 'submitted') BEGIN
  INSERT INTO "ContestTally" ("contestId", "kind", "round", "n")
  SELECT OLD."contestId", 'consent', unicode(substr(OLD."entrantId", -1)) % 16, -1 FROM "User" u
  WHERE u."id" = OLD."entrantId" AND u."parentEmail" IS NOT NULL AND u."parentConsentAt" IS NULL
  ON CONFLICT ("contestId", "kind", "status", "divisionId", "round", "flag") DO UPDATE SET "n" = "n" + excluded."n";
END;

CREATE TRIGGER "User_consent_update" AFTER UPDATE OF "parentEmail", "parentConsentAt" ON "User"
WHEN (OLD."parentEmail" IS NOT NULL AND OLD."parentConsentAt" IS NULL)
  IS NOT (NEW."parentEmail" IS NOT NULL AND NEW."parentConsentAt" IS NULL) BEGIN
  INSERT INTO "ContestTally" ("contestId", "kind", "round", "n")
  SELECT s."contestId", 'consent', unicode(substr(NEW."id", -1)) % 16,
    CASE WHEN NEW."parentEmail" IS NOT NULL AND NEW."parentConsentAt" IS NULL THEN COUNT(*) ELSE -COUNT(*) END
  FROM "Submission" s WHERE s."entrantId" = NEW."id" AND s."status" IN ('pending_payment', 'submitted')
  GROUP BY s."contestId"
  ON CONFLICT ("contestId", "kind", "status", "divisionId", "round", "flag") DO UPDATE SET "n" = "n" + excluded."n";
END;

CREATE TRIGGER "User_consent_delete" BEFORE DELETE ON "User"
WHEN OLD."parentEmail" IS NOT NULL AND OLD."parentConsentAt" IS NULL BEGIN
  INSERT INTO "ContestTally" ("contestId", "kind", "round", "n")
  SELECT s."contestId", 'consent', unicode(substr(OLD."id", -1)) % 16, -COUNT(*)
  FROM "Submission" s WHERE s."entrantId" = OLD."id" AND s."status" IN ('pending_payment', 'submitted')
  GROUP BY s."contestId"
  ON CONFLICT ("contestId", "kind", "status", "divisionId", "round", "flag") DO UPDATE SET "n" = "n" + excluded."n";
END;
