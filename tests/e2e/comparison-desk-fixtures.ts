import { randomBytes } from "node:crypto";
import { e2ePrisma } from "./db";
import { createJudge } from "./judging-fixtures";

/**
 * Test data for the comparison desk spec (docs/decisions/0056-comparison-rounds.md): a contest of
 * its own whose round 1 is judged by comparison, open now, with typed entries by writers of its
 * own and one judge of its own on the panel. Unpublished and dated as created long ago, so it
 * never shows on another spec's first page of contests, and no demo data is read or changed.
 */
const DAY = 86_400_000;
const LONG_AGO = Date.UTC(2001, 0, 1);

export const PIECES = ["Lanterns", "Tides", "Kites", "Ferns"] as const;

export async function createComparisonContest(label: string) {
  const db = e2ePrisma();
  const now = Date.now();
  const tag = randomBytes(4).toString("hex");
  const contest = await db.contest.create({
    data: {
      slug: `e2e-compare-${label}-${tag}`,
      title: `Comparison ${label} ${tag}`,
      description: "A contest created by the comparison desk end-to-end test.",
      rules: "Stories must be the writer's own work.",
      anonymous: true,
      isPublished: false,
      wordMin: 1,
      wordMax: 5000,
      timeZone: "America/New_York",
      submissionsOpen: new Date(now - 30 * DAY),
      submissionsClose: new Date(now - 20 * DAY),
      judgingOpen: new Date(now - 2 * DAY),
      judgingClose: new Date(now + 3 * DAY),
      resultsAt: new Date(now + 9 * DAY),
      createdAt: new Date(LONG_AGO + (now % DAY)),
      rounds: {
        create: {
          number: 1,
          name: "First read",
          method: "comparison",
          comparisonsPerEntry: 2,
          judgingOpen: new Date(now - 2 * DAY),
          judgingClose: new Date(now + 3 * DAY),
        },
      },
    },
    select: { id: true, rounds: { select: { id: true } } },
  });
  const entries: { id: string; title: string }[] = [];
  for (const [i, word] of PIECES.entries()) {
    const writer = await db.user.create({
      data: {
        email: `cj-writer-${tag}-${i}@example.test`,
        displayName: `Writer ${tag} ${i}`,
        dateOfBirth: new Date(Date.UTC(2011, 1, 1)),
      },
      select: { id: true },
    });
    const title = `${word} ${tag}`;
    const body = [
      `A story about ${word.toLowerCase()} and the people who wait for them, told slowly.`,
      `In the end the ${word.toLowerCase()} came back, and everybody went home for tea.`,
    ].join("\n\n");
    const { id } = await db.submission.create({
      data: {
        contestId: contest.id,
        entrantId: writer.id,
        title,
        body,
        wordCount: body.split(/\s+/).length,
        status: "submitted",
        createdAt: new Date(now + i),
      },
      select: { id: true },
    });
    entries.push({ id, title });
  }
  const judge = await createJudge(`compare-${label}`);
  await db.panelMember.create({
    data: { contestId: contest.id, judgeId: judge.id, status: "accepted", respondedAt: new Date() },
  });
  return { id: contest.id, roundId: contest.rounds[0]!.id, entries, judge };
}
