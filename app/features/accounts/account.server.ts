import { prisma } from "~/utils/db.server";

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
