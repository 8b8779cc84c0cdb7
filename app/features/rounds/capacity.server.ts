/**
 * The panel's room against every round's need, read for one contest (capacity.ts holds the
 * arithmetic; docs/decisions/0045-published-results-conflicts-and-leases.md). Entries are the
 * contest's submitted entries so far, by division; the panel is its accepted, assignable judges
 * with their capacities and divisions; the rounds are the saved plan. Four reads, no per-row query.
 */
import { assignableJudge } from "~/features/panel/panel-rules";
import { prisma } from "~/utils/db.server";
import { capacityReport, type ContestCapacity } from "./capacity";
import { contestRounds } from "./rounds.server";

export async function contestCapacity(contestId: string): Promise<ContestCapacity> {
  const [rounds, divisions, counts, members] = await Promise.all([
    contestRounds(contestId),
    prisma.division.findMany({
      where: { contestId },
      select: { id: true, name: true },
      orderBy: [{ position: "asc" }, { id: "asc" }],
    }),
    prisma.submission.groupBy({
      by: ["divisionId"],
      where: { contestId, status: "submitted" },
      _count: { _all: true },
    }),
    prisma.panelMember.findMany({
      where: { contestId, status: "accepted", judge: assignableJudge },
      select: { judgeId: true, capacity: true },
    }),
  ]);
  const restricted = members.length
    ? await prisma.judgeDivision.findMany({
        where: { division: { contestId }, judgeId: { in: members.map((m) => m.judgeId) } },
        select: { judgeId: true, divisionId: true },
      })
    : [];
  const byDivision = new Map(counts.map((c) => [c.divisionId, c._count._all]));
  const groups: { id: string | null; name: string; entries: number }[] = divisions.map((d) => ({
    id: d.id,
    name: d.name,
    entries: byDivision.get(d.id) ?? 0,
  }));
  const loose = byDivision.get(null) ?? 0;
  if (loose > 0 || groups.length === 0)
    groups.push({
      id: null,
      name: groups.length ? "Entries without a division" : "All entries",
      entries: loose,
    });
  const report = capacityReport({
    rounds: rounds.map((r) => ({
      number: r.number,
      name: rounds.length > 1 ? `round ${r.number} (${r.name})` : "judging",
      judgesPerEntry: r.judgesPerEntry,
      judgeIds: r.judgeIds,
      advanceRule: r.advanceRule,
      advanceValue: r.advanceValue,
    })),
    judges: members.map((m) => ({
      id: m.judgeId,
      capacity: m.capacity,
      divisionIds: restricted.filter((r) => r.judgeId === m.judgeId).map((r) => r.divisionId),
    })),
    divisions: groups,
  });
  return {
    ...report,
    entriesSoFar: counts.reduce((s, c) => s + c._count._all, 0),
    rounds: rounds.length,
  };
}

/** The warning shown before round 1 is assigned (the assign page and the lifecycle's note). */
export function capacityWarning(c: ContestCapacity): string | null {
  if (c.fits || c.rounds < 2) return null;
  return `The panel's capacity (all rounds together) may not cover the later rounds: ${c.problems.join(" ")} Raise capacities or add judges before round 1 is assigned.`;
}
