/**
 * One entry's comparison rounds as the admin reads them on its scores page
 * (docs/decisions/0056-comparison-rounds.md): for each round it was compared in, its measure,
 * standard error, comparisons and rank within its division (from the round's cached stage
 * ranking, ADR 0048), and each judge's choice and note on the piece. Nothing more than one
 * statement for an entry never compared.
 */
import { entryComparisons } from "~/features/comparison/scale.server";
import { stageRanking } from "./ranking.server";

export async function entryComparisonRounds(contestId: string, submissionId: string) {
  const rounds = await entryComparisons(submissionId);
  return Promise.all(
    rounds.map(async (round) => {
      const rows = await stageRanking(contestId, { round: round.number, divisionId: null });
      const row = rows.find((r) => r.id === submissionId);
      const division = rows.filter(
        (r) => (r.divisionId ?? null) === (row?.divisionId ?? null) && r.rank !== null,
      );
      return {
        ...round,
        measure: row?.average ?? null,
        se: row?.se ?? null,
        comparisons: row?.scored ?? round.choices.length,
        rank: row?.rank ?? null,
        ranked: division.length,
      };
    }),
  );
}
