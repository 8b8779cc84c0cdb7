-- AlterTable
ALTER TABLE "Contest" ADD COLUMN "judgesPerSubmission" INTEGER NOT NULL DEFAULT 3;

-- CreateTable
CREATE TABLE "LifecycleStep" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "contestId" TEXT NOT NULL,
    "step" TEXT NOT NULL,
    "dueAt" DATETIME NOT NULL,
    "startedAt" DATETIME,
    "finishedAt" DATETIME,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lastError" TEXT,
    "nextAttemptAt" DATETIME,
    "lockedUntil" DATETIME,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "LifecycleStep_contestId_fkey" FOREIGN KEY ("contestId") REFERENCES "Contest" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "OutboxEvent" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "payload" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "deliveredAt" DATETIME,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lastError" TEXT,
    "nextAttemptAt" DATETIME,
    "lockedUntil" DATETIME
);

-- CreateTable
CREATE TABLE "SchedulerLease" (
    "name" TEXT NOT NULL PRIMARY KEY,
    "holder" TEXT NOT NULL,
    "expiresAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "NotifyRequest" (
    "userId" TEXT NOT NULL,
    "contestId" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("userId", "contestId"),
    CONSTRAINT "NotifyRequest_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "NotifyRequest_contestId_fkey" FOREIGN KEY ("contestId") REFERENCES "Contest" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "LifecycleEmail" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "emailLogId" TEXT,
    "sentAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "FrozenResult" (
    "contestId" TEXT NOT NULL,
    "submissionId" TEXT NOT NULL,
    "rank" INTEGER,
    "average" REAL,
    "scored" INTEGER NOT NULL,
    "frozenAt" DATETIME NOT NULL,

    PRIMARY KEY ("contestId", "submissionId"),
    CONSTRAINT "FrozenResult_contestId_fkey" FOREIGN KEY ("contestId") REFERENCES "Contest" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "LifecycleStep_finishedAt_dueAt_idx" ON "LifecycleStep"("finishedAt", "dueAt");

-- CreateIndex
CREATE UNIQUE INDEX "LifecycleStep_contestId_step_key" ON "LifecycleStep"("contestId", "step");

-- CreateIndex
CREATE INDEX "OutboxEvent_deliveredAt_nextAttemptAt_idx" ON "OutboxEvent"("deliveredAt", "nextAttemptAt");

-- CreateIndex
CREATE INDEX "NotifyRequest_contestId_idx" ON "NotifyRequest"("contestId");
