/**
 * Who may use the educator's pages (docs/decisions/0031-classrooms-and-shared-computers.md): a
 * signed-in user with an Educator row; sending entries also needs it approved. An educator reaches
 * only their own classes and pupils: anything else is "not found", so an id tells nothing.
 */
import { redirect } from "@remix-run/node";
import { requireUser, type SessionUser } from "~/features/accounts/auth.server";
import { setRequestRole } from "~/utils/access-log";
import { prisma } from "~/utils/db.server";
import { notFound } from "~/utils/responses";
import { pupilLabel } from "./roster";

export type EducatorAccess = Awaited<ReturnType<typeof requireEducator>>;

/**
 * The signed-in educator, with their school. A user who is not one (or, with `approved`, whose
 * application is not yet approved) is sent to /educator, which says what to do next.
 */
export async function requireEducator(request: Request, { approved = false } = {}) {
  const user: SessionUser = await requireUser(request);
  const educator = await prisma.educator.findUnique({
    where: { userId: user.id },
    include: { school: true },
  });
  if (!educator || (approved && educator.status !== "approved")) throw redirect("/educator");
  // The request's log line names the educator (docs/decisions/0036-health-and-logs.md).
  if (!user.roles.includes("admin") && !user.roles.includes("judge")) setRequestRole("educator");
  return { user, educator };
}

/** One of this educator's classes, or a 404. */
export async function ownClassroom(educatorId: string, classroomId: string) {
  const classroom = await prisma.classroom.findFirst({
    where: { id: classroomId, educatorId },
  });
  if (!classroom) throw notFound("No such class");
  return classroom;
}

/** A pupil of one of this educator's classes, or a 404. */
export async function ownPupil(educatorId: string, pupilId: string) {
  const pupil = await prisma.pupil.findFirst({
    where: { id: pupilId, classroom: { educatorId } },
    include: { classroom: true },
  });
  if (!pupil) throw notFound("No such pupil");
  return pupil;
}

/** How a pupil is named to their educator, on certificates and (with opt-in) in public. */
export const pupilName = (p: { firstName: string; lastInitial: string }) => pupilLabel(p);
