/**
 * An educator's classes and their rosters (docs/decisions/0031-classrooms-and-shared-computers.md).
 * Every function takes the educator's id and reaches only that educator's classes and pupils
 * (anything else is a 404, through `ownClassroom` and `ownPupil`).
 */
import { randomInt } from "node:crypto";
import { isUniqueViolation, prisma, withBusyRetry } from "~/utils/db.server";
import { DomainError } from "~/utils/domain-error";
import { ownClassroom, ownPupil, pupilName } from "./educator-access.server";
import { pupilConsentKind } from "./pupil-consent";
import { joinCodeFrom, placesLeft, pupilKey, type PupilInput } from "./roster";

/** Codes tried before giving up (a collision among 10^9 codes is rare; ten in a row is not). */
const CODE_ATTEMPTS = 10;

/**
 * Runs `write` with fresh random codes until one is not taken (the unique index decides, so two
 * classes made at the same moment never share a code).
 */
async function withNewCode<T>(write: (code: string) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write(joinCodeFrom(randomInt));
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= CODE_ATTEMPTS) throw error;
    }
  }
}

/** The educator's classes, newest first, with pupil counts (one query). */
export async function listClasses(educatorId: string) {
  const classes = await prisma.classroom.findMany({
    where: { educatorId },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    select: {
      id: true,
      name: true,
      band: true,
      size: true,
      joinCode: true,
      joinOpen: true,
      _count: { select: { pupils: true } },
    },
  });
  return classes.map(({ _count, ...c }) => ({ ...c, pupils: _count.pupils }));
}

export function createClass(
  educatorId: string,
  input: { name: string; band: string; size: number },
) {
  return withNewCode((joinCode) =>
    prisma.classroom.create({
      data: { educatorId, name: input.name, band: input.band, size: input.size, joinCode },
      select: { id: true, name: true, joinCode: true },
    }),
  );
}

/** One class with its roster (by last initial, then first name) and the places left. */
export async function classWithRoster(educatorId: string, classroomId: string) {
  const classroom = await ownClassroom(educatorId, classroomId);
  const pupils = await prisma.pupil.findMany({
    where: { classroomId: classroom.id },
    orderBy: [{ lastInitial: "asc" }, { firstName: "asc" }, { id: "asc" }],
    select: {
      id: true,
      firstName: true,
      lastInitial: true,
      grade: true,
      parentEmail: true,
      userId: true,
      joinedAt: true,
      matchPending: true,
      createdAt: true,
      user: { select: { dateOfBirth: true, parentConsentAt: true } },
      _count: { select: { submissions: true } },
    },
  });
  const joined = pupils.filter((p) => p.joinedAt !== null).length;
  const now = new Date();
  return {
    classroom,
    /** Pupils who joined unmatched while the class had unclaimed rows (ADR 0041). */
    toMatch: pupils.filter((p) => p.matchPending).length,
    pupils: pupils.map(({ _count, user, ...p }) => ({
      ...p,
      entries: _count.submissions,
      // Which consent this pupil's class entries rest on (ADR 0044).
      consent: pupilConsentKind({ account: user }, now),
    })),
    joined,
    placesLeft: placesLeft(classroom.size, joined),
  };
}

/** The roster's pupils by key (`pupilKey`) with their names, for duplicate checks. */
export async function rosterKeys(classroomId: string) {
  const rows = await prisma.pupil.findMany({
    where: { classroomId },
    select: { firstName: true, lastInitial: true },
  });
  return new Map(rows.map((r) => [pupilKey(r), pupilName(r)]));
}

type Named = { firstName: string; lastInitial: string };

/** Refuses a pupil who is on the roster already, named as the roster names them. */
function refuseDuplicate(others: Named[], input: PupilInput) {
  const same = others.find((o) => pupilKey(o) === pupilKey(input));
  if (same) throw new DomainError(`${pupilName(same)} is already on the roster.`, "firstName");
}

export async function addPupil(educatorId: string, classroomId: string, input: PupilInput) {
  const classroom = await ownClassroom(educatorId, classroomId);
  return withBusyRetry(() =>
    prisma.$transaction(async (tx) => {
      const others = await tx.pupil.findMany({
        where: { classroomId: classroom.id },
        select: { firstName: true, lastInitial: true },
      });
      refuseDuplicate(others, input);
      return tx.pupil.create({
        data: { classroomId: classroom.id, ...input },
        select: { id: true, firstName: true, lastInitial: true },
      });
    }),
  );
}

export async function editPupil(educatorId: string, pupilId: string, input: PupilInput) {
  const pupil = await ownPupil(educatorId, pupilId);
  return withBusyRetry(() =>
    prisma.$transaction(async (tx) => {
      const others = await tx.pupil.findMany({
        where: { classroomId: pupil.classroomId, id: { not: pupil.id } },
        select: { firstName: true, lastInitial: true },
      });
      refuseDuplicate(others, input);
      return tx.pupil.update({
        where: { id: pupil.id },
        data: input,
        select: { id: true, firstName: true, lastInitial: true },
      });
    }),
  );
}

/** Removes a pupil who has no entries; one with entries stays (their entries name them). */
export async function removePupil(educatorId: string, pupilId: string) {
  const pupil = await ownPupil(educatorId, pupilId);
  return withBusyRetry(() =>
    prisma.$transaction(async (tx) => {
      const entries = await tx.submission.count({ where: { pupilId: pupil.id } });
      if (entries > 0)
        throw new DomainError(`${pupilName(pupil)} has entries, so they stay on the roster.`);
      await tx.pupil.delete({ where: { id: pupil.id } });
      return { name: pupilName(pupil) };
    }),
  );
}

/**
 * Links a roster row to the account of a pupil who joined with the code: the joined row's
 * account (and join date, so the place stays counted) moves onto the roster row, its entries
 * follow, and the joined row is deleted, in one transaction.
 */
export async function linkPupil(educatorId: string, rosterId: string, joinedId: string) {
  const roster = await ownPupil(educatorId, rosterId);
  if (rosterId === joinedId) throw new DomainError("Choose another pupil to link.", "joinedId");
  return withBusyRetry(() =>
    prisma.$transaction(async (tx) => {
      const [target, joined] = await Promise.all([
        tx.pupil.findUnique({ where: { id: roster.id } }),
        tx.pupil.findFirst({ where: { id: joinedId, classroomId: roster.classroomId } }),
      ]);
      if (!target) throw new DomainError("That pupil is no longer on the roster.");
      if (target.userId) throw new DomainError(`${pupilName(target)} has an account already.`);
      if (!joined?.userId)
        throw new DomainError("Choose a pupil who joined this class with the code.", "joinedId");
      await tx.submission.updateMany({
        where: { pupilId: joined.id },
        data: { pupilId: target.id },
      });
      // The joined row goes first: (classroomId, userId) is unique.
      await tx.pupil.delete({ where: { id: joined.id } });
      await tx.pupil.update({
        where: { id: target.id },
        data: {
          userId: joined.userId,
          joinedAt: joined.joinedAt ?? new Date(),
          matchPending: false,
        },
      });
      return { name: pupilName(target), joined: pupilName(joined) };
    }),
  );
}

/**
 * The teacher keeps a pupil who joined unmatched as a pupil of their own (not on the class
 * list under another row): the class page stops asking (docs/decisions/0041-class-joining-at-
 * class-size.md).
 */
export async function keepPupil(educatorId: string, pupilId: string) {
  const pupil = await ownPupil(educatorId, pupilId);
  await prisma.pupil.update({ where: { id: pupil.id }, data: { matchPending: false } });
  return { name: pupilName(pupil) };
}

export async function setJoinOpen(educatorId: string, classroomId: string, open: boolean) {
  const classroom = await ownClassroom(educatorId, classroomId);
  await prisma.classroom.update({ where: { id: classroom.id }, data: { joinOpen: open } });
}

/** A new join code: the old one stops working at once. */
export async function renewJoinCode(educatorId: string, classroomId: string) {
  const classroom = await ownClassroom(educatorId, classroomId);
  return withNewCode((joinCode) =>
    prisma.classroom.update({
      where: { id: classroom.id },
      data: { joinCode },
      select: { joinCode: true },
    }),
  );
}

/** Roster rows written in one transaction (the CSV import's confirm): duplicates are skipped. */
export async function addPupils(educatorId: string, classroomId: string, pupils: PupilInput[]) {
  const classroom = await ownClassroom(educatorId, classroomId);
  return withBusyRetry(() =>
    prisma.$transaction(async (tx) => {
      const existing = await tx.pupil.findMany({
        where: { classroomId: classroom.id },
        select: { firstName: true, lastInitial: true },
      });
      const keys = new Set(existing.map(pupilKey));
      const fresh = pupils.filter((p) => {
        const key = pupilKey(p);
        if (keys.has(key)) return false;
        keys.add(key);
        return true;
      });
      if (fresh.length)
        await tx.pupil.createMany({
          data: fresh.map((p) => ({ classroomId: classroom.id, ...p })),
        });
      return { added: fresh.length };
    }),
  );
}
