-- The entries-per-day chart reads counters, not the contest (docs/decisions/0067-entry-buckets.md):
-- submitted entries per contest and quarter of an hour (UTC) of their "createdAt", summed into the
-- contest's local days by the app. Every time zone's day starts on a quarter hour (UTC+5:45, +5:30
-- included), so a day is a whole range of buckets. "bucket" = the quarter hours since
-- 1970-01-01T00:00Z ("createdAt" is a TIMESTAMP(3) in UTC).
CREATE TABLE "ContestEntryBucket" (
    "contestId" TEXT NOT NULL,
    "bucket" INTEGER NOT NULL,
    "n" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "ContestEntryBucket_pkey" PRIMARY KEY ("contestId", "bucket")
);

CREATE FUNCTION "inkwell_bucket"(t TIMESTAMP) RETURNS INTEGER LANGUAGE sql IMMUTABLE AS $$
  SELECT floor(extract(epoch FROM t) / 900)::int;
$$;

-- Backfill.
INSERT INTO "ContestEntryBucket" ("contestId", "bucket", "n")
SELECT "contestId", "inkwell_bucket"("createdAt"), COUNT(*)
FROM "Submission" WHERE "status" = 'submitted'
GROUP BY 1, 2;

-- Counters of contests deleted before this migration.
DELETE FROM "ContestTally" t WHERE NOT EXISTS (SELECT 1 FROM "Contest" c WHERE c."id" = t."contestId");

-- One counter moved by n, unless its contest is gone: a deferred trigger (below, and ADR 0064's)
-- of an entry deleted in the transaction that deleted its contest runs after the contest's own
-- trigger took its counters away.
CREATE OR REPLACE FUNCTION "inkwell_tally"(c TEXT, k TEXT, st TEXT, d TEXT, r INTEGER, f BOOLEAN, dn INTEGER, ds INTEGER)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO "ContestTally" ("contestId", "kind", "status", "divisionId", "round", "flag", "n", "scored")
  SELECT c, k, st, d, r, f, dn, ds WHERE EXISTS (SELECT 1 FROM "Contest" x WHERE x."id" = c)
  ON CONFLICT ("contestId", "kind", "status", "divisionId", "round", "flag")
  DO UPDATE SET "n" = "ContestTally"."n" + EXCLUDED."n", "scored" = "ContestTally"."scored" + EXCLUDED."scored";
$$;

CREATE FUNCTION "inkwell_bucket_add"(c TEXT, b INTEGER, dn INTEGER) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "ContestEntryBucket" ("contestId", "bucket", "n")
  SELECT c, b, dn WHERE EXISTS (SELECT 1 FROM "Contest" x WHERE x."id" = c)
  ON CONFLICT ("contestId", "bucket") DO UPDATE SET "n" = "ContestEntryBucket"."n" + EXCLUDED."n";
$$;

-- By the entry's own columns only: at COMMIT (deferred, as the Overview's entry counters, ADR
-- 0064), so during a deadline rush the quarter hour's row is locked only while a transaction
-- commits.
CREATE FUNCTION "inkwell_entry_chart"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD."status" = 'submitted' THEN
    PERFORM "inkwell_bucket_add"(OLD."contestId", "inkwell_bucket"(OLD."createdAt"), -1);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW."status" = 'submitted' THEN
    PERFORM "inkwell_bucket_add"(NEW."contestId", "inkwell_bucket"(NEW."createdAt"), 1);
  END IF;
  RETURN NULL;
END;
$$;
CREATE CONSTRAINT TRIGGER "Submission_chart_insert" AFTER INSERT ON "Submission"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW."status" = 'submitted')
  EXECUTE FUNCTION "inkwell_entry_chart"();
CREATE CONSTRAINT TRIGGER "Submission_chart_update" AFTER UPDATE OF "contestId", "status", "createdAt" ON "Submission"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD."status" = 'submitted' OR NEW."status" = 'submitted')
    AND (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."contestId" IS DISTINCT FROM NEW."contestId"
      OR OLD."createdAt" IS DISTINCT FROM NEW."createdAt"))
  EXECUTE FUNCTION "inkwell_entry_chart"();
CREATE CONSTRAINT TRIGGER "Submission_chart_delete" AFTER DELETE ON "Submission"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD."status" = 'submitted')
  EXECUTE FUNCTION "inkwell_entry_chart"();

-- A contest's counters go with it (ADR 0064's ContestTally too).
CREATE FUNCTION "inkwell_contest_counters_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "ContestTally" WHERE "contestId" = OLD."id";
  DELETE FROM "ContestEntryBucket" WHERE "contestId" = OLD."id";
  RETURN NULL;
END;
$$;
CREATE TRIGGER "Contest_counters_delete" AFTER DELETE ON "Contest"
  FOR EACH ROW EXECUTE FUNCTION "inkwell_contest_counters_delete"();
