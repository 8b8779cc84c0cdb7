-- The judge's queue reads JudgeAssignment_queue_idx since ADR 0061; the index it read before (the
-- judge's pairs in creation order) served nothing else and cost every new assignment an entry
-- in a wide index: auto-assign writes 60,000 (docs/decisions/0070-assign-on-postgresql.md).
DROP INDEX "JudgeAssignment_judgeId_submissionId_contestId_createdAt_id_releasedAt_idx";
