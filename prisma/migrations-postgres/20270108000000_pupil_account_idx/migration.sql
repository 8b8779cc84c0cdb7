-- A writer's class pupils by their account (docs/decisions/0066-entry-at-scale.md): most pupils
-- have no account, so "Pupil_userId_idx" is mostly NULLs, and SQLite's statistics (one average
-- per index) told its planner that "userId = ?" matches every pupil: it scanned the table instead.
-- This index holds only linked pupils; "userId" = ? implies the NOT NULL, so the index serves it,
-- with statistics of the linked pupils alone.
CREATE INDEX "Pupil_userId_linked_idx" ON "Pupil"("userId") WHERE "userId" IS NOT NULL;
