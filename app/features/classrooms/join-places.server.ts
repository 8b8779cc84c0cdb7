/**
 * How many pupils may still join a class with its code (docs/decisions/0031-classrooms-and-
 * shared-computers.md): the class size less the pupils who joined with it; 0 for a code that is
 * unknown or closed. The sign-up limit for a class (consumeClassSignUp) is bounded by the class
 * size less those who joined before the hour (classSignUpRoom, docs/decisions/0041-class-joining-
 * at-class-size.md).
 */
import { prisma } from "~/utils/db.server";

/** A join code as pupils type it: capitals, digits and dashes, at most 12 characters. */
export function normalizeJoinCode(raw: string) {
  const code = raw.trim().toUpperCase();
  return /^[A-Z0-9][A-Z0-9-]{2,11}$/.test(code) ? code : null;
}

/** The code in a way back to `/join/<code>`, or null. */
export function joinCodeIn(back: string) {
  const match = /^\/join\/([^/?#]+)/.exec(new URL(back, "http://inkwell.invalid").pathname);
  return match ? normalizeJoinCode(decodeURIComponent(match[1])) : null;
}

/** The sign-up limit's window (the hour of consumeClassSignUp). */
const SIGN_UP_WINDOW_MS = 60 * 60 * 1000;

/**
 * What a sign-up carrying the code may count on (docs/decisions/0041-class-joining-at-class-
 * size.md): `full` when the code is open and no place is left (the sign-up is refused with the
 * class's own words); else `room`, how many sign-ups with the code this hour may skip the
 * address's limit: the size less the pupils who joined before this hour (0 for a code that is
 * unknown or closed).
 */
export async function classSignUpRoom(
  code: string,
  now: Date = new Date(),
): Promise<{ full: boolean; room: number }> {
  const classroom = await prisma.classroom.findUnique({
    where: { joinCode: code },
    select: {
      size: true,
      joinOpen: true,
      _count: { select: { pupils: { where: { joinedAt: { not: null } } } } },
    },
  });
  if (!classroom?.joinOpen) return { full: false, room: 0 };
  if (classroom._count.pupils >= classroom.size) return { full: true, room: 0 };
  const before = await prisma.pupil.count({
    where: {
      classroom: { joinCode: code },
      joinedAt: { lt: new Date(now.getTime() - SIGN_UP_WINDOW_MS) },
    },
  });
  return { full: false, room: Math.max(0, classroom.size - before) };
}
