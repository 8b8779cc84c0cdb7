/**
 * Conflicts of interest an admin records for one contest's panel members
 * (docs/decisions/0033-judging-panel.md): with an entrant (by e-mail), a school (from the list or
 * by name) or an educator (by e-mail). The admin sees every conflict, the judge's own
 * declarations included; judges never see a conflict's identity. What each covers is in
 * constraints.server.ts.
 */
import { prisma } from "~/utils/db.server";
import { DomainError } from "~/utils/domain-error";
import { normalSchoolName } from "./constraints.server";
import { tidySchoolName } from "./declarations";
import type { ConflictKind } from "./panel-rules";

/** A refused conflict (shown as it is, on the field it is about). */
export class ConflictRefused extends DomainError {}

/** The most schools the picker lists (more are typed by name). */
const SCHOOL_PICKER_LIMIT = 1000;

/** Every conflict that applies to these judges in this contest (this contest's and every contest's). */
export async function panelConflicts(contestId: string, judgeIds: readonly string[]) {
  if (judgeIds.length === 0) return [];
  const rows = await prisma.conflict.findMany({
    where: { judgeId: { in: [...judgeIds] }, OR: [{ contestId }, { contestId: null }] },
    select: {
      id: true,
      judgeId: true,
      contestId: true,
      kind: true,
      source: true,
      note: true,
      schoolName: true,
      entrant: { select: { email: true, displayName: true } },
      school: { select: { name: true, city: true } },
      educator: { select: { email: true, displayName: true } },
    },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return rows.map((r) => ({
    id: r.id,
    judgeId: r.judgeId,
    kind: r.kind as ConflictKind,
    source: r.source as "admin" | "judge",
    note: r.note,
    /** Only this contest's admin conflicts are deleted here; declarations are the judge's. */
    deletable: r.source === "admin" && r.contestId === contestId,
    with:
      r.kind === "entrant"
        ? person(r.entrant)
        : r.kind === "educator"
          ? person(r.educator)
          : r.school
            ? `${r.school.name} (${r.school.city})`
            : (r.schoolName ?? ""),
  }));
}

const person = (u: { email: string; displayName: string } | null) =>
  u ? `${u.displayName} (${u.email})` : "";

/** The schools for the conflict form's list, by name. */
export function schoolOptions() {
  return prisma.school.findMany({
    select: { id: true, name: true, city: true },
    orderBy: [{ name: "asc" }, { city: "asc" }, { id: "asc" }],
    take: SCHOOL_PICKER_LIMIT,
  });
}

type ConflictInput = {
  kind: ConflictKind;
  email?: string;
  schoolId?: string;
  schoolName?: string;
  note?: string;
};

/** Records an admin's conflict between a panel member and an entrant, a school or an educator. */
export async function recordConflict(
  contestId: string,
  judgeId: string,
  input: ConflictInput,
  createdById: string | null,
) {
  const member = await prisma.panelMember.findUnique({
    where: { contestId_judgeId: { contestId, judgeId } },
    select: { id: true },
  });
  if (!member) throw new ConflictRefused("This judge is not on the panel.");
  const data = await target(input);
  const same = await prisma.conflict.findFirst({
    where: { judgeId, contestId, ...data },
    select: { id: true },
  });
  if (same) throw new ConflictRefused("This conflict is already recorded.");
  await prisma.conflict.create({
    data: {
      judgeId,
      contestId,
      ...data,
      source: "admin",
      note: input.note?.trim().slice(0, 500) || null,
      createdById,
    },
  });
}

async function target(input: ConflictInput) {
  const email = input.email?.trim().toLowerCase() ?? "";
  switch (input.kind) {
    case "entrant": {
      if (!email) throw new ConflictRefused("Enter the entrant's e-mail address.", "email");
      const user = await prisma.user.findUnique({ where: { email }, select: { id: true } });
      if (!user) throw new ConflictRefused("No account has this e-mail address.", "email");
      return { kind: "entrant", entrantId: user.id };
    }
    case "educator": {
      if (!email) throw new ConflictRefused("Enter the educator's e-mail address.", "email");
      const user = await prisma.user.findFirst({
        where: { email, educator: { isNot: null } },
        select: { id: true },
      });
      if (!user) throw new ConflictRefused("No educator has this e-mail address.", "email");
      return { kind: "educator", educatorId: user.id };
    }
    case "school": {
      if (input.schoolId) {
        const school = await prisma.school.findUnique({
          where: { id: input.schoolId },
          select: { id: true },
        });
        if (!school) throw new ConflictRefused("Choose a school from the list.", "schoolId");
        return { kind: "school", schoolId: school.id };
      }
      const name = tidySchoolName(input.schoolName ?? "");
      if (!name) throw new ConflictRefused("Choose a school or type its name.", "schoolName");
      const key = normalSchoolName(name);
      const matches = (await prisma.school.findMany({ select: { id: true, name: true } })).filter(
        (s) => normalSchoolName(s.name) === key,
      );
      return matches.length === 1
        ? { kind: "school", schoolId: matches[0].id }
        : { kind: "school", schoolName: name };
    }
  }
}

/** Deletes one of this contest's admin conflicts. */
export async function deleteConflict(contestId: string, conflictId: string) {
  const { count } = await prisma.conflict.deleteMany({
    where: { id: conflictId, contestId, source: "admin" },
  });
  if (count === 0) throw new ConflictRefused("This conflict was already deleted.");
}
