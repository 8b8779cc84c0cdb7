/** The rubric library: list, create, edit, attach to or detach from a contest, delete. */
import { assertContestExists, ContestAdminError, ITEMS_PER_PAGE } from "./contest-admin.server";
import { prisma } from "~/utils/db.server";
import { readPage } from "~/utils/paged-list.server";
import { type RubricInput } from "./contest-schema";
import { parseCriteria } from "./rubric";
import { applyRubricEdit, type CriterionEdit } from "./rubric-edit";
import { FormRefused } from "~/utils/domain-error";

type Tx = Parameters<Parameters<typeof prisma.$transaction>[0]>[0];

export async function listRubrics({ contestId, page = 1 }: { contestId?: string; page?: number }) {
  const where = contestId ? { contestId } : {};
  const {
    rows: rubrics,
    total,
    pageCount,
  } = await readPage(
    page,
    ITEMS_PER_PAGE,
    (window) =>
      prisma.rubric.findMany({
        where,
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        ...window,
        include: {
          contest: { select: { id: true, title: true } },
          _count: { select: { scores: true } },
        },
      }),
    () => prisma.rubric.count({ where }),
  );
  return { total, rubrics, pages: pageCount };
}

export function rubricOptions(exceptContestId?: string) {
  return prisma.rubric.findMany({
    where: exceptContestId
      ? { OR: [{ contestId: null }, { contestId: { not: exceptContestId } }] }
      : {},
    orderBy: { createdAt: "desc" },
    take: 300,
    select: { id: true, name: true, criteria: true, contest: { select: { title: true } } },
  });
}

/** One contest's rubrics, oldest first (the manage page). */
export function contestRubrics(contestId: string) {
  return prisma.rubric.findMany({
    where: { contestId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: 200,
  });
}

export function getRubric(id: string) {
  return prisma.rubric.findUnique({ where: { id } });
}

export async function createRubric(input: RubricInput & { contestId?: string | null }) {
  await assertContestExists(input.contestId);
  return prisma.rubric.create({
    data: {
      contestId: input.contestId ?? null,
      name: input.name,
      criteria: JSON.stringify(input.criteria),
    },
  });
}

/** Like addExistingPrompt: assigns an unassigned rubric, copies one that belongs to another contest. */
export async function addExistingRubric(rubricId: string, contestId: string) {
  return prisma.$transaction(async (tx) => {
    const rubric = await tx.rubric.findUnique({ where: { id: rubricId } });
    if (!rubric) throw new ContestAdminError("Selected rubric not found");
    if (!(await tx.contest.findUnique({ where: { id: contestId }, select: { id: true } })))
      throw new ContestAdminError("Contest not found");
    if (rubric.contestId === contestId) return rubric;
    if (rubric.contestId === null)
      return tx.rubric.update({ where: { id: rubricId }, data: { contestId } });
    return tx.rubric.create({ data: { contestId, name: rubric.name, criteria: rubric.criteria } });
  });
}

export async function assignRubric(rubricId: string, contestId: string | null) {
  await assertContestExists(contestId);
  const { count } = await prisma.rubric.updateMany({
    where: { id: rubricId },
    data: { contestId },
  });
  if (!count) throw new ContestAdminError("Selected rubric not found");
}

export async function unassignRubric(rubricId: string, contestId: string) {
  const { count } = await prisma.rubric.updateMany({
    where: { id: rubricId, contestId },
    data: { contestId: null },
  });
  if (!count) throw new ContestAdminError("Selected rubric not found");
}

/** Deletes a rubric; refused when judges have scored with it (their scores keep pointing at it). */
export async function deleteRubric(rubricId: string, contestId?: string) {
  return prisma.$transaction(async (tx) => {
    const rubric = await tx.rubric.findFirst({
      where: { id: rubricId, ...(contestId ? { contestId } : {}) },
      select: { id: true, _count: { select: { scores: true } } },
    });
    if (!rubric) throw new ContestAdminError("Selected rubric not found");
    if (rubric._count.scores > 0) {
      throw new ContestAdminError(
        "Judges have scored with this rubric, so it cannot be deleted. Unassign it instead.",
      );
    }
    await tx.rubric.delete({ where: { id: rubricId } });
  });
}

/** Whether any judge has submitted a score against this rubric (then its scoring shape is fixed). */
export async function rubricHasSubmittedScores(rubricId: string, db: Pick<Tx, "score"> = prisma) {
  return (await db.score.count({ where: { rubricId, submittedAt: { not: null } } })) > 0;
}

/** A rubric for its edit page, with whether its keys, maxima and weights are still open to change. */
export async function rubricForEdit(id: string) {
  const rubric = await prisma.rubric.findUnique({
    where: { id },
    include: { contest: { select: { id: true, title: true } } },
  });
  if (!rubric) return null;
  return {
    id: rubric.id,
    name: rubric.name,
    contest: rubric.contest,
    criteria: parseCriteria(rubric.criteria),
    locked: await rubricHasSubmittedScores(id),
  };
}

/**
 * Saves an edit (docs/decisions/0013-entry-form-and-limits.md). Whether scores exist is read in
 * the same transaction as the write, so a score submitted meanwhile still locks the shape.
 * Returns the saved name and criteria; null when the rubric does not exist. A refused edit throws
 * FormRefused with its errors by field.
 */
export async function updateRubric(
  id: string,
  input: { name?: string; criteria?: CriterionEdit[] },
) {
  return prisma.$transaction(async (tx) => {
    const rubric = await tx.rubric.findUnique({ where: { id } });
    if (!rubric) return null;
    const locked = await rubricHasSubmittedScores(id, tx);
    const result = applyRubricEdit(parseCriteria(rubric.criteria), input, locked);
    if (!result.ok) throw new FormRefused(result.errors);
    await tx.rubric.update({
      where: { id },
      data: { name: result.value.name, criteria: JSON.stringify(result.value.criteria) },
    });
    return result.value;
  });
}
