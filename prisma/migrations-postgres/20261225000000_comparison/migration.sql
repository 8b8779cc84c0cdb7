-- Comparison rounds (ADR 0056): a round's method and the comparisons of its judges.
ALTER TABLE "JudgingRound" ADD COLUMN     "method" TEXT NOT NULL DEFAULT 'rubric',
ADD COLUMN     "comparisonsPerEntry" INTEGER NOT NULL DEFAULT 10;

-- CreateTable
CREATE TABLE "Comparison" (
    "id" TEXT NOT NULL,
    "contestId" TEXT NOT NULL,
    "roundId" TEXT NOT NULL,
    "divisionId" TEXT,
    "judgeId" TEXT NOT NULL,
    "entryAId" TEXT NOT NULL,
    "entryBId" TEXT NOT NULL,
    "pairKey" TEXT NOT NULL,
    "openKey" TEXT,
    "openJudgeId" TEXT,
    "winnerId" TEXT,
    "noteA" TEXT,
    "noteB" TEXT,
    "handedOutAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "decidedAt" TIMESTAMP(3),

    CONSTRAINT "Comparison_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Comparison_roundId_decidedAt_idx" ON "Comparison"("roundId", "decidedAt");

-- CreateIndex
CREATE INDEX "Comparison_entryAId_idx" ON "Comparison"("entryAId");

-- CreateIndex
CREATE INDEX "Comparison_entryBId_idx" ON "Comparison"("entryBId");

-- CreateIndex
CREATE UNIQUE INDEX "Comparison_roundId_openKey_key" ON "Comparison"("roundId", "openKey");

-- CreateIndex
CREATE UNIQUE INDEX "Comparison_roundId_openJudgeId_key" ON "Comparison"("roundId", "openJudgeId");

-- CreateIndex
CREATE UNIQUE INDEX "Comparison_roundId_judgeId_pairKey_key" ON "Comparison"("roundId", "judgeId", "pairKey");

-- AddForeignKey
ALTER TABLE "Comparison" ADD CONSTRAINT "Comparison_contestId_fkey" FOREIGN KEY ("contestId") REFERENCES "Contest"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Comparison" ADD CONSTRAINT "Comparison_roundId_fkey" FOREIGN KEY ("roundId") REFERENCES "JudgingRound"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Comparison" ADD CONSTRAINT "Comparison_judgeId_fkey" FOREIGN KEY ("judgeId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Comparison" ADD CONSTRAINT "Comparison_entryAId_fkey" FOREIGN KEY ("entryAId") REFERENCES "Submission"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Comparison" ADD CONSTRAINT "Comparison_entryBId_fkey" FOREIGN KEY ("entryBId") REFERENCES "Submission"("id") ON DELETE CASCADE ON UPDATE CASCADE;
