/**
 * The consent ledger's pages (docs/decisions/0031-classrooms-and-shared-computers.md): the
 * educator attests, per contest and roster pupil, that the school holds the parents' permission
 * (one row each, with the exact wording, via `recordAttestation`); admins read and export every
 * row. Rows are never edited.
 */
import { prisma, withBusyRetry } from "~/utils/db.server";
import { DomainError } from "~/utils/domain-error";
import { readPage } from "~/utils/paged-list.server";
import { recordAttestation } from "./attestations.server";
import { ATTESTATION_LABELS, type AttestationKind } from "./attestations";
import { ownClassroom } from "./educator-access.server";

export const LEDGER_PAGE_SIZE = 50;

const openContestWhere = (now: Date) => ({
  isPublished: true,
  submissionsOpen: { lte: now },
  submissionsClose: { gte: now },
});

/** Contests an educator can attest for: published and open for submissions, closing first. */
export function consentContests(now = new Date()) {
  return prisma.contest.findMany({
    where: openContestWhere(now),
    orderBy: [{ submissionsClose: "asc" }, { id: "asc" }],
    select: { id: true, title: true },
  });
}

/** The ids of this class's pupils whose parental permission for the contest is on the ledger. */
export async function pupilsWithPermission(classroomId: string, contestId: string) {
  const pupils = await prisma.pupil.findMany({ where: { classroomId }, select: { id: true } });
  const rows = await prisma.consentAttestation.findMany({
    where: {
      kind: "parental_permission",
      contestId,
      pupilId: { in: pupils.map((p) => p.id) },
    },
    select: { pupilId: true },
  });
  return new Set(rows.map((r) => r.pupilId!));
}

export type ConsentChoice = "ticked" | "roster" | "all";

/**
 * Records the educator's attestation of parental permission for each chosen pupil of the class
 * (the ticked ones, every pupil without an account, or all), skipping those already on the
 * ledger for that contest, in one transaction.
 */
export async function attestParentalPermission(
  educatorId: string,
  classroomId: string,
  input: { contestId: string; who: ConsentChoice; pupilIds: string[] },
  now = new Date(),
) {
  const classroom = await ownClassroom(educatorId, classroomId);
  return withBusyRetry(() =>
    prisma.$transaction(async (tx) => {
      const contest = await tx.contest.findFirst({
        where: { id: input.contestId, ...openContestWhere(now) },
        select: { id: true, title: true },
      });
      if (!contest)
        throw new DomainError("Choose a contest that is open for entries.", "contestId");
      const pupils = await tx.pupil.findMany({
        where: {
          classroomId: classroom.id,
          ...(input.who === "ticked" ? { id: { in: input.pupilIds } } : {}),
          ...(input.who === "roster" ? { userId: null } : {}),
        },
        orderBy: [{ lastInitial: "asc" }, { firstName: "asc" }],
        select: { id: true },
      });
      if (pupils.length === 0) throw new DomainError("Tick at least one pupil.", "pupilIds");
      const done = await tx.consentAttestation.findMany({
        where: {
          kind: "parental_permission",
          contestId: contest.id,
          pupilId: { in: pupils.map((p) => p.id) },
        },
        select: { pupilId: true },
      });
      const skip = new Set(done.map((d) => d.pupilId));
      let recorded = 0;
      for (const pupil of pupils) {
        if (skip.has(pupil.id)) continue;
        await recordAttestation(tx, {
          kind: "parental_permission",
          educatorId,
          pupilId: pupil.id,
          contestId: contest.id,
          at: now,
        });
        recorded++;
      }
      return { recorded, skipped: skip.size, contest: contest.title };
    }),
  );
}

const ledgerSelect = {
  id: true,
  kind: true,
  educatorName: true,
  educatorEmail: true,
  schoolName: true,
  pupilName: true,
  contestTitle: true,
  submissionId: true,
  wording: true,
  createdAt: true,
} as const;

const kindLabel = (kind: string) => ATTESTATION_LABELS[kind as AttestationKind] ?? kind;

/** The admin's ledger, newest first, optionally of one contest. */
export async function listLedger(page: number, contestId?: string) {
  const where = contestId ? { contestId } : {};
  const { rows, ...paging } = await readPage(
    page,
    LEDGER_PAGE_SIZE,
    (window) =>
      prisma.consentAttestation.findMany({
        where,
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        ...window,
        select: ledgerSelect,
      }),
    () => prisma.consentAttestation.count({ where }),
  );
  return { rows: rows.map((r) => ({ ...r, kindLabel: kindLabel(r.kind) })), ...paging };
}

export const LEDGER_CSV_COLUMNS = [
  "Recorded at (UTC)",
  "Kind",
  "Educator",
  "Educator email",
  "School",
  "Pupil",
  "Contest",
  "Submission ID",
  "Wording",
  "Attestation ID",
] as const;

/** Every ledger row, newest first, in batches (the CSV): never the whole ledger in memory. */
export async function* ledgerCsvRows(contestId?: string, batch = 500) {
  const where = contestId ? { contestId } : {};
  let cursor: string | undefined;
  for (;;) {
    const rows = await prisma.consentAttestation.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: batch,
      ...(cursor ? { skip: 1, cursor: { id: cursor } } : {}),
      select: ledgerSelect,
    });
    for (const r of rows)
      yield [
        r.createdAt.toISOString(),
        kindLabel(r.kind),
        r.educatorName,
        r.educatorEmail,
        r.schoolName,
        r.pupilName,
        r.contestTitle,
        r.submissionId ?? "",
        r.wording,
        r.id,
      ];
    if (rows.length < batch) return;
    cursor = rows[rows.length - 1].id;
  }
}
