import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import {
  DisagreementTable,
  RankingTable,
  SpreadControls,
} from "~/components/judging/scoring-overview";
import { EmptyState } from "~/components/ui/data-table";
import { Pager } from "~/components/ui/pager";
import { Button, buttonClass } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { SPREAD_DEFAULT } from "~/features/judging/spread";
import { judgeTotalsSpread } from "~/features/assignment/charts.server";
import { SpreadChart } from "~/components/charts/spread-chart";
import {
  ComparisonRankingTable,
  ComparisonReliability,
  JudgeFitTable,
} from "~/components/judging/comparison-scale";
import { scoringAction, scoringLoader } from "../../admin-scoring.server";

export const meta: MetaFunction = () => [{ title: "Scoring Overview · Inkwell" }];

/** The workspace's Scoring, formerly /admin/scoring?contest=; opens on the round being judged (ADR 0050). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const base = await scoringLoader(request, params.id ?? "");
  // The judges' spread when asked for (`?chart=judges`), so the ranking's own requests keep
  // their statement budget (docs/decisions/0057-charts.md).
  const asked = new URL(request.url).searchParams.get("chart") === "judges";
  const judgeSpread =
    base.contest && asked ? await judgeTotalsSpread(base.contest.id, base.stage?.round) : null;
  return { ...base, judgeSpread };
}

export function action({ request, params }: ActionFunctionArgs) {
  return scoringAction(request, params.id ?? "");
}

export default function ContestScoring() {
  const { contest, mode, page, pages, rows, counts, stage, spread, judgeSpread, comparison } =
    useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const divisions = stage?.divisions ?? null;
  const divisionName = (id: string | null | undefined) =>
    stage?.divisions.find((d) => d.id === id)?.name ?? "";
  const query = (extra: Record<string, string>) => {
    const params = new URLSearchParams({
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
  // The CSV is site-wide and names its contest.
  const exportQuery = (extra: Record<string, string>) =>
    `?contest=${encodeURIComponent(contest?.id ?? "")}&${query(extra).slice(1)}`;

  return (
    <div className="space-y-6">
      <h1 className="font-serif text-3xl font-bold">Scoring Overview</h1>
      {contest && judgeSpread ? (
        <SpreadChart panel={judgeSpread.panel} judges={judgeSpread.judges} />
      ) : contest && !comparison ? (
        <p>
          <Link to={query({ chart: "judges" })} className="text-ink-700 underline">
            Show each judge&apos;s totals beside the panel&apos;s
          </Link>
        </p>
      ) : null}
      {contest && stage ? (
        <Form method="get" className="flex flex-wrap items-end gap-4">
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
        <EmptyState className="p-8">
          {comparison ? "No comparisons made yet" : "No scores submitted yet"}
        </EmptyState>
      ) : (
        <section aria-labelledby="ranking-heading" className="space-y-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="ranking-heading" className="text-xl font-semibold">
              {contest.title}
              {stage
                ? `, ${stage.divisionId ? divisionName(stage.divisionId) : "all divisions"}, round ${stage.round}`
                : ""}
              : {counts.scored} of {counts.entries} entries {comparison ? "compared" : "scored"}
            </h2>
            <div className="flex flex-wrap gap-2">
              {comparison ? null : (
                <nav
                  aria-label="Average"
                  className="flex gap-1 rounded-md bg-slate-100 p-1 text-sm"
                >
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
                      mode === "z"
                        ? "rounded bg-white px-3 py-1 shadow"
                        : "px-3 py-1 text-slate-700"
                    }
                  >
                    Z-score normalised
                  </Link>
                </nav>
              )}
              <a
                href={`/admin/scoring/export${exportQuery({})}`}
                className={buttonClass({ variant: "outline", size: "sm" }, "h-auto py-2")}
                download
              >
                Export CSV
              </a>
              {stage && stage.divisions.length > 1 ? (
                <a
                  href={`/admin/scoring/export${exportQuery({ division: "all" })}`}
                  className={buttonClass({ variant: "outline", size: "sm" }, "h-auto py-2")}
                  download
                >
                  Export CSV (all divisions)
                </a>
              ) : null}
            </div>
          </div>
          {comparison ? (
            <>
              <ComparisonReliability summary={comparison} />
              <ComparisonRankingTable rows={rows} divisions={divisions} />
              <p className="text-sm text-slate-600">
                Judged by comparison: each entry&apos;s measure (in logits) comes from the
                judges&apos; choices between pairs, with its standard error; a higher measure is a
                stronger piece. Entries not yet compared are listed last, unranked.
              </p>
              <Pager page={page} pageCount={pages} label="Ranking" />
              <JudgeFitTable judges={comparison.judges} />
            </>
          ) : null}
          {comparison ? null : mode === "z" ? (
            <p className="text-sm text-slate-600">
              Each judge&apos;s totals are standardised (their mean becomes 0 and their spread 1)
              before averaging, so a harsh or generous judge does not decide the order. Only a judge
              with at least two submitted scores in this contest that are not all equal can be
              standardised; other scores are left out of the normalised average. &ldquo;Scores
              used&rdquo; says how many each normalised average rests on; an entry with none has no
              normalised average and is not ranked here.
            </p>
          ) : null}
          {comparison ? null : (
            <>
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
                Judges shows scores submitted / judges assigned. Entries without a submitted score
                are listed last, unranked.
              </p>
              <Pager page={page} pageCount={pages} label="Ranking" />
            </>
          )}
        </section>
      )}
    </div>
  );
}
