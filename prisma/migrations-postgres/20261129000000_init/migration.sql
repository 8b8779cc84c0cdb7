-- PostgreSQL baseline (docs/decisions/0028-postgresql.md): the schema that the SQLite
-- migrations 20261122000000_init … 20261129000000_status_sets reach, in PostgreSQL's dialect
-- (status columns as native enum types, where SQLite checks them with triggers).
-- The tables and indexes are Prisma's own DDL for prisma/schema.prisma (migrate diff from
-- empty); below them, what Prisma's schema language cannot say: the partial unique index for
-- contest-wide judges, and the score summaries kept by triggers (as on SQLite, ADR 0021).
-- From here on every schema change adds one folder here and one in prisma/migrations.

-- CreateEnum
CREATE TYPE "SubmissionStatus" AS ENUM ('pending_payment', 'submitted', 'expired', 'withdrawn', 'disqualified');

-- CreateEnum
CREATE TYPE "EmailStatus" AS ENUM ('sent', 'logged', 'failed');

-- CreateEnum
CREATE TYPE "LifecycleStepName" AS ENUM ('open', 'close', 'assign', 'remind', 'results');

-- CreateEnum
CREATE TYPE "StepOutcome" AS ENUM ('sent', 'nothing', 'skipped');

-- CreateEnum
CREATE TYPE "PaymentStatus" AS ENUM ('open', 'paid', 'waived', 'refunded', 'void');

-- CreateEnum
CREATE TYPE "CheckoutStatus" AS ENUM ('open', 'complete', 'expired');

-- CreateEnum
CREATE TYPE "CheckoutPaymentStatus" AS ENUM ('unpaid', 'paid', 'refunded');

-- CreateTable
CREATE TABLE "User" (
    "id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "displayName" TEXT NOT NULL,
    "dateOfBirth" TIMESTAMP(3),
    "parentEmail" TEXT,
    "parentConsentAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "User_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Password" (
    "hash" TEXT NOT NULL,
    "userId" TEXT NOT NULL
);

-- CreateTable
CREATE TABLE "UserRole" (
    "userId" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "UserRole_pkey" PRIMARY KEY ("userId","role")
);

-- CreateTable
CREATE TABLE "Session" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Session_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Connection" (
    "id" TEXT NOT NULL,
    "providerName" TEXT NOT NULL,
    "providerId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Connection_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Verification" (
    "id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "target" TEXT,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Verification_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "EntryDraft" (
    "id" TEXT NOT NULL,
    "contestId" TEXT NOT NULL,
    "fields" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "EntryDraft_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Contest" (
    "id" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "rules" TEXT,
    "anonymous" BOOLEAN NOT NULL DEFAULT true,
    "isPublished" BOOLEAN NOT NULL DEFAULT false,
    "wordMin" INTEGER NOT NULL DEFAULT 500,
    "wordMax" INTEGER NOT NULL DEFAULT 2500,
    "entryFeeCents" INTEGER NOT NULL DEFAULT 0,
    "entriesPerWriter" INTEGER NOT NULL DEFAULT 1,
    "timeZone" TEXT NOT NULL DEFAULT 'America/New_York',
    "submissionsOpen" TIMESTAMP(3) NOT NULL,
    "submissionsClose" TIMESTAMP(3) NOT NULL,
    "judgingOpen" TIMESTAMP(3) NOT NULL,
    "judgingClose" TIMESTAMP(3) NOT NULL,
    "resultsAt" TIMESTAMP(3) NOT NULL,
    "places" INTEGER NOT NULL DEFAULT 3,
    "honourableMentions" INTEGER NOT NULL DEFAULT 0,
    "judgesPerSubmission" INTEGER NOT NULL DEFAULT 3,
    "remindLeadHours" INTEGER NOT NULL DEFAULT 48,
    "publishedSnapshot" TEXT,
    "snapshotAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Contest_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Prompt" (
    "id" TEXT NOT NULL,
    "contestId" TEXT,
    "title" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Prompt_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Rubric" (
    "id" TEXT NOT NULL,
    "contestId" TEXT,
    "name" TEXT NOT NULL,
    "criteria" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Rubric_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Submission" (
    "id" TEXT NOT NULL,
    "contestId" TEXT NOT NULL,
    "entrantId" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "body" TEXT,
    "filePath" TEXT,
    "fileName" TEXT,
    "fileType" TEXT,
    "fileSize" INTEGER,
    "wordCount" INTEGER NOT NULL DEFAULT 0,
    "status" "SubmissionStatus" NOT NULL,
    "disqualifyReason" TEXT,
    "showIfAwarded" BOOLEAN NOT NULL DEFAULT false,
    "mentionsEntrant" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Submission_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SubmissionScoreSummary" (
    "submissionId" TEXT NOT NULL,
    "contestId" TEXT NOT NULL,
    "status" "SubmissionStatus" NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "scored" INTEGER NOT NULL DEFAULT 0,
    "hundredths" INTEGER NOT NULL DEFAULT 0,
    "average" DOUBLE PRECISION,

    CONSTRAINT "SubmissionScoreSummary_pkey" PRIMARY KEY ("submissionId")
);

-- CreateTable
CREATE TABLE "RankingVersion" (
    "contestId" TEXT NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "RankingVersion_pkey" PRIMARY KEY ("contestId")
);

-- CreateTable
CREATE TABLE "JudgeAssignment" (
    "id" TEXT NOT NULL,
    "contestId" TEXT NOT NULL,
    "judgeId" TEXT NOT NULL,
    "submissionId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "JudgeAssignment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Score" (
    "id" TEXT NOT NULL,
    "assignmentId" TEXT NOT NULL,
    "rubricId" TEXT NOT NULL,
    "judgeId" TEXT NOT NULL,
    "submissionId" TEXT NOT NULL,
    "scores" TEXT NOT NULL,
    "comment" TEXT,
    "total" DOUBLE PRECISION NOT NULL,
    "submittedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Score_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ScoreDraft" (
    "id" TEXT NOT NULL,
    "assignmentId" TEXT NOT NULL,
    "scores" TEXT NOT NULL,
    "comment" TEXT,
    "total" DOUBLE PRECISION NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ScoreDraft_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ScoreHistory" (
    "id" TEXT NOT NULL,
    "scoreId" TEXT NOT NULL,
    "changedById" TEXT,
    "before" TEXT NOT NULL,
    "after" TEXT NOT NULL,
    "changedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ScoreHistory_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "EmailLog" (
    "id" TEXT NOT NULL,
    "to" TEXT NOT NULL,
    "template" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "status" "EmailStatus" NOT NULL,
    "providerId" TEXT,
    "error" TEXT,
    "body" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "EmailLog_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ContestAward" (
    "contestId" TEXT NOT NULL,
    "submissionId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "place" INTEGER,
    "note" TEXT,
    "publicName" TEXT,
    "nameFrozenAt" TIMESTAMP(3),
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ContestAward_pkey" PRIMARY KEY ("contestId","submissionId")
);

-- CreateTable
CREATE TABLE "LifecycleStep" (
    "id" TEXT NOT NULL,
    "contestId" TEXT NOT NULL,
    "step" "LifecycleStepName" NOT NULL,
    "dueAt" TIMESTAMP(3) NOT NULL,
    "startedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lastError" TEXT,
    "nextAttemptAt" TIMESTAMP(3),
    "lockedUntil" TIMESTAMP(3),
    "lockedBy" TEXT,
    "outcome" "StepOutcome",
    "note" TEXT,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "LifecycleStep_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OutboxEvent" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "payload" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "deliveredAt" TIMESTAMP(3),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lastError" TEXT,
    "nextAttemptAt" TIMESTAMP(3),
    "lockedUntil" TIMESTAMP(3),

    CONSTRAINT "OutboxEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SchedulerLease" (
    "name" TEXT NOT NULL,
    "holder" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SchedulerLease_pkey" PRIMARY KEY ("name")
);

-- CreateTable
CREATE TABLE "NotifyRequest" (
    "userId" TEXT NOT NULL,
    "contestId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "NotifyRequest_pkey" PRIMARY KEY ("userId","contestId")
);

-- CreateTable
CREATE TABLE "LifecycleEmail" (
    "key" TEXT NOT NULL,
    "emailLogId" TEXT,
    "sentAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "LifecycleEmail_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "FrozenResult" (
    "contestId" TEXT NOT NULL,
    "submissionId" TEXT NOT NULL,
    "rank" INTEGER,
    "average" DOUBLE PRECISION,
    "scored" INTEGER NOT NULL,
    "frozenAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "FrozenResult_pkey" PRIMARY KEY ("contestId","submissionId")
);

-- CreateTable
CREATE TABLE "Payment" (
    "id" TEXT NOT NULL,
    "submissionId" TEXT NOT NULL,
    "contestId" TEXT NOT NULL,
    "feeCents" INTEGER NOT NULL,
    "discountCents" INTEGER NOT NULL DEFAULT 0,
    "amountCents" INTEGER NOT NULL,
    "discountCodeId" TEXT,
    "status" "PaymentStatus" NOT NULL,
    "checkoutSessionId" TEXT,
    "checkoutAttempts" INTEGER NOT NULL DEFAULT 0,
    "paymentIntentId" TEXT,
    "refundId" TEXT,
    "paidAt" TIMESTAMP(3),
    "refundedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Payment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DiscountCode" (
    "id" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "percentOff" INTEGER,
    "amountOffCents" INTEGER,
    "contestId" TEXT,
    "maxUses" INTEGER,
    "usedCount" INTEGER NOT NULL DEFAULT 0,
    "expiresAt" TIMESTAMP(3),
    "active" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DiscountCode_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "StripeEvent" (
    "id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "StripeEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TestCheckoutSession" (
    "id" TEXT NOT NULL,
    "idempotencyKey" TEXT NOT NULL,
    "submissionId" TEXT NOT NULL,
    "amountCents" INTEGER NOT NULL,
    "description" TEXT NOT NULL,
    "status" "CheckoutStatus" NOT NULL,
    "paymentStatus" "CheckoutPaymentStatus" NOT NULL,
    "paymentIntentId" TEXT,
    "successUrl" TEXT NOT NULL,
    "cancelUrl" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TestCheckoutSession_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "User_email_key" ON "User"("email");

-- CreateIndex
CREATE UNIQUE INDEX "Password_userId_key" ON "Password"("userId");

-- CreateIndex
CREATE INDEX "UserRole_role_idx" ON "UserRole"("role");

-- CreateIndex
CREATE INDEX "Session_userId_idx" ON "Session"("userId");

-- CreateIndex
CREATE INDEX "Session_expiresAt_idx" ON "Session"("expiresAt");

-- CreateIndex
CREATE INDEX "Connection_userId_idx" ON "Connection"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "Connection_providerName_providerId_key" ON "Connection"("providerName", "providerId");

-- CreateIndex
CREATE UNIQUE INDEX "Verification_tokenHash_key" ON "Verification"("tokenHash");

-- CreateIndex
CREATE INDEX "Verification_userId_type_idx" ON "Verification"("userId", "type");

-- CreateIndex
CREATE INDEX "EntryDraft_expiresAt_idx" ON "EntryDraft"("expiresAt");

-- CreateIndex
CREATE UNIQUE INDEX "Contest_slug_key" ON "Contest"("slug");

-- CreateIndex
CREATE INDEX "Contest_isPublished_submissionsOpen_idx" ON "Contest"("isPublished", "submissionsOpen");

-- CreateIndex
CREATE INDEX "Contest_createdAt_idx" ON "Contest"("createdAt");

-- CreateIndex
CREATE INDEX "Prompt_contestId_idx" ON "Prompt"("contestId");

-- CreateIndex
CREATE INDEX "Rubric_contestId_idx" ON "Rubric"("contestId");

-- CreateIndex
CREATE INDEX "Submission_contestId_status_createdAt_id_entrantId_idx" ON "Submission"("contestId", "status", "createdAt", "id", "entrantId");

-- CreateIndex
CREATE INDEX "Submission_contest_list_idx" ON "Submission"("contestId", "createdAt", "id", "status", "title", "wordCount", "fileName", "filePath", "disqualifyReason", "mentionsEntrant", "entrantId");

-- CreateIndex
CREATE INDEX "Submission_entrantId_createdAt_idx" ON "Submission"("entrantId", "createdAt");

-- CreateIndex
CREATE INDEX "Submission_status_createdAt_id_idx" ON "Submission"("status", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Submission_createdAt_id_idx" ON "Submission"("createdAt", "id");

-- CreateIndex
CREATE INDEX "Submission_id_status_contestId_idx" ON "Submission"("id", "status", "contestId");

-- CreateIndex
CREATE INDEX "SubmissionScoreSummary_contestId_status_average_createdAt_s_idx" ON "SubmissionScoreSummary"("contestId", "status", "average" DESC NULLS LAST, "createdAt", "submissionId");

-- CreateIndex
CREATE INDEX "JudgeAssignment_judgeId_submissionId_contestId_createdAt_id_idx" ON "JudgeAssignment"("judgeId", "submissionId", "contestId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "JudgeAssignment_submissionId_idx" ON "JudgeAssignment"("submissionId");

-- CreateIndex
CREATE UNIQUE INDEX "JudgeAssignment_contestId_judgeId_submissionId_key" ON "JudgeAssignment"("contestId", "judgeId", "submissionId");

-- CreateIndex
CREATE UNIQUE INDEX "Score_assignmentId_key" ON "Score"("assignmentId");

-- CreateIndex
CREATE INDEX "Score_submissionId_submittedAt_judgeId_total_idx" ON "Score"("submissionId", "submittedAt", "judgeId", "total");

-- CreateIndex
CREATE INDEX "Score_assignmentId_submittedAt_total_idx" ON "Score"("assignmentId", "submittedAt", "total");

-- CreateIndex
CREATE INDEX "Score_judgeId_idx" ON "Score"("judgeId");

-- CreateIndex
CREATE UNIQUE INDEX "ScoreDraft_assignmentId_key" ON "ScoreDraft"("assignmentId");

-- CreateIndex
CREATE INDEX "ScoreHistory_scoreId_changedAt_idx" ON "ScoreHistory"("scoreId", "changedAt");

-- CreateIndex
CREATE INDEX "ScoreHistory_changedById_idx" ON "ScoreHistory"("changedById");

-- CreateIndex
CREATE INDEX "EmailLog_createdAt_idx" ON "EmailLog"("createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "ContestAward_submissionId_key" ON "ContestAward"("submissionId");

-- CreateIndex
CREATE INDEX "LifecycleStep_finishedAt_dueAt_idx" ON "LifecycleStep"("finishedAt", "dueAt");

-- CreateIndex
CREATE UNIQUE INDEX "LifecycleStep_contestId_step_key" ON "LifecycleStep"("contestId", "step");

-- CreateIndex
CREATE INDEX "OutboxEvent_deliveredAt_nextAttemptAt_idx" ON "OutboxEvent"("deliveredAt", "nextAttemptAt");

-- CreateIndex
CREATE INDEX "NotifyRequest_contestId_idx" ON "NotifyRequest"("contestId");

-- CreateIndex
CREATE UNIQUE INDEX "Payment_submissionId_key" ON "Payment"("submissionId");

-- CreateIndex
CREATE UNIQUE INDEX "Payment_checkoutSessionId_key" ON "Payment"("checkoutSessionId");

-- CreateIndex
CREATE INDEX "Payment_contestId_status_idx" ON "Payment"("contestId", "status");

-- CreateIndex
CREATE INDEX "Payment_discountCodeId_createdAt_idx" ON "Payment"("discountCodeId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "DiscountCode_code_key" ON "DiscountCode"("code");

-- CreateIndex
CREATE INDEX "DiscountCode_createdAt_idx" ON "DiscountCode"("createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "TestCheckoutSession_idempotencyKey_key" ON "TestCheckoutSession"("idempotencyKey");

-- AddForeignKey
ALTER TABLE "Password" ADD CONSTRAINT "Password_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UserRole" ADD CONSTRAINT "UserRole_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Session" ADD CONSTRAINT "Session_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Connection" ADD CONSTRAINT "Connection_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Verification" ADD CONSTRAINT "Verification_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Prompt" ADD CONSTRAINT "Prompt_contestId_fkey" FOREIGN KEY ("contestId") REFERENCES "Contest"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Rubric" ADD CONSTRAINT "Rubric_contestId_fkey" FOREIGN KEY ("contestId") REFERENCES "Contest"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Submission" ADD CONSTRAINT "Submission_contestId_fkey" FOREIGN KEY ("contestId") REFERENCES "Contest"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Submission" ADD CONSTRAINT "Submission_entrantId_fkey" FOREIGN KEY ("entrantId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SubmissionScoreSummary" ADD CONSTRAINT "SubmissionScoreSummary_submissionId_fkey" FOREIGN KEY ("submissionId") REFERENCES "Submission"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "JudgeAssignment" ADD CONSTRAINT "JudgeAssignment_contestId_fkey" FOREIGN KEY ("contestId") REFERENCES "Contest"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "JudgeAssignment" ADD CONSTRAINT "JudgeAssignment_judgeId_fkey" FOREIGN KEY ("judgeId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "JudgeAssignment" ADD CONSTRAINT "JudgeAssignment_submissionId_fkey" FOREIGN KEY ("submissionId") REFERENCES "Submission"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Score" ADD CONSTRAINT "Score_assignmentId_fkey" FOREIGN KEY ("assignmentId") REFERENCES "JudgeAssignment"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Score" ADD CONSTRAINT "Score_rubricId_fkey" FOREIGN KEY ("rubricId") REFERENCES "Rubric"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Score" ADD CONSTRAINT "Score_judgeId_fkey" FOREIGN KEY ("judgeId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Score" ADD CONSTRAINT "Score_submissionId_fkey" FOREIGN KEY ("submissionId") REFERENCES "Submission"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ScoreDraft" ADD CONSTRAINT "ScoreDraft_assignmentId_fkey" FOREIGN KEY ("assignmentId") REFERENCES "JudgeAssignment"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ScoreHistory" ADD CONSTRAINT "ScoreHistory_scoreId_fkey" FOREIGN KEY ("scoreId") REFERENCES "Score"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ScoreHistory" ADD CONSTRAINT "ScoreHistory_changedById_fkey" FOREIGN KEY ("changedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ContestAward" ADD CONSTRAINT "ContestAward_contestId_fkey" FOREIGN KEY ("contestId") REFERENCES "Contest"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ContestAward" ADD CONSTRAINT "ContestAward_submissionId_fkey" FOREIGN KEY ("submissionId") REFERENCES "Submission"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LifecycleStep" ADD CONSTRAINT "LifecycleStep_contestId_fkey" FOREIGN KEY ("contestId") REFERENCES "Contest"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "NotifyRequest" ADD CONSTRAINT "NotifyRequest_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "NotifyRequest" ADD CONSTRAINT "NotifyRequest_contestId_fkey" FOREIGN KEY ("contestId") REFERENCES "Contest"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FrozenResult" ADD CONSTRAINT "FrozenResult_contestId_fkey" FOREIGN KEY ("contestId") REFERENCES "Contest"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Payment" ADD CONSTRAINT "Payment_submissionId_fkey" FOREIGN KEY ("submissionId") REFERENCES "Submission"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Payment" ADD CONSTRAINT "Payment_discountCodeId_fkey" FOREIGN KEY ("discountCodeId") REFERENCES "DiscountCode"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DiscountCode" ADD CONSTRAINT "DiscountCode_contestId_fkey" FOREIGN KEY ("contestId") REFERENCES "Contest"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- NULLs are distinct in unique indexes, so contest-wide pre-assignments (submissionId NULL)
-- need their own partial unique index (as on SQLite).
CREATE UNIQUE INDEX "JudgeAssignment_contest_wide_key" ON "JudgeAssignment"("contestId", "judgeId") WHERE "submissionId" IS NULL;

-- The score summaries (ADR 0021, here in PL/pgSQL): one row per entry, following every entry
-- and every submitted score in the same statement; the average rounded as scoring.ts
-- averageScore does (hundredths summed exactly, divided once, half up, nudged). ROUND on
-- numeric breaks ties away from zero, as SQLite's ROUND does; on double precision it would not.
CREATE FUNCTION "inkwell_submission_summary"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "SubmissionScoreSummary" ("submissionId", "contestId", "status", "createdAt")
    VALUES (NEW."id", NEW."contestId", NEW."status", NEW."createdAt");
  ELSE
    UPDATE "SubmissionScoreSummary"
    SET "contestId" = NEW."contestId", "status" = NEW."status", "createdAt" = NEW."createdAt"
    WHERE "submissionId" = NEW."id";
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER "Submission_summary_insert" AFTER INSERT ON "Submission"
  FOR EACH ROW EXECUTE FUNCTION "inkwell_submission_summary"();
CREATE TRIGGER "Submission_summary_update" AFTER UPDATE OF "contestId", "status", "createdAt" ON "Submission"
  FOR EACH ROW
  WHEN (OLD."contestId" IS DISTINCT FROM NEW."contestId" OR OLD."status" IS DISTINCT FROM NEW."status"
    OR OLD."createdAt" IS DISTINCT FROM NEW."createdAt")
  EXECUTE FUNCTION "inkwell_submission_summary"();
-- A deleted entry's summary goes with it: the foreign key cascades.

CREATE FUNCTION "inkwell_score_summary"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."submittedAt" IS NOT NULL THEN
    UPDATE "SubmissionScoreSummary"
    SET "scored" = "scored" - 1, "hundredths" = "hundredths" - ROUND((OLD."total" * 100)::numeric)::integer
    WHERE "submissionId" = OLD."submissionId";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW."submittedAt" IS NOT NULL THEN
    UPDATE "SubmissionScoreSummary"
    SET "scored" = "scored" + 1, "hundredths" = "hundredths" + ROUND((NEW."total" * 100)::numeric)::integer
    WHERE "submissionId" = NEW."submissionId";
  END IF;
  UPDATE "SubmissionScoreSummary"
  SET "average" = CASE WHEN "scored" > 0 THEN FLOOR("hundredths"::numeric / "scored" + 0.5 + 1e-9) / 100.0 END
  WHERE "submissionId" IN (
    CASE WHEN TG_OP <> 'INSERT' THEN OLD."submissionId" END,
    CASE WHEN TG_OP <> 'DELETE' THEN NEW."submissionId" END
  );
  RETURN NULL;
END
$$;

CREATE TRIGGER "Score_summary_insert" AFTER INSERT ON "Score"
  FOR EACH ROW WHEN (NEW."submittedAt" IS NOT NULL) EXECUTE FUNCTION "inkwell_score_summary"();
CREATE TRIGGER "Score_summary_update" AFTER UPDATE OF "total", "submittedAt", "submissionId", "judgeId" ON "Score"
  FOR EACH ROW EXECUTE FUNCTION "inkwell_score_summary"();
CREATE TRIGGER "Score_summary_delete" AFTER DELETE ON "Score"
  FOR EACH ROW WHEN (OLD."submittedAt" IS NOT NULL) EXECUTE FUNCTION "inkwell_score_summary"();

-- Any change to a summary makes the contest's computed rankings stale: its version moves on.
CREATE FUNCTION "inkwell_ranking_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO "RankingVersion" ("contestId", "version") VALUES (OLD."contestId", 1)
    ON CONFLICT ("contestId") DO UPDATE SET "version" = "RankingVersion"."version" + 1;
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW."contestId" <> OLD."contestId") THEN
    INSERT INTO "RankingVersion" ("contestId", "version") VALUES (NEW."contestId", 1)
    ON CONFLICT ("contestId") DO UPDATE SET "version" = "RankingVersion"."version" + 1;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER "SubmissionScoreSummary_version" AFTER INSERT OR UPDATE OR DELETE ON "SubmissionScoreSummary"
  FOR EACH ROW EXECUTE FUNCTION "inkwell_ranking_version"();

-- Sign-in, sign-up and e-mail limits shared by every server instance (rate-limiter-flexible's
-- Postgres store, app/features/accounts/rate-limit.server.ts). Not a Prisma model: only that
-- library reads and writes it. SQLite keeps these counts in memory (one machine).
CREATE TABLE "RateLimit" (
    "key" VARCHAR(255) PRIMARY KEY,
    "points" INTEGER NOT NULL DEFAULT 0,
    "expire" BIGINT
);
