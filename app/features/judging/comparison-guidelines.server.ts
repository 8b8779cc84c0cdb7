/**
 * What a judge reads beside a comparison round's pair (docs/decisions/0056-comparison-rounds.md):
 * the contest's prompts and rules as for one of its entries (both are of one division, ADR 0034),
 * and the contest's title and time zone.
 */
import { parseSnapshot } from "~/features/contests/contest-snapshot";
import { prisma } from "~/utils/db.server";
import { guidelinesFor } from "./review.server";

export async function comparisonGuidelines(contestId: string, submissionId: string) {
  const contest = await prisma.contest.findUnique({
    where: { id: contestId },
    select: { title: true, timeZone: true, isPublished: true, publishedSnapshot: true },
  });
  if (!contest) return null;
  const snapshot = contest.isPublished ? parseSnapshot(contest.publishedSnapshot) : null;
  return {
    contest: { title: contest.title, timeZone: contest.timeZone },
    guidelines: await guidelinesFor(submissionId, snapshot),
  };
}
