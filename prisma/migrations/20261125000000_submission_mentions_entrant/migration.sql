-- AlterTable
ALTER TABLE "Submission" ADD COLUMN "mentionsEntrant" BOOLEAN NOT NULL DEFAULT false;
