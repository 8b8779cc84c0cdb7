-- The judging panel (docs/decisions/0033-judging-panel.md): a panel per contest, conflicts of
-- interest, recusals, notes on entries between the admin and its judges, messages to a contest's
-- entrants or judges, and the spread that flags a disagreement.

-- AlterTable
ALTER TABLE "JudgeAssignment" ADD COLUMN "releasedAt" DATETIME;

-- The judge's queue reads released assignments' mark from the index it is sorted by (docs/decisions/0021-performance.md).
DROP INDEX "JudgeAssignment_judgeId_submissionId_contestId_createdAt_id_idx";
CREATE INDEX "JudgeAssignment_judgeId_submissionId_contestId_createdAt_id_releasedAt_idx" ON "JudgeAssignment"("judgeId", "submissionId", "contestId", "createdAt", "id", "releasedAt");

-- AlterTable
ALTER TABLE "Contest" ADD COLUMN "spreadPercent" INTEGER NOT NULL DEFAULT 33;

-- CreateTable
CREATE TABLE "PanelMember" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "contestId" TEXT NOT NULL,
    "judgeId" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'invited',
    "capacity" INTEGER,
    "invitedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "invitedById" TEXT,
    "respondedAt" DATETIME,
    "nudgedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "PanelMember_contestId_fkey" FOREIGN KEY ("contestId") REFERENCES "Contest" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "PanelMember_judgeId_fkey" FOREIGN KEY ("judgeId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Conflict" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "judgeId" TEXT NOT NULL,
    "contestId" TEXT,
    "kind" TEXT NOT NULL,
    "entrantId" TEXT,
    "schoolId" TEXT,
    "schoolName" TEXT,
    "educatorId" TEXT,
    "source" TEXT NOT NULL,
    "note" TEXT,
    "createdById" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Conflict_judgeId_fkey" FOREIGN KEY ("judgeId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Conflict_contestId_fkey" FOREIGN KEY ("contestId") REFERENCES "Contest" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Conflict_entrantId_fkey" FOREIGN KEY ("entrantId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Conflict_schoolId_fkey" FOREIGN KEY ("schoolId") REFERENCES "School" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Conflict_educatorId_fkey" FOREIGN KEY ("educatorId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Recusal" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "contestId" TEXT NOT NULL,
    "submissionId" TEXT NOT NULL,
    "judgeId" TEXT NOT NULL,
    "round" INTEGER NOT NULL DEFAULT 1,
    "reason" TEXT NOT NULL,
    "replacementId" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Recusal_contestId_fkey" FOREIGN KEY ("contestId") REFERENCES "Contest" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Recusal_submissionId_fkey" FOREIGN KEY ("submissionId") REFERENCES "Submission" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Recusal_judgeId_fkey" FOREIGN KEY ("judgeId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "EntryNote" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "submissionId" TEXT NOT NULL,
    "authorId" TEXT NOT NULL,
    "authorRole" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "EntryNote_submissionId_fkey" FOREIGN KEY ("submissionId") REFERENCES "Submission" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "EntryNote_authorId_fkey" FOREIGN KEY ("authorId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ContestMessage" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "contestId" TEXT NOT NULL,
    "audience" TEXT NOT NULL,
    "status" TEXT,
    "divisionId" TEXT,
    "subject" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "createdById" TEXT,
    "recipients" INTEGER NOT NULL DEFAULT 0,
    "sentAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ContestMessage_contestId_fkey" FOREIGN KEY ("contestId") REFERENCES "Contest" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
-- CreateIndex
CREATE INDEX "PanelMember_judgeId_status_idx" ON "PanelMember"("judgeId", "status");

-- CreateIndex
CREATE INDEX "PanelMember_contestId_status_createdAt_idx" ON "PanelMember"("contestId", "status", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "PanelMember_contestId_judgeId_key" ON "PanelMember"("contestId", "judgeId");

-- CreateIndex
CREATE INDEX "Conflict_judgeId_idx" ON "Conflict"("judgeId");

-- CreateIndex
CREATE INDEX "Conflict_contestId_idx" ON "Conflict"("contestId");

-- CreateIndex
CREATE INDEX "Conflict_entrantId_idx" ON "Conflict"("entrantId");

-- CreateIndex
CREATE INDEX "Conflict_schoolId_idx" ON "Conflict"("schoolId");

-- CreateIndex
CREATE INDEX "Conflict_educatorId_idx" ON "Conflict"("educatorId");

-- CreateIndex
CREATE INDEX "Recusal_contestId_createdAt_idx" ON "Recusal"("contestId", "createdAt");

-- CreateIndex
CREATE INDEX "Recusal_submissionId_idx" ON "Recusal"("submissionId");

-- CreateIndex
CREATE UNIQUE INDEX "Recusal_contestId_judgeId_submissionId_key" ON "Recusal"("contestId", "judgeId", "submissionId");

-- CreateIndex
CREATE INDEX "EntryNote_submissionId_createdAt_idx" ON "EntryNote"("submissionId", "createdAt");

-- CreateIndex
CREATE INDEX "ContestMessage_contestId_createdAt_idx" ON "ContestMessage"("contestId", "createdAt");


-- Data: every judge who already holds assignments in a contest, or sits in one of its round
-- pools, joins its panel as accepted; the contest-wide pre-assignments the panel replaces go.
INSERT INTO "PanelMember" ("id", "contestId", "judgeId", "status", "invitedAt", "respondedAt", "createdAt")
SELECT 'pm' || lower(hex(randomblob(11))), "contestId", "judgeId", 'accepted', MIN("at"), MIN("at"), MIN("at")
FROM (
    SELECT "contestId", "judgeId", "createdAt" AS "at" FROM "JudgeAssignment"
    UNION ALL
    SELECT r."contestId", rj."judgeId", r."createdAt" FROM "RoundJudge" rj JOIN "JudgingRound" r ON r."id" = rj."roundId"
) GROUP BY "contestId", "judgeId";
DELETE FROM "JudgeAssignment" WHERE "submissionId" IS NULL;
