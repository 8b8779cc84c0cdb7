/** A contest's divisions, in order (docs/decisions/0032-divisions-and-rounds.md). */
import { prisma } from "~/utils/db.server";
import type { DivisionBasis, DivisionRule } from "./eligibility";

export const divisionSelect = {
  id: true,
  name: true,
  position: true,
  basis: true,
  min: true,
  max: true,
  ageOn: true,
  wordMin: true,
  wordMax: true,
} as const;

export function toDivisionRule(row: {
  id: string;
  name: string;
  position: number;
  basis: string;
  min: number;
  max: number;
  ageOn: Date | null;
  wordMin: number | null;
  wordMax: number | null;
}): DivisionRule {
  return { ...row, basis: row.basis === "age" ? "age" : ("grade" as DivisionBasis) };
}

export async function contestDivisions(contestId: string): Promise<DivisionRule[]> {
  const rows = await prisma.division.findMany({
    where: { contestId },
    select: divisionSelect,
    orderBy: [{ position: "asc" }, { createdAt: "asc" }],
  });
  return rows.map(toDivisionRule);
}
