-- The z ranking's judges' statistics read a row per judge, not every score of the contest
-- (docs/decisions/0076-judge-score-sums.md): per contest and judge, the count, sum and sum of
-- squares of the judge's submitted totals in hundredths over the contest's submitted entries
-- (integers: the variance exact), kept by triggers in the transaction of every change. The
-- hundredths are the z statement's own expression. As ADR 0073's counters, the triggers on Score
-- and on the summaries run once a statement over its rows (transition tables), grouped by judge.
CREATE TABLE "JudgeScoreSums" (
    "contestId" TEXT NOT NULL,
    "judgeId" TEXT NOT NULL,
    "n" INTEGER NOT NULL DEFAULT 0,
    "s1" BIGINT NOT NULL DEFAULT 0,
    "s2" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "JudgeScoreSums_pkey" PRIMARY KEY ("contestId", "judgeId")
);

INSERT INTO "JudgeScoreSums" ("contestId", "judgeId", "n", "s1", "s2")
SELECT m."contestId", sc."judgeId", COUNT(*), SUM(CAST(ROUND(sc."total" * 100) AS BIGINT)),
  SUM(CAST(ROUND(sc."total" * 100) AS BIGINT) * CAST(ROUND(sc."total" * 100) AS BIGINT))
FROM "SubmissionScoreSummary" m JOIN "Score" sc ON sc."submissionId" = m."submissionId"
WHERE m."status" = 'submitted' AND sc."submittedAt" IS NOT NULL
GROUP BY m."contestId", sc."judgeId";

-- Scores inserted, changed or deleted: the old side out, the new side in, for the scores whose
-- entry's summary is submitted. An entry deleted takes its scores out before it goes (below):
-- its scores' and summary's cascaded deletes fire their triggers at the end of the statement,
-- when neither is there any more.
CREATE FUNCTION "inkwell_score_judge_sums"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
  WITH moves AS (
    SELECT n."submissionId" AS sid, n."judgeId" AS jid, 1 AS sign, CAST(ROUND(n."total" * 100) AS BIGINT) AS h
    FROM new_rows n WHERE n."submittedAt" IS NOT NULL)
  INSERT INTO "JudgeScoreSums" ("contestId", "judgeId", "n", "s1", "s2")
  SELECT m."contestId", v.jid, SUM(v.sign), SUM(v.sign * v.h), SUM(v.sign * v.h * v.h)
  FROM moves v JOIN "SubmissionScoreSummary" m ON m."submissionId" = v.sid AND m."status" = 'submitted'
  GROUP BY m."contestId", v.jid
  HAVING SUM(v.sign) <> 0 OR SUM(v.sign * v.h) <> 0 OR SUM(v.sign * v.h * v.h) <> 0
  ON CONFLICT ("contestId", "judgeId") DO UPDATE SET "n" = "JudgeScoreSums"."n" + EXCLUDED."n",
    "s1" = "JudgeScoreSums"."s1" + EXCLUDED."s1", "s2" = "JudgeScoreSums"."s2" + EXCLUDED."s2";
  ELSIF TG_OP = 'DELETE' THEN
  WITH moves AS (
    SELECT o."submissionId" AS sid, o."judgeId" AS jid, -1 AS sign, CAST(ROUND(o."total" * 100) AS BIGINT) AS h
    FROM old_rows o WHERE o."submittedAt" IS NOT NULL)
  INSERT INTO "JudgeScoreSums" ("contestId", "judgeId", "n", "s1", "s2")
  SELECT m."contestId", v.jid, SUM(v.sign), SUM(v.sign * v.h), SUM(v.sign * v.h * v.h)
  FROM moves v JOIN "SubmissionScoreSummary" m ON m."submissionId" = v.sid AND m."status" = 'submitted'
  GROUP BY m."contestId", v.jid
  HAVING SUM(v.sign) <> 0 OR SUM(v.sign * v.h) <> 0 OR SUM(v.sign * v.h * v.h) <> 0
  ON CONFLICT ("contestId", "judgeId") DO UPDATE SET "n" = "JudgeScoreSums"."n" + EXCLUDED."n",
    "s1" = "JudgeScoreSums"."s1" + EXCLUDED."s1", "s2" = "JudgeScoreSums"."s2" + EXCLUDED."s2";
  ELSE
  WITH changed AS (
    SELECT o."submissionId" AS osid, o."judgeId" AS ojid, o."total" AS ot, o."submittedAt" IS NOT NULL AS osub,
      n."submissionId" AS nsid, n."judgeId" AS njid, n."total" AS nt, n."submittedAt" IS NOT NULL AS nsub
    FROM old_rows o JOIN new_rows n ON n."id" = o."id"
    WHERE (o."submissionId", o."judgeId", o."total", o."submittedAt" IS NOT NULL)
      IS DISTINCT FROM (n."submissionId", n."judgeId", n."total", n."submittedAt" IS NOT NULL)),
  moves AS (
    SELECT osid AS sid, ojid AS jid, -1 AS sign, CAST(ROUND(ot * 100) AS BIGINT) AS h FROM changed WHERE osub
    UNION ALL
    SELECT nsid, njid, 1, CAST(ROUND(nt * 100) AS BIGINT) FROM changed WHERE nsub)
  INSERT INTO "JudgeScoreSums" ("contestId", "judgeId", "n", "s1", "s2")
  SELECT m."contestId", v.jid, SUM(v.sign), SUM(v.sign * v.h), SUM(v.sign * v.h * v.h)
  FROM moves v JOIN "SubmissionScoreSummary" m ON m."submissionId" = v.sid AND m."status" = 'submitted'
  GROUP BY m."contestId", v.jid
  HAVING SUM(v.sign) <> 0 OR SUM(v.sign * v.h) <> 0 OR SUM(v.sign * v.h * v.h) <> 0
  ON CONFLICT ("contestId", "judgeId") DO UPDATE SET "n" = "JudgeScoreSums"."n" + EXCLUDED."n",
    "s1" = "JudgeScoreSums"."s1" + EXCLUDED."s1", "s2" = "JudgeScoreSums"."s2" + EXCLUDED."s2";
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER "Score_judge_sums_insert" AFTER INSERT ON "Score"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "inkwell_score_judge_sums"();
CREATE TRIGGER "Score_judge_sums_update" AFTER UPDATE ON "Score"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION "inkwell_score_judge_sums"();
CREATE TRIGGER "Score_judge_sums_delete" AFTER DELETE ON "Score"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "inkwell_score_judge_sums"();

-- An entry withdrawn, submitted again or moved: its submitted scores leave one side, join the other
-- (a row trigger on the entry, only when its status or contest changes).
CREATE FUNCTION "inkwell_submission_judge_sums"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH moves AS (
    SELECT OLD."contestId" AS cid, sc."judgeId" AS jid, -1 AS sign, CAST(ROUND(sc."total" * 100) AS BIGINT) AS h
    FROM "Score" sc WHERE OLD."status" = 'submitted' AND sc."submissionId" = OLD."id" AND sc."submittedAt" IS NOT NULL
    UNION ALL
    SELECT NEW."contestId", sc."judgeId", 1, CAST(ROUND(sc."total" * 100) AS BIGINT)
    FROM "Score" sc WHERE NEW."status" = 'submitted' AND sc."submissionId" = NEW."id" AND sc."submittedAt" IS NOT NULL)
  INSERT INTO "JudgeScoreSums" ("contestId", "judgeId", "n", "s1", "s2")
  SELECT v.cid, v.jid, SUM(v.sign), SUM(v.sign * v.h), SUM(v.sign * v.h * v.h)
  FROM moves v GROUP BY v.cid, v.jid
  HAVING SUM(v.sign) <> 0 OR SUM(v.sign * v.h) <> 0 OR SUM(v.sign * v.h * v.h) <> 0
  ON CONFLICT ("contestId", "judgeId") DO UPDATE SET "n" = "JudgeScoreSums"."n" + EXCLUDED."n",
    "s1" = "JudgeScoreSums"."s1" + EXCLUDED."s1", "s2" = "JudgeScoreSums"."s2" + EXCLUDED."s2";
  RETURN NULL;
END;
$$;
CREATE TRIGGER "Submission_judge_sums_update" AFTER UPDATE OF "contestId", "status" ON "Submission"
  FOR EACH ROW
  WHEN ((OLD."status" = 'submitted' OR NEW."status" = 'submitted')
    AND (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."contestId" IS DISTINCT FROM NEW."contestId"))
  EXECUTE FUNCTION "inkwell_submission_judge_sums"();

-- An entry deleted takes its submitted scores out first (its contest still there: a contest's
-- rows go with it below).
CREATE FUNCTION "inkwell_submission_judge_sums_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "JudgeScoreSums" ("contestId", "judgeId", "n", "s1", "s2")
  SELECT m."contestId", sc."judgeId", -COUNT(*), -SUM(CAST(ROUND(sc."total" * 100) AS BIGINT)),
    -SUM(CAST(ROUND(sc."total" * 100) AS BIGINT) * CAST(ROUND(sc."total" * 100) AS BIGINT))
  FROM "SubmissionScoreSummary" m JOIN "Score" sc ON sc."submissionId" = m."submissionId"
  WHERE m."submissionId" = OLD."id" AND m."status" = 'submitted' AND sc."submittedAt" IS NOT NULL
    AND EXISTS (SELECT 1 FROM "Contest" c WHERE c."id" = m."contestId")
  GROUP BY m."contestId", sc."judgeId"
  ON CONFLICT ("contestId", "judgeId") DO UPDATE SET "n" = "JudgeScoreSums"."n" + EXCLUDED."n",
    "s1" = "JudgeScoreSums"."s1" + EXCLUDED."s1", "s2" = "JudgeScoreSums"."s2" + EXCLUDED."s2";
  RETURN OLD;
END;
$$;
CREATE TRIGGER "Submission_judge_sums_delete" BEFORE DELETE ON "Submission"
  FOR EACH ROW EXECUTE FUNCTION "inkwell_submission_judge_sums_delete"();

CREATE FUNCTION "inkwell_contest_judge_sums_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "JudgeScoreSums" WHERE "contestId" = OLD."id";
  RETURN NULL;
END;
$$;
CREATE TRIGGER "Contest_judge_sums_delete" AFTER DELETE ON "Contest"
  FOR EACH ROW EXECUTE FUNCTION "inkwell_contest_judge_sums_delete"();
