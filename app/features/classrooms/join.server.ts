/**
 * Joining a class with its code (docs/decisions/0031-classrooms-and-shared-computers.md): a
 * signed-in pupil becomes a Pupil row of the class (their account, the date), named from their
 * display name. At most `size` pupils join that way; the count and the write share a
 * transaction, so two pupils taking the last place at once cannot both have it.
 */
import { isUniqueViolation, prisma, withBusyRetry } from "~/utils/db.server";
import { DomainError } from "~/utils/domain-error";
import { CLASS_FULL, CODE_NOT_OPEN, OWN_CLASS } from "./join-messages";
import { nameFromDisplayName, normalizeJoinCode, placesLeft } from "./roster";

/** The code's class is not open (unknown, or closed by the teacher). */
export class CodeNotOpen extends DomainError {
  constructor() {
    super(CODE_NOT_OPEN);
  }
}

/** The class behind an open code, with its teacher and school, or null. */
export async function openClassForCode(rawCode: string) {
  const joinCode = normalizeJoinCode(rawCode);
  if (!joinCode) return null;
  const classroom = await prisma.classroom.findUnique({
    where: { joinCode },
    select: {
      id: true,
      name: true,
      band: true,
      size: true,
      joinCode: true,
      joinOpen: true,
      educatorId: true,
      educator: {
        select: { user: { select: { displayName: true } }, school: { select: { name: true } } },
      },
      _count: { select: { pupils: { where: { joinedAt: { not: null } } } } },
    },
  });
  if (!classroom?.joinOpen) return null;
  const { _count, educator, ...rest } = classroom;
  return {
    ...rest,
    teacher: educator.user.displayName,
    school: educator.school.name,
    placesLeft: placesLeft(classroom.size, _count.pupils),
  };
}

/** Whether the user is a pupil of the class already. */
export async function isInClass(classroomId: string, userId: string) {
  const row = await prisma.pupil.findFirst({
    where: { classroomId, userId },
    select: { id: true },
  });
  return row !== null;
}

/**
 * Whether a sign-up carrying this code may skip the per-address sign-up limit: the code is open
 * and its class has places left (ADR 0031's rate limits for a school).
 */
export async function joinCodeHasRoom(code: string): Promise<boolean> {
  const classroom = await openClassForCode(code);
  return classroom !== null && classroom.placesLeft > 0;
}

/**
 * Joins the user to the class of the code. Returns `{ joined: false }` when they were in it
 * already; throws CodeNotOpen, or a DomainError when the class is full or is their own.
 */
export async function joinClass(
  rawCode: string,
  user: { id: string; displayName: string },
): Promise<{ joined: boolean; classroom: { id: string; name: string } }> {
  const joinCode = normalizeJoinCode(rawCode);
  if (!joinCode) throw new CodeNotOpen();
  try {
    return await withBusyRetry(() =>
      prisma.$transaction(async (tx) => {
        const classroom = await tx.classroom.findUnique({
          where: { joinCode },
          select: { id: true, name: true, size: true, joinOpen: true, educatorId: true },
        });
        if (!classroom?.joinOpen) throw new CodeNotOpen();
        const found = { id: classroom.id, name: classroom.name };
        if (classroom.educatorId === user.id) throw new DomainError(OWN_CLASS);
        const mine = await tx.pupil.findFirst({
          where: { classroomId: classroom.id, userId: user.id },
          select: { id: true },
        });
        if (mine) return { joined: false, classroom: found };
        const joined = await tx.pupil.count({
          where: { classroomId: classroom.id, joinedAt: { not: null } },
        });
        if (joined >= classroom.size) throw new DomainError(CLASS_FULL);
        await tx.pupil.create({
          data: {
            classroomId: classroom.id,
            ...nameFromDisplayName(user.displayName),
            userId: user.id,
            joinedAt: new Date(),
          },
        });
        return { joined: true, classroom: found };
      }),
    );
  } catch (error) {
    // The same pupil pressing twice at once: the unique (class, user) keeps one row.
    if (!isUniqueViolation(error)) throw error;
    const classroom = await prisma.classroom.findUniqueOrThrow({
      where: { joinCode },
      select: { id: true, name: true },
    });
    return { joined: false, classroom };
  }
}
