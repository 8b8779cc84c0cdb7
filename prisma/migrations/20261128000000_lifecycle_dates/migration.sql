-- Lifecycle fixes (docs/decisions/0022-lifecycle-follows-the-public.md):
-- the reminder lead time is a contest setting (hours before judging closes; capped at half the
-- judging window when used), and a step records what it did (its outcome and a plain note) and
-- which run holds it (a lease the holder renews while it works).
ALTER TABLE "Contest" ADD COLUMN "remindLeadHours" INTEGER NOT NULL DEFAULT 48;
ALTER TABLE "LifecycleStep" ADD COLUMN "outcome" TEXT;
ALTER TABLE "LifecycleStep" ADD COLUMN "note" TEXT;
ALTER TABLE "LifecycleStep" ADD COLUMN "lockedBy" TEXT;
