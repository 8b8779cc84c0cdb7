-- CreateTable
CREATE TABLE "ScoreDraft" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "assignmentId" TEXT NOT NULL,
    "scores" TEXT NOT NULL,
    "comment" TEXT,
    "total" REAL NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "ScoreDraft_assignmentId_fkey" FOREIGN KEY ("assignmentId") REFERENCES "JudgeAssignment" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ScoreHistory" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "scoreId" TEXT NOT NULL,
    "changedById" TEXT,
    "before" TEXT NOT NULL,
    "after" TEXT NOT NULL,
    "changedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ScoreHistory_scoreId_fkey" FOREIGN KEY ("scoreId") REFERENCES "Score" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ScoreHistory_changedById_fkey" FOREIGN KEY ("changedById") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "ScoreDraft_assignmentId_key" ON "ScoreDraft"("assignmentId");

-- CreateIndex
CREATE INDEX "ScoreHistory_scoreId_changedAt_idx" ON "ScoreHistory"("scoreId", "changedAt");

-- CreateIndex
CREATE INDEX "ScoreHistory_changedById_idx" ON "ScoreHistory"("changedById");

-- Autosaved drafts move out of Score (docs/decisions/0015-score-drafts-and-history.md).
INSERT INTO "ScoreDraft" ("id", "assignmentId", "scores", "comment", "total", "createdAt", "updatedAt")
SELECT "id", "assignmentId", "scores", "comment", "total", "createdAt", "updatedAt" FROM "Score" WHERE "submittedAt" IS NULL;
DELETE FROM "Score" WHERE "submittedAt" IS NULL;
