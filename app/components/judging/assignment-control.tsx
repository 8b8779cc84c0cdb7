/**
 * /admin/assign's assignment control (docs/decisions/0033-judging-panel.md): the judges table with
 * load and progress, the assignments table with Remove, Swap and Add a judge, and the chooser a
 * swap or an added judge opens. Plain forms and links: everything works without JavaScript.
 */
import { Form, Link } from "@remix-run/react";
import { Badge } from "~/components/ui/badge";
import { Button, ButtonLink } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { DataTable, EmptyState } from "~/components/ui/data-table";
import { inputClass } from "~/components/ui/field";

export type JudgeRow = {
  judgeId: string;
  name: string;
  email: string;
  status: string;
  onPanel: boolean;
  capacity: number | null;
  assigned: number;
  scored: number;
  unscored: number;
  overdue: number;
  nextNudge: string | null;
};

export type AssignmentRow = {
  id: string;
  submissionId: string;
  title: string;
  round: number;
  judgeName: string;
  judgeEmail: string;
  state: "pending" | "scored" | "released";
};

/** An accepted panel judge: the spec's contest-wide pre-assignment (ADR 0033, 0051). */
export type ContestWideRow = { judgeId: string; name: string; email: string };

export type Chooser = {
  kind: "swap" | "add";
  /** The assignment (swap) or the entry (add). */
  id: string;
  title: string;
  judgeName?: string;
  candidates: { judgeId: string; name: string; load: number }[];
};

/** Hidden fields every control form carries: the contest and where to come back to. */
function Keep({ contestId, view }: { contestId: string; view: { q: string; page: number } }) {
  return (
    <>
      <input type="hidden" name="contestId" value={contestId} />
      {view.q ? <input type="hidden" name="q" value={view.q} /> : null}
      {view.page > 1 ? <input type="hidden" name="page" value={view.page} /> : null}
    </>
  );
}

export function JudgesTable({
  contestId,
  judges,
  view,
  busy,
}: {
  contestId: string;
  judges: JudgeRow[];
  view: { q: string; page: number };
  busy: boolean;
}) {
  return (
    <section aria-labelledby="judges-heading">
      <h2 id="judges-heading" className="text-xl font-semibold">
        Judges of this contest ({judges.length})
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Overdue: entries not yet scored after the reminder went out (the contest&apos;s reminder
        time before judging closes) or after judging closed.
      </p>
      {judges.length === 0 ? (
        <EmptyState className="mt-4 p-6">No judges on this contest&apos;s panel yet</EmptyState>
      ) : (
        <DataTable
          className="mt-4"
          columns={[
            "Judge",
            "Status",
            "Capacity",
            "Assigned",
            "Scored",
            "Overdue",
            { label: "Actions", className: "py-2" },
          ]}
        >
          {judges.map((j) => (
            <tr key={j.judgeId} className="border-b border-slate-100" data-testid="judge-row">
              <th scope="row" className="py-2 pr-4 font-medium">
                {j.name} <span className="font-normal text-slate-500">({j.email})</span>
              </th>
              <td className="py-2 pr-4">{j.status}</td>
              <td className="py-2 pr-4">{j.capacity ?? "No limit"}</td>
              <td className="py-2 pr-4" data-testid="judge-assigned">
                {j.assigned}
              </td>
              <td className="py-2 pr-4">{j.scored}</td>
              <td className="py-2 pr-4">
                {j.overdue ? <Badge variant="destructive">{j.overdue}</Badge> : "0"}
              </td>
              <td className="py-2">
                <div className="flex flex-wrap items-center gap-2">
                  {j.onPanel && j.unscored > 0 ? (
                    j.nextNudge ? (
                      <span className="text-sm text-slate-600">Next nudge after {j.nextNudge}</span>
                    ) : (
                      <Form method="post">
                        <Keep contestId={contestId} view={view} />
                        <input type="hidden" name="judgeId" value={j.judgeId} />
                        <Button
                          type="submit"
                          name="intent"
                          value="nudge"
                          size="sm"
                          variant="outline"
                          disabled={busy}
                          aria-label={`Nudge ${j.name}`}
                        >
                          Nudge
                        </Button>
                      </Form>
                    )
                  ) : null}
                  {j.unscored > 0 ? (
                    <Form method="post">
                      <Keep contestId={contestId} view={view} />
                      <input type="hidden" name="judgeId" value={j.judgeId} />
                      <Button
                        type="submit"
                        name="intent"
                        value="reassign"
                        size="sm"
                        variant="outline"
                        disabled={busy}
                        aria-label={`Reassign unscored entries of ${j.name}`}
                      >
                        Reassign unscored entries
                      </Button>
                    </Form>
                  ) : null}
                </div>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}

const STATE = {
  pending: <Badge variant="secondary">Pending</Badge>,
  scored: <Badge variant="success">Scored</Badge>,
  released: <Badge variant="outline">Removed · score kept</Badge>,
};

export function AssignmentsTable({
  contestId,
  rows,
  contestWide = [],
  view,
  link,
  busy,
}: {
  contestId: string;
  rows: AssignmentRow[];
  /** The panel's accepted judges, shown first as the spec's "Contest-wide" rows. */
  contestWide?: ContestWideRow[];
  view: { q: string; page: number };
  /** The page's address with these parameters set. */
  link: (params: Record<string, string>) => string;
  busy: boolean;
}) {
  return (
    <DataTable
      className="mt-4"
      columns={[
        "Judge",
        "Submission",
        "Type",
        "Round",
        "Status",
        { label: "Actions", className: "py-2" },
      ]}
    >
      {contestWide.map((j) => (
        <tr
          key={`panel-${j.judgeId}`}
          className="border-b border-slate-100"
          data-testid="contest-wide-row"
        >
          <td className="py-2 pr-4">
            {j.name} <span className="break-all text-slate-600">({j.email})</span>
          </td>
          <td className="py-2 pr-4">Pre-assigned</td>
          <td className="py-2 pr-4">Contest-wide</td>
          <td className="py-2 pr-4">All</td>
          <td className="py-2 pr-4">On the panel</td>
          <td className="py-2">
            <Link
              to={`/admin/contests/${contestId}/panel`}
              className="text-sm text-ink-600 underline"
              aria-label={`Manage ${j.name} on the panel`}
            >
              Panel
            </Link>
          </td>
        </tr>
      ))}
      {rows.map((r, i) => (
        <tr key={r.id} className="border-b border-slate-100" data-testid="assignment-row">
          <td className="py-2 pr-4">
            {r.judgeName} <span className="break-all text-slate-600">({r.judgeEmail})</span>
          </td>
          <td className="py-2 pr-4">
            {r.title}
            {rows[i - 1]?.submissionId !== r.submissionId ? (
              <>
                {" "}
                <Link
                  to={link({ add: r.submissionId })}
                  className="text-sm text-ink-600 underline"
                  aria-label={`Add a judge to ${r.title}`}
                >
                  Add a judge
                </Link>
              </>
            ) : null}
          </td>
          {/* The spec's Type: an assignment to an entry; the panel's rows above are "Contest-wide". */}
          <td className="py-2 pr-4">Submission</td>
          <td className="py-2 pr-4">{r.round}</td>
          <td className="py-2 pr-4">{STATE[r.state]}</td>
          <td className="py-2">
            {r.state === "released" ? null : (
              <div className="flex flex-wrap items-center gap-2">
                {r.state === "pending" ? (
                  <ButtonLink
                    to={link({ swap: r.id })}
                    size="sm"
                    variant="outline"
                    aria-label={`Swap ${r.judgeName} on ${r.title}`}
                  >
                    Swap
                  </ButtonLink>
                ) : null}
                <Form method="post">
                  <Keep contestId={contestId} view={view} />
                  <input type="hidden" name="assignmentId" value={r.id} />
                  <Button
                    type="submit"
                    name="intent"
                    value="remove"
                    size="sm"
                    variant="outline"
                    disabled={busy}
                    aria-label={`Remove ${r.judgeName} from ${r.title}`}
                  >
                    Remove
                  </Button>
                </Form>
              </div>
            )}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

/** The swap or add form: only the entry's eligible judges, least loaded first. */
export function ChooserCard({
  contestId,
  chooser,
  view,
  cancel,
  busy,
}: {
  contestId: string;
  chooser: Chooser;
  view: { q: string; page: number };
  cancel: string;
  busy: boolean;
}) {
  const swap = chooser.kind === "swap";
  const none = chooser.candidates.length === 0;
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          {swap
            ? `Swap ${chooser.judgeName} on "${chooser.title}"`
            : `Add a judge to "${chooser.title}"`}
        </CardTitle>
        <p className="text-sm text-slate-600">
          Only judges who may take this entry are listed (accepted on the panel, no conflict, the
          right division, room under their capacity, not its writer), least loaded first.
        </p>
      </CardHeader>
      <CardContent>
        {none ? (
          <p className="text-slate-700" role="status">
            No other judge on the panel can take this entry now.
          </p>
        ) : (
          <Form method="post" className="flex flex-wrap items-end gap-3">
            <Keep contestId={contestId} view={view} />
            <input type="hidden" name={swap ? "assignmentId" : "submissionId"} value={chooser.id} />
            <div className="space-y-1">
              <label htmlFor="chooser-judge" className="block text-base font-medium">
                {swap ? "New judge" : "Judge to add"}
              </label>
              <select
                id="chooser-judge"
                name="judgeId"
                className={inputClass}
                defaultValue={swap ? chooser.candidates[0]?.judgeId : "least-loaded"}
              >
                {swap ? null : <option value="least-loaded">The least loaded judge</option>}
                {chooser.candidates.map((c) => (
                  <option key={c.judgeId} value={c.judgeId}>
                    {c.name} ({c.load} {c.load === 1 ? "entry" : "entries"})
                  </option>
                ))}
              </select>
            </div>
            <Button type="submit" name="intent" value={chooser.kind} disabled={busy}>
              {swap ? "Swap judge" : "Add judge"}
            </Button>
            <ButtonLink to={cancel} variant="ghost">
              Cancel
            </ButtonLink>
          </Form>
        )}
      </CardContent>
    </Card>
  );
}
