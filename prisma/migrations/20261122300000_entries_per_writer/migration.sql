-- AlterTable
ALTER TABLE "Contest" ADD COLUMN "entriesPerWriter" INTEGER NOT NULL DEFAULT 1;
