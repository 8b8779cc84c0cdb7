-- Classrooms and schools (docs/decisions/0031-classrooms-and-shared-computers.md).
-- CreateEnum
CREATE TYPE "PaymentGroupStatus" AS ENUM ('open', 'paid', 'invoiced', 'void');

-- CreateEnum
CREATE TYPE "EducatorStatus" AS ENUM ('pending', 'approved', 'refused');

-- AlterEnum
ALTER TYPE "PaymentStatus" ADD VALUE 'invoiced';

-- AlterTable
ALTER TABLE "EntryDraft" ADD COLUMN     "userId" TEXT;

-- AlterTable
ALTER TABLE "Submission" ADD COLUMN     "pupilId" TEXT;

-- AlterTable
ALTER TABLE "Payment" ADD COLUMN     "groupId" TEXT;

-- AlterTable
ALTER TABLE "TestCheckoutSession" ADD COLUMN     "groupId" TEXT,
ADD COLUMN     "lines" TEXT,
ALTER COLUMN "submissionId" DROP NOT NULL;

-- CreateTable
CREATE TABLE "School" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "city" TEXT NOT NULL,
    "country" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "School_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Educator" (
    "userId" TEXT NOT NULL,
    "schoolId" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "status" "EducatorStatus" NOT NULL,
    "decidedAt" TIMESTAMP(3),
    "decidedById" TEXT,
    "decisionNote" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Educator_pkey" PRIMARY KEY ("userId")
);

-- CreateTable
CREATE TABLE "Classroom" (
    "id" TEXT NOT NULL,
    "educatorId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "band" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "joinCode" TEXT NOT NULL,
    "joinOpen" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Classroom_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Pupil" (
    "id" TEXT NOT NULL,
    "classroomId" TEXT NOT NULL,
    "firstName" TEXT NOT NULL,
    "lastInitial" TEXT NOT NULL,
    "grade" INTEGER,
    "parentEmail" TEXT,
    "userId" TEXT,
    "joinedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Pupil_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ConsentAttestation" (
    "id" TEXT NOT NULL,
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
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ConsentAttestation_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PaymentGroup" (
    "id" TEXT NOT NULL,
    "contestId" TEXT NOT NULL,
    "payerId" TEXT NOT NULL,
    "status" "PaymentGroupStatus" NOT NULL,
    "amountCents" INTEGER NOT NULL,
    "method" TEXT NOT NULL,
    "reference" TEXT,
    "checkoutSessionId" TEXT,
    "paymentIntentId" TEXT,
    "paidAt" TIMESTAMP(3),
    "markedPaidById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PaymentGroup_pkey" PRIMARY KEY ("id")
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

-- CreateIndex
CREATE INDEX "Submission_pupilId_contestId_status_idx" ON "Submission"("pupilId", "contestId", "status");

-- CreateIndex
CREATE INDEX "Payment_groupId_idx" ON "Payment"("groupId");

-- AddForeignKey
ALTER TABLE "Submission" ADD CONSTRAINT "Submission_pupilId_fkey" FOREIGN KEY ("pupilId") REFERENCES "Pupil"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Payment" ADD CONSTRAINT "Payment_groupId_fkey" FOREIGN KEY ("groupId") REFERENCES "PaymentGroup"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Educator" ADD CONSTRAINT "Educator_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Educator" ADD CONSTRAINT "Educator_schoolId_fkey" FOREIGN KEY ("schoolId") REFERENCES "School"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Classroom" ADD CONSTRAINT "Classroom_educatorId_fkey" FOREIGN KEY ("educatorId") REFERENCES "Educator"("userId") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Pupil" ADD CONSTRAINT "Pupil_classroomId_fkey" FOREIGN KEY ("classroomId") REFERENCES "Classroom"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Pupil" ADD CONSTRAINT "Pupil_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PaymentGroup" ADD CONSTRAINT "PaymentGroup_contestId_fkey" FOREIGN KEY ("contestId") REFERENCES "Contest"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PaymentGroup" ADD CONSTRAINT "PaymentGroup_payerId_fkey" FOREIGN KEY ("payerId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

