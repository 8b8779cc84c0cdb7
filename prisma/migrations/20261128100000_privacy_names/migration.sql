-- Public results name a writer only with their consent, as they were named when results were
-- published (docs/decisions/0023-privacy-and-links.md). Rows of results already published are
-- frozen by the next page or step that reads them.
ALTER TABLE "ContestAward" ADD COLUMN "publicName" TEXT;
ALTER TABLE "ContestAward" ADD COLUMN "nameFrozenAt" DATETIME;
