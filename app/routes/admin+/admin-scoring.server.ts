import { parseWithZod } from "@conform-to/zod";
/**
 * The Scoring page of a contest's workspace (docs/decisions/0050-contest-workspace.md), moved
 * from /admin/scoring: its data (opening on the round being judged) and the threshold post.
 * Not a route: vite.config.ts ignores `*.server` files here.
 */
import { data } from "@remix-run/node";
import { z } from "zod";
import { spreadPercentSchema } from "~/features/judging/spread";
import { disagreements, setSpreadPercent } from "~/features/judging/spread.server";
import { readForm } from "~/utils/form-body.server";
import { notFound } from "~/utils/responses";
import { redirectWithToast } from "~/utils/toast.server";
import { pageCount, pageParam } from "~/utils/paging";
import { comparisonScales } from "~/features/comparison/scale.server";
import { comparisonLoad } from "~/features/comparison/desk";
import { judgeFitWords, reliabilityWords } from "~/features/comparison/scale-words";
import { requireAdmin } from "~/features/accounts/auth.server";
import { findContest } from "~/features/assignment/auto-assign.server";
import { divisionPage } from "~/features/judging/division-ranking.server";
import {
  ranking,
  rankingCounts,
  type RankingMode,
  RANKING_PAGE_SIZE,
} from "~/features/judging/ranking.server";
import {
  contestStage,
  pickStage,
  stageRankingWithDivisions,
} from "~/features/results/stage.server";

export async function scoringLoader(request: Request, contestId: string) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const page = pageParam(url);
  const mode: RankingMode = url.searchParams.get("normalize") === "z" ? "z" : "raw";
  const disagree = url.searchParams.get("disagree") === "1";
  const contest = await findContest(contestId);
  if (!contest)
    return {
      contest: null,
      mode,
      page,
      pages: 1,
      rows: [],
      counts: { entries: 0, scored: 0 },
      stage: null,
      spread: null,
      comparison: null,
    };
  const shown = { id: contest.id, title: contest.title };
  const stage = await contestStage(contest.id);
  if (stage.staged) {
    // A contest with divisions or rounds: one round in one division, ranked within it; the
    // round being judged by default (docs/decisions/0032-divisions-and-rounds.md, 0045). The
    // stage's ranking is one statement (cached by version), paged here.
    const pick = pickStage(stage, url.searchParams, { now: new Date() });
    const planned = stage.rounds.find((r) => r.number === pick.round);
    // Round 1's ranking of one division (or of a contest without divisions) is read as the
    // unstaged contest's is, when the summaries are the round's: raw a page at a time, z cut from
    // the contest's z ranking (docs/decisions/0068-division-ranking.md,
    // 0074-division-z-ranking.md); otherwise the round is computed.
    const summarised =
      pick.round === 1 &&
      planned?.method !== "comparison" &&
      (pick.divisionId !== null || stage.divisions.length === 0)
        ? await divisionPage(contest.id, pick.divisionId ?? undefined, mode, {
            take: RANKING_PAGE_SIZE,
            skip: (page - 1) * RANKING_PAGE_SIZE,
          })
        : null;
    const all = summarised
      ? null
      : await stageRankingWithDivisions(contest.id, stage, { ...pick, mode });
    const names = new Map(stage.divisions.map((d) => [d.id, d.name]));
    const rows = summarised
      ? summarised.rows.map((r) => ({
          ...r,
          divisionId: r.divisionId ?? null,
          division: r.divisionId ? (names.get(r.divisionId) ?? "") : "",
        }))
      : all!.slice((page - 1) * RANKING_PAGE_SIZE, page * RANKING_PAGE_SIZE);
    const counts = summarised
      ? summarised.counts
      : { entries: all!.length, scored: all!.filter((r) => r.scored > 0).length };
    const stageShown = {
      round: pick.round,
      divisionId: pick.divisionId,
      finalRound: stage.finalRound,
      rounds: stage.rounds,
      divisions: stage.divisions,
    };
    if (all && planned?.method === "comparison" && planned.id) {
      // A comparison round: measures and their SE, the scale's reliability and each judge's fit
      // in place of averages and disagreements (docs/decisions/0056-comparison-rounds.md).
      const comparison = await comparisonSummary(
        contest.id,
        { id: planned.id, number: pick.round, perEntry: planned.comparisonsPerEntry ?? 10 },
        pick.divisionId,
        all.length,
      );
      return {
        contest: shown,
        mode,
        page,
        pages: pageCount(counts.entries, RANKING_PAGE_SIZE),
        rows,
        counts,
        spread: null,
        stage: stageShown,
        comparison,
      };
    }
    const spread = await disagreements(
      contest.id,
      pick.round,
      pick.divisionId,
      rows,
      disagree,
      page,
    );
    return {
      contest: shown,
      mode,
      page,
      pages: pageCount(disagree ? spread.total : counts.entries, RANKING_PAGE_SIZE),
      rows,
      counts,
      spread,
      stage: stageShown,
      comparison: null,
    };
  }
  const [rows, counts] = await Promise.all([
    ranking(contest.id, { mode, take: RANKING_PAGE_SIZE, skip: (page - 1) * RANKING_PAGE_SIZE }),
    rankingCounts(contest.id, mode),
  ]);
  const spread = await disagreements(contest.id, 1, null, rows, disagree, page);
  const pages = pageCount(disagree ? spread.total : counts.entries, RANKING_PAGE_SIZE);
  return { contest: shown, mode, page, pages, rows, counts, stage: null, spread, comparison: null };
}

/**
 * A comparison round's scale in one division (or the round's one scale without divisions): its
 * reliability, the comparisons made of those the round asks for (entries × per entry ÷ 2), and
 * each judge's fit, worst first.
 */
async function comparisonSummary(
  contestId: string,
  round: { id: string; number: number; perEntry: number },
  divisionId: string | null,
  entries: number,
) {
  const scales = await comparisonScales(contestId, round);
  const scale = scales.find((s) => s.divisionId === divisionId);
  const comparisons = scale?.comparisons ?? 0;
  return {
    reliability: scale?.reliability ?? 0,
    reliabilityWords: reliabilityWords(scale?.reliability ?? 0, comparisons),
    made: comparisons,
    needed: comparisonLoad(entries, round.perEntry, 1).comparisons,
    perEntry: round.perEntry,
    judges: (scale?.judges ?? []).map((j) => ({
      id: j.judgeId,
      name: j.name,
      infit: j.infit,
      count: j.count,
      misfit: j.misfit,
      words: judgeFitWords(j),
    })),
  };
}

const thresholdSchema = spreadPercentSchema.extend({ contestId: z.string().min(1).max(64) });

/** The contest's spread threshold, set from this page (docs/decisions/0033-judging-panel.md). */
export async function scoringAction(request: Request, contestId?: string) {
  await requireAdmin(request);
  const form = await readForm(request);
  if (contestId) form.set("contestId", contestId);
  const submission = parseWithZod(form, { schema: thresholdSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const contest = await findContest(submission.value.contestId);
  if (!contest) throw notFound();
  await setSpreadPercent(contest.id, submission.value.spreadPercent);
  return redirectWithToast(`/admin/contests/${contest.id}/scoring`, {
    type: "success",
    title: "Threshold saved",
    description: `Entries whose judges' totals spread by more than ${submission.value.spreadPercent}% of the scale are flagged.`,
  });
}
