/**
 * The Scoring Overview's parts (/admin/scoring): the ranking table, the list of disagreements
 * (docs/decisions/0033-judging-panel.md) and the spread threshold with its "Only disagreements"
 * filter. The route loads the rows and saves the threshold.
 */
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, Link } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { DataTable, EmptyState } from "~/components/ui/data-table";
import { Field } from "~/components/ui/field";
import { spreadPercentSchema } from "~/features/judging/spread";
import { formatScore } from "~/features/judging/scoring";

/** The stage's divisions (null for a contest without divisions or rounds). */
type Divisions = { id: string; name: string }[] | null;

const divisionNameIn = (divisions: Divisions) => (id: string | null | undefined) =>
  divisions?.find((d) => d.id === id)?.name ?? "";

/** "Only disagreements": the flagged entries of the round, most disagreement first. */
export function DisagreementTable({
  list,
  divisions,
}: {
  list: {
    id: string;
    title: string;
    divisionId: string | null;
    scored: number;
    assigned: number;
    average: number | null;
    label: string;
  }[];
  divisions: Divisions;
}) {
  const divisionName = divisionNameIn(divisions);
  const byDivision = (divisions?.length ?? 0) > 0;
  return list.length === 0 ? (
    <EmptyState className="p-6">No entry has judges who disagree that much.</EmptyState>
  ) : (
    <DataTable
      columns={[
        "Submission",
        byDivision && "Division",
        "Judges",
        { label: "Average Score", className: "py-2 pr-4 text-right" },
        "Disagreement",
      ]}
    >
      {list.map((r) => (
        <tr key={r.id} className="border-b border-slate-100">
          <td className="py-2 pr-4">
            <Link to={`/admin/scoring/${r.id}`} className="text-ink-700 underline">
              {r.title}
            </Link>
          </td>
          {byDivision ? <td className="py-2 pr-4">{divisionName(r.divisionId)}</td> : null}
          <td className="py-2 pr-4">
            {r.scored} / {r.assigned}
          </td>
          <td className="py-2 pr-4 text-right tabular-nums">{formatScore(r.average)}</td>
          <td className="py-2 pr-4">
            <SpreadFlag label={r.label} />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

/** The round's ranking: rank, entry (with its disagreement flag), judges, averages. */
export function RankingTable({
  rows,
  mode,
  flags,
  divisions,
}: {
  rows: {
    id: string;
    rank: number | null;
    title: string;
    divisionId?: string | null;
    scored: number;
    assigned: number;
    average: number | null;
    used?: number;
    raw?: number | null;
  }[];
  mode: "raw" | "z";
  flags: Record<string, string> | undefined;
  divisions: Divisions;
}) {
  const divisionName = divisionNameIn(divisions);
  const byDivision = (divisions?.length ?? 0) > 0;
  return (
    <DataTable
      columns={[
        "Rank",
        "Submission",
        byDivision && "Division",
        "Judges",
        {
          label: mode === "z" ? "Normalised Score" : "Average Score",
          className: "py-2 pr-4 text-right",
        },
        mode === "z" && { label: "Scores used", className: "py-2 pr-4 text-right" },
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
            {flags?.[r.id] ? <SpreadFlag label={flags[r.id]!} /> : null}
          </td>
          {byDivision ? <td className="py-2 pr-4">{divisionName(r.divisionId)}</td> : null}
          <td className="py-2 pr-4">
            {r.scored} / {r.assigned}
          </td>
          <td className="py-2 pr-4 text-right tabular-nums">
            {mode === "z" && r.average === null && r.scored > 0
              ? "— (no standardised score)"
              : formatScore(r.average)}
          </td>
          {mode === "z" ? (
            <>
              <td className="py-2 pr-4 text-right tabular-nums">
                {r.used} of {r.scored}
              </td>
              <td className="py-2 text-right tabular-nums">{formatScore(r.raw)}</td>
            </>
          ) : null}
        </tr>
      ))}
    </DataTable>
  );
}

/** A disagreement flag: an icon and words, never colour alone. */
export function SpreadFlag({ label }: { label: string }) {
  return (
    <span className="mt-1 block text-sm font-medium text-amber-900">
      <span aria-hidden="true">⚠ </span>
      {label}
    </span>
  );
}

/** The contest's spread threshold and the "Only disagreements" filter. */
export function SpreadControls({
  contestId,
  percent,
  total,
  only,
  allHref,
  onlyHref,
  lastResult,
}: {
  contestId: string;
  percent: number;
  total: number;
  only: boolean;
  allHref: string;
  onlyHref: string;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const [form, fields] = useForm({
    id: `spread-${contestId}`,
    lastResult,
    defaultValue: { spreadPercent: String(percent) },
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: spreadPercentSchema.passthrough() }),
    shouldValidate: "onBlur",
  });
  return (
    <div className="flex flex-wrap items-end justify-between gap-4 rounded-md border border-slate-200 p-4">
      <nav aria-label="Disagreements" className="flex gap-1 rounded-md bg-slate-100 p-1 text-sm">
        <Link
          to={allHref}
          aria-current={only ? undefined : "page"}
          className={only ? "px-3 py-1 text-slate-700" : "rounded bg-white px-3 py-1 shadow"}
        >
          All entries
        </Link>
        <Link
          to={onlyHref}
          aria-current={only ? "page" : undefined}
          className={only ? "rounded bg-white px-3 py-1 shadow" : "px-3 py-1 text-slate-700"}
        >
          Only disagreements ({total})
        </Link>
      </nav>
      <Form method="post" {...getFormProps(form)} className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="intent" value="spread" />
        <input type="hidden" name="contestId" value={contestId} />
        <Field
          label="Flag when judges' totals differ by more than (% of the scale)"
          {...getInputProps(fields.spreadPercent, { type: "number" })}
          key={fields.spreadPercent.key}
          min={1}
          max={100}
          step={1}
          className="w-full max-w-96"
          errors={fields.spreadPercent.errors}
        />
        <Button type="submit" variant="outline">
          Save threshold
        </Button>
      </Form>
    </div>
  );
}
