-- Stored fingerprints (ADR 0054): the whole-contest pass and the single check reuse an entry's
-- keys and shingles while its source hash is the text's.
ALTER TABLE "EntrySignature" ADD COLUMN     "sourceHash" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "keys" BYTEA,
ADD COLUMN     "shingles" BYTEA;
