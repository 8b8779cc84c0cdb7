-- A contest's AI-use policy and each entry's declaration with its exact wording (ADR 0053).
ALTER TABLE "Contest" ADD COLUMN "aiPolicy" TEXT NOT NULL DEFAULT 'unstated';
ALTER TABLE "Submission" ADD COLUMN "aiPolicyBroken" BOOLEAN NOT NULL DEFAULT false;

CREATE TABLE "AiDeclaration" (
    "submissionId" TEXT NOT NULL,
    "policy" TEXT NOT NULL,
    "policyWording" TEXT NOT NULL,
    "question" TEXT NOT NULL,
    "use" TEXT NOT NULL,
    "answerWording" TEXT NOT NULL,
    "how" TEXT,
    "declaredBy" TEXT NOT NULL,
    "declarerId" TEXT NOT NULL,
    "declarerName" TEXT NOT NULL,
    "pupilName" TEXT,
    "breaksPolicy" BOOLEAN NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AiDeclaration_pkey" PRIMARY KEY ("submissionId")
);

CREATE INDEX "Submission_contestId_aiPolicyBroken_createdAt_idx" ON "Submission"("contestId", "aiPolicyBroken", "createdAt");

ALTER TABLE "AiDeclaration" ADD CONSTRAINT "AiDeclaration_submissionId_fkey" FOREIGN KEY ("submissionId") REFERENCES "Submission"("id") ON DELETE CASCADE ON UPDATE CASCADE;
