import { randomBytes } from "node:crypto";
import { e2ePrisma } from "./db";
import { CRITERIA } from "./judging-fixtures";

/**
 * Test data for the reading desk spec (docs/decisions/0034-reading-desk.md), written through the
 * app's typed Prisma client. The contest is published only while its entrant sends the PDF
 * through the entry form (the app's own path: the document is read at upload), then unpublished;
 * it is dated as created long ago and opened in 2001, so it never shows on another spec's first
 * page of contests.
 */
const DAY = 86_400_000;
const LONG_AGO = Date.UTC(2001, 0, 1);

export type ReadingContest = { id: string; slug: string; title: string; prompt: string };

/**
 * A free, anonymous contest open for entries and for judging at once (1-5,000 words), with a
 * rubric whose criteria say what they are for, a prompt and rules.
 */
export async function createReadingContest(label: string): Promise<ReadingContest> {
  const now = Date.now();
  const tag = randomBytes(4).toString("hex");
  const slug = `e2e-reading-${label}-${tag}`;
  const title = `Reading desk ${label} ${tag}`;
  const criteria = CRITERIA.map((c) => ({
    ...c,
    description: `How well the story does ${c.label.toLowerCase()}.`,
  }));
  const prompt = `Write about a light that waits ${tag}`;
  const { id } = await e2ePrisma().contest.create({
    data: {
      slug,
      title,
      description: "A contest created by the reading desk end-to-end test.",
      rules: "Stories must be the writer's own work.",
      anonymous: true,
      isPublished: true,
      wordMin: 1,
      wordMax: 5000,
      timeZone: "America/New_York",
      submissionsOpen: new Date(LONG_AGO),
      submissionsClose: new Date(now + 2 * DAY),
      judgingOpen: new Date(now - DAY),
      judgingClose: new Date(now + 3 * DAY),
      resultsAt: new Date(now + 9 * DAY),
      createdAt: new Date(LONG_AGO + (now % DAY)),
      rubrics: {
        create: {
          name: "Reading rubric",
          criteria: JSON.stringify(criteria),
          createdAt: new Date(now),
        },
      },
      prompts: {
        create: {
          title: prompt,
          body: "A lighthouse, a lamp, a window: someone waits for it.",
          createdAt: new Date(now),
        },
      },
    },
    select: { id: true },
  });
  return { id, slug, title, prompt };
}

/** Unpublishes the contest once its entry is in (judges read it all the same). */
export async function unpublish(contest: ReadingContest) {
  await e2ePrisma().contest.update({ where: { id: contest.id }, data: { isPublished: false } });
}

/** The entry this writer sent to the contest. */
export async function entryOf(contest: ReadingContest, email: string) {
  return e2ePrisma().submission.findFirstOrThrow({
    where: { contestId: contest.id, entrant: { email } },
    select: { id: true, filePath: true, wordCount: true },
  });
}

/** A typed entry of its own writer, straight into the database (for the reading position). */
export async function typedEntry(contest: ReadingContest, paragraphs: string[]) {
  const db = e2ePrisma();
  const email = `writer${randomBytes(10).toString("hex")}@example.test`;
  const writer = await db.user.create({
    data: { email, displayName: "Typed Writer", dateOfBirth: new Date(Date.UTC(2000, 1, 1)) },
    select: { id: true },
  });
  const body = paragraphs.join("\n\n");
  const { id } = await db.submission.create({
    data: {
      contestId: contest.id,
      entrantId: writer.id,
      title: "A long typed story",
      body,
      wordCount: body.split(/\s+/).length,
      status: "submitted",
    },
    select: { id: true },
  });
  return id;
}

/** Assigns the entries to the judge with this e-mail. */
export async function assignTo(contest: ReadingContest, judgeEmail: string, entryIds: string[]) {
  const db = e2ePrisma();
  const judge = await db.user.findUniqueOrThrow({
    where: { email: judgeEmail },
    select: { id: true },
  });
  await db.judgeAssignment.createMany({
    data: entryIds.map((submissionId) => ({
      contestId: contest.id,
      judgeId: judge.id,
      submissionId,
    })),
  });
}
