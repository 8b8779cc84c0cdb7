/** "Notify me" on a Coming Soon contest: the open step e-mails these users once. */
import { prisma } from "~/utils/db.server";
import { DomainError } from "~/utils/domain-error";
import { publicPhase } from "~/features/contests/phase";

export class NotifyRefused extends DomainError {}

export async function requestOpenNotice(userId: string, contestId: string, now = new Date()) {
  const contest = await prisma.contest.findFirst({
    where: { id: contestId, isPublished: true },
    select: { submissionsOpen: true, submissionsClose: true },
  });
  if (!contest) throw new NotifyRefused("Contest not found");
  if (publicPhase(contest, now) !== "coming_soon")
    throw new NotifyRefused("This contest is already open.");
  await prisma.notifyRequest.upsert({
    where: { userId_contestId: { userId, contestId } },
    create: { userId, contestId },
    update: {},
  });
}

export async function hasOpenNotice(userId: string | null | undefined, contestId: string) {
  if (!userId) return false;
  const row = await prisma.notifyRequest.findUnique({
    where: { userId_contestId: { userId, contestId } },
    select: { userId: true },
  });
  return Boolean(row);
}
