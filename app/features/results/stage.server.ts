/**
 * Rankings of a staged contest (one with divisions or judging rounds) as results see them
 * (docs/decisions/0032-divisions-and-rounds.md): the ranking that decides awards is the final
 * round's, ranked within each division. A contest that is not staged keeps the one contest-wide
 * ranking (judging/ranking.server.ts `ranking`); callers check `staged` first.
 */
import { roundInView } from "./stage-round";
import { contestDivisions } from "~/features/divisions/divisions.server";
import { stageRanking, type RankingMode, type RankingRow } from "~/features/judging/ranking.server";
import { contestRounds } from "~/features/rounds/rounds.server";
import { prisma } from "~/utils/db.server";
import type { RoundMethod } from "~/features/comparison/desk";

export type ContestStage = {
  staged: boolean;
  divisions: { id: string; name: string }[];
  rounds: {
    number: number;
    name: string;
    judgingOpen?: Date;
    judgingClose?: Date;
    /** The round's row and method (docs/decisions/0056-comparison-rounds.md); absent unstaged. */
    id?: string | null;
    method?: RoundMethod;
    comparisonsPerEntry?: number;
  }[];
  finalRound: number;
};

/** Whether a contest is staged, its divisions in order and its rounds (the last is the final). */
export async function contestStage(contestId: string): Promise<ContestStage> {
  // Most contests are one pool judged once: one small query says so, and their pages pay no more.
  const counts = await prisma.contest.findUnique({
    where: { id: contestId },
    select: { _count: { select: { divisions: true, rounds: true } } },
  });
  if (!counts || (counts._count.divisions === 0 && counts._count.rounds === 0))
    return {
      staged: false,
      divisions: [],
      rounds: [{ number: 1, name: "Judging" }],
      finalRound: 1,
    };
  const [divisions, rounds] = await Promise.all([
    contestDivisions(contestId),
    contestRounds(contestId),
  ]);
  return {
    staged: divisions.length > 0 || rounds.some((r) => r.id !== null),
    divisions: divisions.map((d) => ({ id: d.id, name: d.name })),
    rounds: rounds.map((r) => ({
      number: r.number,
      name: r.name,
      judgingOpen: r.judgingOpen,
      judgingClose: r.judgingClose,
      id: r.id,
      method: r.method,
      comparisonsPerEntry: r.comparisonsPerEntry,
    })),
    finalRound: rounds.at(-1)?.number ?? 1,
  };
}

/** Competition ranking again over rows already in ranking order (equal averages share a rank). */
function rerank(rows: RankingRow[]): RankingRow[] {
  let previous: RankingRow | null = null;
  return rows.map((r, i) => {
    const rank =
      r.average === null
        ? null
        : previous && previous.average === r.average
          ? previous.rank
          : i + 1;
    const row = { ...r, rank };
    previous = row;
    return row;
  });
}

/**
 * One round's ranking of a staged contest, every division in its order, each ranked within its
 * division (rank 1 in each). Entries left without a division (entered before the divisions were
 * made) come last, ranked among themselves. With `divisionId`, that division alone. A contest
 * without divisions is one list. One statement per division, cached by stageRanking.
 */
export async function roundRanking(
  contestId: string,
  stage: ContestStage,
  opts: { round: number; mode?: RankingMode; divisionId?: string | null },
): Promise<RankingRow[]> {
  const mode = opts.mode ?? "raw";
  if (stage.divisions.length === 0 || opts.divisionId) {
    return stageRanking(contestId, {
      round: opts.round,
      divisionId: opts.divisionId ?? null,
      mode,
    });
  }
  const [lists, unplaced] = await Promise.all([
    Promise.all(
      stage.divisions.map((d) =>
        stageRanking(contestId, { round: opts.round, divisionId: d.id, mode }),
      ),
    ),
    prisma.submission.count({ where: { contestId, status: "submitted", divisionId: null } }),
  ]);
  const rows = lists.flat();
  if (unplaced > 0) {
    const all = await stageRanking(contestId, { round: opts.round, divisionId: null, mode });
    rows.push(...rerank(all.filter((r) => !r.divisionId)));
  }
  return rows;
}

/**
 * What is frozen for each submitted entry of a staged contest when results are published: the
 * rank within its division in the final round; an entry that did not reach the final round has
 * no rank, and the average and score count of the last round it was read in.
 */
export async function stagedFrozenRows(contestId: string, stage: ContestStage) {
  const out = new Map<
    string,
    { submissionId: string; rank: number | null; average: number | null; scored: number }
  >();
  for (const r of await roundRanking(contestId, stage, { round: stage.finalRound })) {
    out.set(r.id, { submissionId: r.id, rank: r.rank, average: r.average, scored: r.scored });
  }
  for (let round = stage.finalRound - 1; round >= 1; round--) {
    const rows = await stageRanking(contestId, { round, divisionId: null, mode: "raw" });
    for (const r of rows) {
      if (!out.has(r.id))
        out.set(r.id, { submissionId: r.id, rank: null, average: r.average, scored: r.scored });
    }
  }
  return [...out.values()];
}

/**
 * The stage the admin's scoring page and its CSV show for a staged contest, from the query
 * string: `round` (default the final round; any earlier round may be viewed) and `division` (a
 * contest with divisions shows one at a time, default the first; without divisions, all).
 * `allDivisions` (the CSV's `division=all`): every division in one list, each ranked within its
 * division.
 */
export function pickStage(
  stage: ContestStage,
  params: URLSearchParams,
  opts: { allDivisions?: boolean; now?: Date } = {},
) {
  const asked = Number(params.get("round"));
  // The scoring page passes `now`: it opens on the round being judged (ADR 0045).
  const fallback = (opts.now && roundInView(stage.rounds, opts.now)) ?? stage.finalRound;
  const round = stage.rounds.some((r) => r.number === asked) ? asked : fallback;
  const wanted = params.get("division");
  const divisionId =
    stage.divisions.length === 0 || opts.allDivisions
      ? null
      : (stage.divisions.find((d) => d.id === wanted) ?? stage.divisions[0]).id;
  return { round, divisionId };
}

/**
 * One stage's ranking with each row's division name, for the scoring page (paged in memory: the
 * stage's ranking is one statement, cached by version) and the CSV (every row).
 */
export async function stageRankingWithDivisions(
  contestId: string,
  stage: ContestStage,
  pick: { round: number; divisionId: string | null; mode: RankingMode },
) {
  const rows = await roundRanking(contestId, stage, pick);
  // One division's rows are the round's computation cut once (stageRanking): named once too,
  // so a page's request does not copy the division (docs/decisions/0062-ranking-at-scale.md).
  const key = stage.divisions.map((d) => `${d.id}\u0000${d.name}`).join("\u0001");
  const kept = named.get(rows);
  if (kept?.key === key) return kept.rows;
  const names = new Map(stage.divisions.map((d) => [d.id, d.name]));
  const out = rows.map((r) => ({
    ...r,
    division: r.divisionId ? (names.get(r.divisionId) ?? "") : "",
  }));
  named.set(rows, { key, rows: out });
  return out;
}

/** Named rows by the rows they were made from, with the divisions' names they used. */
const named = new WeakMap<object, { key: string; rows: (RankingRow & { division: string })[] }>();
