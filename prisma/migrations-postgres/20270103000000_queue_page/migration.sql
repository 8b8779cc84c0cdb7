-- The judge's queue reads one page of one index (docs/decisions/0061-queue-page.md): what its
-- filter and order need is kept on JudgeAssignment by triggers.
ALTER TABLE "JudgeAssignment" ADD COLUMN "queued" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "JudgeAssignment" ADD COLUMN "scored" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "JudgeAssignment" ADD COLUMN "scoredAt" TIMESTAMP(3);
ALTER TABLE "JudgeAssignment" ADD COLUMN "due" TIMESTAMP(3);

UPDATE "JudgeAssignment" a SET
  "queued" = (a."submissionId" IS NOT NULL AND a."releasedAt" IS NULL AND EXISTS (
    SELECT 1 FROM "Submission" s WHERE s."id" = a."submissionId" AND s."status" = 'submitted')),
  "scoredAt" = (SELECT sc."submittedAt" FROM "Score" sc WHERE sc."assignmentId" = a."id"),
  "scored" = EXISTS (SELECT 1 FROM "Score" sc WHERE sc."assignmentId" = a."id" AND sc."submittedAt" IS NOT NULL),
  "due" = COALESCE(
    (SELECT jr."judgingClose" FROM "JudgingRound" jr WHERE jr."contestId" = a."contestId" AND jr."number" = a."round"),
    (SELECT c."judgingClose" FROM "Contest" c WHERE c."id" = a."contestId"));

-- CreateIndex
CREATE INDEX "JudgeAssignment_queue_idx" ON "JudgeAssignment"("judgeId", "queued", "scored", "scoredAt", "due", "createdAt", "id");

-- A new assignment, or one whose entry, round or release changed: in the queue or not, and its due
-- date. (A score needs its assignment first: a new one is unscored.)
CREATE FUNCTION "inkwell_assignment_queue"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."queued" := NEW."submissionId" IS NOT NULL AND NEW."releasedAt" IS NULL AND EXISTS (
    SELECT 1 FROM "Submission" s WHERE s."id" = NEW."submissionId" AND s."status" = 'submitted');
  NEW."due" := COALESCE(
    (SELECT jr."judgingClose" FROM "JudgingRound" jr WHERE jr."contestId" = NEW."contestId" AND jr."number" = NEW."round"),
    (SELECT c."judgingClose" FROM "Contest" c WHERE c."id" = NEW."contestId"));
  IF TG_OP = 'INSERT' THEN
    NEW."scored" := false;
    NEW."scoredAt" := NULL;
  END IF;
  RETURN NEW;
END;
$$;
-- The assignments' bulk insert (features/assignment/insert.server.ts) writes both itself: its rows
-- skip the trigger.
CREATE TRIGGER "JudgeAssignment_queue_insert" BEFORE INSERT ON "JudgeAssignment"
  FOR EACH ROW WHEN (NEW."due" IS NULL) EXECUTE FUNCTION "inkwell_assignment_queue"();
CREATE TRIGGER "JudgeAssignment_queue_update" BEFORE UPDATE OF "submissionId", "releasedAt", "contestId", "round" ON "JudgeAssignment"
  FOR EACH ROW EXECUTE FUNCTION "inkwell_assignment_queue"();

-- An entry withdrawn, disqualified or submitted again: its assignments leave or rejoin queues.
CREATE FUNCTION "inkwell_submission_queue"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "JudgeAssignment" SET "queued" = (NEW."status" = 'submitted' AND "releasedAt" IS NULL)
  WHERE "submissionId" = NEW."id";
  RETURN NULL;
END;
$$;
CREATE TRIGGER "Submission_queue_update" AFTER UPDATE OF "status" ON "Submission"
  FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status")
  EXECUTE FUNCTION "inkwell_submission_queue"();

-- A score submitted, changed or removed: its assignment's place in the queue.
CREATE FUNCTION "inkwell_score_queue"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND OLD."assignmentId" <> NEW."assignmentId") THEN
    UPDATE "JudgeAssignment" SET "scoredAt" = NULL, "scored" = false WHERE "id" = OLD."assignmentId";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE "JudgeAssignment" SET "scoredAt" = NEW."submittedAt", "scored" = (NEW."submittedAt" IS NOT NULL)
    WHERE "id" = NEW."assignmentId";
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER "Score_queue_insert" AFTER INSERT ON "Score"
  FOR EACH ROW EXECUTE FUNCTION "inkwell_score_queue"();
CREATE TRIGGER "Score_queue_update" AFTER UPDATE OF "submittedAt", "assignmentId" ON "Score"
  FOR EACH ROW WHEN (OLD."submittedAt" IS DISTINCT FROM NEW."submittedAt" OR OLD."assignmentId" IS DISTINCT FROM NEW."assignmentId")
  EXECUTE FUNCTION "inkwell_score_queue"();
CREATE TRIGGER "Score_queue_delete" AFTER DELETE ON "Score"
  FOR EACH ROW EXECUTE FUNCTION "inkwell_score_queue"();

-- A contest's or a round's judging close edited, a round added or removed: the due dates of the
-- assignments it covers (one contest's, or one round's).
CREATE FUNCTION "inkwell_contest_queue"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "JudgeAssignment" a SET "due" = COALESCE(
    (SELECT jr."judgingClose" FROM "JudgingRound" jr WHERE jr."contestId" = a."contestId" AND jr."number" = a."round"),
    NEW."judgingClose")
  WHERE a."contestId" = NEW."id";
  RETURN NULL;
END;
$$;
CREATE TRIGGER "Contest_queue_update" AFTER UPDATE OF "judgingClose" ON "Contest"
  FOR EACH ROW WHEN (OLD."judgingClose" IS DISTINCT FROM NEW."judgingClose")
  EXECUTE FUNCTION "inkwell_contest_queue"();

CREATE FUNCTION "inkwell_round_queue"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND (OLD."contestId" <> NEW."contestId" OR OLD."number" <> NEW."number")) THEN
    UPDATE "JudgeAssignment" SET "due" = (SELECT c."judgingClose" FROM "Contest" c WHERE c."id" = OLD."contestId")
    WHERE "contestId" = OLD."contestId" AND "round" = OLD."number";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE "JudgeAssignment" SET "due" = NEW."judgingClose"
    WHERE "contestId" = NEW."contestId" AND "round" = NEW."number";
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER "JudgingRound_queue_insert" AFTER INSERT ON "JudgingRound"
  FOR EACH ROW EXECUTE FUNCTION "inkwell_round_queue"();
CREATE TRIGGER "JudgingRound_queue_update" AFTER UPDATE OF "judgingClose", "number", "contestId" ON "JudgingRound"
  FOR EACH ROW WHEN (OLD."judgingClose" IS DISTINCT FROM NEW."judgingClose" OR OLD."number" IS DISTINCT FROM NEW."number"
    OR OLD."contestId" IS DISTINCT FROM NEW."contestId")
  EXECUTE FUNCTION "inkwell_round_queue"();
CREATE TRIGGER "JudgingRound_queue_delete" AFTER DELETE ON "JudgingRound"
  FOR EACH ROW EXECUTE FUNCTION "inkwell_round_queue"();
