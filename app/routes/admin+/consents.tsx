/**
 * /admin/consents (docs/decisions/0031-classrooms-and-shared-computers.md): the consent ledger,
 * newest first, every column including the exact wording attested; filter by contest, and the
 * same rows as CSV.
 */
import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { DataTable, EmptyState } from "~/components/ui/data-table";
import { inputClass } from "~/components/ui/field";
import { Pager } from "~/components/ui/pager";
import { requireAdmin } from "~/features/accounts/auth.server";
import { listLedger } from "~/features/classrooms/consent-ledger.server";
import { contestOptions } from "~/features/contests/contest-admin.server";
import { DEFAULT_TIME_ZONE, formatDateTime } from "~/utils/dates";
import { env } from "~/utils/env.server";
import { pageParam } from "~/utils/paging";

export const meta: MetaFunction = () => [{ title: "Consent ledger · Admin · Inkwell" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const contestId = url.searchParams.get("contest")?.slice(0, 64) || "";
  const timeZone = env().SITE_TIME_ZONE ?? DEFAULT_TIME_ZONE;
  const [list, contests] = await Promise.all([
    listLedger(pageParam(url), contestId || undefined),
    contestOptions(),
  ]);
  return {
    contestId,
    contests,
    timeZone,
    page: list.page,
    pageCount: list.pageCount,
    total: list.total,
    rows: list.rows.map((r) => ({
      id: r.id,
      at: formatDateTime(r.createdAt, timeZone),
      kind: r.kindLabel,
      educator: r.educatorName,
      educatorEmail: r.educatorEmail,
      school: r.schoolName,
      pupil: r.pupilName,
      contest: r.contestTitle,
      submissionId: r.submissionId ?? "",
      wording: r.wording,
    })),
  };
}

export default function AdminConsents() {
  const { rows, contests, contestId, timeZone, page, pageCount, total } =
    useLoaderData<typeof loader>();
  const csv = `/admin/consents.csv${contestId ? `?contest=${encodeURIComponent(contestId)}` : ""}`;
  return (
    <div className="space-y-6">
      <h1 className="font-serif text-3xl font-bold">Consent ledger ({total})</h1>
      <p className="text-base text-slate-700">
        Every attestation an educator made, with the words they agreed to. Rows are never edited.
        Times are {timeZone} time.
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <Form method="get" className="flex flex-wrap items-end gap-3">
          <div>
            <label htmlFor="contest" className="block text-base font-medium">
              Contest
            </label>
            <select id="contest" name="contest" defaultValue={contestId} className={inputClass}>
              <option value="">Every contest</option>
              {contests.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.title}
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" variant="outline">
            Show
          </Button>
        </Form>
        <a href={csv} className="underline" download>
          Download CSV
        </a>
      </div>
      {rows.length === 0 ? (
        <EmptyState className="p-6">No attestations yet</EmptyState>
      ) : (
        <DataTable
          columns={[
            "Recorded",
            "Kind",
            "Educator",
            "School",
            "Pupil",
            "Contest",
            "Entry",
            "Wording",
          ]}
        >
          {rows.map((r) => (
            <tr key={r.id} className="border-b border-slate-100 align-top">
              <td className="py-2 pr-4 whitespace-nowrap">{r.at}</td>
              <td className="py-2 pr-4">{r.kind}</td>
              <td className="py-2 pr-4">
                {r.educator}
                <br />
                <span className="break-all text-slate-600">{r.educatorEmail}</span>
              </td>
              <td className="py-2 pr-4">{r.school}</td>
              <td className="py-2 pr-4">
                <bdi>{r.pupil}</bdi>
              </td>
              <td className="py-2 pr-4">{r.contest}</td>
              <td className="py-2 pr-4 font-mono text-xs">{r.submissionId}</td>
              <td className="min-w-64 py-2 pr-4 text-xs">{r.wording}</td>
            </tr>
          ))}
        </DataTable>
      )}
      <Pager page={page} pageCount={pageCount} label="Ledger pages" />
    </div>
  );
}
