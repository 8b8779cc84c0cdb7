import { describe, expect, test } from "vitest";
import { prisma } from "~/utils/db.server";

// The database here was built from prisma/migrations by scripts/migrate.mjs (tests/setup).
// Writing and reading every model through the generated client proves schema and migrations agree.
describe("migrations match the Prisma schema", () => {
  test("every model can be written and read through the client", async () => {
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
});
