/**
 * The ranking of a contest's entries (raw averages or z-score normalised), computed in SQL,
 * and the per-entry scores page. See docs/decisions/0007.
 */
import { adminWriterLabel, adminWriterSelect } from "./writer";
import { prisma } from "~/utils/db.server";
import {
  countAbove,
  entryDetailRows,
  rankingCountsRow,
  rawRankingAfter,
  rawPageStarts,
  rawRankingPage,
  type RawRankingCursor,
  stageRankingRows,
  type StageRankingRow,
  writerFactRows,
  type ZRankingRow,
} from "./queries.server";
import { zKept } from "./z-incremental.server";
import { comparisonRound, comparisonStageRows } from "~/features/comparison/scale.server";
import { rankingVersion } from "~/features/rank-version/ranking-version.server";

export const RANKING_PAGE_SIZE = 50;

export type RankingMode = "raw" | "z";
export type RankingRow = {
  id: string;
  title: string;
  assigned: number;
  scored: number;
  /** The value ranked on (raw average, or normalised average in mode "z"); null when unranked. */
  average: number | null;
  raw: number | null;
  /** How many scores the average uses: all submitted ones (raw), the standardised ones (z). */
  used: number;
  rank: number | null;
  /** The entry's division (stage rankings only). */
  divisionId?: string | null;
  /** A comparison round's standard error of the measure (docs/decisions/0056-comparison-rounds.md). */
  se?: number | null;
};

/**
 * The ranking: for each submitted entry the average of its judges' submitted totals (exact,
 * rounded half up to two decimals), the number of scores in and of judges assigned; descending,
 * ties share a rank (competition ranking over the rounded average). Entries without a score come
 * last, unranked; equal averages in entry order (oldest first).
 *
 * Mode "raw" reads the per-entry summaries (SubmissionScoreSummary, kept by triggers in the same
 * statement as every score and status change) in index order, one page at a time; the rank of
 * the page's first row is one more than the entries above it, the rest follow from the order.
 *
 * Mode "z" averages each judge's standardised totals instead, z = (total − judge's mean) /
 * judge's population standard deviation. Only a judge with at least two submitted scores in the
 * contest and a non-zero spread can be standardised; other scores are left out of the normalised
 * average (never mixed in raw), `used` says how many it rests on, and an entry whose scores are
 * all left out has no normalised average and no rank. The raw average is given beside it. Every
 * score moves a judge's mean, so the whole contest is computed in SQL and kept per process while
 * the contest's RankingVersion is unchanged.
 * See docs/decisions/0016-ranking-rounding-and-z-scores.md and 0021-performance.md.
 */
export async function ranking(
  contestId: string,
  opts: { mode?: RankingMode; take?: number; skip?: number; divisionId?: string } = {},
): Promise<RankingRow[]> {
  const take = opts.take ?? RANKING_PAGE_SIZE;
  const skip = opts.skip ?? 0;
  if (opts.mode === "z") {
    // One division's z ranking is the contest's cut by division and ranked within it (ADR 0074).
    const all = await zRankingOf(contestId, opts.divisionId);
    const page = all.slice(skip, take < 0 ? undefined : skip + take);
    const details = await entryDetails(
      contestId,
      take < 0 && skip === 0 ? null : page.map((r) => r.id),
    );
    return page.map((r) => ({
      id: r.id,
      title: details.get(r.id)?.title ?? "",
      assigned: details.get(r.id)?.assigned ?? 0,
      scored: r.scored,
      average: r.average,
      raw: r.raw,
      used: r.used,
      rank: r.rank,
      ...(opts.divisionId === undefined ? {} : { divisionId: opts.divisionId }),
    }));
  }
  // A deep page seeks from where it starts (kept per RankingVersion), not OFFSET over the rows
  // above it and a count of them (docs/decisions/0062-ranking-at-scale.md). One division's
  // raw ranking is the same walk of its own index range (docs/decisions/0068-division-ranking.md).
  const division = opts.divisionId;
  const start =
    skip > 0 && take > 0 && skip % take === 0
      ? ((await rawPageStartsOf(contestId, take, division)).get(skip / take) ?? "past the end")
      : null;
  if (start === "past the end") return [];
  const rows = start
    ? await rawRankingAfter(contestId, start.cursor, take, division)
    : await rawRankingPage(contestId, take, skip, division);
  const first = rows[0];
  const above = start
    ? (start.rank ?? 1) - 1
    : first && first.average !== null && skip > 0
      ? await countAbove(contestId, first.average, division)
      : 0;
  let previous: RankingRow | null = null;
  return rows.map((r, i) => {
    const average = r.average;
    const rank =
      average === null
        ? null
        : previous && previous.average === average
          ? previous.rank
          : i === 0
            ? above + 1
            : skip + i + 1;
    const row: RankingRow = {
      id: r.id,
      title: r.title,
      assigned: r.assigned,
      scored: r.scored,
      average,
      raw: average,
      used: r.scored,
      rank,
      ...(division === undefined ? {} : { divisionId: division }),
    };
    previous = row;
    return row;
  });
}

/** Where each page of the raw ranking starts, by page number (1 = the second page). */
function rawPageStartsOf(contestId: string, take: number, divisionId?: string) {
  return pageStartsCache(contestId, `${contestId}|${take}|${divisionId ?? ""}`, async () => {
    const starts = await rawPageStarts(contestId, take, divisionId);
    return new Map(starts.map((s) => [s.page, s]));
  });
}
const pageStartsCache =
  versionedCache<Map<number, Awaited<ReturnType<typeof rawPageStarts>>[number]>>(16);

/**
 * A whole-contest computation kept per process while the contest's RankingVersion is unchanged,
 * and shared by concurrent requests (docs/decisions/0048-performance-budgets.md): no request
 * computes what a previous one already computed. `key` names what is computed (it starts with
 * the contest's id); the least recently computed of more than `size` keys is dropped.
 */
export function versionedCache<T>(size: number) {
  const kept = new Map<string, { version: number; value: T }>();
  const inFlight = new Map<string, Promise<T>>();
  return async (contestId: string, key: string, compute: () => Promise<T>): Promise<T> => {
    // Read the version first: what is computed next is at least that new.
    const version = await rankingVersion(contestId);
    const cached = kept.get(key);
    if (cached && cached.version === version) return cached.value;
    const flightKey = `${key}@${version}`;
    let pending = inFlight.get(flightKey);
    if (!pending) {
      pending = compute()
        .then((value) => {
          kept.delete(key);
          if (kept.size >= size) kept.delete(kept.keys().next().value!);
          kept.set(key, { version, value });
          return value;
        })
        .finally(() => inFlight.delete(flightKey));
      inFlight.set(flightKey, pending);
    }
    return pending;
  };
}

/**
 * The whole z ranking of a contest, without titles and assignment counts (they change apart),
 * computed once per RankingVersion: sixteen admins opening the page after a change wait for one
 * computation, not sixteen (measured: each took the database's whole time, ADR 0021). The
 * computation is the process's kept ranking brought up to date from what changed
 * (docs/decisions/0088-z-ranking-incremental.md).
 */
function zRanking(contestId: string): Promise<ZRankingRow[]> {
  return zCache(contestId, contestId, () => zKept.rows(contestId));
}
const zCache = versionedCache<ZRankingRow[]>(8);

/**
 * The z ranking of one division (undefined: the whole contest): the contest's rows of that
 * division, in the contest's order, ranked within the division (competition ranking, as
 * `stageRanking` ranks a division). Every judge's mean and spread rest on all their scores, as a
 * round's do across its divisions (ADR 0032), so the cut is exact. Cut once per computation and
 * shared read-only (docs/decisions/0074-division-z-ranking.md).
 */
async function zRankingOf(contestId: string, divisionId?: string): Promise<ZRankingRow[]> {
  const rows = await zRanking(contestId);
  if (divisionId === undefined) return rows;
  let cuts = zCuts.get(rows);
  if (!cuts) zCuts.set(rows, (cuts = new Map()));
  let cut = cuts.get(divisionId);
  if (!cut) {
    let previous: ZRankingRow | null = null;
    cut = rows
      .filter((r) => r.divisionId === divisionId)
      .map((r, i) => {
        const rank =
          r.average === null ? null : previous?.average === r.average ? previous.rank : i + 1;
        previous = { ...r, rank };
        return previous;
      });
    cuts.set(divisionId, cut);
  }
  return cut;
}
/** Computed z rankings' rows cut by division. */
const zCuts = new WeakMap<object, Map<string, ZRankingRow[]>>();

/** Titles and assignment counts of some submitted entries (all of the contest's when ids is null). */
async function entryDetails(contestId: string, ids: string[] | null) {
  if (ids?.length === 0) return new Map<string, { title: string; assigned: number }>();
  const rows = await entryDetailRows(contestId, ids);
  return new Map(rows.map((r) => [r.id, { title: r.title, assigned: r.assigned }]));
}

/**
 * Counts for the scoring page: submitted entries, and how many have at least one submitted score.
 * In mode "z" they are the z ranking's own rows (every submitted entry, with its raw average): no
 * second walk of the summaries on the first load after a change
 * (docs/decisions/0063-ranking-first-load.md).
 */
export async function rankingCounts(
  contestId: string,
  mode: RankingMode = "raw",
  divisionId?: string,
) {
  if (mode === "z") {
    const rows = await zRankingOf(contestId, divisionId);
    let counts = zCounts.get(rows);
    if (!counts) {
      counts = { entries: rows.length, scored: rows.filter((r) => r.raw !== null).length };
      zCounts.set(rows, counts);
    }
    return counts;
  }
  // A count over every entry of the contest: kept per RankingVersion, as the rankings (ADR 0048).
  return countsCache(contestId, `${contestId}|${divisionId ?? ""}`, () =>
    rankingCountsRow(contestId, divisionId),
  );
}
/** The counts of a computed z ranking, by its rows. */
const zCounts = new WeakMap<object, { entries: number; scored: number }>();
const countsCache = versionedCache<Awaited<ReturnType<typeof rankingCountsRow>>>(32);

/** The writer's label and e-mail of some entries (one page of the ranking CSV). */
export async function entrantsOf(ids: string[]) {
  const rows = await writerFactRows(ids);
  return new Map(
    rows.map((r) => [r.id, { displayName: adminWriterLabel(r), email: r.entrant.email }]),
  );
}

/**
 * The whole ranking a page at a time, with each page's writers, for the CSV
 * (docs/decisions/0052-per-request-work.md): at most `pageSize` rows and their writers are held
 * at once (the z ranking's numbers are the per-version computation the pages share anyway). The
 * raw ranking is read in SQL pages of the summaries' index order, the ranks carried from page to
 * page as `ranking` gives them.
 */
export async function* rankingPages(
  contestId: string,
  mode: RankingMode,
  pageSize = 1000,
  divisionId?: string,
) {
  if (mode === "raw") {
    yield* rawRankingPages(contestId, pageSize, divisionId);
    return;
  }
  for (let skip = 0; ; skip += pageSize) {
    const rows = await ranking(contestId, { mode, take: pageSize, skip, divisionId });
    if (rows.length === 0) return;
    const entrants = await entrantsOf(rows.map((r) => r.id));
    yield rows.map((r) => ({ ...r, entrant: entrants.get(r.id) ?? null }));
    if (rows.length < pageSize) return;
  }
}

/**
 * The raw ranking for the CSV, page after page by a seek from the last row (no OFFSET: a deep
 * page costs what the first does, docs/decisions/0058-story-rows.md). Ranks as `ranking` gives
 * them: one more than the rows before, or the previous row's on an equal average.
 */
async function* rawRankingPages(contestId: string, pageSize: number, divisionId?: string) {
  let cursor: RawRankingCursor | null = null;
  let position = 0;
  let previous: RankingRow | null = null;
  for (;;) {
    const rows = await rawRankingAfter(contestId, cursor, pageSize, divisionId);
    if (rows.length === 0) return;
    const entrants = await entrantsOf(rows.map((r) => r.id));
    yield rows.map(({ cursor: _, ...r }) => {
      position++;
      const rank =
        r.average === null
          ? null
          : previous && previous.average === r.average
            ? previous.rank
            : position;
      const row: RankingRow = {
        ...r,
        raw: r.average,
        used: r.scored,
        rank,
        ...(divisionId === undefined ? {} : { divisionId }),
      };
      previous = row;
      return { ...row, entrant: entrants.get(r.id) ?? null };
    });
    if (rows.length < pageSize) return;
    cursor = rows[rows.length - 1]!.cursor;
  }
}

/** Entrant names of a contest's submitted entries (admins only: the CSV export). */
export async function entrantsForContest(contestId: string) {
  const rows = await prisma.submission.findMany({
    where: { contestId, status: "submitted" },
    select: { id: true, ...adminWriterSelect },
  });
  // A class entry's writer is the pupil, sent by the educator (docs/decisions/0031).
  return new Map(
    rows.map((r) => [r.id, { displayName: adminWriterLabel(r), email: r.entrant.email }]),
  );
}

export type Stage = { round: number; divisionId: string | null; mode?: RankingMode };

/** One round's rows for every division, computed once per RankingVersion and shared. */
function roundRows(contestId: string, round: number, mode: RankingMode) {
  return stageCache(contestId, `${contestId}|${round}|${mode}`, () =>
    roundRowsOf(contestId, round, mode),
  );
}
const stageCache = versionedCache<(StageRankingRow & { se?: number | null })[]>(16);

/**
 * A rubric round's rows (one SQL statement), or a comparison round's scale fitted from its choices
 * (docs/decisions/0056-comparison-rounds.md): the measure is the value ranked on, in both modes.
 */
async function roundRowsOf(
  contestId: string,
  round: number,
  mode: RankingMode,
): Promise<(StageRankingRow & { se?: number | null })[]> {
  const compared = await comparisonRound(contestId, round);
  if (compared) return comparisonStageRows(contestId, { id: compared.id, number: round });
  return stageRankingRows(contestId, { round, mode });
}

/**
 * The ranking of one stage (docs/decisions/0032-divisions-and-rounds.md): a round's entries in one
 * division (divisionId), or in every division (null), each ranked within its division. The whole
 * round is computed in one SQL statement (stageRankingRows) and kept per process while the
 * contest's RankingVersion is unchanged, as the z ranking is; a division is a filter of it. Rows
 * carry title, division and the round's assignment count.
 */
export async function stageRanking(contestId: string, stage: Stage): Promise<RankingRow[]> {
  const rows = await roundRows(contestId, stage.round, stage.mode ?? "raw");
  // A division's rows are cut once per computation and shared by the requests that follow
  // (docs/decisions/0062-ranking-at-scale.md): a request pays for its page, not for the round.
  // The array is shared: callers read it and never change it.
  let cuts = stageCuts.get(rows);
  if (!cuts) stageCuts.set(rows, (cuts = new Map()));
  const key = stage.divisionId ?? "";
  let cut = cuts.get(key);
  if (!cut) cuts.set(key, (cut = cutStage(rows, stage.divisionId)));
  return cut;
}

/** Computed rounds' rows cut by division (the rows, then the division's id or ""). */
const stageCuts = new WeakMap<object, Map<string, RankingRow[]>>();

function cutStage(
  rows: (StageRankingRow & { se?: number | null })[],
  divisionId: string | null,
): RankingRow[] {
  const chosen = divisionId ? rows.filter((r) => r.divisionId === divisionId) : rows;
  return chosen.map((r) => ({
    id: r.id,
    title: r.title,
    assigned: r.assigned,
    scored: r.scored,
    average: r.average,
    raw: r.raw,
    used: r.used,
    rank: r.rank,
    divisionId: r.divisionId,
    ...("se" in r ? { se: r.se } : {}),
  }));
}
