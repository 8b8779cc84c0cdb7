/**
 * A staged contest's ranking for the CSV, a page at a time with each page's writers
 * (docs/decisions/0074-division-z-ranking.md): at most a page of rows and their writers is
 * held at once beyond what the per-version computations keep anyway.
 */
import { roundOneIsTheContest } from "~/features/judging/division-ranking.server";
import {
  entrantsOf,
  rankingPages,
  type RankingMode,
  type RankingRow,
} from "~/features/judging/ranking.server";
import { prisma } from "~/utils/db.server";
import { stageRankingWithDivisions, type ContestStage } from "./stage.server";

export type StageCsvRow = RankingRow & {
  division: string;
  entrant: { displayName: string; email: string } | null;
};

const PAGE = 1000;

/**
 * The rows of one stage (a round in one division, or every division in order when divisionId is
 * null), each ranked within its division, as `stageRankingWithDivisions` gives them, in pages.
 * Round 1 of a rubric round whose summaries are the round's (no later assignment, every entry
 * placed when all divisions are asked) is read as the division pages are: raw a seek in the
 * summaries' division index, z cut from the contest's per-version z ranking; the round is not
 * computed. Otherwise the round's computation (kept per version) is sliced.
 */
export async function* stagePages(
  contestId: string,
  stage: ContestStage,
  pick: { round: number; divisionId: string | null; mode: RankingMode },
): AsyncGenerator<StageCsvRow[]> {
  const names = new Map(stage.divisions.map((d) => [d.id, d.name]));
  const lists = await summarisedLists(contestId, stage, pick);
  if (lists) {
    for (const divisionId of lists)
      for await (const page of rankingPages(contestId, pick.mode, PAGE, divisionId))
        yield page.map((r) => ({
          ...r,
          divisionId: r.divisionId ?? null,
          division: r.divisionId ? (names.get(r.divisionId) ?? "") : "",
        }));
    return;
  }
  const rows = await stageRankingWithDivisions(contestId, stage, pick);
  for (let i = 0; i < rows.length; i += PAGE) {
    const page = rows.slice(i, i + PAGE);
    const entrants = await entrantsOf(page.map((r) => r.id));
    yield page.map((r) => ({ ...r, entrant: entrants.get(r.id) ?? null }));
  }
}

/** The divisions to read from the summaries, in order (undefined: one list), or null. */
async function summarisedLists(
  contestId: string,
  stage: ContestStage,
  pick: { round: number; divisionId: string | null },
): Promise<(string | undefined)[] | null> {
  if (pick.round !== 1) return null;
  if (stage.rounds.find((r) => r.number === 1)?.method === "comparison") return null;
  if (!(await roundOneIsTheContest(contestId))) return null;
  if (pick.divisionId) return [pick.divisionId];
  if (stage.divisions.length === 0) return [undefined];
  // Entries left without a division come last in the round's list, ranked among themselves:
  // the summaries' division index has no range for them here, so the round is computed.
  const unplaced = await prisma.submission.count({
    where: { contestId, status: "submitted", divisionId: null },
  });
  return unplaced > 0 ? null : stage.divisions.map((d) => d.id);
}
