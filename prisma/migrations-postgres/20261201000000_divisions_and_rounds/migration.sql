-- Divisions and judging rounds (docs/decisions/0032-divisions-and-rounds.md).

-- AlterEnum
ALTER TYPE "LifecycleStepName" ADD VALUE 'advance';

-- DropIndex
DROP INDEX "LifecycleStep_contestId_step_key";

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "grade" INTEGER;

-- AlterTable
ALTER TABLE "Prompt" ADD COLUMN     "divisionId" TEXT;

-- AlterTable
ALTER TABLE "Submission" ADD COLUMN     "divisionId" TEXT;

-- AlterTable
ALTER TABLE "JudgeAssignment" ADD COLUMN     "round" INTEGER NOT NULL DEFAULT 1;

-- AlterTable
ALTER TABLE "LifecycleStep" ADD COLUMN     "round" INTEGER NOT NULL DEFAULT 1;

-- CreateTable
CREATE TABLE "Division" (
    "id" TEXT NOT NULL,
    "contestId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "basis" TEXT NOT NULL,
    "min" INTEGER NOT NULL,
    "max" INTEGER NOT NULL,
    "ageOn" TIMESTAMP(3),
    "wordMin" INTEGER,
    "wordMax" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Division_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DivisionMove" (
    "id" TEXT NOT NULL,
    "submissionId" TEXT NOT NULL,
    "fromName" TEXT,
    "toName" TEXT NOT NULL,
    "note" TEXT NOT NULL,
    "movedById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DivisionMove_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "JudgeDivision" (
    "divisionId" TEXT NOT NULL,
    "judgeId" TEXT NOT NULL,

    CONSTRAINT "JudgeDivision_pkey" PRIMARY KEY ("divisionId","judgeId")
);

-- CreateTable
CREATE TABLE "JudgingRound" (
    "id" TEXT NOT NULL,
    "contestId" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "rubricId" TEXT,
    "judgesPerEntry" INTEGER NOT NULL DEFAULT 3,
    "judgingOpen" TIMESTAMP(3) NOT NULL,
    "judgingClose" TIMESTAMP(3) NOT NULL,
    "advanceRule" TEXT,
    "advanceValue" DOUBLE PRECISION,
    "advancedAt" TIMESTAMP(3),
    "advancedById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "JudgingRound_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RoundJudge" (
    "roundId" TEXT NOT NULL,
    "judgeId" TEXT NOT NULL,

    CONSTRAINT "RoundJudge_pkey" PRIMARY KEY ("roundId","judgeId")
);

-- CreateTable
CREATE TABLE "Advancement" (
    "contestId" TEXT NOT NULL,
    "round" INTEGER NOT NULL,
    "submissionId" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "note" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Advancement_pkey" PRIMARY KEY ("contestId","round","submissionId")
);

-- CreateTable
CREATE TABLE "AdvanceChoice" (
    "contestId" TEXT NOT NULL,
    "round" INTEGER NOT NULL,
    "submissionId" TEXT NOT NULL,
    "include" BOOLEAN NOT NULL,
    "note" TEXT NOT NULL,
    "byId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AdvanceChoice_pkey" PRIMARY KEY ("contestId","round","submissionId")
);

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

-- CreateIndex
CREATE INDEX "Submission_contestId_status_divisionId_createdAt_id_title_idx" ON "Submission"("contestId", "status", "divisionId", "createdAt", "id", "title");

-- CreateIndex
CREATE INDEX "JudgeAssignment_contestId_round_submissionId_judgeId_idx" ON "JudgeAssignment"("contestId", "round", "submissionId", "judgeId");

-- CreateIndex
CREATE UNIQUE INDEX "LifecycleStep_contestId_step_round_key" ON "LifecycleStep"("contestId", "step", "round");

-- AddForeignKey
ALTER TABLE "Prompt" ADD CONSTRAINT "Prompt_divisionId_fkey" FOREIGN KEY ("divisionId") REFERENCES "Division"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Submission" ADD CONSTRAINT "Submission_divisionId_fkey" FOREIGN KEY ("divisionId") REFERENCES "Division"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Division" ADD CONSTRAINT "Division_contestId_fkey" FOREIGN KEY ("contestId") REFERENCES "Contest"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DivisionMove" ADD CONSTRAINT "DivisionMove_submissionId_fkey" FOREIGN KEY ("submissionId") REFERENCES "Submission"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "JudgeDivision" ADD CONSTRAINT "JudgeDivision_divisionId_fkey" FOREIGN KEY ("divisionId") REFERENCES "Division"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "JudgeDivision" ADD CONSTRAINT "JudgeDivision_judgeId_fkey" FOREIGN KEY ("judgeId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "JudgingRound" ADD CONSTRAINT "JudgingRound_contestId_fkey" FOREIGN KEY ("contestId") REFERENCES "Contest"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "JudgingRound" ADD CONSTRAINT "JudgingRound_rubricId_fkey" FOREIGN KEY ("rubricId") REFERENCES "Rubric"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RoundJudge" ADD CONSTRAINT "RoundJudge_roundId_fkey" FOREIGN KEY ("roundId") REFERENCES "JudgingRound"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RoundJudge" ADD CONSTRAINT "RoundJudge_judgeId_fkey" FOREIGN KEY ("judgeId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Advancement" ADD CONSTRAINT "Advancement_contestId_fkey" FOREIGN KEY ("contestId") REFERENCES "Contest"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Advancement" ADD CONSTRAINT "Advancement_submissionId_fkey" FOREIGN KEY ("submissionId") REFERENCES "Submission"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AdvanceChoice" ADD CONSTRAINT "AdvanceChoice_contestId_fkey" FOREIGN KEY ("contestId") REFERENCES "Contest"("id") ON DELETE CASCADE ON UPDATE CASCADE;

