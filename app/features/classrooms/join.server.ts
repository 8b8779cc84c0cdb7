/**
 * Joining a class with its code (docs/decisions/0031-classrooms-and-shared-computers.md,
 * 0041-class-joining-at-class-size.md): a signed-in pupil claims their roster row or becomes a
 * new Pupil row of the class (their account, the date), named as they typed on the join form.
 * At most `size` pupils join; the count and the write share a transaction under a lock on the
 * class, so two pupils taking the last place at once cannot both have it.
 */
import {
  isUniqueViolation,
  lockingTransaction,
  lockRow,
  prisma,
  withBusyRetry,
} from "~/utils/db.server";
import { DomainError } from "~/utils/domain-error";
import { CLASS_FULL, CODE_NOT_OPEN, OWN_CLASS } from "./join-messages";
import { matchRoster } from "./roster-match";
import { normalizeJoinCode, placesLeft, pupilKey, pupilLabel } from "./roster";

/** The code's class is not open (unknown, or closed by the teacher). */
export class CodeNotOpen extends DomainError {
  constructor() {
    super(CODE_NOT_OPEN);
  }
}

/**
 * The class behind an open code, or null: only what a joining pupil needs (its name and band);
 * never the teacher's name or school, which the code's page would show to anyone holding a
 * guessed code (docs/decisions/0041-class-joining-at-class-size.md).
 */
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
      _count: { select: { pupils: { where: { joinedAt: { not: null } } } } },
    },
  });
  if (!classroom?.joinOpen) return null;
  const { _count, ...rest } = classroom;
  return {
    ...rest,
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

/** What a pupil typed on the join form, and their choice among roster rows when asked. */
export type JoinInput = {
  firstName: string;
  /** One letter or "" (the pupil did not give one: it is never invented, ADR 0041). */
  lastInitial: string;
  /** A roster row the pupil chose, or "none" (not on the list); absent on the first press. */
  choice?: string;
};

export type JoinOutcome =
  | { outcome: "joined"; classroom: { id: string; name: string }; matched: boolean }
  | { outcome: "already"; classroom: { id: string; name: string } }
  | {
      outcome: "choose";
      classroom: { id: string; name: string };
      candidates: { id: string; name: string }[];
    };

/**
 * Joins the user to the class of the code (docs/decisions/0041-class-joining-at-class-size.md),
 * matched to the class's roster: the one unclaimed roster row with the typed first name and
 * initial becomes theirs (account and join date; the teacher's spelling stays). When unsure
 * (no initial typed, no row with that initial, or two rows) the pupil is asked to choose among
 * the unclaimed rows with their first name, or "none of these"; a pupil on no row joins as a
 * new row, marked for the teacher when the class has unclaimed rows. Every way takes one place;
 * the count, the lock on the class and the write share a transaction, so two pupils never take
 * the last place, nor one roster row, at once. Throws CodeNotOpen, or a DomainError when the
 * class is full or is their own.
 */
export async function joinClass(
  rawCode: string,
  user: { id: string },
  input: JoinInput,
): Promise<JoinOutcome> {
  const joinCode = normalizeJoinCode(rawCode);
  if (!joinCode) throw new CodeNotOpen();
  try {
    return await withBusyRetry(() =>
      prisma.$transaction(async (tx): Promise<JoinOutcome> => {
        const classroom = await tx.classroom.findUnique({
          where: { joinCode },
          select: { id: true, name: true, size: true, joinOpen: true, educatorId: true },
        });
        if (!classroom?.joinOpen) throw new CodeNotOpen();
        const found = { id: classroom.id, name: classroom.name };
        if (classroom.educatorId === user.id) throw new DomainError(OWN_CLASS);
        await lockRow(tx, "Classroom", classroom.id);
        const rows = await tx.pupil.findMany({
          where: { classroomId: classroom.id },
          select: { id: true, firstName: true, lastInitial: true, userId: true, joinedAt: true },
          orderBy: [{ lastInitial: "asc" }, { id: "asc" }],
        });
        if (rows.some((r) => r.userId === user.id)) return { outcome: "already", classroom: found };
        if (rows.filter((r) => r.joinedAt !== null).length >= classroom.size)
          throw new DomainError(CLASS_FULL);
        const unclaimed = rows.filter((r) => r.userId === null);
        const decision = matchRoster(unclaimed, input);
        if (decision.kind === "choose")
          return {
            outcome: "choose",
            classroom: found,
            candidates: decision.candidates.map((r) => ({ id: r.id, name: pupilLabel(r) })),
          };
        const now = new Date();
        if (decision.kind === "claim") {
          await tx.pupil.update({
            where: { id: decision.row.id },
            data: { userId: user.id, joinedAt: now },
          });
          return { outcome: "joined", classroom: found, matched: true };
        }
        const name = { firstName: input.firstName, lastInitial: input.lastInitial };
        await tx.pupil.create({
          data: {
            classroomId: classroom.id,
            ...name,
            userId: user.id,
            joinedAt: now,
            matchPending: unclaimed.length > 0 || rows.some((r) => pupilKey(r) === pupilKey(name)),
          },
        });
        return { outcome: "joined", classroom: found, matched: false };
      }, lockingTransaction),
    );
  } catch (error) {
    // The same pupil pressing twice at once: the unique (class, user) keeps one row.
    if (!isUniqueViolation(error)) throw error;
    const classroom = await prisma.classroom.findUniqueOrThrow({
      where: { joinCode },
      select: { id: true, name: true },
    });
    return { outcome: "already", classroom };
  }
}
