/**
 * A comparison round on the Scoring page (docs/decisions/0056-comparison-rounds.md): the ranking
 * by measure with each measure's standard error, the scale's reliability in words with the
 * comparisons made of those needed, and each judge's fit (a misfit said in words and an icon,
 * never colour alone). The route loads the figures.
 */
import { Link } from "@remix-run/react";
import { DataTable, EmptyState } from "~/components/ui/data-table";
import { formatMeasure } from "~/features/comparison/scale-words";

type Divisions = { id: string; name: string }[] | null;

type ComparisonSummary = {
  reliability: number;
  reliabilityWords: string;
  made: number;
  needed: number;
  perEntry: number;
  judges: {
    id: string;
    name: string;
    infit: number;
    count: number;
    misfit: boolean;
    words: string;
  }[];
};

/** The scale's reliability and the comparisons made, shown beside the ranking. */
export function ComparisonReliability({ summary }: { summary: ComparisonSummary }) {
  return (
    <div className="rounded-md border border-slate-200 p-4">
      <h3 className="font-semibold">Reliability of this ranking</h3>
      <p>{summary.reliabilityWords}</p>
      <p className="text-sm text-slate-600">
        {summary.made} of {summary.needed} comparisons made ({summary.perEntry} per entry). The
        reliability is the scale separation reliability: 1 means the order would come out the same
        with other judges, 0 that it is still chance.
      </p>
    </div>
  );
}

/** The round's ranking by measure: rank, entry, comparisons, measure and its standard error. */
export function ComparisonRankingTable({
  rows,
  divisions,
}: {
  rows: {
    id: string;
    rank: number | null;
    title: string;
    divisionId?: string | null;
    scored: number;
    average: number | null;
    se?: number | null;
  }[];
  divisions: Divisions;
}) {
  const byDivision = (divisions?.length ?? 0) > 0;
  const divisionName = (id: string | null | undefined) =>
    divisions?.find((d) => d.id === id)?.name ?? "";
  return (
    <DataTable
      columns={[
        "Rank",
        "Submission",
        byDivision && "Division",
        { label: "Comparisons", className: "py-2 pr-4 text-right" },
        { label: "Measure", className: "py-2 pr-4 text-right" },
        { label: "Standard error", className: "py-2 text-right" },
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
          {byDivision ? <td className="py-2 pr-4">{divisionName(r.divisionId)}</td> : null}
          <td className="py-2 pr-4 text-right tabular-nums">{r.scored}</td>
          <td className="py-2 pr-4 text-right tabular-nums">{formatMeasure(r.average)}</td>
          <td className="py-2 text-right tabular-nums">
            {r.se === null || r.se === undefined ? "—" : `± ${r.se.toFixed(2)}`}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

/** Each judge's fit to the panel's scale, worst first. */
export function JudgeFitTable({ judges }: { judges: ComparisonSummary["judges"] }) {
  return (
    <section aria-labelledby="judge-fit-heading" className="space-y-2">
      <h3 id="judge-fit-heading" className="font-semibold">
        Judges&apos; fit to the scale
      </h3>
      {judges.length === 0 ? (
        <EmptyState className="p-6">No judge has made a comparison yet.</EmptyState>
      ) : (
        <DataTable
          columns={[
            "Judge",
            { label: "Comparisons", className: "py-2 pr-4 text-right" },
            { label: "Infit", className: "py-2 pr-4 text-right" },
            "Fit",
          ]}
        >
          {judges.map((j) => (
            <tr key={j.id} className="border-b border-slate-100">
              <td className="py-2 pr-4">
                <bdi>{j.name}</bdi>
              </td>
              <td className="py-2 pr-4 text-right tabular-nums">{j.count}</td>
              <td className="py-2 pr-4 text-right tabular-nums">{j.infit.toFixed(2)}</td>
              <td className="py-2 pr-4">
                {j.misfit ? (
                  <span className="font-medium text-amber-900">
                    <span aria-hidden="true">⚠ </span>
                    {j.words}
                  </span>
                ) : (
                  j.words
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <p className="text-sm text-slate-600">
        Infit is about 1 or below when a judge&apos;s choices agree with the panel&apos;s scale as
        much as expected; a judge well above the panel&apos;s others is flagged.
      </p>
    </section>
  );
}
