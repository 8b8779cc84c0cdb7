-- The z ranking's judges' statistics read a row per judge, not every score of the contest
-- (docs/decisions/0076-judge-score-sums.md): per contest and judge, the count, sum and sum of
-- squares of the judge's submitted totals in hundredths over the contest's submitted entries
-- (integers: the variance exact), kept by triggers in the statement of every change, in the
-- style of the summaries' (ADR 0021, 0063). The hundredths are the z statement's own expression.
CREATE TABLE "JudgeScoreSums" (
    "contestId" TEXT NOT NULL,
    "judgeId" TEXT NOT NULL,
    "n" INTEGER NOT NULL DEFAULT 0,
    "s1" BIGINT NOT NULL DEFAULT 0,
    "s2" BIGINT NOT NULL DEFAULT 0,

    PRIMARY KEY ("contestId", "judgeId")
);

INSERT INTO "JudgeScoreSums" ("contestId", "judgeId", "n", "s1", "s2")
SELECT m."contestId", sc."judgeId", COUNT(*), SUM(CAST(ROUND(sc."total" * 100) AS BIGINT)),
  SUM(CAST(ROUND(sc."total" * 100) AS BIGINT) * CAST(ROUND(sc."total" * 100) AS BIGINT))
FROM "SubmissionScoreSummary" m JOIN "Score" sc ON sc."submissionId" = m."submissionId"
WHERE m."status" = 'submitted' AND sc."submittedAt" IS NOT NULL
GROUP BY m."contestId", sc."judgeId";

-- A submitted score of a submitted entry counts for its judge in the entry's contest.
CREATE TRIGGER "Score_judge_sums_insert" AFTER INSERT ON "Score" WHEN NEW."submittedAt" IS NOT NULL BEGIN
  INSERT INTO "JudgeScoreSums" ("contestId", "judgeId", "n", "s1", "s2")
  SELECT m."contestId", NEW."judgeId", 1, x."h", x."h" * x."h"
  FROM (SELECT CAST(ROUND(NEW."total" * 100) AS BIGINT) AS "h") x, "SubmissionScoreSummary" m
  WHERE m."submissionId" = NEW."submissionId" AND m."status" = 'submitted'
  ON CONFLICT ("contestId", "judgeId") DO UPDATE SET "n" = "n" + excluded."n",
    "s1" = "s1" + excluded."s1", "s2" = "s2" + excluded."s2";
END;

CREATE TRIGGER "Score_judge_sums_update" AFTER UPDATE OF "total", "submittedAt", "submissionId", "judgeId" ON "Score"
WHEN OLD."total" IS NOT NEW."total" OR (OLD."submittedAt" IS NULL) <> (NEW."submittedAt" IS NULL)
  OR OLD."submissionId" IS NOT NEW."submissionId" OR OLD."judgeId" IS NOT NEW."judgeId" BEGIN
  INSERT INTO "JudgeScoreSums" ("contestId", "judgeId", "n", "s1", "s2")
  SELECT m."contestId", OLD."judgeId", -1, -x."h", -x."h" * x."h"
  FROM (SELECT CAST(ROUND(OLD."total" * 100) AS BIGINT) AS "h") x, "SubmissionScoreSummary" m
  WHERE OLD."submittedAt" IS NOT NULL AND m."submissionId" = OLD."submissionId" AND m."status" = 'submitted'
  ON CONFLICT ("contestId", "judgeId") DO UPDATE SET "n" = "n" + excluded."n",
    "s1" = "s1" + excluded."s1", "s2" = "s2" + excluded."s2";
  INSERT INTO "JudgeScoreSums" ("contestId", "judgeId", "n", "s1", "s2")
  SELECT m."contestId", NEW."judgeId", 1, x."h", x."h" * x."h"
  FROM (SELECT CAST(ROUND(NEW."total" * 100) AS BIGINT) AS "h") x, "SubmissionScoreSummary" m
  WHERE NEW."submittedAt" IS NOT NULL AND m."submissionId" = NEW."submissionId" AND m."status" = 'submitted'
  ON CONFLICT ("contestId", "judgeId") DO UPDATE SET "n" = "n" + excluded."n",
    "s1" = "s1" + excluded."s1", "s2" = "s2" + excluded."s2";
END;

-- A score deleted while its entry's summary is there (an entry deleted: whichever of its scores
-- and its summary goes first, the other's trigger finds nothing left to take out).
CREATE TRIGGER "Score_judge_sums_delete" AFTER DELETE ON "Score" WHEN OLD."submittedAt" IS NOT NULL BEGIN
  INSERT INTO "JudgeScoreSums" ("contestId", "judgeId", "n", "s1", "s2")
  SELECT m."contestId", OLD."judgeId", -1, -x."h", -x."h" * x."h"
  FROM (SELECT CAST(ROUND(OLD."total" * 100) AS BIGINT) AS "h") x, "SubmissionScoreSummary" m
  WHERE m."submissionId" = OLD."submissionId" AND m."status" = 'submitted'
  ON CONFLICT ("contestId", "judgeId") DO UPDATE SET "n" = "n" + excluded."n",
    "s1" = "s1" + excluded."s1", "s2" = "s2" + excluded."s2";
END;

-- An entry withdrawn, submitted again or moved: its submitted scores leave one side, join the other.
CREATE TRIGGER "SubmissionScoreSummary_judge_sums_update" AFTER UPDATE OF "status", "contestId" ON "SubmissionScoreSummary"
WHEN (OLD."status" = 'submitted' OR NEW."status" = 'submitted')
  AND (OLD."status" IS NOT NEW."status" OR OLD."contestId" IS NOT NEW."contestId") BEGIN
  INSERT INTO "JudgeScoreSums" ("contestId", "judgeId", "n", "s1", "s2")
  SELECT OLD."contestId", sc."judgeId", -COUNT(*), -SUM(CAST(ROUND(sc."total" * 100) AS BIGINT)),
    -SUM(CAST(ROUND(sc."total" * 100) AS BIGINT) * CAST(ROUND(sc."total" * 100) AS BIGINT))
  FROM "Score" sc
  WHERE OLD."status" = 'submitted' AND sc."submissionId" = OLD."submissionId" AND sc."submittedAt" IS NOT NULL
  GROUP BY sc."judgeId"
  ON CONFLICT ("contestId", "judgeId") DO UPDATE SET "n" = "n" + excluded."n",
    "s1" = "s1" + excluded."s1", "s2" = "s2" + excluded."s2";
  INSERT INTO "JudgeScoreSums" ("contestId", "judgeId", "n", "s1", "s2")
  SELECT NEW."contestId", sc."judgeId", COUNT(*), SUM(CAST(ROUND(sc."total" * 100) AS BIGINT)),
    SUM(CAST(ROUND(sc."total" * 100) AS BIGINT) * CAST(ROUND(sc."total" * 100) AS BIGINT))
  FROM "Score" sc
  WHERE NEW."status" = 'submitted' AND sc."submissionId" = NEW."submissionId" AND sc."submittedAt" IS NOT NULL
  GROUP BY sc."judgeId"
  ON CONFLICT ("contestId", "judgeId") DO UPDATE SET "n" = "n" + excluded."n",
    "s1" = "s1" + excluded."s1", "s2" = "s2" + excluded."s2";
END;

CREATE TRIGGER "SubmissionScoreSummary_judge_sums_delete" AFTER DELETE ON "SubmissionScoreSummary"
WHEN OLD."status" = 'submitted' BEGIN
  INSERT INTO "JudgeScoreSums" ("contestId", "judgeId", "n", "s1", "s2")
  SELECT OLD."contestId", sc."judgeId", -COUNT(*), -SUM(CAST(ROUND(sc."total" * 100) AS BIGINT)),
    -SUM(CAST(ROUND(sc."total" * 100) AS BIGINT) * CAST(ROUND(sc."total" * 100) AS BIGINT))
  FROM "Score" sc
  WHERE sc."submissionId" = OLD."submissionId" AND sc."submittedAt" IS NOT NULL
    AND EXISTS (SELECT 1 FROM "Contest" c WHERE c."id" = OLD."contestId")
  GROUP BY sc."judgeId"
  ON CONFLICT ("contestId", "judgeId") DO UPDATE SET "n" = "n" + excluded."n",
    "s1" = "s1" + excluded."s1", "s2" = "s2" + excluded."s2";
END;

CREATE TRIGGER "Contest_judge_sums_delete" AFTER DELETE ON "Contest" BEGIN
  DELETE FROM "JudgeScoreSums" WHERE "contestId" = OLD."id";
END;
