/**
 * The admin's divisions page (docs/decisions/0032-divisions-and-rounds.md): one contest's
 * divisions with their entry counts, judges and prompts; add, edit, delete and reorder; which
 * judges a division may have; which prompts are a division's own. Rules across the contest's
 * divisions (names, one basis, no overlap) are `divisionConflicts`, checked in the write's
 * transaction. Editing a division never moves its entries (each keeps the division it was placed
 * in); a division with entries cannot be deleted.
 */
import { prisma, isUniqueViolation, withBusyRetry } from "~/utils/db.server";
import { DomainError, FormRefused } from "~/utils/domain-error";
import { divisionSelect, toDivisionRule } from "./divisions.server";
import { divisionConflicts, type DivisionInput } from "./division-schema";

export class DivisionNotFound extends DomainError {
  constructor() {
    super("That division is not in this contest any more.");
  }
}

/** Everything the page shows: divisions in order (with entries and judges), prompts, judges. */
export async function divisionsPage(contestId: string) {
  const [divisions, prompts, judges] = await Promise.all([
    prisma.division.findMany({
      where: { contestId },
      orderBy: [{ position: "asc" }, { createdAt: "asc" }],
      select: {
        ...divisionSelect,
        _count: { select: { submissions: true } },
        judges: { select: { judgeId: true } },
      },
    }),
    prisma.prompt.findMany({
      where: { contestId },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: { id: true, title: true, divisionId: true },
    }),
    prisma.user.findMany({
      where: { roles: { some: { role: "judge" } } },
      orderBy: [{ displayName: "asc" }, { id: "asc" }],
      select: { id: true, displayName: true, email: true },
    }),
  ]);
  return {
    divisions: divisions.map((d) => ({
      ...toDivisionRule(d),
      entries: d._count.submissions,
      judgeIds: d.judges.map((j) => j.judgeId),
    })),
    prompts,
    judges,
  };
}

function data(input: DivisionInput) {
  return {
    name: input.name,
    basis: input.basis,
    min: input.min,
    max: input.max,
    // A calendar date at 00:00 UTC, for ages only.
    ageOn: input.basis === "age" ? (input.ageOn ?? null) : null,
    wordMin: input.wordMin ?? null,
    wordMax: input.wordMax ?? null,
  };
}

const nameTaken = () =>
  new FormRefused({ name: ["This contest already has a division with that name"] });

/** Adds a division (last in order) or edits one; refuses with the fields' messages. */
export async function saveDivision(contestId: string, input: DivisionInput, divisionId?: string) {
  try {
    return await withBusyRetry(() =>
      prisma.$transaction(async (tx) => {
        const all = await tx.division.findMany({
          where: { contestId },
          select: { id: true, name: true, basis: true, min: true, max: true, position: true },
        });
        if (divisionId && !all.some((d) => d.id === divisionId)) throw new DivisionNotFound();
        const errors = divisionConflicts(
          all.map((d) => ({ ...d, basis: d.basis === "age" ? "age" : "grade" })),
          { id: divisionId, name: input.name, basis: input.basis, min: input.min, max: input.max },
        );
        if (Object.keys(errors).length) throw new FormRefused(errors);
        if (divisionId) {
          await tx.division.update({ where: { id: divisionId }, data: data(input) });
          return divisionId;
        }
        const position = all.reduce((top, d) => Math.max(top, d.position), 0) + 1;
        const row = await tx.division.create({
          data: { contestId, position, ...data(input) },
          select: { id: true },
        });
        return row.id;
      }),
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

/** Deletes a division without entries; one with entries is refused (they would lose it). */
export async function deleteDivision(contestId: string, divisionId: string) {
  await withBusyRetry(() =>
    prisma.$transaction(async (tx) => {
      const row = await tx.division.findFirst({
        where: { id: divisionId, contestId },
        select: { name: true, _count: { select: { submissions: true } } },
      });
      if (!row) throw new DivisionNotFound();
      const n = row._count.submissions;
      if (n > 0)
        throw new DomainError(
          `"${row.name}" has ${n} ${n === 1 ? "entry" : "entries"}, so it can't be deleted. Move ${n === 1 ? "it" : "them"} to another division first.`,
        );
      await tx.division.delete({ where: { id: divisionId } });
    }),
  );
}

/** Moves a division one place up or down (swaps positions with its neighbour). */
export async function moveDivision(
  contestId: string,
  divisionId: string,
  direction: "up" | "down",
) {
  await withBusyRetry(() =>
    prisma.$transaction(async (tx) => {
      const rows = await tx.division.findMany({
        where: { contestId },
        orderBy: [{ position: "asc" }, { createdAt: "asc" }],
        select: { id: true },
      });
      const i = rows.findIndex((r) => r.id === divisionId);
      if (i < 0) throw new DivisionNotFound();
      const j = direction === "up" ? i - 1 : i + 1;
      if (j < 0 || j >= rows.length) return;
      [rows[i], rows[j]] = [rows[j], rows[i]];
      // Renumbered 1..n, so positions stay distinct whatever they were.
      for (const [k, r] of rows.entries())
        await tx.division.update({ where: { id: r.id }, data: { position: k + 1 } });
    }),
  );
}

/** The judges a division may have (none: any judge). Only users with the judge role are kept. */
export async function setDivisionJudges(
  contestId: string,
  divisionId: string,
  judgeIds: readonly string[],
) {
  await withBusyRetry(() =>
    prisma.$transaction(async (tx) => {
      const division = await tx.division.findFirst({
        where: { id: divisionId, contestId },
        select: { id: true },
      });
      if (!division) throw new DivisionNotFound();
      const judges = await tx.user.findMany({
        where: { id: { in: [...new Set(judgeIds)] }, roles: { some: { role: "judge" } } },
        select: { id: true },
      });
      await tx.judgeDivision.deleteMany({ where: { divisionId } });
      if (judges.length)
        await tx.judgeDivision.createMany({
          data: judges.map((j) => ({ divisionId, judgeId: j.id })),
        });
    }),
  );
}

/** A contest prompt for all divisions (null) or one division only. */
export async function setPromptDivision(
  contestId: string,
  promptId: string,
  divisionId: string | null,
) {
  await withBusyRetry(() =>
    prisma.$transaction(async (tx) => {
      const prompt = await tx.prompt.findFirst({
        where: { id: promptId, contestId },
        select: { id: true },
      });
      if (!prompt) throw new DomainError("That prompt is not in this contest any more.");
      if (divisionId) {
        const division = await tx.division.findFirst({
          where: { id: divisionId, contestId },
          select: { id: true },
        });
        if (!division) throw new DivisionNotFound();
      }
      await tx.prompt.update({ where: { id: promptId }, data: { divisionId } });
    }),
  );
}
