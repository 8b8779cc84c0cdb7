/**
 * The public contest page's divisions (docs/decisions/0032-divisions-and-rounds.md): each with who
 * it is for and its own word range, and which prompts belong to one division only.
 */
import { prisma } from "~/utils/db.server";
import { contestDivisions } from "./divisions.server";
import { divisionRangeLabel } from "./placement";

export async function publicDivisions(contestId: string) {
  const divisions = await contestDivisions(contestId);
  if (divisions.length === 0) return { divisions: [], promptDivision: {} };
  const prompts = await prisma.prompt.findMany({
    where: { contestId, divisionId: { not: null } },
    select: { id: true, divisionId: true },
  });
  const names = new Map(divisions.map((d) => [d.id, d.name]));
  return {
    divisions: divisions.map((d) => ({
      id: d.id,
      name: d.name,
      basis: d.basis,
      range: divisionRangeLabel(d),
      words: d.wordMin !== null && d.wordMax !== null ? `${d.wordMin}–${d.wordMax} words` : null,
    })),
    promptDivision: Object.fromEntries(
      prompts.flatMap((p) => {
        const name = p.divisionId ? names.get(p.divisionId) : undefined;
        return name ? [[p.id, name]] : [];
      }),
    ) as Record<string, string>,
  };
}
