/**
 * The writer's one message when an admin disqualifies their entry as a copy
 * (docs/decisions/0054-copied-entries.md): kind and plain, never naming the other entry or its
 * writer. A class entry's message goes to the teacher who sent it (ADR 0031).
 */
import { prisma } from "~/utils/db.server";
import { siteUrl } from "~/utils/email.server";
import { sendLifecycleMail } from "./mail.server";

export async function tellCopyDisqualified(submissionId: string) {
  const s = await prisma.submission.findUnique({
    where: { id: submissionId },
    select: {
      title: true,
      status: true,
      entrant: { select: { email: true, displayName: true } },
      contest: { select: { title: true, slug: true } },
      pupil: { select: { classroomId: true } },
    },
  });
  if (!s || s.status !== "disqualified") return "nothing-to-send" as const;
  const path = s.pupil
    ? `/educator/classes/${encodeURIComponent(s.pupil.classroomId)}/contests/${encodeURIComponent(s.contest.slug)}`
    : "/dashboard";
  return sendLifecycleMail({
    key: `copy-disqualified:${submissionId}`,
    template: "entry-not-original",
    to: s.entrant.email,
    data: {
      name: s.entrant.displayName,
      title: s.title,
      contestTitle: s.contest.title,
      url: siteUrl(path),
      classEntry: Boolean(s.pupil),
    },
  });
}
