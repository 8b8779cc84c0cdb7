-- Aggregates count a contest's entries from indexes, never from Submission's rows, which hold the
-- story's text (ADR 0058): the Overview's groupBy needs mentionsEntrant, a row read by id in a
-- GROUP BY needs the division and the date.
DROP INDEX "Submission_id_status_contestId_idx";
CREATE INDEX "Submission_id_covering_idx" ON "Submission"("id", "contestId", "status", "divisionId", "createdAt");
DROP INDEX "Submission_contestId_status_divisionId_createdAt_id_title_idx";
CREATE INDEX "Submission_division_list_idx" ON "Submission"("contestId", "status", "divisionId", "createdAt", "id", "title", "mentionsEntrant");
