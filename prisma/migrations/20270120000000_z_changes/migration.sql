-- Which entries changed since a RankingVersion (docs/decisions/0088-z-ranking-incremental.md):
-- every move of the version by a summary's change writes, with the new version, the entry that
-- moved it, so a process that kept a contest's z ranking at version v recomputes only those
-- entries (and those of the judges whose sums moved) instead of the whole contest. The last
-- 4,096 versions of a contest are kept; a process further behind computes the whole ranking.
CREATE TABLE "RankingChange" (
    "contestId" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "submissionId" TEXT NOT NULL,

    PRIMARY KEY ("contestId", "version", "submissionId")
);

DROP TRIGGER "SubmissionScoreSummary_version_insert";
DROP TRIGGER "SubmissionScoreSummary_version_update";
DROP TRIGGER "SubmissionScoreSummary_version_delete";

CREATE TRIGGER "SubmissionScoreSummary_version_insert" AFTER INSERT ON "SubmissionScoreSummary" BEGIN
  INSERT INTO "RankingVersion" ("contestId", "version") VALUES (NEW."contestId", 1)
  ON CONFLICT ("contestId") DO UPDATE SET "version" = "version" + 1;
  INSERT OR IGNORE INTO "RankingChange" ("contestId", "version", "submissionId")
  SELECT NEW."contestId", "version", NEW."submissionId" FROM "RankingVersion" WHERE "contestId" = NEW."contestId";
  DELETE FROM "RankingChange" WHERE "contestId" = NEW."contestId"
    AND "version" <= (SELECT "version" FROM "RankingVersion" WHERE "contestId" = NEW."contestId") - 4096;
END;

CREATE TRIGGER "SubmissionScoreSummary_version_update" AFTER UPDATE ON "SubmissionScoreSummary" BEGIN
  INSERT INTO "RankingVersion" ("contestId", "version") VALUES (OLD."contestId", 1)
  ON CONFLICT ("contestId") DO UPDATE SET "version" = "version" + 1;
  INSERT OR IGNORE INTO "RankingChange" ("contestId", "version", "submissionId")
  SELECT OLD."contestId", "version", OLD."submissionId" FROM "RankingVersion" WHERE "contestId" = OLD."contestId";
  INSERT INTO "RankingVersion" ("contestId", "version") VALUES (NEW."contestId", 1)
  ON CONFLICT ("contestId") DO UPDATE SET "version" = "version" + 1;
  INSERT OR IGNORE INTO "RankingChange" ("contestId", "version", "submissionId")
  SELECT NEW."contestId", "version", NEW."submissionId" FROM "RankingVersion" WHERE "contestId" = NEW."contestId";
  DELETE FROM "RankingChange" WHERE "contestId" = NEW."contestId"
    AND "version" <= (SELECT "version" FROM "RankingVersion" WHERE "contestId" = NEW."contestId") - 4096;
END;

CREATE TRIGGER "SubmissionScoreSummary_version_delete" AFTER DELETE ON "SubmissionScoreSummary" BEGIN
  INSERT INTO "RankingVersion" ("contestId", "version") VALUES (OLD."contestId", 1)
  ON CONFLICT ("contestId") DO UPDATE SET "version" = "version" + 1;
  INSERT OR IGNORE INTO "RankingChange" ("contestId", "version", "submissionId")
  SELECT OLD."contestId", "version", OLD."submissionId" FROM "RankingVersion" WHERE "contestId" = OLD."contestId";
  DELETE FROM "RankingChange" WHERE "contestId" = OLD."contestId"
    AND "version" <= (SELECT "version" FROM "RankingVersion" WHERE "contestId" = OLD."contestId") - 4096;
END;
