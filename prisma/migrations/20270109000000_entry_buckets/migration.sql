-- The entries-per-day chart reads counters, not the contest (docs/decisions/0067-entry-buckets.md):
-- submitted entries per contest and quarter of an hour (UTC) of their "createdAt", kept by triggers
-- in the statement of every change, summed into the contest's local days by the app. Every time
-- zone's day starts on a quarter hour (UTC+5:45, +5:30 included), so a day is a whole range of
-- buckets. "bucket" = the quarter hours since 1970-01-01T00:00Z. Prisma stores a DateTime here as
-- ISO 8601 text ("…+00:00"); an integer (milliseconds) is read as such.
-- No table is redefined, so no other trigger has to be recreated (ADR 0021).
CREATE TABLE "ContestEntryBucket" (
    "contestId" TEXT NOT NULL,
    "bucket" INTEGER NOT NULL,
    "n" INTEGER NOT NULL DEFAULT 0,

    PRIMARY KEY ("contestId", "bucket")
);

-- Backfill, from the (contest, status, createdAt) index the chart counted with (ADR 0058).
INSERT INTO "ContestEntryBucket" ("contestId", "bucket", "n")
SELECT "contestId",
  CASE WHEN typeof("createdAt") = 'integer' THEN "createdAt" / 900000
    ELSE CAST(strftime('%s', "createdAt") AS INTEGER) / 900 END,
  COUNT(*)
FROM "Submission" INDEXED BY "Submission_contestId_status_createdAt_id_entrantId_idx"
WHERE "status" = 'submitted'
GROUP BY 1, 2;

CREATE TRIGGER "Submission_chart_insert" AFTER INSERT ON "Submission"
WHEN NEW."status" = 'submitted' BEGIN
  INSERT INTO "ContestEntryBucket" ("contestId", "bucket", "n")
  VALUES (NEW."contestId", CASE WHEN typeof(NEW."createdAt") = 'integer' THEN NEW."createdAt" / 900000
    ELSE CAST(strftime('%s', NEW."createdAt") AS INTEGER) / 900 END, 1)
  ON CONFLICT ("contestId", "bucket") DO UPDATE SET "n" = "n" + excluded."n";
END;

CREATE TRIGGER "Submission_chart_update" AFTER UPDATE OF "contestId", "status", "createdAt" ON "Submission"
WHEN (OLD."status" = 'submitted' OR NEW."status" = 'submitted')
  AND (OLD."status" IS NOT NEW."status" OR OLD."contestId" IS NOT NEW."contestId" OR OLD."createdAt" IS NOT NEW."createdAt") BEGIN
  INSERT INTO "ContestEntryBucket" ("contestId", "bucket", "n")
  SELECT OLD."contestId", CASE WHEN typeof(OLD."createdAt") = 'integer' THEN OLD."createdAt" / 900000
    ELSE CAST(strftime('%s', OLD."createdAt") AS INTEGER) / 900 END, -1
  WHERE OLD."status" = 'submitted'
  ON CONFLICT ("contestId", "bucket") DO UPDATE SET "n" = "n" + excluded."n";
  INSERT INTO "ContestEntryBucket" ("contestId", "bucket", "n")
  SELECT NEW."contestId", CASE WHEN typeof(NEW."createdAt") = 'integer' THEN NEW."createdAt" / 900000
    ELSE CAST(strftime('%s', NEW."createdAt") AS INTEGER) / 900 END, 1
  WHERE NEW."status" = 'submitted'
  ON CONFLICT ("contestId", "bucket") DO UPDATE SET "n" = "n" + excluded."n";
END;

CREATE TRIGGER "Submission_chart_delete" AFTER DELETE ON "Submission"
WHEN OLD."status" = 'submitted' BEGIN
  INSERT INTO "ContestEntryBucket" ("contestId", "bucket", "n")
  VALUES (OLD."contestId", CASE WHEN typeof(OLD."createdAt") = 'integer' THEN OLD."createdAt" / 900000
    ELSE CAST(strftime('%s', OLD."createdAt") AS INTEGER) / 900 END, -1)
  ON CONFLICT ("contestId", "bucket") DO UPDATE SET "n" = "n" + excluded."n";
END;

-- Counters of contests deleted before this migration.
DELETE FROM "ContestTally" WHERE "contestId" NOT IN (SELECT "id" FROM "Contest");

-- A contest's counters go with it (ADR 0064's ContestTally too). A contest with entries cannot be
-- deleted (Submission's foreign key restricts it), so no entry's trigger writes after this one.
CREATE TRIGGER "Contest_counters_delete" AFTER DELETE ON "Contest" BEGIN
  DELETE FROM "ContestTally" WHERE "contestId" = OLD."id";
  DELETE FROM "ContestEntryBucket" WHERE "contestId" = OLD."id";
END;
