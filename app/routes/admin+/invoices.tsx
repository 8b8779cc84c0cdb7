/**
 * /admin/invoices: the schools' open invoices (docs/decisions/0031-classrooms-and-shared-computers.md):
 * school, educator, contest, entries, total, purchase-order reference and age, oldest first; "Mark
 * paid" when the school has paid (the group and its payments, with when and who).
 */
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { Button } from "~/components/ui/button";
import { DataTable, EmptyState } from "~/components/ui/data-table";
import { Pager } from "~/components/ui/pager";
import { requireAdmin } from "~/features/accounts/auth.server";
import { listOpenInvoices, markInvoicePaid } from "~/features/payments/invoices.server";
import { answerRefusal } from "~/utils/action.server";
import { formatDollars } from "~/utils/dates";
import { readForm } from "~/utils/form-body.server";
import { pageParam } from "~/utils/paging";
import { redirectWithToast } from "~/utils/toast.server";
import { useIsPending } from "~/utils/use-is-pending";

export const meta: MetaFunction = () => [{ title: "Invoices · Admin · Inkwell" }];

const HERE = "/admin/invoices";
const DAY = 86_400_000;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const list = await listOpenInvoices(pageParam(request.url));
  const now = Date.now();
  return {
    page: list.page,
    pageCount: list.pageCount,
    total: list.total,
    invoices: list.rows.map((g) => {
      const days = Math.floor((now - g.createdAt.getTime()) / DAY);
      return {
        id: g.id,
        school: g.payer.educator?.school.name ?? "—",
        educator: g.payer.displayName,
        email: g.payer.email,
        contest: g.contest.title,
        entries: g._count.payments,
        total: formatDollars(g.amountCents),
        reference: g.reference ?? "",
        age: days === 0 ? "today" : days === 1 ? "1 day" : `${days} days`,
      };
    }),
  };
}

const schema = z.object({ intent: z.literal("mark-paid"), id: z.string().min(1).max(40) });

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const submission = parseWithZod(await readForm(request), { schema });
  if (submission.status !== "success")
    return redirectWithToast(HERE, {
      type: "error",
      title: "Error",
      description: "No invoice chosen.",
    });
  try {
    await markInvoicePaid(submission.value.id, admin.id);
  } catch (error) {
    return answerRefusal(error, { redirectTo: HERE });
  }
  return redirectWithToast(HERE, { type: "success", title: "Invoice marked paid" });
}

export default function AdminInvoices() {
  const { invoices, page, pageCount, total } = useLoaderData<typeof loader>();
  const pending = useIsPending({ state: "submitting" });
  return (
    <div className="space-y-6">
      <div>
        <h1 className="font-serif text-3xl font-bold">Invoices</h1>
        <p className="mt-1 text-slate-700">
          {total === 0
            ? "No invoice is open."
            : `${total} open ${total === 1 ? "invoice" : "invoices"}, oldest first. Their entries are submitted; mark an invoice paid when the school has paid it.`}
        </p>
      </div>
      {invoices.length === 0 ? (
        <EmptyState className="p-6">Nothing to collect.</EmptyState>
      ) : (
        <DataTable
          columns={["School", "Educator", "Contest", "Entries", "Total", "Reference", "Age", ""]}
        >
          {invoices.map((i) => (
            <tr key={i.id} className="border-b border-slate-100 align-top">
              <th scope="row" className="py-2 pr-4 font-medium">
                {i.school}
              </th>
              <td className="break-words py-2 pr-4">
                {i.educator}
                <br />
                <span className="text-slate-600">{i.email}</span>
              </td>
              <td className="break-words py-2 pr-4">{i.contest}</td>
              <td className="py-2 pr-4">{i.entries}</td>
              <td className="py-2 pr-4">{i.total}</td>
              <td className="break-words py-2 pr-4">{i.reference}</td>
              <td className="py-2 pr-4">{i.age}</td>
              <td className="py-2 pr-4">
                <Form method="post">
                  <input type="hidden" name="intent" value="mark-paid" />
                  <input type="hidden" name="id" value={i.id} />
                  <Button type="submit" size="sm" disabled={pending}>
                    Mark paid
                    <span className="sr-only">
                      {" "}
                      ({i.school}, {i.total})
                    </span>
                  </Button>
                </Form>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <Pager page={page} pageCount={pageCount} label="Invoice pages" />
    </div>
  );
}
