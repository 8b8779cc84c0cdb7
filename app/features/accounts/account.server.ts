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
    select: { id: true, filePath: true, contest: { select: { resultsAt: true } } },
  });
  const remove = submissions.filter((s) => s.contest.resultsAt > now);
  const keep = submissions.filter((s) => s.contest.resultsAt <= now);
  const judgedScores = await prisma.score.count({
    where: { judgeId: userId, submittedAt: { not: null } },
  });

  await prisma.$transaction(async (tx) => {
    await tx.submission.deleteMany({ where: { id: { in: remove.map((s) => s.id) } } });
    if (keep.length === 0 && judgedScores === 0) {
      await tx.user.delete({ where: { id: userId } });
      return;
    }
    await tx.submission.updateMany({
      where: { id: { in: keep.map((s) => s.id) } },
      data: { body: null, filePath: null, fileName: null, fileType: null, fileSize: null },
    });
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
      tx.judgeAssignment.deleteMany({ where: { judgeId: userId, score: { is: null } } }),
    ]);
  });

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

export async function updateProfile(
  userId: string,
  input: { displayName: string; dateOfBirth?: Date; parentEmail?: string },
) {
  const current = await prisma.user.findUniqueOrThrow({
    where: { id: userId },
    select: { dateOfBirth: true },
  });
  await prisma.user.update({
    where: { id: userId },
    data: {
      displayName: input.displayName,
      // A date of birth, once given, is not changed here (it decides whether a parent must consent).
      ...(current.dateOfBirth || !input.dateOfBirth
        ? {}
        : { dateOfBirth: input.dateOfBirth, parentEmail: input.parentEmail ?? null }),
    },
  });
}
