-- Performance (docs/decisions/0021-performance.md): covering indexes, so that lists and joins
-- never read a Submission row with its story text (overflow pages), and per-entry score
-- summaries kept by triggers, so the ranking is read in order instead of recomputed.

-- Submission: every list and join is answered from an index.
DROP INDEX "Submission_contestId_status_createdAt_idx";
DROP INDEX "Submission_status_createdAt_idx";
DROP INDEX "Submission_createdAt_idx";
CREATE INDEX "Submission_contestId_status_createdAt_id_entrantId_idx" ON "Submission"("contestId", "status", "createdAt", "id", "entrantId");
CREATE INDEX "Submission_contest_list_idx" ON "Submission"("contestId", "createdAt", "id", "status", "title", "wordCount", "fileName", "filePath", "disqualifyReason", "mentionsEntrant", "entrantId");
CREATE INDEX "Submission_status_createdAt_id_idx" ON "Submission"("status", "createdAt", "id");
CREATE INDEX "Submission_createdAt_id_idx" ON "Submission"("createdAt", "id");
CREATE INDEX "Submission_id_status_contestId_idx" ON "Submission"("id", "status", "contestId");

-- Score: the ranking's per-score reads (judge and total) from the index.
DROP INDEX "Score_submissionId_submittedAt_idx";
CREATE INDEX "Score_submissionId_submittedAt_judgeId_total_idx" ON "Score"("submissionId", "submittedAt", "judgeId", "total");

-- The judge's queue: sorted by assignment order and score state without reading the rows.
DROP INDEX "JudgeAssignment_judgeId_submissionId_idx";
CREATE INDEX "JudgeAssignment_judgeId_submissionId_contestId_createdAt_id_idx" ON "JudgeAssignment"("judgeId", "submissionId", "contestId", "createdAt", "id");
CREATE INDEX "Score_assignmentId_submittedAt_total_idx" ON "Score"("assignmentId", "submittedAt", "total");

-- CreateTable
CREATE TABLE "SubmissionScoreSummary" (
    "submissionId" TEXT NOT NULL PRIMARY KEY,
    "contestId" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL,
    "scored" INTEGER NOT NULL DEFAULT 0,
    "hundredths" INTEGER NOT NULL DEFAULT 0,
    "average" REAL,
    CONSTRAINT "SubmissionScoreSummary_submissionId_fkey" FOREIGN KEY ("submissionId") REFERENCES "Submission" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "SubmissionScoreSummary_contestId_status_average_createdAt_submissionId_idx" ON "SubmissionScoreSummary"("contestId", "status", "average" DESC, "createdAt", "submissionId");

-- CreateTable
CREATE TABLE "RankingVersion" (
    "contestId" TEXT NOT NULL PRIMARY KEY,
    "version" INTEGER NOT NULL DEFAULT 0
);

-- Backfill: one summary per entry, with its submitted scores (the average rounded as
-- scoring.ts averageScore does: hundredths summed exactly, divided once, half up, nudged).
INSERT INTO "SubmissionScoreSummary" ("submissionId", "contestId", "status", "createdAt", "scored", "hundredths", "average")
SELECT s."id", s."contestId", s."status", s."createdAt",
  COALESCE(t.n, 0), COALESCE(t.h, 0),
  CASE WHEN COALESCE(t.n, 0) > 0 THEN FLOOR(t.h * 1.0 / t.n + 0.5 + 1e-9) / 100.0 END
FROM "Submission" s
LEFT JOIN (
  SELECT "submissionId" AS sid, COUNT(*) AS n, SUM(CAST(ROUND("total" * 100) AS INTEGER)) AS h
  FROM "Score" WHERE "submittedAt" IS NOT NULL GROUP BY "submissionId"
) t ON t.sid = s."id";

INSERT INTO "RankingVersion" ("contestId", "version") SELECT "id", 1 FROM "Contest";

-- Triggers: the summary follows every entry and every submitted score, in the same statement.
CREATE TRIGGER "Submission_summary_insert" AFTER INSERT ON "Submission" BEGIN
  INSERT INTO "SubmissionScoreSummary" ("submissionId", "contestId", "status", "createdAt")
  VALUES (NEW."id", NEW."contestId", NEW."status", NEW."createdAt");
END;

CREATE TRIGGER "Submission_summary_update" AFTER UPDATE OF "contestId", "status", "createdAt" ON "Submission" BEGIN
  UPDATE "SubmissionScoreSummary"
  SET "contestId" = NEW."contestId", "status" = NEW."status", "createdAt" = NEW."createdAt"
  WHERE "submissionId" = NEW."id";
END;

CREATE TRIGGER "Submission_summary_delete" AFTER DELETE ON "Submission" BEGIN
  DELETE FROM "SubmissionScoreSummary" WHERE "submissionId" = OLD."id";
END;

CREATE TRIGGER "Score_summary_insert" AFTER INSERT ON "Score" WHEN NEW."submittedAt" IS NOT NULL BEGIN
  UPDATE "SubmissionScoreSummary"
  SET "scored" = "scored" + 1, "hundredths" = "hundredths" + CAST(ROUND(NEW."total" * 100) AS INTEGER)
  WHERE "submissionId" = NEW."submissionId";
  UPDATE "SubmissionScoreSummary"
  SET "average" = CASE WHEN "scored" > 0 THEN FLOOR("hundredths" * 1.0 / "scored" + 0.5 + 1e-9) / 100.0 END
  WHERE "submissionId" = NEW."submissionId";
END;

CREATE TRIGGER "Score_summary_update" AFTER UPDATE OF "total", "submittedAt", "submissionId", "judgeId" ON "Score" BEGIN
  UPDATE "SubmissionScoreSummary"
  SET "scored" = "scored" - 1, "hundredths" = "hundredths" - CAST(ROUND(OLD."total" * 100) AS INTEGER)
  WHERE "submissionId" = OLD."submissionId" AND OLD."submittedAt" IS NOT NULL;
  UPDATE "SubmissionScoreSummary"
  SET "scored" = "scored" + 1, "hundredths" = "hundredths" + CAST(ROUND(NEW."total" * 100) AS INTEGER)
  WHERE "submissionId" = NEW."submissionId" AND NEW."submittedAt" IS NOT NULL;
  UPDATE "SubmissionScoreSummary"
  SET "average" = CASE WHEN "scored" > 0 THEN FLOOR("hundredths" * 1.0 / "scored" + 0.5 + 1e-9) / 100.0 END
  WHERE "submissionId" IN (OLD."submissionId", NEW."submissionId");
END;

CREATE TRIGGER "Score_summary_delete" AFTER DELETE ON "Score" WHEN OLD."submittedAt" IS NOT NULL BEGIN
  UPDATE "SubmissionScoreSummary"
  SET "scored" = "scored" - 1, "hundredths" = "hundredths" - CAST(ROUND(OLD."total" * 100) AS INTEGER)
  WHERE "submissionId" = OLD."submissionId";
  UPDATE "SubmissionScoreSummary"
  SET "average" = CASE WHEN "scored" > 0 THEN FLOOR("hundredths" * 1.0 / "scored" + 0.5 + 1e-9) / 100.0 END
  WHERE "submissionId" = OLD."submissionId";
END;

-- Any change to a summary (an entry's status, a submitted score) makes the contest's computed
-- rankings stale: its version moves on.
CREATE TRIGGER "SubmissionScoreSummary_version_insert" AFTER INSERT ON "SubmissionScoreSummary" BEGIN
  INSERT INTO "RankingVersion" ("contestId", "version") VALUES (NEW."contestId", 1)
  ON CONFLICT ("contestId") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "SubmissionScoreSummary_version_update" AFTER UPDATE ON "SubmissionScoreSummary" BEGIN
  INSERT INTO "RankingVersion" ("contestId", "version") VALUES (OLD."contestId", 1)
  ON CONFLICT ("contestId") DO UPDATE SET "version" = "version" + 1;
  INSERT INTO "RankingVersion" ("contestId", "version") VALUES (NEW."contestId", 1)
  ON CONFLICT ("contestId") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "SubmissionScoreSummary_version_delete" AFTER DELETE ON "SubmissionScoreSummary" BEGIN
  INSERT INTO "RankingVersion" ("contestId", "version") VALUES (OLD."contestId", 1)
  ON CONFLICT ("contestId") DO UPDATE SET "version" = "version" + 1;
END;
