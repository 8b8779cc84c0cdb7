-- One division's raw ranking of round 1 is a range of the score summaries' index, as the whole
-- contest's is (docs/decisions/0068-division-ranking.md): each entry's division is kept on its
-- summary by the trigger that keeps its contest, status and date, in the same statement as
-- every change of the entry, with an index in the raw ranking's order within a division.
ALTER TABLE "SubmissionScoreSummary" ADD COLUMN "divisionId" TEXT;

UPDATE "SubmissionScoreSummary" m SET "divisionId" = s."divisionId"
FROM "Submission" s
WHERE s."id" = m."submissionId" AND s."divisionId" IS NOT NULL;

-- CreateIndex
CREATE INDEX "SubmissionScoreSummary_division_rank_idx" ON "SubmissionScoreSummary"("contestId", "status", "divisionId", "average" DESC NULLS LAST, "createdAt", "submissionId");

CREATE OR REPLACE FUNCTION "inkwell_submission_summary"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "SubmissionScoreSummary" ("submissionId", "contestId", "status", "createdAt", "divisionId")
    VALUES (NEW."id", NEW."contestId", NEW."status", NEW."createdAt", NEW."divisionId");
  ELSE
    UPDATE "SubmissionScoreSummary"
    SET "contestId" = NEW."contestId", "status" = NEW."status", "createdAt" = NEW."createdAt",
      "divisionId" = NEW."divisionId"
    WHERE "submissionId" = NEW."id";
  END IF;
  RETURN NULL;
END
$$;

DROP TRIGGER "Submission_summary_update" ON "Submission";
CREATE TRIGGER "Submission_summary_update" AFTER UPDATE OF "contestId", "status", "createdAt", "divisionId" ON "Submission"
  FOR EACH ROW
  WHEN (OLD."contestId" IS DISTINCT FROM NEW."contestId" OR OLD."status" IS DISTINCT FROM NEW."status"
    OR OLD."createdAt" IS DISTINCT FROM NEW."createdAt" OR OLD."divisionId" IS DISTINCT FROM NEW."divisionId")
  EXECUTE FUNCTION "inkwell_submission_summary"();
