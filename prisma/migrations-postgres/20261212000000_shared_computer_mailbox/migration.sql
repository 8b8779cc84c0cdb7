-- The test mailbox (docs/decisions/0043-test-mailbox.md): messages kept whole in test mode only.
-- CreateTable
CREATE TABLE "TestMailMessage" (
    "id" TEXT NOT NULL,
    "to" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "template" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TestMailMessage_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "TestMailMessage_createdAt_idx" ON "TestMailMessage"("createdAt");

-- "May be shown" taken back: when, by whom (docs/decisions/0042-a-childs-words-and-name.md).
-- AlterTable
ALTER TABLE "Submission" ADD COLUMN "showWithdrawnAt" TIMESTAMP(3),
ADD COLUMN "showWithdrawnBy" TEXT,
ADD COLUMN "showWithdrawnByUserId" TEXT;
