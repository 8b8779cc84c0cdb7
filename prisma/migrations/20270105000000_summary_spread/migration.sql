-- The disagreement flags of a one-round contest read only the flagged entries
-- (docs/decisions/0063-ranking-first-load.md): each entry's spread, its highest submitted total
-- minus its lowest in hundredths (null with fewer than two), is kept on its score summary by
-- triggers in the same statement as every score change, with an index on it.
ALTER TABLE "SubmissionScoreSummary" ADD COLUMN "spread" INTEGER;

UPDATE "SubmissionScoreSummary" SET "spread" = (
  SELECT MAX(CAST(ROUND(sc."total" * 100) AS INTEGER)) - MIN(CAST(ROUND(sc."total" * 100) AS INTEGER))
  FROM "Score" sc
  WHERE sc."submissionId" = "SubmissionScoreSummary"."submissionId" AND sc."submittedAt" IS NOT NULL)
WHERE "scored" >= 2;

-- CreateIndex
CREATE INDEX "SubmissionScoreSummary_contestId_status_spread_idx" ON "SubmissionScoreSummary"("contestId", "status", "spread");

CREATE TRIGGER "Score_spread_insert" AFTER INSERT ON "Score" WHEN NEW."submittedAt" IS NOT NULL BEGIN
  UPDATE "SubmissionScoreSummary" SET "spread" = (
    SELECT CASE WHEN COUNT(*) >= 2 THEN MAX(CAST(ROUND(sc."total" * 100) AS INTEGER)) - MIN(CAST(ROUND(sc."total" * 100) AS INTEGER)) END
    FROM "Score" sc WHERE sc."submissionId" = NEW."submissionId" AND sc."submittedAt" IS NOT NULL)
  WHERE "submissionId" = NEW."submissionId";
END;

CREATE TRIGGER "Score_spread_update" AFTER UPDATE OF "total", "submittedAt", "submissionId" ON "Score" BEGIN
  UPDATE "SubmissionScoreSummary" SET "spread" = (
    SELECT CASE WHEN COUNT(*) >= 2 THEN MAX(CAST(ROUND(sc."total" * 100) AS INTEGER)) - MIN(CAST(ROUND(sc."total" * 100) AS INTEGER)) END
    FROM "Score" sc
    WHERE sc."submissionId" = "SubmissionScoreSummary"."submissionId" AND sc."submittedAt" IS NOT NULL)
  WHERE "submissionId" IN (OLD."submissionId", NEW."submissionId");
END;

CREATE TRIGGER "Score_spread_delete" AFTER DELETE ON "Score" WHEN OLD."submittedAt" IS NOT NULL BEGIN
  UPDATE "SubmissionScoreSummary" SET "spread" = (
    SELECT CASE WHEN COUNT(*) >= 2 THEN MAX(CAST(ROUND(sc."total" * 100) AS INTEGER)) - MIN(CAST(ROUND(sc."total" * 100) AS INTEGER)) END
    FROM "Score" sc WHERE sc."submissionId" = OLD."submissionId" AND sc."submittedAt" IS NOT NULL)
  WHERE "submissionId" = OLD."submissionId";
END;
