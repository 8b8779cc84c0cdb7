import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { DataTable, EmptyState } from "~/components/ui/data-table";
import { requireAdmin } from "~/features/accounts/auth.server";
import { STATUS_LABEL, SUBMISSION_STATUSES } from "~/features/entries/submission-status";
import { contestOverview, PHASE_TEXT } from "~/features/lifecycle/overview.server";
import { EntriesPerDayChart } from "~/components/charts/entries-per-day-chart";
import { formatDateTime } from "~/utils/dates";
import { contestNotFound } from "../../admin-library.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Overview · ${data?.title ?? "Contest"} · Admin · Inkwell` },
];

/** The workspace's Overview: aggregates only (docs/decisions/0050-contest-workspace.md). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  // With the entries per day up to the deadline (docs/decisions/0057-charts.md).
  const o = await contestOverview(params.id ?? "");
  if (!o) throw await contestNotFound();
  const at = (d: Date) => formatDateTime(d, o.timeZone);
  return {
    id: o.id,
    title: o.title,
    phase: PHASE_TEXT[o.phase],
    next: o.next ? { what: o.next.what, at: at(o.next.at) } : null,
    nextStep: o.nextStep ? { label: o.nextStep.label, at: at(o.nextStep.at) } : null,
    counts: o.counts,
    currentRound: o.currentRound,
    judging: o.judging,
    attention: o.attention,
    perDay: o.perDay,
  };
}

export default function ContestOverview() {
  const d = useLoaderData<typeof loader>();
  const base = `/admin/contests/${d.id}`;
  return (
    <div className="space-y-6">
      <h1 className="font-serif text-3xl font-bold">Overview</h1>
      <section aria-labelledby="where" className="space-y-1">
        <h2 id="where" className="text-xl font-semibold">
          Where the contest stands
        </h2>
        <p>
          Phase: <strong>{d.phase}</strong>
        </p>
        {d.next ? (
          <p>
            Next: {d.next.what} on {d.next.at}
          </p>
        ) : null}
        {d.nextStep ? (
          <p>
            Next scheduled step: {d.nextStep.label}, due {d.nextStep.at} (
            <Link to={`${base}/schedule`} className="underline">
              schedule
            </Link>
            )
          </p>
        ) : null}
      </section>

      <section aria-labelledby="needs-you">
        <Card>
          <CardHeader>
            <CardTitle>
              <span id="needs-you">Needs you now</span>
            </CardTitle>
          </CardHeader>
          <CardContent>
            {d.attention.length === 0 ? (
              <p className="text-slate-700">Nothing needs you now.</p>
            ) : (
              <ul className="list-disc space-y-1 pl-6" data-testid="attention">
                {d.attention.map((a) => (
                  <li key={a.kind + a.text} data-kind={a.kind}>
                    <Link to={`${base}/${a.tab}`} className="underline">
                      {a.text}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      </section>

      <section aria-labelledby="counts" className="space-y-3">
        <h2 id="counts" className="text-xl font-semibold">
          Entries
        </h2>
        <ul className="flex flex-wrap gap-x-6 gap-y-1" data-testid="entry-counts">
          {SUBMISSION_STATUSES.map((s) => (
            <li key={s} data-status={s}>
              {STATUS_LABEL[s]}: <strong>{d.counts.byStatus[s] ?? 0}</strong>
            </li>
          ))}
          <li data-count="paid">
            Paid: <strong>{d.counts.paid}</strong>
          </li>
          <li data-count="waiting-payment">
            Waiting for payment: <strong>{d.counts.waitingForPayment}</strong>
          </li>
          <li data-count="waiting-consent">
            Waiting for consent: <strong>{d.counts.waitingForConsent}</strong>
          </li>
        </ul>
        {d.counts.byDivision.length ? (
          <DataTable columns={["Division", "Submitted entries"]}>
            {d.counts.byDivision.map((r) => (
              <tr key={r.division} className="border-b border-slate-100">
                <td className="py-2 pr-4">{r.division}</td>
                <td className="py-2 pr-4">{r.entries}</td>
              </tr>
            ))}
          </DataTable>
        ) : null}
        <p>
          <Link to={`${base}/entries`} className="underline">
            See the entries
          </Link>
        </p>
      </section>

      {d.perDay && d.perDay.days.length ? <EntriesPerDayChart data={d.perDay} /> : null}

      <section aria-labelledby="judging" className="space-y-3">
        <h2 id="judging" className="text-xl font-semibold">
          Judging progress
        </h2>
        {d.judging.length === 0 ? (
          <EmptyState className="p-6">No entry has a judge yet.</EmptyState>
        ) : (
          <DataTable columns={["Round", "Division", "Assigned", "Scored", "Overdue"]}>
            {d.judging.map((r) => (
              <tr
                key={`${r.round}-${r.division}`}
                className="border-b border-slate-100"
                data-round={r.round}
              >
                <td className="py-2 pr-4">
                  Round {r.round}: {r.roundName}
                  {r.round === d.currentRound ? " (now)" : ""}
                </td>
                <td className="py-2 pr-4">{r.division}</td>
                <td className="py-2 pr-4">{r.assigned}</td>
                <td className="py-2 pr-4">{r.scored}</td>
                <td className="py-2 pr-4">{r.overdue}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </section>
    </div>
  );
}
