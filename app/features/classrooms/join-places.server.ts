/**
 * How many pupils may still join a class with its code (docs/decisions/0031-classrooms-and-
 * shared-computers.md): the class size less the pupils who joined with it; 0 for a code that is
 * unknown or closed. The sign-up limit for a class (consumeClassSignUp) is bounded by it.
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

export async function placesLeft(code: string) {
  const classroom = await prisma.classroom.findUnique({
    where: { joinCode: code },
    select: {
      size: true,
      joinOpen: true,
      _count: { select: { pupils: { where: { joinedAt: { not: null } } } } },
    },
  });
  if (!classroom?.joinOpen) return 0;
  return Math.max(0, classroom.size - classroom._count.pupils);
}
