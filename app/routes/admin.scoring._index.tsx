import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ContestPickerForm } from "~/components/contests/contest-picker";
import { DataTable, EmptyState } from "~/components/ui/data-table";
import { Pager } from "~/components/ui/pager";
import { pageCount, pageParam } from "~/utils/paging";
import { buttonClass } from "~/components/ui/button";
import { requireAdmin } from "~/features/accounts/auth.server";
import { findContest } from "~/features/judging/assignments.server";
import {
  ranking,
  rankingCounts,
  type RankingMode,
  RANKING_PAGE_SIZE,
} from "~/features/judging/ranking.server";
import { contestOptions } from "~/features/contests/contest-admin.server";
import { formatScore } from "~/features/judging/scoring";

export const meta: MetaFunction = () => [{ title: "Scoring Overview · Inkwell" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const page = pageParam(url);
  const mode: RankingMode = url.searchParams.get("normalize") === "z" ? "z" : "raw";
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
    };
  const [rows, counts] = await Promise.all([
    ranking(contest.id, { mode, take: RANKING_PAGE_SIZE, skip: (page - 1) * RANKING_PAGE_SIZE }),
    rankingCounts(contest.id),
  ]);
  const pages = pageCount(counts.entries, RANKING_PAGE_SIZE);
  const shown = { id: contest.id, title: contest.title };
  return { contests, contest: shown, mode, page, pages, rows, counts };
}

export default function ScoringOverview() {
  const { contests, contest, mode, page, pages, rows, counts } = useLoaderData<typeof loader>();
  const query = (extra: Record<string, string>) => {
    const params = new URLSearchParams({
      contest: contest?.id ?? "",
      ...(mode === "z" ? { normalize: "z" } : {}),
      ...extra,
    });
    if (params.get("normalize") === "raw") params.delete("normalize");
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

      {!contest ? (
        <p className="text-slate-600">Select a contest to see its ranking.</p>
      ) : counts.scored === 0 ? (
        <EmptyState className="p-8">No scores submitted yet</EmptyState>
      ) : (
        <section aria-labelledby="ranking-heading" className="space-y-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="ranking-heading" className="text-xl font-semibold">
              {contest.title}: {counts.scored} of {counts.entries} entries scored
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
            </div>
          </div>
          {mode === "z" ? (
            <p className="text-sm text-slate-600">
              Each judge&apos;s totals are standardised (their mean becomes 0 and their spread 1)
              before averaging, so a harsh or generous judge does not decide the order. A judge with
              fewer than two scores or identical scores keeps raw totals.
            </p>
          ) : null}
          <DataTable
            columns={[
              "Rank",
              "Submission",
              "Judges",
              {
                label: mode === "z" ? "Normalised Score" : "Average Score",
                className: "py-2 pr-4 text-right",
              },
              mode === "z" && { label: "Average Score (raw)", className: "py-2 text-right" },
            ]}
          >
            {rows.map((r) => (
              <tr key={r.id} className="border-b border-slate-100">
                <td className="py-2 pr-4 font-semibold">{r.rank ?? "—"}</td>
                <td className="py-2 pr-4">
                  <Link to={`/admin/scoring/${r.id}`} className="text-ink-700 underline">
                    {r.title}
                  </Link>
                </td>
                <td className="py-2 pr-4">
                  {r.scored} / {r.assigned}
                </td>
                <td className="py-2 pr-4 text-right tabular-nums">{formatScore(r.average)}</td>
                {mode === "z" ? (
                  <td className="py-2 text-right tabular-nums">{formatScore(r.raw)}</td>
                ) : null}
              </tr>
            ))}
          </DataTable>
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
