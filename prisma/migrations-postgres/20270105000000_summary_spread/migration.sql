-- The disagreement flags of a one-round contest read only the flagged entries
-- (docs/decisions/0063-ranking-first-load.md): each entry's spread, its highest submitted total
-- minus its lowest in hundredths (null with fewer than two), is kept on its score summary by
-- triggers in the same transaction as every score change, with an index on it.
ALTER TABLE "SubmissionScoreSummary" ADD COLUMN "spread" INTEGER;

UPDATE "SubmissionScoreSummary" m SET "spread" = x."spread"
FROM (
  SELECT sc."submissionId" AS "sid",
    MAX(ROUND((sc."total" * 100)::numeric)::integer) - MIN(ROUND((sc."total" * 100)::numeric)::integer) AS "spread"
  FROM "Score" sc WHERE sc."submittedAt" IS NOT NULL
  GROUP BY sc."submissionId" HAVING COUNT(*) >= 2
) x
WHERE m."submissionId" = x."sid";

-- CreateIndex
CREATE INDEX "SubmissionScoreSummary_contestId_status_spread_idx" ON "SubmissionScoreSummary"("contestId", "status", "spread");

CREATE FUNCTION "inkwell_score_spread"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "SubmissionScoreSummary" m SET "spread" = (
    SELECT CASE WHEN COUNT(*) >= 2
      THEN MAX(ROUND((sc."total" * 100)::numeric)::integer) - MIN(ROUND((sc."total" * 100)::numeric)::integer) END
    FROM "Score" sc WHERE sc."submissionId" = m."submissionId" AND sc."submittedAt" IS NOT NULL)
  WHERE m."submissionId" IN (
    CASE WHEN TG_OP <> 'INSERT' THEN OLD."submissionId" END,
    CASE WHEN TG_OP <> 'DELETE' THEN NEW."submissionId" END
  );
  RETURN NULL;
END
$$;

CREATE TRIGGER "Score_spread_insert" AFTER INSERT ON "Score"
  FOR EACH ROW WHEN (NEW."submittedAt" IS NOT NULL) EXECUTE FUNCTION "inkwell_score_spread"();
CREATE TRIGGER "Score_spread_update" AFTER UPDATE OF "total", "submittedAt", "submissionId" ON "Score"
  FOR EACH ROW EXECUTE FUNCTION "inkwell_score_spread"();
CREATE TRIGGER "Score_spread_delete" AFTER DELETE ON "Score"
  FOR EACH ROW WHEN (OLD."submittedAt" IS NOT NULL) EXECUTE FUNCTION "inkwell_score_spread"();
