import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { EmailAddress } from "~/components/ui/email-address";
import { useLoaderData } from "@remix-run/react";
import { DataTable, EmptyState } from "~/components/ui/data-table";
import { Pager } from "~/components/ui/pager";
import { pageParam } from "~/utils/paging";
import { Badge } from "~/components/ui/badge";
import { requireAdmin } from "~/features/accounts/auth.server";
import { DEFAULT_TIME_ZONE, formatDateTime } from "~/utils/dates";
import { listEmailLog } from "~/utils/email-log.server";

export const meta: MetaFunction = () => [{ title: "E-mail log · Admin · Inkwell" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const { emails, total, page, pageCount } = await listEmailLog(pageParam(new URL(request.url)));
  return {
    total,
    page,
    pageCount,
    emails: emails.map((e) => ({
      id: e.id,
      to: e.to,
      template: e.template,
      subject: e.subject,
      status: e.status,
      providerId: e.providerId,
      error: e.error,
      body: e.body,
      sent: formatDateTime(e.createdAt, DEFAULT_TIME_ZONE),
    })),
  };
}

const STATUS_BADGE = { sent: "success", logged: "secondary", failed: "destructive" } as const;

export default function AdminEmails() {
  const { emails, total, page, pageCount } = useLoaderData<typeof loader>();
  return (
    <div>
      <h1 className="font-serif text-2xl font-bold">E-mail log</h1>
      <p className="text-sm text-slate-600">
        Every message the site sends, newest first ({total} in all). Without an e-mail provider
        configured, messages are logged here instead of sent.
      </p>
      {emails.length === 0 ? (
        <EmptyState className="mt-8 p-8">No e-mails yet</EmptyState>
      ) : (
        <DataTable
          className="mt-6"
          columns={["Time", "Recipient", "Template", "Subject", "Status", "Provider ID or error"]}
        >
          {emails.map((e) => (
            <tr key={e.id} className="border-b border-slate-100 align-top">
              <td className="py-2 pr-4 whitespace-nowrap">{e.sent}</td>
              <td className="py-2 pr-4">
                <EmailAddress email={e.to} />
              </td>
              <td className="py-2 pr-4">{e.template}</td>
              <td className="py-2 pr-4">
                {e.subject}
                {e.body ? (
                  <details className="mt-1">
                    <summary className="cursor-pointer text-ink-700">Show message</summary>
                    <pre className="mt-1 max-w-xl whitespace-pre-wrap text-xs text-slate-700">
                      {e.body}
                    </pre>
                  </details>
                ) : null}
              </td>
              <td className="py-2 pr-4">
                <Badge variant={STATUS_BADGE[e.status as keyof typeof STATUS_BADGE] ?? "outline"}>
                  {e.status}
                </Badge>
              </td>
              <td className="py-2 pr-4">
                {e.error ? (
                  <span className="text-red-800">{e.error}</span>
                ) : (
                  <span className="break-all">{e.providerId ?? "—"}</span>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <Pager page={page} pageCount={pageCount} label="E-mail log pages" />
    </div>
  );
}
