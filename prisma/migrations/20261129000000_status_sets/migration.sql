-- Status sets (docs/decisions/0028-postgresql.md): each status column holds one of its set
-- (prisma/schema.prisma's enums; PostgreSQL has them as native enum types). SQLite stores
-- enums as TEXT, so these triggers refuse any other value, on insert and on update.

CREATE TRIGGER "Submission_status_check_insert" BEFORE INSERT ON "Submission"
WHEN NEW."status" NOT IN ('pending_payment', 'submitted', 'expired', 'withdrawn', 'disqualified')
BEGIN SELECT RAISE(ABORT, 'Submission.status: not one of its set'); END;

CREATE TRIGGER "Submission_status_check_update" BEFORE UPDATE OF "status" ON "Submission"
WHEN NEW."status" NOT IN ('pending_payment', 'submitted', 'expired', 'withdrawn', 'disqualified')
BEGIN SELECT RAISE(ABORT, 'Submission.status: not one of its set'); END;

CREATE TRIGGER "SubmissionScoreSummary_status_check_insert" BEFORE INSERT ON "SubmissionScoreSummary"
WHEN NEW."status" NOT IN ('pending_payment', 'submitted', 'expired', 'withdrawn', 'disqualified')
BEGIN SELECT RAISE(ABORT, 'SubmissionScoreSummary.status: not one of its set'); END;

CREATE TRIGGER "SubmissionScoreSummary_status_check_update" BEFORE UPDATE OF "status" ON "SubmissionScoreSummary"
WHEN NEW."status" NOT IN ('pending_payment', 'submitted', 'expired', 'withdrawn', 'disqualified')
BEGIN SELECT RAISE(ABORT, 'SubmissionScoreSummary.status: not one of its set'); END;

CREATE TRIGGER "EmailLog_status_check_insert" BEFORE INSERT ON "EmailLog"
WHEN NEW."status" NOT IN ('sent', 'logged', 'failed')
BEGIN SELECT RAISE(ABORT, 'EmailLog.status: not one of its set'); END;

CREATE TRIGGER "EmailLog_status_check_update" BEFORE UPDATE OF "status" ON "EmailLog"
WHEN NEW."status" NOT IN ('sent', 'logged', 'failed')
BEGIN SELECT RAISE(ABORT, 'EmailLog.status: not one of its set'); END;

CREATE TRIGGER "LifecycleStep_step_check_insert" BEFORE INSERT ON "LifecycleStep"
WHEN NEW."step" NOT IN ('open', 'close', 'assign', 'remind', 'results')
BEGIN SELECT RAISE(ABORT, 'LifecycleStep.step: not one of its set'); END;

CREATE TRIGGER "LifecycleStep_step_check_update" BEFORE UPDATE OF "step" ON "LifecycleStep"
WHEN NEW."step" NOT IN ('open', 'close', 'assign', 'remind', 'results')
BEGIN SELECT RAISE(ABORT, 'LifecycleStep.step: not one of its set'); END;

CREATE TRIGGER "LifecycleStep_outcome_check_insert" BEFORE INSERT ON "LifecycleStep"
WHEN NEW."outcome" IS NOT NULL AND NEW."outcome" NOT IN ('sent', 'nothing', 'skipped')
BEGIN SELECT RAISE(ABORT, 'LifecycleStep.outcome: not one of its set'); END;

CREATE TRIGGER "LifecycleStep_outcome_check_update" BEFORE UPDATE OF "outcome" ON "LifecycleStep"
WHEN NEW."outcome" IS NOT NULL AND NEW."outcome" NOT IN ('sent', 'nothing', 'skipped')
BEGIN SELECT RAISE(ABORT, 'LifecycleStep.outcome: not one of its set'); END;

CREATE TRIGGER "Payment_status_check_insert" BEFORE INSERT ON "Payment"
WHEN NEW."status" NOT IN ('open', 'paid', 'waived', 'refunded', 'void')
BEGIN SELECT RAISE(ABORT, 'Payment.status: not one of its set'); END;

CREATE TRIGGER "Payment_status_check_update" BEFORE UPDATE OF "status" ON "Payment"
WHEN NEW."status" NOT IN ('open', 'paid', 'waived', 'refunded', 'void')
BEGIN SELECT RAISE(ABORT, 'Payment.status: not one of its set'); END;

CREATE TRIGGER "TestCheckoutSession_status_check_insert" BEFORE INSERT ON "TestCheckoutSession"
WHEN NEW."status" NOT IN ('open', 'complete', 'expired')
BEGIN SELECT RAISE(ABORT, 'TestCheckoutSession.status: not one of its set'); END;

CREATE TRIGGER "TestCheckoutSession_status_check_update" BEFORE UPDATE OF "status" ON "TestCheckoutSession"
WHEN NEW."status" NOT IN ('open', 'complete', 'expired')
BEGIN SELECT RAISE(ABORT, 'TestCheckoutSession.status: not one of its set'); END;

CREATE TRIGGER "TestCheckoutSession_paymentStatus_check_insert" BEFORE INSERT ON "TestCheckoutSession"
WHEN NEW."paymentStatus" NOT IN ('unpaid', 'paid', 'refunded')
BEGIN SELECT RAISE(ABORT, 'TestCheckoutSession.paymentStatus: not one of its set'); END;

CREATE TRIGGER "TestCheckoutSession_paymentStatus_check_update" BEFORE UPDATE OF "paymentStatus" ON "TestCheckoutSession"
WHEN NEW."paymentStatus" NOT IN ('unpaid', 'paid', 'refunded')
BEGIN SELECT RAISE(ABORT, 'TestCheckoutSession.paymentStatus: not one of its set'); END;
