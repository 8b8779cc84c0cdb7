/**
 * Fixtures for the class-entry and class-payment tests (docs/decisions/0031-classrooms-and-shared-computers.md):
 * an educator with a school and a class, roster pupils and a pupil with an account, a contest,
 * and an entry sent for a pupil through `receiveEntry` with the class's checks.
 */
import { prisma } from "~/utils/db.server";
import { receiveEntry, newEntryKey } from "~/features/entries/receive-entry.server";
import { settle } from "./entry-outcome";
import { publicContest } from "~/features/contests/public-contest";
import { contestSelect } from "~/features/contests/public-contests.server";
import { pupilEntry } from "~/features/classrooms/class-entries.server";
import type { EducatorAccess } from "~/features/classrooms/educator-access.server";

const DAY = 86_400_000;
let seq = 0;
const next = () => `${Date.now().toString(36)}${++seq}`;

export async function makeEducator(status: "approved" | "pending" = "approved") {
  const n = next();
  const user = await prisma.user.create({
    data: {
      email: `teacher-${n}@school.test`,
      displayName: `Grace Teacher${n}`,
      dateOfBirth: new Date("1980-01-01T00:00:00Z"),
    },
  });
  const school = await prisma.school.create({
    data: { name: `Maple Grove Primary ${n}`, city: "Springfield", country: "US" },
  });
  const educator = await prisma.educator.create({
    data: { userId: user.id, schoolId: school.id, role: "Teacher", status },
    include: { school: true },
  });
  const classroom = await prisma.classroom.create({
    data: {
      educatorId: user.id,
      name: `Room ${n}`,
      band: "Grade 5",
      size: 30,
      joinCode: `JOIN-${n}`.toUpperCase(),
    },
  });
  const access = {
    user: { ...user, roles: [] },
    educator,
  } as unknown as EducatorAccess;
  return { user, school, educator, classroom, access };
}

export function rosterPupil(classroomId: string, firstName = "Mia", lastInitial = "R") {
  return prisma.pupil.create({ data: { classroomId, firstName, lastInitial, grade: 5 } });
}

export async function linkedPupil(
  classroomId: string,
  opts: {
    dateOfBirth?: Date | null;
    parentConsentAt?: Date | null;
    firstName?: string;
    lastInitial?: string;
  } = {},
) {
  const n = next();
  const user = await prisma.user.create({
    data: {
      email: `pupil-${n}@home.test`,
      displayName: `Leo Pupil${n}`,
      dateOfBirth:
        opts.dateOfBirth === null ? null : (opts.dateOfBirth ?? new Date("2008-01-01T00:00:00Z")),
      parentConsentAt: opts.parentConsentAt ?? null,
    },
  });
  const pupil = await prisma.pupil.create({
    data: {
      classroomId,
      firstName: opts.firstName ?? "Leo",
      lastInitial: opts.lastInitial ?? "P",
      userId: user.id,
      joinedAt: new Date(),
    },
  });
  return { user, pupil };
}

export async function openContest(opts: { feeCents?: number; entriesPerWriter?: number } = {}) {
  const n = next();
  const now = Date.now();
  const row = await prisma.contest.create({
    data: {
      slug: `class-${n}`,
      title: `Class Contest ${n}`,
      description: "A contest for classes.",
      isPublished: true,
      wordMin: 3,
      wordMax: 100,
      entryFeeCents: opts.feeCents ?? 0,
      entriesPerWriter: opts.entriesPerWriter ?? 1,
      submissionsOpen: new Date(now - DAY),
      submissionsClose: new Date(now + DAY),
      judgingOpen: new Date(now + 2 * DAY),
      judgingClose: new Date(now + 3 * DAY),
      resultsAt: new Date(now + 4 * DAY),
    },
    select: contestSelect,
  });
  return publicContest(row);
}

export const FOUR_BOXES = {
  confirmOriginal: "on",
  confirmEligible: "on",
  confirmRules: "on",
  confirmAnonymous: "on",
};

type Teacher = Awaited<ReturnType<typeof makeEducator>>;
type Pupil = { id: string; userId: string | null; firstName: string; lastInitial: string };

/** Sends an entry for `pupil` as `teacher` (the route's call), with the given extra fields. */
export function enterFor(
  teacher: Teacher,
  pupil: Pupil,
  contest: Awaited<ReturnType<typeof openContest>>,
  extra: Record<string, string> = {},
) {
  const fd = new FormData();
  const fields: Record<string, string> = {
    title: `A Story ${next()}`,
    body: "The lantern in the window kept watch all night long.",
    entryKey: newEntryKey(),
    ...FOUR_BOXES,
    attestOriginality: "on",
    attestPermission: "on",
    ...extra,
  };
  for (const [k, v] of Object.entries(fields)) if (v !== "") fd.append(k, v);
  const request = new Request(
    `http://inkwell.test/educator/classes/x/contests/${contest.slug}/enter/x`,
    {
      method: "POST",
      body: fd,
    },
  );
  return settle(
    receiveEntry(request, teacher.user, contest, pupilEntry(teacher.access, pupil, contest.id)),
  );
}
