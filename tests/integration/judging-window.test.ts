// Judges score in the judging window the public sees: dates an admin saved on a published contest
// but did not publish move nothing (docs/decisions/0022-lifecycle-follows-the-public.md).
import { describe, expect, test } from "vitest";
import { prisma } from "~/utils/db.server";
import { publishContest } from "~/features/contests/contest-admin.server";
import { loadReview } from "~/features/judging/review.server";
import { DAY, entry, lifecycleContest } from "./lifecycle-fixtures";

async function assignedEntry(judgingOpen: Date, judgingClose: Date) {
  const now = Date.now();
  const { contest, judges } = await lifecycleContest({
    judges: 1,
    dates: {
      submissionsOpen: new Date(now - 20 * DAY),
      submissionsClose: new Date(now - 10 * DAY),
      judgingOpen,
      judgingClose,
      resultsAt: new Date(judgingClose.getTime() + DAY),
    },
  });
  await publishContest(contest.id, new Date(now - 30 * DAY));
  const { submission } = await entry(contest.id);
  const judge = judges[0]!;
  await prisma.judgeAssignment.create({
    data: { contestId: contest.id, judgeId: judge.id, submissionId: submission.id },
  });
  return { contest, judge, submission };
}

describe("the judging window follows the published dates", () => {
  test("a close saved earlier but not published does not end judging", async () => {
    const now = Date.now();
    const { contest, judge, submission } = await assignedEntry(
      new Date(now - DAY),
      new Date(now + 5 * DAY),
    );
    // Update Contest (not Publish): the row's close moves into the past, the snapshot keeps its own.
    await prisma.contest.update({
      where: { id: contest.id },
      data: { judgingClose: new Date(now - 60_000) },
    });
    const review = await loadReview(judge.id, submission.id);
    expect(review?.contest.open).toBe(true);
    expect(review?.contest.judgingClose.getTime()).toBe(now + 5 * DAY);
  });

  test("an open saved earlier but not published does not start judging", async () => {
    const now = Date.now();
    const { contest, judge, submission } = await assignedEntry(
      new Date(now + 2 * DAY),
      new Date(now + 5 * DAY),
    );
    await prisma.contest.update({
      where: { id: contest.id },
      data: { judgingOpen: new Date(now - DAY) },
    });
    const review = await loadReview(judge.id, submission.id);
    expect(review?.contest.open).toBe(false);
  });
});
