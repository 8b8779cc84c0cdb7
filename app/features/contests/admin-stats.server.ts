import { resultsPendingWhere } from "./results-release";
import { prisma } from "~/utils/db.server";

/** The admin home's Quick Stats, each one COUNT query. */
export async function quickStats(now = new Date()) {
  const [activeContests, totalSubmissions, activeJudges, pendingReviews] = await Promise.all([
    prisma.contest.count({
      where: { isPublished: true, submissionsOpen: { lte: now }, ...resultsPendingWhere(now) },
    }),
    prisma.submission.count({
      where: { status: { in: ["submitted", "disqualified", "withdrawn"] } },
    }),
    prisma.userRole.count({ where: { role: "judge" } }),
    prisma.judgeAssignment.count({
      where: {
        submissionId: { not: null },
        submission: { status: "submitted" },
        OR: [{ score: null }, { score: { submittedAt: null } }],
      },
    }),
  ]);
  return { activeContests, totalSubmissions, activeJudges, pendingReviews };
}
