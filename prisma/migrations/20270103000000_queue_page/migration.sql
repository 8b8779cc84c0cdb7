-- The judge's queue reads one page of one index (docs/decisions/0061-queue-page.md): what its
-- filter and order need is kept on JudgeAssignment by triggers (no table is redefined here, so no
-- other trigger has to be recreated, ADR 0021).
ALTER TABLE "JudgeAssignment" ADD COLUMN "queued" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "JudgeAssignment" ADD COLUMN "scored" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "JudgeAssignment" ADD COLUMN "scoredAt" DATETIME;
ALTER TABLE "JudgeAssignment" ADD COLUMN "due" DATETIME;

UPDATE "JudgeAssignment" SET
  "queued" = ("submissionId" IS NOT NULL AND "releasedAt" IS NULL AND EXISTS (
    SELECT 1 FROM "Submission" s INDEXED BY "Submission_id_covering_idx"
    WHERE s."id" = "JudgeAssignment"."submissionId" AND s."status" = 'submitted')),
  "scoredAt" = (SELECT sc."submittedAt" FROM "Score" sc WHERE sc."assignmentId" = "JudgeAssignment"."id"),
  "scored" = EXISTS (SELECT 1 FROM "Score" sc
    WHERE sc."assignmentId" = "JudgeAssignment"."id" AND sc."submittedAt" IS NOT NULL),
  "due" = COALESCE(
    (SELECT jr."judgingClose" FROM "JudgingRound" jr
      WHERE jr."contestId" = "JudgeAssignment"."contestId" AND jr."number" = "JudgeAssignment"."round"),
    (SELECT c."judgingClose" FROM "Contest" c WHERE c."id" = "JudgeAssignment"."contestId"));

-- CreateIndex
CREATE INDEX "JudgeAssignment_queue_idx" ON "JudgeAssignment"("judgeId", "queued", "scored", "scoredAt", "due", "createdAt", "id");

-- A new assignment, or one whose entry, round or release changed: in the queue or not, and its due
-- date. (A score needs its assignment first: a new one is unscored.) The entry's status is read
-- from its covering index, never from its row, which holds the story (ADR 0058): auto-assign's
-- 60,000 inserts took 9 times as long reading the rows.
-- The assignments' bulk insert (features/assignment/insert.server.ts) writes both itself: its rows
-- skip the trigger.
CREATE TRIGGER "JudgeAssignment_queue_insert" AFTER INSERT ON "JudgeAssignment"
WHEN NEW."due" IS NULL BEGIN
  UPDATE "JudgeAssignment" SET
    "queued" = (NEW."submissionId" IS NOT NULL AND NEW."releasedAt" IS NULL AND EXISTS (
      SELECT 1 FROM "Submission" s INDEXED BY "Submission_id_covering_idx"
      WHERE s."id" = NEW."submissionId" AND s."status" = 'submitted')),
    "due" = COALESCE(
      (SELECT jr."judgingClose" FROM "JudgingRound" jr WHERE jr."contestId" = NEW."contestId" AND jr."number" = NEW."round"),
      (SELECT c."judgingClose" FROM "Contest" c WHERE c."id" = NEW."contestId"))
  WHERE "id" = NEW."id";
END;

CREATE TRIGGER "JudgeAssignment_queue_update" AFTER UPDATE OF "submissionId", "releasedAt", "contestId", "round" ON "JudgeAssignment" BEGIN
  UPDATE "JudgeAssignment" SET
    "queued" = (NEW."submissionId" IS NOT NULL AND NEW."releasedAt" IS NULL AND EXISTS (
      SELECT 1 FROM "Submission" s INDEXED BY "Submission_id_covering_idx"
      WHERE s."id" = NEW."submissionId" AND s."status" = 'submitted')),
    "due" = COALESCE(
      (SELECT jr."judgingClose" FROM "JudgingRound" jr WHERE jr."contestId" = NEW."contestId" AND jr."number" = NEW."round"),
      (SELECT c."judgingClose" FROM "Contest" c WHERE c."id" = NEW."contestId"))
  WHERE "id" = NEW."id";
END;

-- An entry withdrawn, disqualified or submitted again: its assignments leave or rejoin queues.
CREATE TRIGGER "Submission_queue_update" AFTER UPDATE OF "status" ON "Submission"
WHEN OLD."status" IS NOT NEW."status" BEGIN
  UPDATE "JudgeAssignment" SET "queued" = (NEW."status" = 'submitted' AND "releasedAt" IS NULL)
  WHERE "submissionId" = NEW."id";
END;

-- A score submitted, changed or removed: its assignment's place in the queue.
CREATE TRIGGER "Score_queue_insert" AFTER INSERT ON "Score" BEGIN
  UPDATE "JudgeAssignment" SET "scoredAt" = NEW."submittedAt", "scored" = (NEW."submittedAt" IS NOT NULL)
  WHERE "id" = NEW."assignmentId";
END;

CREATE TRIGGER "Score_queue_update" AFTER UPDATE OF "submittedAt", "assignmentId" ON "Score"
WHEN OLD."submittedAt" IS NOT NEW."submittedAt" OR OLD."assignmentId" IS NOT NEW."assignmentId" BEGIN
  UPDATE "JudgeAssignment" SET "scoredAt" = NULL, "scored" = false
  WHERE "id" = OLD."assignmentId" AND OLD."assignmentId" <> NEW."assignmentId";
  UPDATE "JudgeAssignment" SET "scoredAt" = NEW."submittedAt", "scored" = (NEW."submittedAt" IS NOT NULL)
  WHERE "id" = NEW."assignmentId";
END;

CREATE TRIGGER "Score_queue_delete" AFTER DELETE ON "Score" BEGIN
  UPDATE "JudgeAssignment" SET "scoredAt" = NULL, "scored" = false WHERE "id" = OLD."assignmentId";
END;

-- A contest's or a round's judging close edited, a round added or removed: the due dates of the
-- assignments it covers (one contest's, or one round's).
CREATE TRIGGER "Contest_queue_update" AFTER UPDATE OF "judgingClose" ON "Contest"
WHEN OLD."judgingClose" IS NOT NEW."judgingClose" BEGIN
  UPDATE "JudgeAssignment" SET "due" = COALESCE(
    (SELECT jr."judgingClose" FROM "JudgingRound" jr
      WHERE jr."contestId" = "JudgeAssignment"."contestId" AND jr."number" = "JudgeAssignment"."round"),
    NEW."judgingClose")
  WHERE "contestId" = NEW."id";
END;

CREATE TRIGGER "JudgingRound_queue_insert" AFTER INSERT ON "JudgingRound" BEGIN
  UPDATE "JudgeAssignment" SET "due" = NEW."judgingClose"
  WHERE "contestId" = NEW."contestId" AND "round" = NEW."number";
END;

CREATE TRIGGER "JudgingRound_queue_update" AFTER UPDATE OF "judgingClose", "number", "contestId" ON "JudgingRound"
WHEN OLD."judgingClose" IS NOT NEW."judgingClose" OR OLD."number" IS NOT NEW."number"
  OR OLD."contestId" IS NOT NEW."contestId" BEGIN
  UPDATE "JudgeAssignment" SET "due" = (SELECT c."judgingClose" FROM "Contest" c WHERE c."id" = OLD."contestId")
  WHERE "contestId" = OLD."contestId" AND "round" = OLD."number"
    AND (OLD."contestId" <> NEW."contestId" OR OLD."number" <> NEW."number");
  UPDATE "JudgeAssignment" SET "due" = NEW."judgingClose"
  WHERE "contestId" = NEW."contestId" AND "round" = NEW."number";
END;

CREATE TRIGGER "JudgingRound_queue_delete" AFTER DELETE ON "JudgingRound" BEGIN
  UPDATE "JudgeAssignment" SET "due" = (SELECT c."judgingClose" FROM "Contest" c WHERE c."id" = OLD."contestId")
  WHERE "contestId" = OLD."contestId" AND "round" = OLD."number";
END;
