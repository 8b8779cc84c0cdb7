-- One division's raw ranking of round 1 is a range of the score summaries' index, as the whole
-- contest's is (docs/decisions/0068-division-ranking.md): each entry's division is kept on its
-- summary by the triggers that keep its contest, status and date, in the same statement as
-- every change of the entry, with an index in the raw ranking's order within a division.
ALTER TABLE "SubmissionScoreSummary" ADD COLUMN "divisionId" TEXT;

UPDATE "SubmissionScoreSummary" SET "divisionId" = (
  SELECT s."divisionId" FROM "Submission" s WHERE s."id" = "SubmissionScoreSummary"."submissionId")
WHERE "submissionId" IN (SELECT "id" FROM "Submission" WHERE "divisionId" IS NOT NULL);

-- CreateIndex
CREATE INDEX "SubmissionScoreSummary_division_rank_idx" ON "SubmissionScoreSummary"("contestId", "status", "divisionId", "average" DESC, "createdAt", "submissionId");

DROP TRIGGER "Submission_summary_insert";
CREATE TRIGGER "Submission_summary_insert" AFTER INSERT ON "Submission" BEGIN
  INSERT INTO "SubmissionScoreSummary" ("submissionId", "contestId", "status", "createdAt", "divisionId")
  VALUES (NEW."id", NEW."contestId", NEW."status", NEW."createdAt", NEW."divisionId");
END;

DROP TRIGGER "Submission_summary_update";
CREATE TRIGGER "Submission_summary_update" AFTER UPDATE OF "contestId", "status", "createdAt", "divisionId" ON "Submission" BEGIN
  UPDATE "SubmissionScoreSummary"
  SET "contestId" = NEW."contestId", "status" = NEW."status", "createdAt" = NEW."createdAt",
    "divisionId" = NEW."divisionId"
  WHERE "submissionId" = NEW."id";
END;
