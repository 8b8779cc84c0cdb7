-- The reading desk (docs/decisions/0034-reading-desk.md): the text of entries' documents and
-- the places where an entry names its writer. Existing document entries get their text from the
-- backfill the server runs at start (app/features/anonymity/backfill.server.ts).

-- CreateTable
CREATE TABLE "EntryDocument" (
    "submissionId" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "extractedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "EntryDocument_pkey" PRIMARY KEY ("submissionId")
);

-- CreateTable
CREATE TABLE "IdentityHit" (
    "id" TEXT NOT NULL,
    "submissionId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "start" INTEGER NOT NULL,
    "end" INTEGER NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "decidedById" TEXT,
    "decidedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "IdentityHit_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "IdentityHit_submissionId_start_idx" ON "IdentityHit"("submissionId", "start");

-- AddForeignKey
ALTER TABLE "EntryDocument" ADD CONSTRAINT "EntryDocument_submissionId_fkey" FOREIGN KEY ("submissionId") REFERENCES "Submission"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "IdentityHit" ADD CONSTRAINT "IdentityHit_submissionId_fkey" FOREIGN KEY ("submissionId") REFERENCES "Submission"("id") ON DELETE CASCADE ON UPDATE CASCADE;
