-- A contest's RankingVersion moves on at COMMIT, not at the statement that changed a summary
-- (docs/decisions/0059-writing-at-scale.md). Every new entry of a contest moves the same row:
-- fired at the entry's INSERT, its lock was held through the rest of the entry's transaction,
-- and a deadline rush of 32 writers queued behind it (past the transaction's 5 s limit: entries
-- lost). Deferred, the row is locked only while the transaction commits. Same function, same
-- rows, same result once committed; nothing reads the version inside the writing transaction.
DROP TRIGGER "SubmissionScoreSummary_version" ON "SubmissionScoreSummary";
CREATE CONSTRAINT TRIGGER "SubmissionScoreSummary_version"
  AFTER INSERT OR UPDATE OR DELETE ON "SubmissionScoreSummary"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "inkwell_ranking_version"();
