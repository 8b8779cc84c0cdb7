-- Roster matching (docs/decisions/0041-class-joining-at-class-size.md): a pupil who joined without
-- being matched to a roster row, for the teacher to link or keep.

-- AlterTable
ALTER TABLE "Pupil" ADD COLUMN "matchPending" BOOLEAN NOT NULL DEFAULT false;
