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
  -- A new submitted entry has no judge yet (kind "unassigned", below); its later changes are
  -- counted in the statement, as they depend on its assignments.
  IF TG_OP = 'INSERT' AND NEW."status" = 'submitted' THEN
    PERFORM "inkwell_tally"(NEW."contestId", 'unassigned', '', '', 0, false, 1, 0);
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

-- Submitted entries with no judge in round 1 (kind "unassigned"): an entry counts while it is
-- submitted and has no live round-1 assignment. In the statement (the entry's assignments and its
-- status may change in one transaction), but for a new entry's +1 (above, at COMMIT).
INSERT INTO "ContestTally" ("contestId", "kind", "n")
SELECT s."contestId", 'unassigned', COUNT(*) FROM "Submission" s
WHERE s."status" = 'submitted' AND NOT EXISTS (
  SELECT 1 FROM "JudgeAssignment" a WHERE a."submissionId" = s."id" AND a."round" = 1 AND a."releasedAt" IS NULL)
GROUP BY s."contestId";

-- Whether the entry has a live round-1 assignment other than one (NULL: any).
CREATE FUNCTION "inkwell_judged_in_round_1"(sub TEXT, other TEXT) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM "JudgeAssignment" a WHERE a."submissionId" = sub AND a."round" = 1
    AND a."releasedAt" IS NULL AND (other IS NULL OR a."id" <> other));
$$;

CREATE FUNCTION "inkwell_submission_unassigned"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."status" = 'submitted' AND NOT "inkwell_judged_in_round_1"(OLD."id", NULL) THEN
    PERFORM "inkwell_tally"(OLD."contestId", 'unassigned', '', '', 0, false, -1, 0);
  END IF;
  IF TG_OP = 'UPDATE' AND NEW."status" = 'submitted' AND NOT "inkwell_judged_in_round_1"(NEW."id", NULL) THEN
    PERFORM "inkwell_tally"(NEW."contestId", 'unassigned', '', '', 0, false, 1, 0);
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER "Submission_unassigned_update" AFTER UPDATE OF "status", "contestId" ON "Submission"
  FOR EACH ROW WHEN ((OLD."status" = 'submitted') IS DISTINCT FROM (NEW."status" = 'submitted')
    OR OLD."contestId" IS DISTINCT FROM NEW."contestId")
  EXECUTE FUNCTION "inkwell_submission_unassigned"();
CREATE TRIGGER "Submission_unassigned_delete" BEFORE DELETE ON "Submission"
  FOR EACH ROW WHEN (OLD."status" = 'submitted') EXECUTE FUNCTION "inkwell_submission_unassigned"();

-- An assignment that is (or stops being) an entry's first live round-1 judge. Once per statement,
-- over the rows it changed (PostgreSQL fires row triggers after the whole statement: with several
-- judges of one entry in one statement, each row would see the others' final state): for each
-- entry touched, whether it had a live round-1 judge before the statement and has one after.
CREATE FUNCTION "inkwell_assignments_added_unassigned"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH c AS (SELECT DISTINCT "submissionId" AS id FROM new_rows WHERE "submissionId" IS NOT NULL AND "round" = 1 AND "releasedAt" IS NULL),
  old_live AS (
    SELECT DISTINCT o."submissionId" AS id FROM (SELECT * FROM "JudgeAssignment" WHERE false) o
    WHERE o."submissionId" IS NOT NULL AND o."round" = 1 AND o."releasedAt" IS NULL),
  x AS (
    SELECT c.id,
      ol.id IS NOT NULL OR EXISTS (SELECT 1 FROM "JudgeAssignment" a WHERE a."submissionId" = c.id
        AND a."round" = 1 AND a."releasedAt" IS NULL AND a."id" NOT IN (SELECT nn."id" FROM new_rows nn)) AS before,
      EXISTS (SELECT 1 FROM "JudgeAssignment" a WHERE a."submissionId" = c.id
        AND a."round" = 1 AND a."releasedAt" IS NULL) AS after
    FROM c LEFT JOIN old_live ol ON ol.id = c.id)
  INSERT INTO "ContestTally" ("contestId", "kind", "n")
  SELECT s."contestId", 'unassigned', SUM(CASE WHEN x.before THEN 1 ELSE -1 END)
  FROM x JOIN "Submission" s ON s."id" = x.id AND s."status" = 'submitted'
  WHERE x.before <> x.after
  GROUP BY s."contestId"
  ON CONFLICT ("contestId", "kind", "status", "divisionId", "round", "flag")
  DO UPDATE SET "n" = "ContestTally"."n" + EXCLUDED."n";
  RETURN NULL;
END;
$$;
CREATE FUNCTION "inkwell_assignments_changed_unassigned"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH c AS (
    -- Only the entries of rows whose entry, round or release changed (the queue's triggers update
    -- many rows' other columns).
    SELECT DISTINCT t.id FROM old_rows o JOIN new_rows n ON n."id" = o."id",
      LATERAL unnest(ARRAY[o."submissionId", n."submissionId"]) AS t(id)
    WHERE t.id IS NOT NULL AND (o."submissionId", o."round", o."releasedAt" IS NULL)
      IS DISTINCT FROM (n."submissionId", n."round", n."releasedAt" IS NULL)),
  old_live AS (
    SELECT DISTINCT o."submissionId" AS id FROM old_rows o
    WHERE o."submissionId" IS NOT NULL AND o."round" = 1 AND o."releasedAt" IS NULL),
  x AS (
    SELECT c.id,
      ol.id IS NOT NULL OR EXISTS (SELECT 1 FROM "JudgeAssignment" a WHERE a."submissionId" = c.id
        AND a."round" = 1 AND a."releasedAt" IS NULL AND a."id" NOT IN (SELECT nn."id" FROM new_rows nn)) AS before,
      EXISTS (SELECT 1 FROM "JudgeAssignment" a WHERE a."submissionId" = c.id
        AND a."round" = 1 AND a."releasedAt" IS NULL) AS after
    FROM c LEFT JOIN old_live ol ON ol.id = c.id)
  INSERT INTO "ContestTally" ("contestId", "kind", "n")
  SELECT s."contestId", 'unassigned', SUM(CASE WHEN x.before THEN 1 ELSE -1 END)
  FROM x JOIN "Submission" s ON s."id" = x.id AND s."status" = 'submitted'
  WHERE x.before <> x.after
  GROUP BY s."contestId"
  ON CONFLICT ("contestId", "kind", "status", "divisionId", "round", "flag")
  DO UPDATE SET "n" = "ContestTally"."n" + EXCLUDED."n";
  RETURN NULL;
END;
$$;
CREATE FUNCTION "inkwell_assignments_removed_unassigned"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH c AS (SELECT DISTINCT "submissionId" AS id FROM old_rows WHERE "submissionId" IS NOT NULL AND "round" = 1 AND "releasedAt" IS NULL),
  old_live AS (
    SELECT DISTINCT o."submissionId" AS id FROM old_rows o
    WHERE o."submissionId" IS NOT NULL AND o."round" = 1 AND o."releasedAt" IS NULL),
  x AS (
    SELECT c.id,
      ol.id IS NOT NULL OR EXISTS (SELECT 1 FROM "JudgeAssignment" a WHERE a."submissionId" = c.id
        AND a."round" = 1 AND a."releasedAt" IS NULL AND a."id" NOT IN (SELECT nn."id" FROM (SELECT * FROM "JudgeAssignment" WHERE false) nn)) AS before,
      EXISTS (SELECT 1 FROM "JudgeAssignment" a WHERE a."submissionId" = c.id
        AND a."round" = 1 AND a."releasedAt" IS NULL) AS after
    FROM c LEFT JOIN old_live ol ON ol.id = c.id)
  INSERT INTO "ContestTally" ("contestId", "kind", "n")
  SELECT s."contestId", 'unassigned', SUM(CASE WHEN x.before THEN 1 ELSE -1 END)
  FROM x JOIN "Submission" s ON s."id" = x.id AND s."status" = 'submitted'
  WHERE x.before <> x.after
  GROUP BY s."contestId"
  ON CONFLICT ("contestId", "kind", "status", "divisionId", "round", "flag")
  DO UPDATE SET "n" = "ContestTally"."n" + EXCLUDED."n";
  RETURN NULL;
END;
$$;
CREATE TRIGGER "JudgeAssignment_unassigned_insert" AFTER INSERT ON "JudgeAssignment"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION "inkwell_assignments_added_unassigned"();
CREATE TRIGGER "JudgeAssignment_unassigned_update" AFTER UPDATE ON "JudgeAssignment"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION "inkwell_assignments_changed_unassigned"();
CREATE TRIGGER "JudgeAssignment_unassigned_delete" AFTER DELETE ON "JudgeAssignment"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT
  EXECUTE FUNCTION "inkwell_assignments_removed_unassigned"();

-- Entries waiting for a parent's consent (kind "consent"): entered or paid for, by a writer with a
-- parent's e-mail and no consent yet. A child's entry moves one of sixteen rows of its contest
-- ("round" 0-15, from the writer's id), so children entering at once do not all wait on one row;
-- the page sums them. In the statement: it depends on the writer's row.
INSERT INTO "ContestTally" ("contestId", "kind", "round", "n")
SELECT s."contestId", 'consent', ascii(right(s."entrantId", 1)) % 16, COUNT(*)
FROM "User" u JOIN "Submission" s ON s."entrantId" = u."id"
WHERE u."parentEmail" IS NOT NULL AND u."parentConsentAt" IS NULL
  AND s."status" IN ('pending_payment', 'submitted')
GROUP BY s."contestId", ascii(right(s."entrantId", 1)) % 16;

CREATE FUNCTION "inkwell_waiting_for_consent"(writer TEXT) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM "User" u WHERE u."id" = writer AND u."parentEmail" IS NOT NULL AND u."parentConsentAt" IS NULL);
$$;

CREATE FUNCTION "inkwell_submission_consent"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD."status" IN ('pending_payment', 'submitted')
    AND "inkwell_waiting_for_consent"(OLD."entrantId") THEN
    PERFORM "inkwell_tally"(OLD."contestId", 'consent', '', '', ascii(right(OLD."entrantId", 1)) % 16, false, -1, 0);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW."status" IN ('pending_payment', 'submitted')
    AND "inkwell_waiting_for_consent"(NEW."entrantId") THEN
    PERFORM "inkwell_tally"(NEW."contestId", 'consent', '', '', ascii(right(NEW."entrantId", 1)) % 16, false, 1, 0);
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER "Submission_consent_insert" AFTER INSERT ON "Submission"
  FOR EACH ROW WHEN (NEW."status" IN ('pending_payment', 'submitted'))
  EXECUTE FUNCTION "inkwell_submission_consent"();
CREATE TRIGGER "Submission_consent_update" AFTER UPDATE OF "status", "entrantId", "contestId" ON "Submission"
  FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."entrantId" IS DISTINCT FROM NEW."entrantId"
    OR OLD."contestId" IS DISTINCT FROM NEW."contestId")
  EXECUTE FUNCTION "inkwell_submission_consent"();
-- (A writer deleted takes their entries out first, below: then the writer is gone.)
CREATE TRIGGER "Submission_consent_delete" AFTER DELETE ON "Submission"
  FOR EACH ROW WHEN (OLD."status" IN ('pending_payment', 'submitted'))
  EXECUTE FUNCTION "inkwell_submission_consent"();

CREATE FUNCTION "inkwell_user_consent"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE g RECORD; sign INTEGER;
BEGIN
  sign := CASE WHEN TG_OP = 'UPDATE' AND NEW."parentEmail" IS NOT NULL AND NEW."parentConsentAt" IS NULL THEN 1 ELSE -1 END;
  FOR g IN SELECT s."contestId" AS c, COUNT(*)::int AS n FROM "Submission" s
    WHERE s."entrantId" = OLD."id" AND s."status" IN ('pending_payment', 'submitted') GROUP BY s."contestId"
  LOOP
    PERFORM "inkwell_tally"(g.c, 'consent', '', '', ascii(right(OLD."id", 1)) % 16, false, sign * g.n, 0);
  END LOOP;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER "User_consent_update" AFTER UPDATE OF "parentEmail", "parentConsentAt" ON "User"
  FOR EACH ROW WHEN ((OLD."parentEmail" IS NOT NULL AND OLD."parentConsentAt" IS NULL)
    IS DISTINCT FROM (NEW."parentEmail" IS NOT NULL AND NEW."parentConsentAt" IS NULL))
  EXECUTE FUNCTION "inkwell_user_consent"();
CREATE TRIGGER "User_consent_delete" BEFORE DELETE ON "User"
  FOR EACH ROW WHEN (OLD."parentEmail" IS NOT NULL AND OLD."parentConsentAt" IS NULL)
  EXECUTE FUNCTION "inkwell_user_consent"();
