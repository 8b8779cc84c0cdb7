-- The story's text moves to the last column of "Submission" (docs/decisions/0060-story-text-last.md).
-- SQLite stores a row's columns in their declared order and spills what does not fit in the page
-- onto overflow pages: with "body" fifth, every column after it (status's neighbours, the pupil,
-- the division, the flags) was read from the text's overflow chain. Last, the text is the only
-- column that spills. The table is redefined (Prisma's pattern), its indexes and triggers made
-- again; scripts/migrate.mjs runs a migration that turns foreign keys off with them off, so the
-- DROP below deletes no child row (checked by PRAGMA foreign_key_check before it commits).
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Submission" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "contestId" TEXT NOT NULL,
    "entrantId" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "filePath" TEXT,
    "fileName" TEXT,
    "fileType" TEXT,
    "fileSize" INTEGER,
    "wordCount" INTEGER NOT NULL DEFAULT 0,
    "status" TEXT NOT NULL,
    "disqualifyReason" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "showIfAwarded" BOOLEAN NOT NULL DEFAULT false,
    "mentionsEntrant" BOOLEAN NOT NULL DEFAULT false,
    "pupilId" TEXT,
    "divisionId" TEXT,
    "contentRemovedAt" DATETIME,
    "showWithdrawnAt" DATETIME,
    "showWithdrawnBy" TEXT,
    "showWithdrawnByUserId" TEXT,
    "aiPolicyBroken" BOOLEAN NOT NULL DEFAULT false,
    "body" TEXT,
    CONSTRAINT "Submission_contestId_fkey" FOREIGN KEY ("contestId") REFERENCES "Contest" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "Submission_entrantId_fkey" FOREIGN KEY ("entrantId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Submission_pupilId_fkey" FOREIGN KEY ("pupilId") REFERENCES "Pupil" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Submission_divisionId_fkey" FOREIGN KEY ("divisionId") REFERENCES "Division" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);
INSERT INTO "new_Submission" ("id", "contestId", "entrantId", "title", "filePath", "fileName", "fileType", "fileSize", "wordCount", "status", "disqualifyReason", "createdAt", "updatedAt", "showIfAwarded", "mentionsEntrant", "pupilId", "divisionId", "contentRemovedAt", "showWithdrawnAt", "showWithdrawnBy", "showWithdrawnByUserId", "aiPolicyBroken", "body")
SELECT "id", "contestId", "entrantId", "title", "filePath", "fileName", "fileType", "fileSize", "wordCount", "status", "disqualifyReason", "createdAt", "updatedAt", "showIfAwarded", "mentionsEntrant", "pupilId", "divisionId", "contentRemovedAt", "showWithdrawnAt", "showWithdrawnBy", "showWithdrawnByUserId", "aiPolicyBroken", "body" FROM "Submission" ORDER BY "rowid";
DROP TABLE "Submission";
ALTER TABLE "new_Submission" RENAME TO "Submission";
CREATE INDEX "Submission_contestId_status_createdAt_id_entrantId_idx" ON "Submission"("contestId", "status", "createdAt", "id", "entrantId");
CREATE INDEX "Submission_contest_list_idx" ON "Submission"("contestId", "createdAt", "id", "status", "title", "wordCount", "fileName", "filePath", "disqualifyReason", "mentionsEntrant", "entrantId");
CREATE INDEX "Submission_entrantId_createdAt_idx" ON "Submission"("entrantId", "createdAt");
CREATE INDEX "Submission_status_createdAt_id_idx" ON "Submission"("status", "createdAt", "id");
CREATE INDEX "Submission_createdAt_id_idx" ON "Submission"("createdAt", "id");
CREATE INDEX "Submission_id_covering_idx" ON "Submission"("id", "contestId", "status", "divisionId", "createdAt");
CREATE INDEX "Submission_pupilId_contestId_status_idx" ON "Submission"("pupilId", "contestId", "status");
CREATE INDEX "Submission_division_list_idx" ON "Submission"("contestId", "status", "divisionId", "createdAt", "id", "title", "mentionsEntrant");
CREATE INDEX "Submission_contestId_aiPolicyBroken_createdAt_idx" ON "Submission"("contestId", "aiPolicyBroken", "createdAt");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

CREATE TRIGGER "Submission_status_check_insert" BEFORE INSERT ON "Submission"
WHEN NEW."status" NOT IN ('pending_payment', 'submitted', 'expired', 'withdrawn', 'disqualified')
BEGIN SELECT RAISE(ABORT, 'Submission.status: not one of its set'); END;

CREATE TRIGGER "Submission_status_check_update" BEFORE UPDATE OF "status" ON "Submission"
WHEN NEW."status" NOT IN ('pending_payment', 'submitted', 'expired', 'withdrawn', 'disqualified')
BEGIN SELECT RAISE(ABORT, 'Submission.status: not one of its set'); END;

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
