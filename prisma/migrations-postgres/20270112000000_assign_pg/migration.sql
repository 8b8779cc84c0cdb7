-- The judge's queue reads JudgeAssignment_queue_idx since ADR 0061; the index it read before (the
-- judge's pairs in creation order) served nothing else and cost every new assignment an entry
-- in a wide index: auto-assign writes 60,000 (docs/decisions/0070-assign-on-postgresql.md).
DROP INDEX "JudgeAssignment_judgeId_submissionId_contestId_createdAt_id_releasedAt_idx";

-- New assignments: an entry leaves the "unassigned" count (ADR 0064) when the statement gave it its
-- first live round-1 judge, that is when every live round-1 assignment it has now is one of the
-- statement's new rows. One count per entry touched, compared with the new rows' own count; no
-- longer a "before" probe that steps over the new rows (NOT IN) and an "after" probe that is
-- always true for an insert (ADR 0070).
CREATE OR REPLACE FUNCTION "inkwell_assignments_added_unassigned"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "ContestTally" ("contestId", "kind", "n")
  SELECT s."contestId", 'unassigned', -COUNT(*)
  FROM (SELECT "submissionId" AS id, COUNT(*) AS k FROM new_rows
      WHERE "submissionId" IS NOT NULL AND "round" = 1 AND "releasedAt" IS NULL GROUP BY 1) c
    JOIN "Submission" s ON s."id" = c.id AND s."status" = 'submitted'
  WHERE (SELECT COUNT(*) FROM "JudgeAssignment" a
    WHERE a."submissionId" = c.id AND a."round" = 1 AND a."releasedAt" IS NULL) = c.k
  GROUP BY s."contestId"
  ON CONFLICT ("contestId", "kind", "status", "divisionId", "round", "flag")
  DO UPDATE SET "n" = "ContestTally"."n" + EXCLUDED."n";
  RETURN NULL;
END;
$$;
