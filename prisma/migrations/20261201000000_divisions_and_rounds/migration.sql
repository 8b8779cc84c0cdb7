-- Divisions and judging rounds (docs/decisions/0032-divisions-and-rounds.md): a contest's
-- divisions and an entry's, the writer's grade, rounds with their judge pools, advancement, and
-- judges restricted to divisions.

-- AlterTable
ALTER TABLE "User" ADD COLUMN "grade" INTEGER;

-- CreateTable
CREATE TABLE "Division" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "contestId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "basis" TEXT NOT NULL,
    "min" INTEGER NOT NULL,
    "max" INTEGER NOT NULL,
    "ageOn" DATETIME,
    "wordMin" INTEGER,
    "wordMax" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Division_contestId_fkey" FOREIGN KEY ("contestId") REFERENCES "Contest" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "DivisionMove" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "submissionId" TEXT NOT NULL,
    "fromName" TEXT,
    "toName" TEXT NOT NULL,
    "note" TEXT NOT NULL,
    "movedById" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "DivisionMove_submissionId_fkey" FOREIGN KEY ("submissionId") REFERENCES "Submission" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "JudgeDivision" (
    "divisionId" TEXT NOT NULL,
    "judgeId" TEXT NOT NULL,

    PRIMARY KEY ("divisionId", "judgeId"),
    CONSTRAINT "JudgeDivision_divisionId_fkey" FOREIGN KEY ("divisionId") REFERENCES "Division" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "JudgeDivision_judgeId_fkey" FOREIGN KEY ("judgeId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "JudgingRound" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "contestId" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "rubricId" TEXT,
    "judgesPerEntry" INTEGER NOT NULL DEFAULT 3,
    "judgingOpen" DATETIME NOT NULL,
    "judgingClose" DATETIME NOT NULL,
    "advanceRule" TEXT,
    "advanceValue" REAL,
    "advancedAt" DATETIME,
    "advancedById" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "JudgingRound_contestId_fkey" FOREIGN KEY ("contestId") REFERENCES "Contest" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "JudgingRound_rubricId_fkey" FOREIGN KEY ("rubricId") REFERENCES "Rubric" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "RoundJudge" (
    "roundId" TEXT NOT NULL,
    "judgeId" TEXT NOT NULL,

    PRIMARY KEY ("roundId", "judgeId"),
    CONSTRAINT "RoundJudge_roundId_fkey" FOREIGN KEY ("roundId") REFERENCES "JudgingRound" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "RoundJudge_judgeId_fkey" FOREIGN KEY ("judgeId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Advancement" (
    "contestId" TEXT NOT NULL,
    "round" INTEGER NOT NULL,
    "submissionId" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "note" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("contestId", "round", "submissionId"),
    CONSTRAINT "Advancement_contestId_fkey" FOREIGN KEY ("contestId") REFERENCES "Contest" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Advancement_submissionId_fkey" FOREIGN KEY ("submissionId") REFERENCES "Submission" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "AdvanceChoice" (
    "contestId" TEXT NOT NULL,
    "round" INTEGER NOT NULL,
    "submissionId" TEXT NOT NULL,
    "include" BOOLEAN NOT NULL,
    "note" TEXT NOT NULL,
    "byId" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("contestId", "round", "submissionId"),
    CONSTRAINT "AdvanceChoice_contestId_fkey" FOREIGN KEY ("contestId") REFERENCES "Contest" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- Columns are added in place (ALTER TABLE), never by redefining a table: Submission's triggers
-- (score summaries, status sets) and LifecycleStep's would be dropped.
ALTER TABLE "Prompt" ADD COLUMN "divisionId" TEXT REFERENCES "Division" ("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "Submission" ADD COLUMN "divisionId" TEXT REFERENCES "Division" ("id") ON DELETE RESTRICT ON UPDATE CASCADE;
CREATE INDEX "Submission_contestId_status_divisionId_createdAt_id_title_idx" ON "Submission"("contestId", "status", "divisionId", "createdAt", "id", "title");
ALTER TABLE "JudgeAssignment" ADD COLUMN "round" INTEGER NOT NULL DEFAULT 1;
CREATE INDEX "JudgeAssignment_contestId_round_submissionId_judgeId_idx" ON "JudgeAssignment"("contestId", "round", "submissionId", "judgeId");

-- Lifecycle steps run once per judging round (assign, remind, advance); the step set gains "advance".
ALTER TABLE "LifecycleStep" ADD COLUMN "round" INTEGER NOT NULL DEFAULT 1;
DROP INDEX "LifecycleStep_contestId_step_key";
CREATE UNIQUE INDEX "LifecycleStep_contestId_step_round_key" ON "LifecycleStep"("contestId", "step", "round");
DROP TRIGGER "LifecycleStep_step_check_insert";
DROP TRIGGER "LifecycleStep_step_check_update";
CREATE TRIGGER "LifecycleStep_step_check_insert" BEFORE INSERT ON "LifecycleStep"
WHEN NEW."step" NOT IN ('open', 'close', 'assign', 'remind', 'results', 'advance')
BEGIN SELECT RAISE(ABORT, 'LifecycleStep.step: not one of its set'); END;

CREATE TRIGGER "LifecycleStep_step_check_update" BEFORE UPDATE OF "step" ON "LifecycleStep"
WHEN NEW."step" NOT IN ('open', 'close', 'assign', 'remind', 'results', 'advance')
BEGIN SELECT RAISE(ABORT, 'LifecycleStep.step: not one of its set'); END;


-- CreateIndex
CREATE INDEX "Division_contestId_position_idx" ON "Division"("contestId", "position");

-- CreateIndex
CREATE UNIQUE INDEX "Division_contestId_name_key" ON "Division"("contestId", "name");

-- CreateIndex
CREATE INDEX "DivisionMove_submissionId_createdAt_idx" ON "DivisionMove"("submissionId", "createdAt");

-- CreateIndex
CREATE INDEX "JudgeDivision_judgeId_idx" ON "JudgeDivision"("judgeId");

-- CreateIndex
CREATE UNIQUE INDEX "JudgingRound_contestId_number_key" ON "JudgingRound"("contestId", "number");

-- CreateIndex
CREATE INDEX "RoundJudge_judgeId_idx" ON "RoundJudge"("judgeId");

-- CreateIndex
CREATE INDEX "Advancement_submissionId_idx" ON "Advancement"("submissionId");

