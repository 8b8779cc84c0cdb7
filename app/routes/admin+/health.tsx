import bytes from "bytes";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Badge } from "~/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { DataTable, EmptyState } from "~/components/ui/data-table";
import { requireAdmin } from "~/features/accounts/auth.server";
import { healthOverview } from "~/features/operations/health.server";

export const meta: MetaFunction = () => [{ title: "Health · Inkwell" }];

/** The site's health at a glance (docs/decisions/0036-health-and-logs.md). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return healthOverview();
}

/** "12.3 MB": a size for people. */
const size = (n: number) => bytes.format(n, { unitSeparator: " ", decimalPlaces: 1 }) ?? "";

/** A status in words (and colour): never colour alone. */
function Status({ ok }: { ok: boolean }) {
  return <Badge variant={ok ? "success" : "destructive"}>{ok ? "Fine" : "Needs attention"}</Badge>;
}

function Figure({ label, value, ok }: { label: string; value: string; ok?: boolean }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-2 border-b border-slate-100 py-2">
      <dt className="text-slate-700">{label}</dt>
      <dd className="flex items-center gap-2 font-medium">
        <span>{value}</span>
        {ok === undefined ? null : <Status ok={ok} />}
      </dd>
    </div>
  );
}

export default function AdminHealth() {
  const h = useLoaderData<typeof loader>();
  return (
    <div className="space-y-8">
      <div>
        <h1 className="font-serif text-3xl font-bold">Health</h1>
        <p className="mt-2 text-slate-700">
          The workflows, e-mail, storage and database at a glance. Failed steps and maintenance runs
          are retried or run again from{" "}
          <Link to="/admin/workflows" className="underline">
            Workflows
          </Link>
          .
        </p>
      </div>

      <section aria-labelledby="work-heading">
        <Card>
          <CardHeader>
            <CardTitle id="work-heading">Workflows and e-mail</CardTitle>
          </CardHeader>
          <CardContent>
            <dl>
              <Figure
                label="Events waiting for delivery"
                value={
                  h.outbox.pending === 0
                    ? "None"
                    : `${h.outbox.pending}, the oldest ${h.outbox.oldestMinutes} min old`
                }
                ok={
                  h.outbox.pending === 0 || (h.outbox.oldestMinutes ?? 0) <= h.outbox.limitMinutes
                }
              />
              <Figure
                label="Events given up after their retries"
                value={String(h.outbox.givenUp)}
                ok={h.outbox.givenUp === 0}
              />
              <Figure
                label="Contest steps whose last run failed"
                value={String(h.failedSteps)}
                ok={h.failedSteps === 0}
              />
              <Figure
                label="Failed maintenance runs in the last 7 days"
                value={
                  h.maintenance.failedLastWeek === 0
                    ? "None"
                    : `${h.maintenance.failedLastWeek} (latest: ${h.maintenance.lastFailed?.job ?? "?"})`
                }
                ok={h.maintenance.failedLastWeek === 0}
              />
              <Figure
                label="E-mails that failed in the last day"
                value={String(h.emailFailuresLastDay)}
                ok={h.emailFailuresLastDay === 0}
              />
            </dl>
            {h.outbox.givenUp > 0 || h.failedSteps > 0 || h.maintenance.failedLastWeek > 0 ? (
              <p className="mt-3 text-sm">
                <Link to="/admin/workflows" className="underline">
                  See the failures on Workflows
                </Link>
              </p>
            ) : null}
            {h.emailFailuresLastDay > 0 ? (
              <p className="mt-1 text-sm">
                <Link to="/admin/emails" className="underline">
                  See the e-mail log
                </Link>
              </p>
            ) : null}
          </CardContent>
        </Card>
      </section>

      <section aria-labelledby="space-heading">
        <Card>
          <CardHeader>
            <CardTitle id="space-heading">Storage and database</CardTitle>
          </CardHeader>
          <CardContent>
            <dl>
              <Figure
                label="Entry files"
                value={`${h.storage.files} files, ${size(h.storage.bytes)}`}
              />
              <Figure label="Database size" value={size(h.databaseBytes)} />
            </dl>
          </CardContent>
        </Card>
      </section>

      <section aria-labelledby="slow-heading">
        <Card>
          <CardHeader>
            <CardTitle id="slow-heading">Slowest requests</CardTitle>
          </CardHeader>
          <CardContent>
            <p className="mb-3 text-sm text-slate-700">
              Kept in memory by the server process that answered this page, since it started: with
              several processes, each has its own list.
            </p>
            {h.slowRequests.length === 0 ? (
              <EmptyState className="p-4">No requests yet.</EmptyState>
            ) : (
              <DataTable columns={["Route", "Method", "Status", "Duration"]}>
                {h.slowRequests.map((s, i) => (
                  <tr key={i} className="border-b border-slate-100">
                    <td className="py-2 pr-4 break-all">{s.route}</td>
                    <td className="py-2 pr-4">{s.method}</td>
                    <td className="py-2 pr-4">{s.status}</td>
                    <td className="py-2 pr-4">{Math.round(s.durationMs)} ms</td>
                  </tr>
                ))}
              </DataTable>
            )}
          </CardContent>
        </Card>
      </section>
    </div>
  );
}
