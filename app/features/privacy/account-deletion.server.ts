/**
 * Deleting an account (docs/decisions/0009-domain-rules.md, 0020, 0023). It reaches into entries,
 * payments and judging, so it lives in privacy, above them, not in accounts, which they all use
 * (docs/decisions/0029-dependency-graph.md).
 */
import { releaseUnscoredAssignments } from "~/features/assignment/release.server";
import { resultsOut, resultsReleaseSelect } from "~/features/contests/results-release";
import { expireSessions, releaseDeletedEntries } from "~/features/payments/checkout.server";
import { prisma } from "~/utils/db.server";
import { getStorage } from "~/utils/storage.server";

/**
 * Deletes an account as the privacy policy promises: entries in contests whose results are not
 * out yet are removed with their files; entries in contests with published results keep only
 * their title (text and file removed) so published results stay complete; personal data goes.
 * When nothing has to be kept, the user row itself is deleted.
 */
export async function deleteAccount(userId: string, now = new Date()) {
  const submissions = await prisma.submission.findMany({
    where: { entrantId: userId },
    select: {
      id: true,
      filePath: true,
      contest: { select: resultsReleaseSelect },
      payment: { select: { status: true } },
    },
  });
  // A paid (or refunded) entry's payment is a financial record: the entry is kept, emptied and
  // withdrawn, like an entry in published results (docs/decisions/0020-payments.md).
  const paid = (s: (typeof submissions)[number]) =>
    s.payment?.status === "paid" || s.payment?.status === "refunded";
  const out = (s: (typeof submissions)[number]) => resultsOut(s.contest, now);
  const remove = submissions.filter((s) => !out(s) && !paid(s));
  const keep = submissions.filter((s) => out(s) || paid(s));
  const withdraw = keep.filter((s) => !out(s)).map((s) => s.id);
  const judgedScores = await prisma.score.count({
    where: { judgeId: userId, submittedAt: { not: null } },
  });

  const sessions = await prisma.$transaction(async (tx) => {
    // Unpaid entries' code uses go back, and their checkouts can no longer be paid.
    const open = await releaseDeletedEntries(
      tx,
      remove.map((s) => s.id),
    );
    await tx.submission.deleteMany({ where: { id: { in: remove.map((s) => s.id) } } });
    if (keep.length === 0 && judgedScores === 0) {
      await tx.user.delete({ where: { id: userId } });
      return open;
    }
    await tx.submission.updateMany({
      where: { id: { in: withdraw }, status: { in: ["submitted", "disqualified"] } },
      data: { status: "withdrawn" },
    });
    await releaseUnscoredAssignments(tx, { submissionIds: withdraw });
    await tx.submission.updateMany({
      where: { id: { in: keep.map((s) => s.id) } },
      data: { body: null, filePath: null, fileName: null, fileType: null, fileSize: null },
    });
    // The entry's reading text and the places it names its writer go with its text.
    await tx.entryDocument.deleteMany({ where: { submissionId: { in: keep.map((s) => s.id) } } });
    await tx.identityHit.deleteMany({ where: { submissionId: { in: keep.map((s) => s.id) } } });
    await tx.user.update({
      where: { id: userId },
      data: {
        email: `deleted-${userId}@deleted.invalid`,
        displayName: "Deleted account",
        dateOfBirth: null,
        parentEmail: null,
        parentConsentAt: null,
      },
    });
    await Promise.all([
      tx.password.deleteMany({ where: { userId } }),
      tx.session.deleteMany({ where: { userId } }),
      tx.connection.deleteMany({ where: { userId } }),
      tx.userRole.deleteMany({ where: { userId } }),
      tx.verification.deleteMany({ where: { userId } }),
      releaseUnscoredAssignments(tx, { judgeId: userId }),
      // A deleted account is never named in public results (ADR 0023).
      tx.contestAward.updateMany({
        where: { submission: { entrantId: userId } },
        data: { publicName: null },
      }),
    ]);
    return open;
  });
  await expireSessions(sessions);

  // Files go after the database change commits; a failure here is logged, never shown as data loss.
  const storage = getStorage();
  for (const s of submissions) {
    if (!s.filePath) continue;
    await storage
      .delete(s.filePath)
      .catch((error) => console.error(`could not delete file ${s.filePath}`, error));
  }
  return { removed: remove.length, anonymised: keep.length };
}
