import { describe, expect, test } from "vitest";
import { Prisma } from "~/generated/prisma/client";
import { prisma } from "~/utils/db.server";

// The database here was built from prisma/migrations by scripts/migrate.mjs (tests/setup).
// Writing and reading every model through the generated client proves schema and migrations agree.
describe("migrations match the Prisma schema", () => {
  test("relations and column defaults read back through the client", async () => {
    const user = await prisma.user.create({
      data: {
        email: "model@example.test",
        displayName: "Model",
        dateOfBirth: new Date("2012-02-02T00:00:00Z"),
        parentEmail: "parent@example.test",
        parentConsentAt: new Date(),
        password: { create: { hash: "x" } },
        roles: { create: [{ role: "judge" }, { role: "admin" }] },
        sessions: { create: { expiresAt: new Date(Date.now() + 1000) } },
        connections: { create: { providerName: "google", providerId: "g-1" } },
        verifications: {
          create: { type: "set-password", tokenHash: "h1", expiresAt: new Date(), target: "t" },
        },
      },
    });
    const contest = await prisma.contest.create({
      data: {
        slug: "model-contest",
        title: "T",
        description: "Description",
        rules: "R",
        submissionsOpen: new Date("2026-01-01T00:00:00Z"),
        submissionsClose: new Date("2026-02-01T00:00:00Z"),
        judgingOpen: new Date("2026-02-01T00:00:00Z"),
        judgingClose: new Date("2026-03-01T00:00:00Z"),
        resultsAt: new Date("2026-03-02T00:00:00Z"),
        publishedSnapshot: "{}",
        snapshotAt: new Date(),
        prompts: { create: { title: "P", body: "Prompt body" } },
        rubrics: { create: { name: "R", criteria: "[]" } },
      },
      include: { rubrics: true },
    });
    const submission = await prisma.submission.create({
      data: {
        contestId: contest.id,
        entrantId: user.id,
        title: "S",
        body: "b",
        filePath: "u/c/1.pdf",
        fileName: "story.pdf",
        fileType: "application/pdf",
        fileSize: 10,
        wordCount: 1,
        status: "submitted",
        disqualifyReason: null,
      },
    });
    const assignment = await prisma.judgeAssignment.create({
      data: { contestId: contest.id, judgeId: user.id, submissionId: submission.id },
    });
    await prisma.judgeAssignment.create({ data: { contestId: contest.id, judgeId: user.id } });
    await prisma.score.create({
      data: {
        assignmentId: assignment.id,
        rubricId: contest.rubrics[0].id,
        judgeId: user.id,
        submissionId: submission.id,
        scores: '{"a":1}',
        comment: "c",
        total: 1.25,
        submittedAt: new Date(),
      },
    });
    await prisma.scoreDraft.create({
      data: { assignmentId: assignment.id, scores: '{"a":2}', comment: "d", total: 2.5 },
    });
    const score = await prisma.score.findUniqueOrThrow({ where: { assignmentId: assignment.id } });
    await prisma.scoreHistory.create({
      data: { scoreId: score.id, changedById: user.id, before: "{}", after: '{"total":1.25}' },
    });
    await prisma.emailLog.create({
      data: { to: "a@b.c", template: "t", subject: "s", status: "logged" },
    });

    const loaded = await prisma.user.findUniqueOrThrow({
      where: { id: user.id },
      include: {
        password: true,
        roles: true,
        sessions: true,
        connections: true,
        verifications: true,
        submissions: true,
        assignments: true,
        scores: true,
      },
    });
    expect(loaded.roles.map((r) => r.role).sort()).toEqual(["admin", "judge"]);
    expect(loaded.dateOfBirth?.toISOString()).toBe("2012-02-02T00:00:00.000Z");
    expect(loaded.sessions).toHaveLength(1);
    expect(loaded.connections[0].providerId).toBe("g-1");
    expect(loaded.verifications[0].tokenHash).toBe("h1");
    expect(loaded.assignments).toHaveLength(2);
    expect(loaded.scores[0].total).toBe(1.25);
    const full = await prisma.contest.findUniqueOrThrow({
      where: { id: contest.id },
      include: {
        prompts: true,
        rubrics: true,
        submissions: { include: { assignments: { include: { score: true } } } },
      },
    });
    expect(full.isPublished).toBe(false);
    expect(full.anonymous).toBe(true);
    expect([full.wordMin, full.wordMax, full.entryFeeCents, full.timeZone]).toEqual([
      500,
      2500,
      0,
      "America/New_York",
    ]);
    expect(full.submissions[0].assignments[0].score?.scores).toBe('{"a":1}');
    const withDraft = await prisma.judgeAssignment.findUniqueOrThrow({
      where: { id: assignment.id },
      include: { draft: true, score: { include: { history: { include: { changedBy: true } } } } },
    });
    expect(withDraft.draft?.total).toBe(2.5);
    expect(withDraft.score?.history[0].changedBy?.id).toBe(user.id);
    expect(await prisma.emailLog.count()).toBe(1);
  });

  test("constraints hold: foreign keys, unique pairs, one contest-wide row per judge", async () => {
    const user = await prisma.user.create({ data: { email: "c@example.test", displayName: "C" } });
    const contest = await prisma.contest.create({
      data: {
        slug: "constraints",
        title: "T",
        description: "Description",
        submissionsOpen: new Date(),
        submissionsClose: new Date(),
        judgingOpen: new Date(),
        judgingClose: new Date(),
        resultsAt: new Date(),
      },
    });
    await expect(
      prisma.submission.create({
        data: { contestId: "missing", entrantId: user.id, title: "x", status: "submitted" },
      }),
    ).rejects.toThrow();
    await prisma.judgeAssignment.create({ data: { contestId: contest.id, judgeId: user.id } });
    await expect(
      prisma.judgeAssignment.create({ data: { contestId: contest.id, judgeId: user.id } }),
    ).rejects.toThrow();
    await expect(
      prisma.user.create({ data: { email: "c@example.test", displayName: "dup" } }),
    ).rejects.toThrow();
    const submission = await prisma.submission.create({
      data: { contestId: contest.id, entrantId: user.id, title: "x", status: "submitted" },
    });
    // Entrants' work is never lost by deleting a contest.
    await expect(prisma.contest.delete({ where: { id: contest.id } })).rejects.toThrow();
    expect(await prisma.submission.count({ where: { id: submission.id } })).toBe(1);
  });
  test("the lifecycle tables: steps, outbox, lease, notify requests, sent e-mails, frozen results", async () => {
    const user = await prisma.user.create({ data: { email: "l@example.test", displayName: "L" } });
    const contest = await prisma.contest.create({
      data: {
        slug: "lifecycle-model",
        title: "T",
        description: "Description",
        submissionsOpen: new Date(),
        submissionsClose: new Date(),
        judgingOpen: new Date(),
        judgingClose: new Date(),
        resultsAt: new Date(),
        lifecycleSteps: { create: { step: "open", dueAt: new Date(), lastError: "e" } },
        notifyRequests: { create: { userId: user.id } },
        frozenResults: {
          create: { submissionId: "s1", rank: 1, average: 7.5, scored: 2, frozenAt: new Date() },
        },
      },
      include: { lifecycleSteps: true, notifyRequests: true, frozenResults: true },
    });
    expect(contest.judgesPerSubmission).toBe(3);
    expect(contest.lifecycleSteps[0]).toMatchObject({ attempts: 0, finishedAt: null });
    await expect(
      prisma.lifecycleStep.create({
        data: { contestId: contest.id, step: "open", dueAt: new Date() },
      }),
    ).rejects.toThrow();
    const event = await prisma.outboxEvent.create({
      data: { name: "entry/submitted", payload: "{}", nextAttemptAt: new Date() },
    });
    expect(event.attempts).toBe(0);
    await prisma.schedulerLease.create({
      data: { name: "scheduler", holder: "a", expiresAt: new Date() },
    });
    await prisma.lifecycleEmail.create({ data: { key: "open:x", emailLogId: null } });
    await expect(prisma.lifecycleEmail.create({ data: { key: "open:x" } })).rejects.toThrow();
    expect(contest.frozenResults[0].average).toBe(7.5);
    expect(contest.notifyRequests[0].userId).toBe(user.id);
  });
  test("every model of the schema (Prisma.ModelName) is written and read back", async () => {
    const base = await baseRows();
    const models = Object.values(Prisma.ModelName);
    expect(models.length).toBeGreaterThan(0);
    const done: string[] = [];
    for (const model of models) {
      // A model added to the schema without a row below fails the type check and this line.
      expect(writeRow[model], `a row for ${model}`).toBeTypeOf("function");
      const written = await writeRow[model](base);
      const delegate = (prisma as unknown as Record<string, Readable>)[delegateName(model)];
      expect(await delegate.findMany(), model).toContainEqual(written);
      done.push(model);
    }
    expect(done).toEqual(models);
  });
});

type Readable = { findMany: () => Promise<object[]> };
const delegateName = (model: string) => model[0].toLowerCase() + model.slice(1);

/** The rows other models point at, made once. */
async function baseRows() {
  const user = await prisma.user.create({
    data: { email: "loop@example.test", displayName: "Loop" },
  });
  const contest = await prisma.contest.create({
    data: {
      slug: "loop-base",
      title: "T",
      description: "Description",
      submissionsOpen: new Date(),
      submissionsClose: new Date(),
      judgingOpen: new Date(),
      judgingClose: new Date(),
      resultsAt: new Date(),
    },
  });
  const rubric = await prisma.rubric.create({
    data: { contestId: contest.id, name: "R", criteria: "[]" },
  });
  const submission = await prisma.submission.create({
    data: { contestId: contest.id, entrantId: user.id, title: "S", status: "submitted" },
  });
  const assignment = await prisma.judgeAssignment.create({
    data: { contestId: contest.id, judgeId: user.id, submissionId: submission.id },
  });
  const score = await prisma.score.create({
    data: {
      assignmentId: assignment.id,
      rubricId: rubric.id,
      judgeId: user.id,
      submissionId: submission.id,
      scores: "{}",
      total: 1.25,
      submittedAt: new Date(),
    },
  });
  return { user, contest, rubric, submission, assignment, score };
}
type Base = Awaited<ReturnType<typeof baseRows>>;

/** One new row of each model; its type lists every model of the schema. */
const writeRow: Record<Prisma.ModelName, (base: Base) => Promise<object>> = {
  User: () => prisma.user.create({ data: { email: "loop-user@example.test", displayName: "U" } }),
  Password: () =>
    prisma.password.create({
      data: { hash: "x", user: { create: { email: "loop-pw@example.test", displayName: "P" } } },
    }),
  UserRole: (b) => prisma.userRole.create({ data: { userId: b.user.id, role: "admin" } }),
  Session: (b) =>
    prisma.session.create({ data: { userId: b.user.id, expiresAt: new Date(Date.now() + 1000) } }),
  Connection: (b) =>
    prisma.connection.create({
      data: { userId: b.user.id, providerName: "google", providerId: "loop-g" },
    }),
  Verification: (b) =>
    prisma.verification.create({
      data: {
        userId: b.user.id,
        type: "password-reset",
        tokenHash: "loop-h",
        expiresAt: new Date(),
      },
    }),
  EntryDraft: (b) =>
    prisma.entryDraft.create({
      data: { id: "loop-draft", contestId: b.contest.id, fields: "{}", expiresAt: new Date() },
    }),
  Contest: () =>
    prisma.contest.create({
      data: {
        slug: "loop-contest",
        title: "T",
        description: "Description",
        submissionsOpen: new Date(),
        submissionsClose: new Date(),
        judgingOpen: new Date(),
        judgingClose: new Date(),
        resultsAt: new Date(),
      },
    }),
  Prompt: (b) => prisma.prompt.create({ data: { contestId: b.contest.id, title: "P", body: "B" } }),
  Rubric: (b) =>
    prisma.rubric.create({ data: { contestId: b.contest.id, name: "R2", criteria: "[]" } }),
  Submission: (b) =>
    prisma.submission.create({
      data: { contestId: b.contest.id, entrantId: b.user.id, title: "S2", status: "submitted" },
    }),
  // Kept by triggers on Submission and Score (ADR 0021): the row exists, so it is overwritten.
  SubmissionScoreSummary: (b) => {
    const row = {
      contestId: b.contest.id,
      status: "submitted" as const,
      createdAt: b.submission.createdAt,
      scored: 1,
      hundredths: 125,
      average: 1.25,
    };
    return prisma.submissionScoreSummary.upsert({
      where: { submissionId: b.submission.id },
      create: { submissionId: b.submission.id, ...row },
      update: row,
    });
  },
  // Kept by triggers (ADR 0064): the base entry's counter, read back as stored.
  ContestTally: (b) =>
    prisma.contestTally.findFirstOrThrow({
      where: { contestId: b.contest.id, kind: "entry", status: "submitted" },
    }),
  // Kept by triggers (ADR 0067): the base entry's quarter hour, read back as stored.
  ContestEntryBucket: (b) =>
    prisma.contestEntryBucket.findFirstOrThrow({ where: { contestId: b.contest.id } }),
  // Kept by triggers (ADR 0076): the base score's judge in its contest, read back as stored.
  JudgeScoreSums: (b) =>
    prisma.judgeScoreSums.findFirstOrThrow({ where: { contestId: b.contest.id } }),
  // Written by the version's triggers (ADR 0088): the base entry's summary, read back as stored.
  RankingChange: (b) =>
    prisma.rankingChange.findFirstOrThrow({ where: { contestId: b.contest.id } }),
  RankingVersion: (b) =>
    prisma.rankingVersion.upsert({
      where: { contestId: b.contest.id },
      create: { contestId: b.contest.id, version: 7 },
      update: { version: 7 },
    }),
  // The queue's columns are kept by triggers (ADR 0061): the row as stored, not as sent.
  JudgeAssignment: async (b) => {
    const { id } = await prisma.judgeAssignment.create({
      data: { contestId: b.contest.id, judgeId: b.user.id },
    });
    return prisma.judgeAssignment.findUniqueOrThrow({ where: { id } });
  },
  Score: async (b) => {
    const other = await prisma.submission.create({
      data: { contestId: b.contest.id, entrantId: b.user.id, title: "S3", status: "submitted" },
    });
    const assignment = await prisma.judgeAssignment.create({
      data: { contestId: b.contest.id, judgeId: b.user.id, submissionId: other.id },
    });
    return prisma.score.create({
      data: {
        assignmentId: assignment.id,
        rubricId: b.rubric.id,
        judgeId: b.user.id,
        submissionId: other.id,
        scores: '{"a":1}',
        comment: "c",
        total: 2.5,
      },
    });
  },
  ScoreDraft: (b) =>
    prisma.scoreDraft.create({
      data: { assignmentId: b.assignment.id, scores: "{}", comment: "d", total: 2.5 },
    }),
  ScoreHistory: (b) =>
    prisma.scoreHistory.create({
      data: { scoreId: b.score.id, changedById: b.user.id, before: "{}", after: "{}" },
    }),
  EmailLog: () =>
    prisma.emailLog.create({
      data: { to: "loop@example.test", template: "t", subject: "s", status: "logged" },
    }),
  TestMailMessage: () =>
    prisma.testMailMessage.create({
      data: { to: "loop@example.test", subject: "s", template: "t", text: "x" },
    }),
  ContestAward: (b) =>
    prisma.contestAward.create({
      data: { contestId: b.contest.id, submissionId: b.submission.id, kind: "place", place: 1 },
    }),
  LifecycleStep: (b) =>
    prisma.lifecycleStep.create({
      data: { contestId: b.contest.id, step: "open", dueAt: new Date() },
    }),
  OutboxEvent: () =>
    prisma.outboxEvent.create({
      data: { name: "entry/submitted", payload: "{}", nextAttemptAt: new Date() },
    }),
  SchedulerLease: () =>
    prisma.schedulerLease.create({
      data: { name: "loop", holder: "a", expiresAt: new Date() },
    }),
  NotifyRequest: (b) =>
    prisma.notifyRequest.create({ data: { userId: b.user.id, contestId: b.contest.id } }),
  LifecycleEmail: () => prisma.lifecycleEmail.create({ data: { key: "loop:x" } }),
  FrozenResult: (b) =>
    prisma.frozenResult.create({
      data: {
        contestId: b.contest.id,
        submissionId: b.submission.id,
        rank: 1,
        average: 1.25,
        scored: 1,
        frozenAt: new Date(),
      },
    }),
  Payment: (b) =>
    prisma.payment.create({
      data: {
        submissionId: b.submission.id,
        contestId: b.contest.id,
        feeCents: 500,
        amountCents: 500,
        status: "open",
      },
    }),
  DiscountCode: (b) =>
    prisma.discountCode.create({
      data: { code: "LOOP10", percentOff: 10, contestId: b.contest.id },
    }),
  StripeEvent: () =>
    prisma.stripeEvent.create({ data: { id: "evt_loop", type: "checkout.session.completed" } }),
  TestCheckoutSession: (b) =>
    prisma.testCheckoutSession.create({
      data: {
        id: "cs_loop",
        idempotencyKey: "loop-key",
        submissionId: b.submission.id,
        amountCents: 500,
        description: "Entry fee",
        status: "open",
        paymentStatus: "unpaid",
        successUrl: "http://localhost/ok",
        cancelUrl: "http://localhost/cancel",
      },
    }),
  School: () =>
    prisma.school.create({ data: { name: "Loop School", city: "Leeds", country: "UK" } }),
  Educator: (b) =>
    prisma.educator.create({
      data: {
        user: { connect: { id: b.user.id } },
        role: "Teacher",
        status: "pending",
        school: { create: { name: "Loop High", city: "York", country: "UK" } },
      },
    }),
  Classroom: () =>
    prisma.classroom.create({
      data: {
        name: "5B",
        band: "Grade 5",
        size: 30,
        joinCode: "LOOP-5B",
        educator: {
          create: {
            role: "Teacher",
            status: "approved",
            user: { create: { email: "loop-edu@example.test", displayName: "E" } },
            school: { create: { name: "Loop Primary", city: "Hull", country: "UK" } },
          },
        },
      },
    }),
  Pupil: async (b) => {
    const classroom = await prisma.classroom.create({
      data: {
        name: "6C",
        band: "Grade 6",
        size: 30,
        joinCode: "LOOP-6C",
        educator: {
          create: {
            role: "Teacher",
            status: "approved",
            user: { create: { email: "loop-edu2@example.test", displayName: "E2" } },
            school: { create: { name: "Loop Middle", city: "Bath", country: "UK" } },
          },
        },
      },
    });
    return prisma.pupil.create({
      data: {
        classroomId: classroom.id,
        firstName: "Ada",
        lastInitial: "L",
        grade: 6,
        userId: b.user.id,
      },
    });
  },
  ConsentAttestation: (b) =>
    prisma.consentAttestation.create({
      data: {
        kind: "parental_permission",
        educatorId: b.user.id,
        educatorName: "E",
        educatorEmail: "e@example.test",
        schoolName: "Loop High",
        pupilName: "Ada L.",
        contestId: b.contest.id,
        contestTitle: "T",
        wording: "The school holds permission.",
      },
    }),
  PaymentGroup: (b) =>
    prisma.paymentGroup.create({
      data: {
        contestId: b.contest.id,
        payerId: b.user.id,
        status: "open",
        amountCents: 1000,
        method: "invoice",
        reference: "PO-1",
      },
    }),
  Division: (b) =>
    prisma.division.create({
      data: {
        contestId: b.contest.id,
        position: 1,
        name: "Grades 3-5",
        basis: "grade",
        min: 3,
        max: 5,
      },
    }),
  DivisionMove: (b) =>
    prisma.divisionMove.create({
      data: { submissionId: b.submission.id, toName: "Grades 6-8", note: "Moved on request" },
    }),
  JudgeDivision: async (b) => {
    const division = await prisma.division.create({
      data: {
        contestId: b.contest.id,
        position: 2,
        name: "Ages 12-16",
        basis: "age",
        min: 12,
        max: 16,
      },
    });
    return prisma.judgeDivision.create({ data: { divisionId: division.id, judgeId: b.user.id } });
  },
  JudgingRound: (b) =>
    prisma.judgingRound.create({
      data: {
        contestId: b.contest.id,
        number: 1,
        name: "First read",
        judgingOpen: new Date(),
        judgingClose: new Date(),
        advanceRule: "top",
        advanceValue: 5,
      },
    }),
  RoundJudge: async (b) => {
    const round = await prisma.judgingRound.create({
      data: {
        contestId: b.contest.id,
        number: 2,
        name: "Final",
        judgingOpen: new Date(),
        judgingClose: new Date(),
      },
    });
    return prisma.roundJudge.create({ data: { roundId: round.id, judgeId: b.user.id } });
  },
  Advancement: (b) =>
    prisma.advancement.create({
      data: { contestId: b.contest.id, round: 2, submissionId: b.submission.id, source: "rule" },
    }),
  AdvanceChoice: (b) =>
    prisma.advanceChoice.create({
      data: {
        contestId: b.contest.id,
        round: 2,
        submissionId: b.submission.id,
        include: true,
        note: "A strong voice",
      },
    }),
  PanelMember: (b) =>
    prisma.panelMember.create({
      data: { contestId: b.contest.id, judgeId: b.user.id, status: "accepted", capacity: 12 },
    }),
  Conflict: async (b) => {
    const school = await prisma.school.create({
      data: { name: "Conflict School", city: "Leeds", country: "GB" },
    });
    return prisma.conflict.create({
      data: {
        judgeId: b.user.id,
        contestId: b.contest.id,
        kind: "school",
        schoolId: school.id,
        source: "admin",
        note: "Teaches there",
      },
    });
  },
  Recusal: (b) =>
    prisma.recusal.create({
      data: {
        contestId: b.contest.id,
        submissionId: b.submission.id,
        judgeId: b.user.id,
        reason: "knows-writer",
      },
    }),
  EntryNote: (b) =>
    prisma.entryNote.create({
      data: {
        submissionId: b.submission.id,
        authorId: b.user.id,
        authorRole: "admin",
        body: "Please read again",
      },
    }),
  ContestMessage: (b) =>
    prisma.contestMessage.create({
      data: {
        contestId: b.contest.id,
        audience: "entrants",
        subject: "Results next week",
        body: "Hello",
        recipients: 3,
      },
    }),
  EntryDocument: (b) =>
    prisma.entryDocument.create({
      data: { submissionId: b.submission.id, text: "Once upon a time.", status: "text" },
    }),
  AiDeclaration: (b) =>
    prisma.aiDeclaration.create({
      data: {
        submissionId: b.submission.id,
        policy: "not_allowed",
        policyWording: "No AI allowed.",
        question: "Did you use AI?",
        use: "none",
        answerWording: "No, I did not use AI.",
        declaredBy: "writer",
        declarerId: b.user.id,
        declarerName: "U",
        breaksPolicy: false,
      },
    }),
  IdentityHit: (b) =>
    prisma.identityHit.create({
      data: { submissionId: b.submission.id, kind: "name", start: 0, end: 4 },
    }),
  EntrySignature: (b) =>
    prisma.entrySignature.create({
      data: {
        submissionId: b.submission.id,
        contestId: b.contest.id,
        textHash: "h:1",
        words: 30,
        signature: new Uint8Array([1, 2, 3, 4]),
      },
    }),
  EntryKey: (b) => prisma.entryKey.create({ data: { key: -12, submissionId: b.submission.id } }),
  CopyPair: async (b) => {
    const other = await prisma.submission.create({
      data: { contestId: b.contest.id, entrantId: b.user.id, title: "S3", status: "submitted" },
    });
    return prisma.copyPair.create({
      data: {
        entryAId: b.submission.id,
        entryBId: other.id,
        contestAId: b.contest.id,
        contestBId: b.contest.id,
        kind: "near-identical",
        resemblance: 0.9,
        sharedWords: 40,
        passages: "[]",
        decidedById: b.user.id,
      },
    });
  },
  MaintenanceRun: () =>
    prisma.maintenanceRun.create({ data: { job: "purge", outcome: "done", count: 3 } }),
  RetentionRecord: (b) =>
    prisma.retentionRecord.create({
      data: { runId: "run", kind: "entry-content", subjectId: b.submission.id },
    }),
  Comparison: async (b) => {
    const round = await prisma.judgingRound.create({
      data: {
        contestId: b.contest.id,
        number: 7,
        name: "Compared",
        method: "comparison",
        judgingOpen: new Date(),
        judgingClose: new Date(),
      },
    });
    const other = await prisma.submission.create({
      data: { contestId: b.contest.id, entrantId: b.user.id, title: "T", status: "submitted" },
    });
    return prisma.comparison.create({
      data: {
        contestId: b.contest.id,
        roundId: round.id,
        judgeId: b.user.id,
        entryAId: b.submission.id,
        entryBId: other.id,
        pairKey: "a:b",
        winnerId: other.id,
        noteA: "More dialogue, please",
        decidedAt: new Date(),
      },
    });
  },
};
