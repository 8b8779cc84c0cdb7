-- Which entries changed since a RankingVersion (docs/decisions/0088-z-ranking-incremental.md):
-- the version moves once a transaction and contest, at COMMIT, under the RankingVersion row's
-- lock (ADR 0059, 0073); every summary changed in the transaction is written with that version,
-- so versions are in commit order and a process that kept a contest's z ranking at version v
-- recomputes only the entries written after v (and those of the judges whose sums moved). The
-- last 4,096 versions of a contest are kept; a process further behind computes the whole ranking.
CREATE TABLE "RankingChange" (
    "contestId" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "submissionId" TEXT NOT NULL,

    CONSTRAINT "RankingChange_pkey" PRIMARY KEY ("contestId", "version", "submissionId")
);

CREATE OR REPLACE FUNCTION "inkwell_ranking_version"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE c TEXT; v INTEGER;
BEGIN
  FOREACH c IN ARRAY ARRAY[
    CASE WHEN TG_OP IN ('UPDATE', 'DELETE') THEN OLD."contestId" END,
    CASE WHEN TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW."contestId" <> OLD."contestId") THEN NEW."contestId" END]
  LOOP
    CONTINUE WHEN c IS NULL;
    IF current_setting('inkwell.version_' || md5(c), true) = '1' THEN
      SELECT "version" INTO v FROM "RankingVersion" WHERE "contestId" = c;
    ELSE
      INSERT INTO "RankingVersion" ("contestId", "version") VALUES (c, 1)
      ON CONFLICT ("contestId") DO UPDATE SET "version" = "RankingVersion"."version" + 1
      RETURNING "version" INTO v;
      PERFORM set_config('inkwell.version_' || md5(c), '1', true);
      DELETE FROM "RankingChange" WHERE "contestId" = c AND "version" <= v - 4096;
    END IF;
    INSERT INTO "RankingChange" ("contestId", "version", "submissionId")
    VALUES (c, v, CASE WHEN TG_OP = 'DELETE' THEN OLD."submissionId" ELSE NEW."submissionId" END)
    ON CONFLICT DO NOTHING;
  END LOOP;
  RETURN NULL;
END
$$;
