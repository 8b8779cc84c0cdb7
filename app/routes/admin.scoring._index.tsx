import { parseWithZod } from "@conform-to/zod";
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { SPREAD_DEFAULT, spreadPercentSchema } from "~/features/judging/spread";
import { disagreements, setSpreadPercent } from "~/features/judging/spread.server";
import { readForm } from "~/utils/form-body.server";
import { judgeTotalsSpread } from "~/features/judging/charts.server";
import { SpreadChart } from "~/components/charts/spread-chart";
import { notFound } from "~/utils/responses";
import { redirectWithToast } from "~/utils/toast.server";
import { ContestPickerForm } from "~/components/contests/contest-picker";
import {
  DisagreementTable,
  RankingTable,
  SpreadControls,
} from "~/components/judging/scoring-overview";
import { EmptyState } from "~/components/ui/data-table";
import { Pager } from "~/components/ui/pager";
import { pageCount, pageParam } from "~/utils/paging";
import { Button, buttonClass } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { requireAdmin } from "~/features/accounts/auth.server";
import { findContest } from "~/features/judging/assignments.server";
import {
  ranking,
  rankingCounts,
  type RankingMode,
  RANKING_PAGE_SIZE,
} from "~/features/judging/ranking.server";
import { contestOptions } from "~/features/contests/contest-admin.server";
import {
  contestStage,
  pickStage,
  stageRankingWithDivisions,
} from "~/features/results/stage.server";

export const meta: MetaFunction = () => [{ title: "Scoring Overview · Inkwell" }];

/**
 * The ranking, and the judges' spread when asked for (`?chart=judges`): asked for, so the
 * ranking's own requests keep their statement budget (docs/decisions/0057-charts.md).
 */
export async function loader(args: LoaderFunctionArgs) {
  const base = await rankingLoader(args);
  const asked = new URL(args.request.url).searchParams.get("chart") === "judges";
  const judgeSpread =
    base.contest && asked ? await judgeTotalsSpread(base.contest.id, base.stage?.round) : null;
  return { ...base, judgeSpread };
}

async function rankingLoader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const page = pageParam(url);
  const mode: RankingMode = url.searchParams.get("normalize") === "z" ? "z" : "raw";
  const disagree = url.searchParams.get("disagree") === "1";
  const [contests, contest] = await Promise.all([
    contestOptions(),
    findContest(url.searchParams.get("contest")),
  ]);
  if (!contest)
    return {
      contests,
      contest: null,
      mode,
      page,
      pages: 1,
      rows: [],
      counts: { entries: 0, scored: 0 },
      stage: null,
      spread: null,
    };
  const shown = { id: contest.id, title: contest.title };
  const stage = await contestStage(contest.id);
  if (stage.staged) {
    // A contest with divisions or rounds: one round in one division, ranked within it; the
    // round being judged by default (docs/decisions/0032-divisions-and-rounds.md, 0045). The
    // stage's ranking is one statement (cached by version), paged here.
    const pick = pickStage(stage, url.searchParams, { now: new Date() });
    const all = await stageRankingWithDivisions(contest.id, stage, { ...pick, mode });
    const rows = all.slice((page - 1) * RANKING_PAGE_SIZE, page * RANKING_PAGE_SIZE);
    const counts = { entries: all.length, scored: all.filter((r) => r.scored > 0).length };
    const spread = await disagreements(
      contest.id,
      pick.round,
      pick.divisionId,
      rows,
      disagree,
      page,
    );
    return {
      contests,
      contest: shown,
      mode,
      page,
      pages: pageCount(disagree ? spread.total : counts.entries, RANKING_PAGE_SIZE),
      rows,
      counts,
      spread,
      stage: {
        round: pick.round,
        divisionId: pick.divisionId,
        finalRound: stage.finalRound,
        rounds: stage.rounds,
        divisions: stage.divisions,
      },
    };
  }
  const [rows, counts] = await Promise.all([
    ranking(contest.id, { mode, take: RANKING_PAGE_SIZE, skip: (page - 1) * RANKING_PAGE_SIZE }),
    rankingCounts(contest.id),
  ]);
  const spread = await disagreements(contest.id, 1, null, rows, disagree, page);
  const pages = pageCount(disagree ? spread.total : counts.entries, RANKING_PAGE_SIZE);
  return { contests, contest: shown, mode, page, pages, rows, counts, stage: null, spread };
}

const thresholdSchema = spreadPercentSchema.extend({ contestId: z.string().min(1).max(64) });

/** The contest's spread threshold, set from this page (docs/decisions/0033-judging-panel.md). */
export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const submission = parseWithZod(await readForm(request), { schema: thresholdSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const contest = await findContest(submission.value.contestId);
  if (!contest) throw notFound();
  await setSpreadPercent(contest.id, submission.value.spreadPercent);
  return redirectWithToast(`/admin/scoring?contest=${contest.id}`, {
    type: "success",
    title: "Threshold saved",
    description: `Entries whose judges' totals spread by more than ${submission.value.spreadPercent}% of the scale are flagged.`,
  });
}

export default function ScoringOverview() {
  const { contests, contest, mode, page, pages, rows, counts, stage, spread, judgeSpread } =
    useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const divisions = stage?.divisions ?? null;
  const divisionName = (id: string | null | undefined) =>
    stage?.divisions.find((d) => d.id === id)?.name ?? "";
  const query = (extra: Record<string, string>) => {
    const params = new URLSearchParams({
      contest: contest?.id ?? "",
      ...(mode === "z" ? { normalize: "z" } : {}),
      ...(stage ? { round: String(stage.round) } : {}),
      ...(stage?.divisionId ? { division: stage.divisionId } : {}),
      ...(spread?.only ? { disagree: "1" } : {}),
      ...extra,
    });
    if (params.get("normalize") === "raw") params.delete("normalize");
    if (params.get("disagree") === "0") params.delete("disagree");
    return `?${params}`;
  };

  return (
    <div className="space-y-6">
      <h1 className="font-serif text-3xl font-bold">Scoring Overview</h1>
      <ContestPickerForm
        id="scoring-contest"
        label="Contest"
        contests={contests}
        defaultValue={contest?.id}
        emptyLabel="Select a contest…"
        className="min-w-72"
      >
        {mode === "z" ? <input type="hidden" name="normalize" value="z" /> : null}
      </ContestPickerForm>
      {contest && judgeSpread ? (
        <SpreadChart panel={judgeSpread.panel} judges={judgeSpread.judges} />
      ) : contest ? (
        <p>
          <Link to={query({ chart: "judges" })} className="text-ink-700 underline">
            Show each judge&apos;s totals beside the panel&apos;s
          </Link>
        </p>
      ) : null}

      {contest && stage ? (
        <Form method="get" className="flex flex-wrap items-end gap-4">
          <input type="hidden" name="contest" value={contest.id} />
          {mode === "z" ? <input type="hidden" name="normalize" value="z" /> : null}
          <div className="space-y-1">
            <label htmlFor="scoring-division" className="block text-sm font-medium text-slate-800">
              Division
            </label>
            <select
              id="scoring-division"
              name="division"
              defaultValue={stage.divisionId ?? ""}
              className={inputClass}
            >
              {stage.divisions.length === 0 ? <option value="">All divisions</option> : null}
              {stage.divisions.map((d) => (
                <option key={d.id} value={d.id}>
                  {d.name}
                </option>
              ))}
            </select>
          </div>
          <div className="space-y-1">
            <label htmlFor="scoring-round" className="block text-sm font-medium text-slate-800">
              Round
            </label>
            <select
              id="scoring-round"
              name="round"
              key={stage.round}
              defaultValue={String(stage.round)}
              className={inputClass}
            >
              {stage.rounds.map((r) => (
                <option key={r.number} value={String(r.number)}>
                  {`Round ${r.number}: ${r.name}${r.number === stage.finalRound ? " (final)" : ""}`}
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" variant="outline">
            Show ranking
          </Button>
        </Form>
      ) : null}

      {!contest ? (
        <p className="text-slate-600">Select a contest to see its ranking.</p>
      ) : counts.scored === 0 ? (
        <EmptyState className="p-8">No scores submitted yet</EmptyState>
      ) : (
        <section aria-labelledby="ranking-heading" className="space-y-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="ranking-heading" className="text-xl font-semibold">
              {contest.title}
              {stage
                ? `, ${stage.divisionId ? divisionName(stage.divisionId) : "all divisions"}, round ${stage.round}`
                : ""}
              : {counts.scored} of {counts.entries} entries scored
            </h2>
            <div className="flex flex-wrap gap-2">
              <nav aria-label="Average" className="flex gap-1 rounded-md bg-slate-100 p-1 text-sm">
                <Link
                  to={query({ normalize: "raw", page: "1" })}
                  aria-current={mode === "raw" ? "page" : undefined}
                  className={
                    mode === "raw"
                      ? "rounded bg-white px-3 py-1 shadow"
                      : "px-3 py-1 text-slate-700"
                  }
                >
                  Raw averages
                </Link>
                <Link
                  to={query({ normalize: "z", page: "1" })}
                  aria-current={mode === "z" ? "page" : undefined}
                  className={
                    mode === "z" ? "rounded bg-white px-3 py-1 shadow" : "px-3 py-1 text-slate-700"
                  }
                >
                  Z-score normalised
                </Link>
              </nav>
              <a
                href={`/admin/scoring/export${query({})}`}
                className={buttonClass({ variant: "outline", size: "sm" }, "h-auto py-2")}
                download
              >
                Export CSV
              </a>
              {stage && stage.divisions.length > 1 ? (
                <a
                  href={`/admin/scoring/export${query({ division: "all" })}`}
                  className={buttonClass({ variant: "outline", size: "sm" }, "h-auto py-2")}
                  download
                >
                  Export CSV (all divisions)
                </a>
              ) : null}
            </div>
          </div>
          {mode === "z" ? (
            <p className="text-sm text-slate-600">
              Each judge&apos;s totals are standardised (their mean becomes 0 and their spread 1)
              before averaging, so a harsh or generous judge does not decide the order. Only a judge
              with at least two submitted scores in this contest that are not all equal can be
              standardised; other scores are left out of the normalised average. &ldquo;Scores
              used&rdquo; says how many each normalised average rests on; an entry with none has no
              normalised average and is not ranked here.
            </p>
          ) : null}
          <SpreadControls
            contestId={contest.id}
            percent={spread?.percent ?? SPREAD_DEFAULT}
            total={spread?.total ?? 0}
            only={spread?.only ?? false}
            allHref={query({ disagree: "0", page: "1" })}
            onlyHref={query({ disagree: "1", page: "1" })}
            lastResult={lastResult}
          />
          {spread?.only ? (
            <DisagreementTable list={spread.list} divisions={divisions} />
          ) : (
            <RankingTable rows={rows} mode={mode} flags={spread?.flags} divisions={divisions} />
          )}
          <p className="text-sm text-slate-600">
            Judges shows scores submitted / judges assigned. Entries without a submitted score are
            listed last, unranked.
          </p>
          <Pager page={page} pageCount={pages} label="Ranking" />
        </section>
      )}
    </div>
  );
}
