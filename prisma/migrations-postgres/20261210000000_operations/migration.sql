-- Operations (docs/decisions/0037-backups-and-maintenance.md, 0038-data-retention.md): maintenance runs (backups, the retention policy,
-- purges) for /admin/workflows, what the retention policy removed, when an account was last active
-- and warned, and when an entry's story text and file were removed.

-- AlterTable
ALTER TABLE "User" ADD COLUMN "lastActiveAt" TIMESTAMP(3),
ADD COLUMN "retentionWarnedAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "Submission" ADD COLUMN "contentRemovedAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "MaintenanceRun" (
    "id" TEXT NOT NULL,
    "job" TEXT NOT NULL,
    "startedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" TIMESTAMP(3),
    "outcome" TEXT,
    "count" INTEGER NOT NULL DEFAULT 0,
    "note" TEXT,
    "error" TEXT,

    CONSTRAINT "MaintenanceRun_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RetentionRecord" (
    "id" TEXT NOT NULL,
    "runId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "subjectId" TEXT NOT NULL,
    "contestId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "RetentionRecord_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "MaintenanceRun_job_startedAt_idx" ON "MaintenanceRun"("job", "startedAt");

-- CreateIndex
CREATE INDEX "RetentionRecord_kind_subjectId_idx" ON "RetentionRecord"("kind", "subjectId");

-- CreateIndex
CREATE INDEX "RetentionRecord_createdAt_idx" ON "RetentionRecord"("createdAt");

-- CreateIndex
CREATE INDEX "RetentionRecord_runId_idx" ON "RetentionRecord"("runId");
