/**
 * "Download my data": everything Inkwell keeps about a user, as one JSON document. Scores and
 * comments on an entry are included only once its contest's results are out, and never name
 * the judge (they are "Judge 1", "Judge 2" as on the dashboard). See docs/decisions/0009.
 */
import { resultsDate, resultsOut, resultsReleaseSelect } from "~/features/contests/results-release";
import { paymentFactsSelect } from "~/features/payments/payment-summary";
import { parseCriteria } from "~/features/contests/rubric";
import { parseScores } from "~/features/judging/scoring";
import { prisma } from "~/utils/db.server";

export async function exportUserData(userId: string, now = new Date()) {
  const user = await prisma.user.findUniqueOrThrow({
    where: { id: userId },
    select: {
      email: true,
      displayName: true,
      dateOfBirth: true,
      grade: true,
      parentEmail: true,
      parentConsentAt: true,
      createdAt: true,
      roles: { select: { role: true } },
      connections: { select: { providerName: true, createdAt: true } },
      submissions: {
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        select: {
          id: true,
          title: true,
          body: true,
          fileName: true,
          wordCount: true,
          status: true,
          disqualifyReason: true,
          createdAt: true,
          contest: { select: { title: true, slug: true, ...resultsReleaseSelect } },
          payment: { select: paymentFactsSelect },
          scores: {
            where: { submittedAt: { not: null } },
            orderBy: [{ submittedAt: "asc" }, { id: "asc" }],
            select: {
              scores: true,
              comment: true,
              total: true,
              rubric: { select: { criteria: true } },
            },
          },
        },
      },
    },
  });
  return {
    exportedAt: now.toISOString(),
    profile: {
      email: user.email,
      displayName: user.displayName,
      dateOfBirth: user.dateOfBirth?.toISOString().slice(0, 10) ?? null,
      // School grade, 0 = kindergarten (docs/decisions/0032-divisions-and-rounds.md).
      grade: user.grade,
      parentEmail: user.parentEmail,
      parentConsentAt: user.parentConsentAt?.toISOString() ?? null,
      createdAt: user.createdAt.toISOString(),
      roles: ["entrant", ...user.roles.map((r) => r.role)],
      signInWith: user.connections.map((c) => c.providerName),
    },
    entries: user.submissions.map((s) => {
      const released = resultsOut(s.contest, now);
      return {
        id: s.id,
        contest: s.contest.title,
        title: s.title,
        text: s.body,
        fileName: s.fileName,
        wordCount: s.wordCount,
        status: s.status,
        disqualifyReason: s.disqualifyReason,
        createdAt: s.createdAt.toISOString(),
        payment: s.payment
          ? {
              status: s.payment.status,
              feeCents: s.payment.feeCents,
              discountCents: s.payment.discountCents,
              amountCents: s.payment.amountCents,
              discountCode: s.payment.discountCode?.code ?? null,
              paidAt: s.payment.paidAt?.toISOString() ?? null,
              refundedAt: s.payment.refundedAt?.toISOString() ?? null,
            }
          : null,
        results: released
          ? s.scores.map((score, i) => {
              const values = parseScores(score.scores);
              return {
                judge: `Judge ${i + 1}`,
                total: score.total,
                comment: score.comment,
                criteria: parseCriteria(score.rubric.criteria).map((c) => ({
                  criterion: c.label,
                  score: values[c.key] ?? null,
                  outOf: c.maxPoints,
                })),
              };
            })
          : `Scores and feedback appear after ${resultsDate(s.contest).toISOString()}.`,
      };
    }),
  };
}
