import { seatPanel } from "./panel-fixtures";
import { describe, expect, test } from "vitest";
import { prisma } from "~/utils/db.server";
import { runAutoAssign } from "~/features/assignment/auto-assign.server";
import { submitScore } from "~/features/judging/review.server";
import { sendOnce } from "~/features/lifecycle/mail.server";
import type { Criterion } from "~/features/contests/rubric";

/**
 * Exactly-once guarantees under truly concurrent writers (docs/decisions/0028-postgresql.md).
 * On PostgreSQL the calls below run at the same moment on separate connections of the pool; on
 * SQLite they queue for the write lock. The entry key, payment finalize, discount code's last use
 * and the scheduler's lease have theirs beside their features (entry-limit, payments, scheduler
 * tests), which also run on both engines.
 */
const DAY = 86_400_000;
const criteria: Criterion[] = [
  { key: "voice", label: "Voice", maxPoints: 10, weight: 1, requireComment: false },
];
let seq = 0;

async function judge() {
  seq++;
  return prisma.user.create({
    data: {
      email: `judge-${seq}@example.test`,
      displayName: `Judge ${seq}`,
      roles: { create: { role: "judge" } },
      password: { create: { hash: "x" } },
    },
  });
}

async function judgingContest(entries: number) {
  seq++;
  const now = Date.now();
  const writer = await prisma.user.create({
    data: { email: `writer-${seq}@example.test`, displayName: `Writer ${seq}` },
  });
  const contest = await prisma.contest.create({
    data: {
      slug: `concurrency-${seq}`,
      title: `Concurrency ${seq}`,
      description: "Concurrent writers",
      submissionsOpen: new Date(now - 30 * DAY),
      submissionsClose: new Date(now - 20 * DAY),
      judgingOpen: new Date(now - 10 * DAY),
      judgingClose: new Date(now + 10 * DAY),
      resultsAt: new Date(now + 20 * DAY),
      rubrics: { create: { name: "Rubric", criteria: JSON.stringify(criteria) } },
    },
    include: { rubrics: true },
  });
  for (let i = 0; i < entries; i++)
    await prisma.submission.create({
      data: {
        contestId: contest.id,
        entrantId: writer.id,
        title: `Entry ${i}`,
        body: "Once upon a time",
        wordCount: 4,
        status: "submitted",
      },
    });
  return contest;
}

describe("exactly once, with concurrent writers", () => {
  test("auto-assign run three times at once assigns each entry to its judges once", async () => {
    const judges = await Promise.all([judge(), judge(), judge()]);
    const contest = await judgingContest(6);
    await seatPanel(
      contest.id,
      judges.map((j) => j.id),
    );
    const results = await Promise.all([1, 2, 3].map(() => runAutoAssign(contest.id, 2)));
    expect(results.every((r) => r.ok)).toBe(true);
    const rows = await prisma.judgeAssignment.findMany({
      where: { contestId: contest.id, submissionId: { not: null } },
      select: { judgeId: true, submissionId: true },
    });
    expect(rows).toHaveLength(12);
    expect(new Set(rows.map((r) => `${r.judgeId}/${r.submissionId}`)).size).toBe(12);
    expect(results.reduce((n, r) => n + (r.ok ? r.created : 0), 0)).toBe(12);
  });

  test("one score submitted four times at once: one score, a summary that counts it once", async () => {
    const j = await judge();
    const contest = await judgingContest(1);
    const entry = await prisma.submission.findFirstOrThrow({ where: { contestId: contest.id } });
    const assignment = await prisma.judgeAssignment.create({
      data: { contestId: contest.id, judgeId: j.id, submissionId: entry.id },
    });
    const outcomes = await Promise.allSettled(
      [7, 7, 8, 9].map((voice) =>
        submitScore({
          assignmentId: assignment.id,
          judgeId: j.id,
          submissionId: entry.id,
          rubricId: contest.rubrics[0].id,
          criteria,
          scores: { voice },
          comment: "",
        }),
      ),
    );
    expect(outcomes.filter((o) => o.status === "fulfilled").length).toBeGreaterThan(0);
    const scores = await prisma.score.findMany({ where: { assignmentId: assignment.id } });
    expect(scores).toHaveLength(1);
    const summary = await prisma.submissionScoreSummary.findUniqueOrThrow({
      where: { submissionId: entry.id },
    });
    expect(summary.scored).toBe(1);
    expect(summary.hundredths).toBe(Math.round(scores[0].total * 100));
    expect(summary.average).toBe(scores[0].total);
  });

  test("a lifecycle e-mail claimed by five senders at once goes out once", async () => {
    let sent = 0;
    const outcomes = await Promise.all(
      Array.from({ length: 5 }, () =>
        sendOnce("concurrency:open:someone", async () => {
          sent++;
          const log = await prisma.emailLog.create({
            data: { to: "someone@example.test", template: "t", subject: "s", status: "logged" },
          });
          return { ok: true as const, id: null, logId: log.id };
        }),
      ),
    );
    expect(outcomes.filter((o) => o === "sent")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "already-sent")).toHaveLength(4);
    expect(sent).toBe(1);
  });
});
