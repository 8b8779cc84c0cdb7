/**
 * The admin submissions list (filters, table, pager): the site-wide /admin/submissions and a
 * contest workspace's Entries tab (docs/decisions/0050-contest-workspace.md), which has no
 * contest picker.
 */
import type { SerializeFrom } from "@remix-run/node";
import { Form, Link } from "@remix-run/react";
import { ContestSelect } from "~/components/contests/contest-picker";
import { SubmissionStatusBadge } from "~/components/entries/submission-view";
import { Badge } from "~/components/ui/badge";
import { Button, buttonClass } from "~/components/ui/button";
import { DataTable, EmptyState } from "~/components/ui/data-table";
import { inputClass } from "~/components/ui/field";
import { Pager } from "~/components/ui/pager";
import type { AdminSubmissionsPage } from "~/features/entries/admin-submissions-page.server";
import { ENTRY_MESSAGES } from "~/features/entries/entry-schema";
import { SUBMISSION_STATUSES, STATUS_LABEL } from "~/features/entries/submission-status";

export function AdminSubmissionList({
  data,
  clearTo,
}: {
  data: SerializeFrom<AdminSubmissionsPage>;
  clearTo: string;
}) {
  const {
    scoped,
    filter,
    contests,
    schools,
    divisions,
    showDivision,
    exportHref,
    submissions,
    total,
    page,
    pageCount,
  } = data;
  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-serif text-2xl font-bold">Submissions</h1>
          <p className="text-sm text-slate-600">
            {total} {total === 1 ? "submission" : "submissions"}, newest first.
          </p>
        </div>
        <a href={exportHref} className={buttonClass({ variant: "outline", size: "sm" })} download>
          Export CSV
        </a>
      </div>

      <Form
        method="get"
        className="mt-4 flex flex-wrap items-end gap-3"
        aria-label="Filter submissions"
      >
        {scoped ? null : (
          <ContestSelect
            id="filter-contest"
            label="Contest"
            contests={contests}
            defaultValue={filter.contestId}
            emptyLabel="All contests"
          />
        )}
        <div className="space-y-1">
          <label htmlFor="filter-status" className="block text-sm font-medium text-slate-800">
            Status
          </label>
          <select
            id="filter-status"
            name="status"
            defaultValue={filter.status ?? ""}
            className={inputClass}
          >
            <option value="">All statuses</option>
            {SUBMISSION_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABEL[s]}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1">
          <label htmlFor="filter-school" className="block text-sm font-medium text-slate-800">
            School
          </label>
          <select
            id="filter-school"
            name="school"
            defaultValue={filter.schoolId ?? ""}
            className={inputClass}
          >
            <option value="">All schools</option>
            {schools.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
                {s.city ? ` (${s.city})` : ""}
              </option>
            ))}
          </select>
        </div>
        {divisions.length ? (
          <div className="space-y-1">
            <label htmlFor="filter-division" className="block text-sm font-medium text-slate-800">
              Division
            </label>
            <select
              id="filter-division"
              name="division"
              defaultValue={filter.divisionId ?? ""}
              className={inputClass}
            >
              <option value="">All divisions</option>
              {divisions.map((d) => (
                <option key={d.id} value={d.id}>
                  {d.name}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <Button type="submit" variant="secondary">
          Filter
        </Button>
        {(filter.contestId && !scoped) || filter.status || filter.schoolId || filter.divisionId ? (
          <Link to={clearTo} className="text-sm underline">
            Clear filters
          </Link>
        ) : null}
      </Form>
      {filter.contestId ? (
        <p className="mt-4">
          <Link to={`/admin/contests/${filter.contestId}/copies`} className="underline">
            Possible copies in this contest
          </Link>
        </p>
      ) : null}

      {submissions.length === 0 ? (
        <EmptyState className="mt-8 p-8">No submissions yet</EmptyState>
      ) : (
        <DataTable
          className="mt-6"
          columns={[
            "Title",
            "Contest",
            "Entrant",
            "School",
            ...(showDivision ? ["Division"] : []),
            "Word Count",
            "Status",
            "Fee",
            "Submitted",
            "Actions",
          ]}
        >
          {submissions.map((s) => (
            <tr key={s.id} className="border-b border-slate-100 align-top">
              <td className="py-2 pr-4 font-medium">
                {s.title}
                {s.mentionsEntrant ? (
                  // Waits for the admin's decision on the entry's page (docs/decisions/0034-reading-desk.md).
                  <Link
                    to={`/admin/submissions/${s.id}#identity`}
                    className="ml-2 underline"
                    title={ENTRY_MESSAGES.mentionsEntrantDetail}
                  >
                    <Badge variant="destructive">{ENTRY_MESSAGES.mentionsEntrant}</Badge>
                    <span className="sr-only">: decide what judges read</span>
                  </Link>
                ) : null}
              </td>
              <td className="py-2 pr-4">
                <Link to={`/contests/${s.contest.slug}`} className="underline">
                  {s.contest.title}
                </Link>
              </td>
              <td className="py-2 pr-4">{s.entrant}</td>
              <td className="py-2 pr-4">{s.school}</td>
              {showDivision ? <td className="py-2 pr-4">{s.division}</td> : null}
              <td className="py-2 pr-4">{s.wordCount}</td>
              <td className="py-2 pr-4">
                <SubmissionStatusBadge status={s.status} />
              </td>
              <td className="py-2 pr-4">
                {s.payment ? (
                  <>
                    {s.payment.line}
                    {s.payment.reference ? (
                      <span className="block break-all font-mono text-xs text-slate-600">
                        {s.payment.reference}
                      </span>
                    ) : null}
                  </>
                ) : (
                  "Free"
                )}
              </td>
              <td className="py-2 pr-4 whitespace-nowrap">{s.submitted}</td>
              <td className="py-2 pr-4">
                <div className="flex flex-wrap gap-2">
                  <Link
                    to={`/admin/submissions/${s.id}`}
                    className="underline"
                    aria-label={`Preview ${s.title}`}
                  >
                    Preview
                  </Link>
                  {s.hasFile ? (
                    <a
                      href={`/files/submissions/${s.id}`}
                      className="underline"
                      aria-label={`Download file of ${s.title}`}
                    >
                      Download
                    </a>
                  ) : null}
                </div>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <Pager page={page} pageCount={pageCount} label="Submission pages" />
    </div>
  );
}
