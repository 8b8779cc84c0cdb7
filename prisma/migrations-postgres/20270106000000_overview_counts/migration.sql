-- The contest's Overview reads counters, not the contest (docs/decisions/0064-overview-counts.md):
-- entries by status, division and flag; payments by status; live assignments of entries by round
-- and division with their submitted scores.
CREATE TABLE "ContestTally" (
    "contestId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT '',
    "divisionId" TEXT NOT NULL DEFAULT '',
    "round" INTEGER NOT NULL DEFAULT 0,
    "flag" BOOLEAN NOT NULL DEFAULT false,
    "n" INTEGER NOT NULL DEFAULT 0,
    "scored" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "ContestTally_pkey" PRIMARY KEY ("contestId", "kind", "status", "divisionId", "round", "flag")
);

-- Backfill.
INSERT INTO "ContestTally" ("contestId", "kind", "status", "divisionId", "round", "flag", "n")
SELECT "contestId", 'entry', "status"::text, COALESCE("divisionId", ''), 0, "mentionsEntrant", COUNT(*)
FROM "Submission" GROUP BY "contestId", "status", COALESCE("divisionId", ''), "mentionsEntrant";

INSERT INTO "ContestTally" ("contestId", "kind", "status", "n")
SELECT "contestId", 'payment', "status"::text, COUNT(*) FROM "Payment" GROUP BY "contestId", "status";

INSERT INTO "ContestTally" ("contestId", "kind", "divisionId", "round", "n", "scored")
SELECT a."contestId", 'judging', COALESCE(s."divisionId", ''), a."round", COUNT(*), COUNT(*) FILTER (WHERE a."scored")
FROM "JudgeAssignment" a JOIN "Submission" s ON s."id" = a."submissionId" AND s."contestId" = a."contestId"
WHERE a."releasedAt" IS NULL
GROUP BY a."contestId", COALESCE(s."divisionId", ''), a."round";

-- One counter moved by n (and scored).
CREATE FUNCTION "inkwell_tally"(c TEXT, k TEXT, st TEXT, d TEXT, r INTEGER, f BOOLEAN, dn INTEGER, ds INTEGER)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO "ContestTally" ("contestId", "kind", "status", "divisionId", "round", "flag", "n", "scored")
  VALUES (c, k, st, d, r, f, dn, ds)
  ON CONFLICT ("contestId", "kind", "status", "divisionId", "round", "flag")
  DO UPDATE SET "n" = "ContestTally"."n" + EXCLUDED."n", "scored" = "ContestTally"."scored" + EXCLUDED."scored";
$$;

-- Entries and payments: each counter moves by the row's own columns only, so the triggers run at
-- COMMIT (deferred, as the ranking's version, ADR 0059): during a deadline rush a contest's hot
-- counter is locked only while a transaction commits, not through the rest of the entry's work.
CREATE FUNCTION "inkwell_entry_tally"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM "inkwell_tally"(OLD."contestId", 'entry', OLD."status"::text, COALESCE(OLD."divisionId", ''), 0, OLD."mentionsEntrant", -1, 0);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM "inkwell_tally"(NEW."contestId", 'entry', NEW."status"::text, COALESCE(NEW."divisionId", ''), 0, NEW."mentionsEntrant", 1, 0);
  END IF;
  RETURN NULL;
END;
$$;
CREATE CONSTRAINT TRIGGER "Submission_tally_insert" AFTER INSERT ON "Submission"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "inkwell_entry_tally"();
CREATE CONSTRAINT TRIGGER "Submission_tally_update" AFTER UPDATE OF "contestId", "status", "divisionId", "mentionsEntrant" ON "Submission"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD."contestId" IS DISTINCT FROM NEW."contestId" OR OLD."status" IS DISTINCT FROM NEW."status"
    OR OLD."divisionId" IS DISTINCT FROM NEW."divisionId" OR OLD."mentionsEntrant" IS DISTINCT FROM NEW."mentionsEntrant")
  EXECUTE FUNCTION "inkwell_entry_tally"();
CREATE CONSTRAINT TRIGGER "Submission_tally_delete" AFTER DELETE ON "Submission"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "inkwell_entry_tally"();

CREATE FUNCTION "inkwell_payment_tally"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM "inkwell_tally"(OLD."contestId", 'payment', OLD."status"::text, '', 0, false, -1, 0);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM "inkwell_tally"(NEW."contestId", 'payment', NEW."status"::text, '', 0, false, 1, 0);
  END IF;
  RETURN NULL;
END;
$$;
CREATE CONSTRAINT TRIGGER "Payment_tally_insert" AFTER INSERT ON "Payment"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "inkwell_payment_tally"();
CREATE CONSTRAINT TRIGGER "Payment_tally_update" AFTER UPDATE OF "contestId", "status" ON "Payment"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD."contestId" IS DISTINCT FROM NEW."contestId" OR OLD."status" IS DISTINCT FROM NEW."status")
  EXECUTE FUNCTION "inkwell_payment_tally"();
CREATE CONSTRAINT TRIGGER "Payment_tally_delete" AFTER DELETE ON "Payment"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "inkwell_payment_tally"();

-- Judging progress: a live assignment (of an entry, not released) counts in its round and its
-- entry's division; "scored" is the assignment's own column (ADR 0061). The division is the
-- entry's at the moment of the change, so these run in the statement. An assignment whose entry is
-- gone (deleted with it) was taken out by the entry's own trigger below.
CREATE FUNCTION "inkwell_assignment_tally"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE d TEXT;
BEGIN
  IF TG_OP <> 'INSERT' AND OLD."submissionId" IS NOT NULL AND OLD."releasedAt" IS NULL THEN
    SELECT COALESCE(s."divisionId", '') INTO d FROM "Submission" s WHERE s."id" = OLD."submissionId";
    IF FOUND THEN
      PERFORM "inkwell_tally"(OLD."contestId", 'judging', '', d, OLD."round", false, -1, -OLD."scored"::int);
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW."submissionId" IS NOT NULL AND NEW."releasedAt" IS NULL THEN
    SELECT COALESCE(s."divisionId", '') INTO d FROM "Submission" s WHERE s."id" = NEW."submissionId";
    IF FOUND THEN
      PERFORM "inkwell_tally"(NEW."contestId", 'judging', '', d, NEW."round", false, 1, NEW."scored"::int);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER "JudgeAssignment_tally_insert" AFTER INSERT ON "JudgeAssignment"
  FOR EACH ROW WHEN (NEW."submissionId" IS NOT NULL AND NEW."releasedAt" IS NULL)
  EXECUTE FUNCTION "inkwell_assignment_tally"();
CREATE TRIGGER "JudgeAssignment_tally_update" AFTER UPDATE OF "contestId", "submissionId", "round", "releasedAt", "scored" ON "JudgeAssignment"
  FOR EACH ROW WHEN (OLD."contestId" IS DISTINCT FROM NEW."contestId" OR OLD."submissionId" IS DISTINCT FROM NEW."submissionId"
    OR OLD."round" IS DISTINCT FROM NEW."round" OR OLD."releasedAt" IS DISTINCT FROM NEW."releasedAt"
    OR OLD."scored" IS DISTINCT FROM NEW."scored")
  EXECUTE FUNCTION "inkwell_assignment_tally"();
CREATE TRIGGER "JudgeAssignment_tally_delete" AFTER DELETE ON "JudgeAssignment"
  FOR EACH ROW WHEN (OLD."submissionId" IS NOT NULL AND OLD."releasedAt" IS NULL)
  EXECUTE FUNCTION "inkwell_assignment_tally"();

-- An entry moved to another division: its live assignments move with it. An entry deleted: its
-- live assignments leave (before the row goes, while its division can still be read).
CREATE FUNCTION "inkwell_submission_judging_tally"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE g RECORD;
BEGIN
  FOR g IN SELECT a."contestId" AS c, a."round" AS r, COUNT(*)::int AS n, (COUNT(*) FILTER (WHERE a."scored"))::int AS sc
    FROM "JudgeAssignment" a WHERE a."submissionId" = OLD."id" AND a."releasedAt" IS NULL
    GROUP BY a."contestId", a."round"
  LOOP
    PERFORM "inkwell_tally"(g.c, 'judging', '', COALESCE(OLD."divisionId", ''), g.r, false, -g.n, -g.sc);
    IF TG_OP = 'UPDATE' THEN
      PERFORM "inkwell_tally"(g.c, 'judging', '', COALESCE(NEW."divisionId", ''), g.r, false, g.n, g.sc);
    END IF;
  END LOOP;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER "Submission_tally_division" AFTER UPDATE OF "divisionId" ON "Submission"
  FOR EACH ROW WHEN (OLD."divisionId" IS DISTINCT FROM NEW."divisionId")
  EXECUTE FUNCTION "inkwell_submission_judging_tally"();
CREATE TRIGGER "Submission_tally_judging_delete" BEFORE DELETE ON "Submission"
  FOR EACH ROW EXECUTE FUNCTION "inkwell_submission_judging_tally"();
