/**
 * /admin/educators (docs/decisions/0031-classrooms-and-shared-computers.md): applications to
 * enter pupils, pending first; approve, or refuse with a note the educator reads.
 */
import { parseWithZod } from "@conform-to/zod";
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { DataTable, EmptyState } from "~/components/ui/data-table";
import { EmailAddress } from "~/components/ui/email-address";
import { TextareaField } from "~/components/ui/field";
import { Pager } from "~/components/ui/pager";
import { requireAdmin } from "~/features/accounts/auth.server";
import { decideEducatorSchema } from "~/features/classrooms/classroom-schemas";
import {
  approveEducator,
  listEducators,
  refuseEducator,
} from "~/features/classrooms/educators.server";
import { answerRefusal } from "~/utils/action.server";
import { DEFAULT_TIME_ZONE, formatDate } from "~/utils/dates";
import { env } from "~/utils/env.server";
import { readForm } from "~/utils/form-body.server";
import { pageParam } from "~/utils/paging";
import { redirectWithToast } from "~/utils/toast.server";

export const meta: MetaFunction = () => [{ title: "Educators · Admin · Inkwell" }];

const HERE = "/admin/educators";
const STATUS_LABEL = { pending: "Pending", approved: "Approved", refused: "Refused" } as const;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const timeZone = env().SITE_TIME_ZONE ?? DEFAULT_TIME_ZONE;
  const list = await listEducators(pageParam(request.url));
  return {
    page: list.page,
    pageCount: list.pageCount,
    total: list.total,
    educators: list.educators.map((e) => ({
      userId: e.userId,
      name: e.displayName,
      email: e.email,
      school: `${e.schoolName}, ${e.city}, ${e.country}`,
      role: e.role,
      status: e.status,
      note: e.decisionNote ?? "",
      applied: formatDate(e.createdAt, timeZone),
    })),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const submission = parseWithZod(await readForm(request), { schema: decideEducatorSchema });
  if (submission.status !== "success")
    return data(
      { userId: String(submission.payload.userId ?? ""), result: submission.reply() },
      { status: 400 },
    );
  const value = submission.value;
  try {
    if (value.intent === "approve") await approveEducator(value.userId, admin.id);
    else await refuseEducator(value.userId, admin.id, value.note);
  } catch (error) {
    return answerRefusal(error, { redirectTo: HERE });
  }
  return redirectWithToast(HERE, {
    type: "success",
    title: value.intent === "approve" ? "Educator approved" : "Educator refused",
  });
}

export default function AdminEducators() {
  const { educators, page, pageCount, total } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="space-y-6">
      <h1 className="font-serif text-3xl font-bold">Educators ({total})</h1>
      {educators.length === 0 ? (
        <EmptyState className="p-6">No educators yet</EmptyState>
      ) : (
        <DataTable columns={["Name", "E-mail", "School", "Role", "Applied", "Status", "Decision"]}>
          {educators.map((e) => {
            const errors =
              actionData?.userId === e.userId ? actionData.result.error?.note : undefined;
            return (
              <tr key={e.userId} className="border-b border-slate-100 align-top">
                <td className="py-2 pr-4 font-medium">{e.name}</td>
                <td className="py-2 pr-4">
                  <EmailAddress email={e.email} />
                </td>
                <td className="py-2 pr-4">{e.school}</td>
                <td className="py-2 pr-4">{e.role}</td>
                <td className="py-2 pr-4">{e.applied}</td>
                <td className="py-2 pr-4">
                  <Badge
                    variant={
                      e.status === "approved"
                        ? "success"
                        : e.status === "refused"
                          ? "destructive"
                          : "secondary"
                    }
                  >
                    {STATUS_LABEL[e.status]}
                  </Badge>
                  {e.note ? <p className="mt-1 text-sm text-slate-700">{e.note}</p> : null}
                </td>
                <td className="py-2 pr-4">
                  <div className="flex flex-col gap-2">
                    {e.status !== "approved" ? (
                      <Form method="post">
                        <input type="hidden" name="userId" value={e.userId} />
                        <Button
                          type="submit"
                          name="intent"
                          value="approve"
                          size="sm"
                          aria-label={`Approve ${e.name}`}
                        >
                          Approve
                        </Button>
                      </Form>
                    ) : null}
                    {e.status !== "refused" ? (
                      <Form method="post" className="space-y-1">
                        <input type="hidden" name="userId" value={e.userId} />
                        <TextareaField
                          label={`Note for ${e.name}`}
                          name="note"
                          rows={2}
                          maxLength={500}
                          errors={errors}
                        />
                        <Button
                          type="submit"
                          name="intent"
                          value="refuse"
                          variant="outline"
                          size="sm"
                          aria-label={`Refuse ${e.name}`}
                        >
                          Refuse
                        </Button>
                      </Form>
                    ) : null}
                  </div>
                </td>
              </tr>
            );
          })}
        </DataTable>
      )}
      <Pager page={page} pageCount={pageCount} label="Educator pages" />
    </div>
  );
}
