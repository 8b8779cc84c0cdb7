-- The test mailbox (docs/decisions/0043-test-mailbox.md): messages kept whole in test mode only.
CREATE TABLE "TestMailMessage" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "to" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "template" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

CREATE INDEX "TestMailMessage_createdAt_idx" ON "TestMailMessage"("createdAt");

-- "May be shown" taken back: when, by whom (docs/decisions/0042-a-childs-words-and-name.md).
ALTER TABLE "Submission" ADD COLUMN "showWithdrawnAt" DATETIME;
ALTER TABLE "Submission" ADD COLUMN "showWithdrawnBy" TEXT;
ALTER TABLE "Submission" ADD COLUMN "showWithdrawnByUserId" TEXT;
