/**
 * One answer to "are results out?" from the published schedule (ADR 0045): a contest whose
 * results date was moved later with Update Contest (saved, not re-published) has its results out
 * at the published date on every page, e-mail, step and permission, never at the draft date.
 */
import { describe, expect, test } from "vitest";
import { publishContest } from "~/features/contests/contest-admin.server";
import { getContestBySlug } from "~/features/contests/public-contests.server";
import { resultsOut } from "~/features/contests/results-release";
import {
  listEntrantSubmissions,
  entrantResults,
} from "~/features/entries/entrant-submissions.server";
import { entryHasResults } from "~/features/entries/submission-status";
import { runStep } from "~/features/lifecycle/lifecycle.server";
import { awardsReview } from "~/features/results/award-review.server";
import { entrantCertificate } from "~/features/results/certificate.server";
import { entryResults, publicResults } from "~/features/results/results.server";
import { exportUserData } from "~/features/privacy/data-export.server";
import { prisma } from "~/utils/db.server";
import { at, entry, lifecycleContest, mailsTo, scoreAll } from "./lifecycle-fixtures";

/** A contest published with results on day 21, then saved (not published) with results on day 25. */
async function movedLater() {
  const { contest, judges } = await lifecycleContest({ judges: 1, judgesPerSubmission: 1 });
  await publishContest(contest.id, at(0));
  const judged = await entry(contest.id);
  for (const s of ["open", "close", "assign", "remind"] as const)
    await runStep(contest.id, s, at(20));
  await scoreAll(contest.id, judges[0].id, contest.rubrics[0].id, 8);
  // "Update Contest" saves the row's dates; the published snapshot keeps day 21.
  await prisma.contest.update({ where: { id: contest.id }, data: { resultsAt: at(25) } });
  return { contest, judged };
}

describe("results follow the published date, not the draft", () => {
  test("the step, the public page, the entrant, the admin and the certificate agree", async () => {
    const { contest, judged } = await movedLater();
    const before = at(21, -1);
    const after = at(21, 3_600_000);

    // Before the published date: not out anywhere.
    expect((await publicResults(contest.slug, before))?.published).toBe(false);
    expect(await entryResults(judged.writer.id, judged.submission.id, before)).toBeNull();
    expect((await awardsReview(contest.id, before))?.published).toBe(false);

    // The step runs on the published date and tells the writer.
    expect(await runStep(contest.id, "results", at(21))).toEqual({
      status: "finished",
      sent: 1,
    });
    expect(await mailsTo(judged.writer.email, "results-ready")).toHaveLength(1);

    // The public page: out, and showing the published date.
    const pub = await publicResults(contest.slug, after);
    expect(pub?.published).toBe(true);
    expect(pub?.contest.resultsAt.toISOString()).toBe(at(21).toISOString());
    expect(pub?.awards.map((a) => a.submissionId)).toEqual([judged.submission.id]);
    const row = await getContestBySlug(contest.slug);
    expect(row && resultsOut(row, after)).toBe(true);

    // The entrant: the e-mail's link (the entry's results), the dashboard's list and results.
    expect(await entryResults(judged.writer.id, judged.submission.id, after)).toMatchObject({
      average: 8,
      award: { label: "1st place" },
    });
    expect((await entrantResults(judged.writer.id, after)).map((r) => r.id)).toEqual([
      judged.submission.id,
    ]);
    const mine = await listEntrantSubmissions(judged.writer.id);
    expect(mine.submissions[0].contest.resultsAt.toISOString()).toBe(at(21).toISOString());
    expect(entryHasResults("submitted", mine.submissions[0].contest, after)).toBe(true);
    expect(await entrantCertificate(judged.writer.id, judged.submission.id, after)).not.toBeNull();
    const data = await exportUserData(judged.writer.id, after);
    expect(JSON.stringify(data)).not.toContain("Scores and feedback appear after");

    // The admin: results are out, the awards final, the published date shown.
    const review = await awardsReview(contest.id, after);
    expect(review?.published).toBe(true);
    expect(review?.contest.resultsAt.toISOString()).toBe(at(21).toISOString());
  }, 90_000);

  test("publishing again moves the results date everywhere at once", async () => {
    const { contest, judged } = await movedLater();
    await publishContest(contest.id, at(20));
    const between = at(22);
    expect((await publicResults(contest.slug, between))?.published).toBe(false);
    expect(await entryResults(judged.writer.id, judged.submission.id, between)).toBeNull();
    expect(await runStep(contest.id, "results", between)).toEqual({ status: "not-due" });
    expect((await publicResults(contest.slug, at(25)))?.published).toBe(true);
  });
});
