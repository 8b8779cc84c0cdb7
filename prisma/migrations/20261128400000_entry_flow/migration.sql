-- A visitor's unsent story kept through the sign-in (docs/decisions/0026-entry-flow.md).
CREATE TABLE "EntryDraft" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "contestId" TEXT NOT NULL,
    "fields" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" DATETIME NOT NULL
);

CREATE INDEX "EntryDraft_expiresAt_idx" ON "EntryDraft"("expiresAt");
