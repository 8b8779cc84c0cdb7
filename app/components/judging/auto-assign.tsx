/**
 * The parts of /admin/assign: the auto-assign card (judges per entry, Pre-Assign, Auto-Assign,
 * and the entries that could not have their judges, docs/decisions/0033-judging-panel.md), the
 * judges who stepped back, and the current assignments with their search. The route loads the
 * rows and runs the changes.
 */
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import {
  AssignmentsTable,
  type AssignmentRow,
  type ContestWideRow,
} from "~/components/judging/assignment-control";
import { Button } from "~/components/ui/button";
import { DESK_RECUSAL_NOTE } from "~/features/panel/panel-rules";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { EmptyState } from "~/components/ui/data-table";
import { Field, inputClass } from "~/components/ui/field";
import { Pager } from "~/components/ui/pager";

/** Auto-assign for the chosen contest (or the empty card before one is chosen). */
export function AutoAssignCard({
  contest,
  round,
  lastResult,
  resetKey,
  busy,
  short,
  shortError,
}: {
  contest: { id: string; title: string; judgesPerSubmission: number } | null;
  round: { number: number; name: string } | null;
  lastResult: SubmissionResult<string[]> | undefined;
  resetKey: string | number;
  busy: boolean;
  short: { submissionId: string; title: string; reason: string }[] | undefined;
  shortError: string | undefined;
}) {
  const [form, fields] = useForm({ id: `assign-${resetKey}`, lastResult });
  return (
    <Card>
      <CardHeader>
        <CardTitle>{contest ? `Assign judges to ${contest.title}` : "Assign judges"}</CardTitle>
        <p className="text-sm text-slate-600">
          Auto-assign gives each submitted entry its judges from this contest&apos;s{" "}
          {contest ? (
            <Link to={`/admin/contests/${contest.id}/panel`} className="underline">
              judging panel
            </Link>
          ) : (
            "judging panel"
          )}{" "}
          (only judges who accepted), within each judge&apos;s limit and divisions, never a judge
          with a conflict of interest and never their own entry, spreading the work evenly. Every
          entry must get its full number of judges: if one cannot, nothing is written and the
          entries are listed with the reason. &apos;Pre-Assign All Judges&apos; invites every site
          judge to the panel; those who accept are listed below as contest-wide. Nothing is assigned
          once judging has closed; running it again only fills gaps.
        </p>
        {round ? (
          <p className="text-sm font-medium text-slate-800" data-testid="assign-round">
            This contest is judged in rounds. Auto-assign gives judges to round {round.number} (
            {round.name}) now: only its entries, only its judges, and never an entry a judge had in
            an earlier round.
          </p>
        ) : null}
      </CardHeader>
      <CardContent>
        <Form
          method="post"
          {...getFormProps(form)}
          key={`${resetKey}-${contest?.id ?? ""}`}
          className="flex flex-wrap items-end gap-3"
        >
          <input type="hidden" name="contestId" value={contest?.id ?? ""} />
          <Field
            label="Judges per Submission"
            className="w-48"
            errors={fields.judgesPerSubmission.errors}
            {...getInputProps(fields.judgesPerSubmission, { type: "number" })}
            min={1}
            step={1}
            defaultValue={
              (fields.judgesPerSubmission.initialValue as string | undefined) ??
              String(contest?.judgesPerSubmission ?? 3)
            }
          />
          <Button type="submit" name="intent" value="preassign" variant="secondary" disabled={busy}>
            Pre-Assign All Judges
          </Button>
          <Button type="submit" name="intent" value="autoassign" disabled={busy}>
            Auto-Assign to Submissions
          </Button>
        </Form>
        {short ? (
          <div role="alert" className="mt-4 text-sm text-red-800" data-testid="assign-short">
            <p className="font-medium">{shortError}</p>
            <ul className="mt-2 list-disc pl-5">
              {short.map((s) => (
                <li key={s.submissionId}>
                  “{s.title}” {s.reason}.
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** Judges who stepped back from an entry, newest first (docs/decisions/0033-judging-panel.md). */
export function RecusalList({
  recusals,
}: {
  recusals: {
    id: string;
    title: string;
    judge: string;
    reason: string;
    replacement: string | null;
    /** A step back at the comparison desk (ADR 0056): nobody takes a judge's place there. */
    atComparisonDesk?: boolean;
    at: string;
  }[];
}) {
  return (
    <section aria-labelledby="recusals-heading">
      <h2 id="recusals-heading" className="text-xl font-semibold">
        Judges who stepped back ({recusals.length})
      </h2>
      <ul className="mt-3 space-y-2 text-sm">
        {recusals.map((r) => (
          <li key={r.id} className="rounded border border-slate-200 p-3">
            <span className="font-medium">{r.judge}</span> stepped back from “{r.title}” ({r.reason}
            ) on {r.at}.{" "}
            {r.replacement
              ? `${r.replacement} was assigned instead.`
              : r.atComparisonDesk
                ? DESK_RECUSAL_NOTE
                : "No other judge could take it: add one below."}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The contest's current assignments: search by title, the table, the pager. */
export function AssignmentsSection({
  contestId,
  rows,
  contestWide,
  total,
  q,
  page,
  pages,
  view,
  link,
  busy,
}: {
  contestId: string;
  rows: AssignmentRow[];
  /** The panel's accepted judges ("Contest-wide", "Pre-assigned"); shown unsearched on page 1. */
  contestWide: ContestWideRow[];
  total: number;
  q: string;
  page: number;
  pages: number;
  view: { q: string; page: number };
  link: (set: Record<string, string>) => string;
  busy: boolean;
}) {
  return (
    <section aria-labelledby="assignments-heading">
      <h2 id="assignments-heading" className="text-xl font-semibold">
        Current assignments ({total})
      </h2>
      <Form method="get" className="mt-3 flex flex-wrap items-end gap-3" role="search">
        <div className="space-y-1">
          <label htmlFor="assign-search" className="block text-base font-medium">
            Search by title
          </label>
          <input
            id="assign-search"
            name="q"
            type="search"
            defaultValue={q}
            maxLength={200}
            className={inputClass}
          />
        </div>
        <Button type="submit" variant="outline">
          Search
        </Button>
      </Form>
      {rows.length === 0 && contestWide.length === 0 ? (
        <EmptyState className="mt-4 p-6">
          {q ? "No assignments match this search" : "No assignments yet"}
        </EmptyState>
      ) : (
        <AssignmentsTable
          contestId={contestId}
          rows={rows}
          contestWide={contestWide}
          view={view}
          link={link}
          busy={busy}
        />
      )}
      <Pager page={page} pageCount={pages} label="Assignments" />
    </section>
  );
}
