-- One answer to "are results out?" (docs/decisions/0045-published-results-conflicts-and-leases.md):
-- the results date as last published, so queries filter on the published schedule, not the draft.
ALTER TABLE "Contest" ADD COLUMN "publishedResultsAt" DATETIME;

-- Published contests take it from their snapshot (the row's date when a snapshot lacks it), in
-- the adapter's ISO format.
UPDATE "Contest"
SET "publishedResultsAt" = COALESCE(
  REPLACE(json_extract("publishedSnapshot", '$.resultsAt'), 'Z', '+00:00'),
  "resultsAt"
)
WHERE "isPublished" = 1 AND "publishedSnapshot" IS NOT NULL AND json_valid("publishedSnapshot");
