-- AlterTable
ALTER TABLE "Contest" ADD COLUMN "places" INTEGER NOT NULL DEFAULT 3;
ALTER TABLE "Contest" ADD COLUMN "honourableMentions" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "Submission" ADD COLUMN "showIfAwarded" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "ContestAward" (
    "contestId" TEXT NOT NULL,
    "submissionId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "place" INTEGER,
    "note" TEXT,
    "updatedAt" DATETIME NOT NULL,

    PRIMARY KEY ("contestId", "submissionId"),
    CONSTRAINT "ContestAward_contestId_fkey" FOREIGN KEY ("contestId") REFERENCES "Contest" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ContestAward_submissionId_fkey" FOREIGN KEY ("submissionId") REFERENCES "Submission" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "ContestAward_submissionId_key" ON "ContestAward"("submissionId");
