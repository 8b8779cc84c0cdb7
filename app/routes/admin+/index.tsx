import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ButtonLink } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { quickStats } from "~/features/contests/admin-stats.server";
import { requireAdmin } from "~/features/accounts/auth.server";
import { feesByContest } from "~/features/payments/fees.server";
import { DataTable } from "~/components/ui/data-table";
import { formatDollars } from "~/utils/dates";

export const meta: MetaFunction = () => [{ title: "Admin · Inkwell" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const [stats, fees] = await Promise.all([quickStats(), feesByContest()]);
  return {
    stats,
    fees: fees.map((f) => ({
      ...f,
      collected: formatDollars(f.collectedCents),
      refunded: formatDollars(f.refundedCents),
    })),
  };
}

const cards = [
  { title: "Contests", text: "Create, edit and publish contests.", to: "/admin/contests" },
  { title: "Prompts", text: "Writing prompts for each contest.", to: "/admin/prompts" },
  { title: "Rubrics", text: "Weighted scoring rubrics for judges.", to: "/admin/rubrics" },
  { title: "Judges", text: "Add and remove judges.", to: "/admin/judges" },
  {
    title: "Submissions",
    text: "Every entry, with previews and downloads.",
    to: "/admin/submissions",
  },
  { title: "Scoring", text: "Ranked results and judges' scores.", to: "/admin/scoring" },
  {
    title: "Discount codes",
    text: "Classroom codes and fee waivers, with their uses.",
    to: "/admin/discount-codes",
  },
  {
    title: "Workflows",
    text: "Each contest's scheduled steps and e-mails; run or retry them.",
    to: "/admin/workflows",
  },
] as const;

export default function AdminHome() {
  const { stats, fees } = useLoaderData<typeof loader>();
  const items = [
    ["Active Contests", stats.activeContests],
    ["Total Submissions", stats.totalSubmissions],
    ["Active Judges", stats.activeJudges],
    ["Pending Reviews", stats.pendingReviews],
  ] as const;
  return (
    <div>
      <h1 className="font-serif text-3xl font-bold">Admin Portal</h1>
      <section aria-labelledby="quick-stats" className="mt-6">
        <h2 id="quick-stats" className="text-lg font-semibold">
          Quick Stats
        </h2>
        <dl className="mt-3 grid grid-cols-2 gap-4 md:grid-cols-4">
          {items.map(([label, value]) => (
            <div key={label} className="rounded-lg border border-slate-200 p-4">
              <dt className="text-sm text-slate-600">{label}</dt>
              <dd className="mt-1 text-3xl font-bold" data-testid={`stat-${label}`}>
                {value}
              </dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby="fees-heading" className="mt-8">
        <h2 id="fees-heading" className="text-lg font-semibold">
          Entry fees collected
        </h2>
        {fees.length === 0 ? (
          <p className="mt-2 text-slate-600">No entry fees have been paid yet.</p>
        ) : (
          <DataTable
            className="mt-3"
            columns={["Contest", "Paid entries", "Collected", "Refunded", "Fees waived"]}
          >
            {fees.map((f) => (
              <tr key={f.id} className="border-b border-slate-100">
                <td className="py-2 pr-4">{f.title}</td>
                <td className="py-2 pr-4">{f.paidEntries}</td>
                <td className="py-2 pr-4 font-medium">{f.collected}</td>
                <td className="py-2 pr-4">
                  {f.refundedEntries ? `${f.refunded} (${f.refundedEntries})` : "–"}
                </td>
                <td className="py-2 pr-4">{f.waivedEntries}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </section>
      <div className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {cards.map((c) => (
          <Card key={c.title}>
            <CardHeader>
              <CardTitle>{c.title}</CardTitle>
            </CardHeader>
            <CardContent>
              <p className="mb-4 text-sm text-slate-600">{c.text}</p>
              <ButtonLink to={c.to} variant="secondary">
                Manage {c.title}
              </ButtonLink>
            </CardContent>
          </Card>
        ))}
      </div>
    </div>
  );
}
