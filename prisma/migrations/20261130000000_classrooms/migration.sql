-- Classrooms and schools (docs/decisions/0031-classrooms-and-shared-computers.md): educators,
-- schools, classes and their pupils, the consent ledger, class payments; a visitor's kept draft
-- names the account that may take it back; an entry may name the pupil it was sent for.
-- Columns are added in place (ALTER TABLE), never by redefining Submission or Payment, whose
-- triggers (score summaries, status sets) a redefinition would drop.

ALTER TABLE "EntryDraft" ADD COLUMN "userId" TEXT;
ALTER TABLE "Submission" ADD COLUMN "pupilId" TEXT REFERENCES "Pupil" ("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Payment" ADD COLUMN "groupId" TEXT REFERENCES "PaymentGroup" ("id") ON DELETE SET NULL ON UPDATE CASCADE;
CREATE INDEX "Submission_pupilId_contestId_status_idx" ON "Submission"("pupilId", "contestId", "status");
CREATE INDEX "Payment_groupId_idx" ON "Payment"("groupId");

-- CreateTable
CREATE TABLE "School" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "city" TEXT NOT NULL,
    "country" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "Educator" (
    "userId" TEXT NOT NULL PRIMARY KEY,
    "schoolId" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "decidedAt" DATETIME,
    "decidedById" TEXT,
    "decisionNote" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Educator_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Educator_schoolId_fkey" FOREIGN KEY ("schoolId") REFERENCES "School" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Classroom" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "educatorId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "band" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "joinCode" TEXT NOT NULL,
    "joinOpen" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Classroom_educatorId_fkey" FOREIGN KEY ("educatorId") REFERENCES "Educator" ("userId") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Pupil" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "classroomId" TEXT NOT NULL,
    "firstName" TEXT NOT NULL,
    "lastInitial" TEXT NOT NULL,
    "grade" INTEGER,
    "parentEmail" TEXT,
    "userId" TEXT,
    "joinedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Pupil_classroomId_fkey" FOREIGN KEY ("classroomId") REFERENCES "Classroom" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Pupil_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ConsentAttestation" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "kind" TEXT NOT NULL,
    "educatorId" TEXT NOT NULL,
    "educatorName" TEXT NOT NULL,
    "educatorEmail" TEXT NOT NULL,
    "schoolName" TEXT NOT NULL,
    "pupilId" TEXT,
    "pupilName" TEXT NOT NULL,
    "contestId" TEXT,
    "contestTitle" TEXT NOT NULL,
    "submissionId" TEXT,
    "wording" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "PaymentGroup" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "contestId" TEXT NOT NULL,
    "payerId" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "amountCents" INTEGER NOT NULL,
    "method" TEXT NOT NULL,
    "reference" TEXT,
    "checkoutSessionId" TEXT,
    "paymentIntentId" TEXT,
    "paidAt" DATETIME,
    "markedPaidById" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "PaymentGroup_contestId_fkey" FOREIGN KEY ("contestId") REFERENCES "Contest" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "PaymentGroup_payerId_fkey" FOREIGN KEY ("payerId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "School_name_city_idx" ON "School"("name", "city");

-- CreateIndex
CREATE INDEX "Educator_status_createdAt_idx" ON "Educator"("status", "createdAt");

-- CreateIndex
CREATE INDEX "Educator_schoolId_idx" ON "Educator"("schoolId");

-- CreateIndex
CREATE UNIQUE INDEX "Classroom_joinCode_key" ON "Classroom"("joinCode");

-- CreateIndex
CREATE INDEX "Classroom_educatorId_createdAt_idx" ON "Classroom"("educatorId", "createdAt");

-- CreateIndex
CREATE INDEX "Pupil_classroomId_lastInitial_firstName_idx" ON "Pupil"("classroomId", "lastInitial", "firstName");

-- CreateIndex
CREATE INDEX "Pupil_userId_idx" ON "Pupil"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "Pupil_classroomId_userId_key" ON "Pupil"("classroomId", "userId");

-- CreateIndex
CREATE INDEX "ConsentAttestation_createdAt_idx" ON "ConsentAttestation"("createdAt");

-- CreateIndex
CREATE INDEX "ConsentAttestation_contestId_createdAt_idx" ON "ConsentAttestation"("contestId", "createdAt");

-- CreateIndex
CREATE INDEX "ConsentAttestation_pupilId_contestId_kind_idx" ON "ConsentAttestation"("pupilId", "contestId", "kind");

-- CreateIndex
CREATE INDEX "ConsentAttestation_educatorId_createdAt_idx" ON "ConsentAttestation"("educatorId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "PaymentGroup_checkoutSessionId_key" ON "PaymentGroup"("checkoutSessionId");

-- CreateIndex
CREATE INDEX "PaymentGroup_payerId_createdAt_idx" ON "PaymentGroup"("payerId", "createdAt");

-- CreateIndex
CREATE INDEX "PaymentGroup_method_status_createdAt_idx" ON "PaymentGroup"("method", "status", "createdAt");

-- CreateIndex
CREATE INDEX "PaymentGroup_contestId_status_idx" ON "PaymentGroup"("contestId", "status");

-- The test-mode checkout's session may be one entry's or a class payment's (submissionId optional):
-- redefined, with its status checks made again.
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_TestCheckoutSession" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "idempotencyKey" TEXT NOT NULL,
    "submissionId" TEXT,
    "groupId" TEXT,
    "lines" TEXT,
    "amountCents" INTEGER NOT NULL,
    "description" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "paymentStatus" TEXT NOT NULL,
    "paymentIntentId" TEXT,
    "successUrl" TEXT NOT NULL,
    "cancelUrl" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);
INSERT INTO "new_TestCheckoutSession" ("amountCents", "cancelUrl", "createdAt", "description", "id", "idempotencyKey", "paymentIntentId", "paymentStatus", "status", "submissionId", "successUrl") SELECT "amountCents", "cancelUrl", "createdAt", "description", "id", "idempotencyKey", "paymentIntentId", "paymentStatus", "status", "submissionId", "successUrl" FROM "TestCheckoutSession";
DROP TABLE "TestCheckoutSession";
ALTER TABLE "new_TestCheckoutSession" RENAME TO "TestCheckoutSession";
CREATE UNIQUE INDEX "TestCheckoutSession_idempotencyKey_key" ON "TestCheckoutSession"("idempotencyKey");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

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

-- Payment.status gains "invoiced".
DROP TRIGGER "Payment_status_check_insert";
DROP TRIGGER "Payment_status_check_update";
CREATE TRIGGER "Payment_status_check_insert" BEFORE INSERT ON "Payment"
WHEN NEW."status" NOT IN ('open', 'paid', 'waived', 'refunded', 'void', 'invoiced')
BEGIN SELECT RAISE(ABORT, 'Payment.status: not one of its set'); END;

CREATE TRIGGER "Payment_status_check_update" BEFORE UPDATE OF "status" ON "Payment"
WHEN NEW."status" NOT IN ('open', 'paid', 'waived', 'refunded', 'void', 'invoiced')
BEGIN SELECT RAISE(ABORT, 'Payment.status: not one of its set'); END;

CREATE TRIGGER "PaymentGroup_status_check_insert" BEFORE INSERT ON "PaymentGroup"
WHEN NEW."status" NOT IN ('open', 'paid', 'invoiced', 'void')
BEGIN SELECT RAISE(ABORT, 'PaymentGroup.status: not one of its set'); END;

CREATE TRIGGER "PaymentGroup_status_check_update" BEFORE UPDATE OF "status" ON "PaymentGroup"
WHEN NEW."status" NOT IN ('open', 'paid', 'invoiced', 'void')
BEGIN SELECT RAISE(ABORT, 'PaymentGroup.status: not one of its set'); END;

CREATE TRIGGER "Educator_status_check_insert" BEFORE INSERT ON "Educator"
WHEN NEW."status" NOT IN ('pending', 'approved', 'refused')
BEGIN SELECT RAISE(ABORT, 'Educator.status: not one of its set'); END;

CREATE TRIGGER "Educator_status_check_update" BEFORE UPDATE OF "status" ON "Educator"
WHEN NEW."status" NOT IN ('pending', 'approved', 'refused')
BEGIN SELECT RAISE(ABORT, 'Educator.status: not one of its set'); END;

