import { prisma } from "~/utils/db.server";

export async function updateProfile(
  userId: string,
  input: { displayName: string; dateOfBirth?: Date; parentEmail?: string; grade?: number | null },
) {
  const current = await prisma.user.findUniqueOrThrow({
    where: { id: userId },
    select: { dateOfBirth: true },
  });
  await prisma.user.update({
    where: { id: userId },
    data: {
      displayName: input.displayName,
      // The school grade can change every year (docs/decisions/0032-divisions-and-rounds.md).
      ...(input.grade === undefined ? {} : { grade: input.grade }),
      // A date of birth, once given, is not changed here (it decides whether a parent must consent).
      ...(current.dateOfBirth || !input.dateOfBirth
        ? {}
        : { dateOfBirth: input.dateOfBirth, parentEmail: input.parentEmail ?? null }),
    },
  });
}
