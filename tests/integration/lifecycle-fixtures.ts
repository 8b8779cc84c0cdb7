/** Contests, people and entries for the lifecycle tests, on a fixed clock (no real time). */
import { prisma, type LifecycleStepName, type SubmissionStatus } from "~/utils/db.server";
import { seatPanel } from "./panel-fixtures";

export const DAY = 86_400_000;
export const T0 = Date.parse("2030-01-01T12:00:00Z");
export const at = (days: number, ms = 0) => new Date(T0 + days * DAY + ms);

/** open day 1, close day 10, judging day 11 to 20 (reminder due day 18), results day 21. */
export const DATES = {
  submissionsOpen: at(1),
  submissionsClose: at(10),
  judgingOpen: at(11),
  judgingClose: at(20),
  resultsAt: at(21),
};

let seq = 0;

/**
 * A user. A judge has activated the account (a password), so it may be assigned; pass
 * `{ pending: true }` for a judge whose invitation is still open (no password, no Google).
 */
export async function person(
  prefix: string,
  roles: string[] = [],
  opts: { pending?: boolean } = {},
) {
  seq++;
  const active = roles.includes("judge") && !opts.pending;
  return prisma.user.create({
    data: {
      email: `${prefix}-${seq}-${process.pid}@example.test`,
      displayName: `${prefix} ${seq}`,
      roles: { create: roles.map((role) => ({ role })) },
      ...(active ? { password: { create: { hash: "not-a-real-hash" } } } : {}),
    },
  });
}

/** A contest with a prompt and a rubric, not yet published, with its own panel of judges. */
export async function lifecycleContest(
  opts: {
    judges?: number;
    judgesPerSubmission?: number;
    dates?: Partial<typeof DATES>;
    published?: boolean;
  } = {},
) {
  seq++;
  const contest = await prisma.contest.create({
    data: {
      slug: `lifecycle-${seq}-${process.pid}`,
      title: `Lifecycle ${seq}`,
      description: "A contest that runs itself",
      timeZone: "America/Chicago",
      isPublished: opts.published ?? false,
      judgesPerSubmission: opts.judgesPerSubmission ?? 3,
      ...DATES,
      ...opts.dates,
      prompts: { create: { title: "Prompt", body: "Write about a door." } },
      rubrics: {
        create: {
          name: "Rubric",
          criteria: JSON.stringify([
            { key: "voice", label: "Voice", maxPoints: 10, weight: 1, requireComment: false },
          ]),
        },
      },
    },
    include: { rubrics: true },
  });
  const judges = [];
  for (let i = 0; i < (opts.judges ?? 0); i++) {
    const judge = await person("judge", ["judge"]);
    await seatPanel(contest.id, [judge.id]);
    judges.push(judge);
  }
  return { contest, judges };
}

export async function entry(contestId: string, status: SubmissionStatus = "submitted") {
  const writer = await person("writer");
  const submission = await prisma.submission.create({
    data: { contestId, entrantId: writer.id, title: `Story ${++seq}`, body: "b", status },
  });
  return { writer, submission };
}

/** Submits a score of `points` for every assignment of the judge in the contest. */
export async function scoreAll(contestId: string, judgeId: string, rubricId: string, points = 7) {
  const rows = await prisma.judgeAssignment.findMany({
    where: { contestId, judgeId, submissionId: { not: null } },
  });
  for (const a of rows) {
    await prisma.score.create({
      data: {
        assignmentId: a.id,
        rubricId,
        judgeId,
        submissionId: a.submissionId!,
        scores: JSON.stringify({ voice: points }),
        total: points,
        submittedAt: new Date(T0),
      },
    });
  }
}

export function mailsTo(to: string, template?: string) {
  return prisma.emailLog.findMany({
    where: { to, ...(template ? { template } : {}) },
    orderBy: { createdAt: "asc" },
  });
}

export function stepRow(contestId: string, step: LifecycleStepName) {
  return prisma.lifecycleStep.findUniqueOrThrow({
    where: { contestId_step_round: { contestId, step, round: 1 } },
  });
}
