-- One answer to "are results out?" (docs/decisions/0045-published-results-conflicts-and-leases.md):
-- the results date as last published, so queries filter on the published schedule, not the draft.
ALTER TABLE "Contest" ADD COLUMN "publishedResultsAt" TIMESTAMP(3);

-- Published contests take it from their snapshot (the row's date when a snapshot lacks it).
UPDATE "Contest"
SET "publishedResultsAt" = COALESCE(
  (("publishedSnapshot"::jsonb ->> 'resultsAt')::timestamptz AT TIME ZONE 'UTC'),
  "resultsAt"
)
WHERE "isPublished" = true AND "publishedSnapshot" IS NOT NULL;
