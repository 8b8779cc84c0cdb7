/** The prompt library: list, create, edit, attach to or detach from a contest, delete. */
import { assertContestExists, ContestAdminError, ITEMS_PER_PAGE } from "./contest-admin.server";
import { prisma } from "~/utils/db.server";
import { readPage } from "~/utils/paged-list.server";
import { type PromptInput } from "./contest-schema";

export async function listPrompts({ contestId, page = 1 }: { contestId?: string; page?: number }) {
  const where = contestId ? { contestId } : {};
  const {
    rows: prompts,
    total,
    pageCount,
  } = await readPage(
    page,
    ITEMS_PER_PAGE,
    (window) =>
      prisma.prompt.findMany({
        where,
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        ...window,
        include: { contest: { select: { id: true, title: true } } },
      }),
    () => prisma.prompt.count({ where }),
  );
  return { total, prompts, pages: pageCount };
}

/** Prompts for the "pick an existing prompt" select: every prompt not already in `exceptContestId`. */
export function promptOptions(exceptContestId?: string) {
  return prisma.prompt.findMany({
    where: exceptContestId
      ? { OR: [{ contestId: null }, { contestId: { not: exceptContestId } }] }
      : {},
    orderBy: { createdAt: "desc" },
    take: 300,
    select: { id: true, title: true, body: true, contest: { select: { title: true } } },
  });
}

/** One contest's prompts, oldest first (the manage page). */
export function contestPrompts(contestId: string) {
  return prisma.prompt.findMany({
    where: { contestId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: 500,
  });
}

export function getPrompt(id: string) {
  return prisma.prompt.findUnique({ where: { id } });
}

export async function createPrompt(input: PromptInput & { contestId?: string | null }) {
  await assertContestExists(input.contestId);
  return prisma.prompt.create({
    data: {
      contestId: input.contestId ?? null,
      title: input.title,
      body: input.body,
      // A later round's prompt belongs to a contest (ADR 0045).
      round: input.contestId ? (input.round ?? null) : null,
    },
  });
}

/**
 * Adds an existing prompt to a contest: an unassigned one is assigned; one that belongs to another
 * contest is copied, so that contest keeps its own.
 */
export async function addExistingPrompt(promptId: string, contestId: string) {
  return prisma.$transaction(async (tx) => {
    const prompt = await tx.prompt.findUnique({ where: { id: promptId } });
    if (!prompt) throw new ContestAdminError("Selected prompt not found");
    if (!(await tx.contest.findUnique({ where: { id: contestId }, select: { id: true } })))
      throw new ContestAdminError("Contest not found");
    if (prompt.contestId === contestId) return prompt;
    if (prompt.contestId === null)
      return tx.prompt.update({ where: { id: promptId }, data: { contestId } });
    return tx.prompt.create({ data: { contestId, title: prompt.title, body: prompt.body } });
  });
}

export async function assignPrompt(promptId: string, contestId: string | null) {
  await assertContestExists(contestId);
  const { count } = await prisma.prompt.updateMany({
    where: { id: promptId },
    data: { contestId },
  });
  if (!count) throw new ContestAdminError("Selected prompt not found");
}

/** "Remove" on the contest form: the prompt stays, unassigned. */
export async function unassignPrompt(promptId: string, contestId: string) {
  const { count } = await prisma.prompt.updateMany({
    where: { id: promptId, contestId },
    data: { contestId: null },
  });
  if (!count) throw new ContestAdminError("Selected prompt not found");
}

export async function deletePrompt(promptId: string, contestId?: string) {
  const { count } = await prisma.prompt.deleteMany({
    where: { id: promptId, ...(contestId ? { contestId } : {}) },
  });
  if (!count) throw new ContestAdminError("Selected prompt not found");
}

/** Saves a prompt's new title and text; false when it does not exist. */
export async function updatePrompt(id: string, input: PromptInput) {
  const { count } = await prisma.prompt.updateMany({
    where: { id },
    data: { title: input.title, body: input.body },
  });
  return count > 0;
}
