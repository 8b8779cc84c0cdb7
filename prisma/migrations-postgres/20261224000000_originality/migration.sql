-- Copied and near-identical entries (docs/decisions/0054-copied-entries.md): each entry's
-- MinHash signature and lookup keys (LSH band keys, passage fingerprints), and the pairs found.
-- Existing entries are indexed by the contest's "Check the whole contest" (or their next check).

-- CreateTable
CREATE TABLE "EntrySignature" (
    "submissionId" TEXT NOT NULL,
    "contestId" TEXT NOT NULL,
    "textHash" TEXT NOT NULL,
    "words" INTEGER NOT NULL,
    "signature" BYTEA NOT NULL,
    "computedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "EntrySignature_pkey" PRIMARY KEY ("submissionId")
);

-- CreateTable
CREATE TABLE "EntryKey" (
    "key" INTEGER NOT NULL,
    "submissionId" TEXT NOT NULL,

    CONSTRAINT "EntryKey_pkey" PRIMARY KEY ("key","submissionId")
);

-- CreateTable
CREATE TABLE "CopyPair" (
    "id" TEXT NOT NULL,
    "entryAId" TEXT NOT NULL,
    "entryBId" TEXT NOT NULL,
    "contestAId" TEXT NOT NULL,
    "contestBId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "resemblance" DOUBLE PRECISION NOT NULL,
    "sharedWords" INTEGER NOT NULL,
    "passages" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'open',
    "decidedById" TEXT,
    "decidedAt" TIMESTAMP(3),
    "note" TEXT,
    "foundAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CopyPair_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "EntrySignature_contestId_idx" ON "EntrySignature"("contestId");

-- CreateIndex
CREATE INDEX "EntryKey_submissionId_idx" ON "EntryKey"("submissionId");

-- CreateIndex
CREATE INDEX "CopyPair_contestAId_status_idx" ON "CopyPair"("contestAId", "status");

-- CreateIndex
CREATE INDEX "CopyPair_contestBId_status_idx" ON "CopyPair"("contestBId", "status");

-- CreateIndex
CREATE INDEX "CopyPair_entryBId_idx" ON "CopyPair"("entryBId");

-- CreateIndex
CREATE UNIQUE INDEX "CopyPair_entryAId_entryBId_key" ON "CopyPair"("entryAId", "entryBId");

-- AddForeignKey
ALTER TABLE "EntrySignature" ADD CONSTRAINT "EntrySignature_submissionId_fkey" FOREIGN KEY ("submissionId") REFERENCES "Submission"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EntryKey" ADD CONSTRAINT "EntryKey_submissionId_fkey" FOREIGN KEY ("submissionId") REFERENCES "EntrySignature"("submissionId") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CopyPair" ADD CONSTRAINT "CopyPair_entryAId_fkey" FOREIGN KEY ("entryAId") REFERENCES "Submission"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CopyPair" ADD CONSTRAINT "CopyPair_entryBId_fkey" FOREIGN KEY ("entryBId") REFERENCES "Submission"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CopyPair" ADD CONSTRAINT "CopyPair_decidedById_fkey" FOREIGN KEY ("decidedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
