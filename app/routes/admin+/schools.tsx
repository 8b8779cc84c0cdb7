/**
 * /admin/schools (docs/decisions/0031-classrooms-and-shared-computers.md): schools named by
 * educators, with their educator counts, searchable by name; merge two records of one school
 * (search for both, keep one: the other's educators move to it and it is deleted).
 */
import { parseWithZod } from "@conform-to/zod";
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { DataTable, EmptyState } from "~/components/ui/data-table";
import { ErrorList, Field, inputClass } from "~/components/ui/field";
import { Pager } from "~/components/ui/pager";
import { requireAdmin } from "~/features/accounts/auth.server";
import { mergeSchoolsSchema } from "~/features/classrooms/classroom-schemas";
import { listSchools, mergeSchools } from "~/features/classrooms/schools.server";
import { answerRefusal } from "~/utils/action.server";
import { readForm } from "~/utils/form-body.server";
import { pageParam } from "~/utils/paging";
import { redirectWithToast } from "~/utils/toast.server";

export const meta: MetaFunction = () => [{ title: "Schools · Admin · Inkwell" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const list = await listSchools(pageParam(url), url.searchParams.get("q") ?? "");
  return {
    q: list.q,
    page: list.page,
    pageCount: list.pageCount,
    total: list.total,
    schools: list.schools.map((s) => ({
      id: s.id,
      name: s.name,
      place: `${s.city}, ${s.country}`,
      educators: s.educators,
    })),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const submission = parseWithZod(await readForm(request), { schema: mergeSchoolsSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  try {
    const { kept, folded, moved } = await mergeSchools(
      submission.value.keepId,
      submission.value.foldId,
    );
    const q = new URL(request.url).searchParams.get("q");
    return redirectWithToast(`/admin/schools${q ? `?q=${encodeURIComponent(q)}` : ""}`, {
      type: "success",
      title: "Schools merged",
      description: `${folded} is now part of ${kept} (${moved} ${moved === 1 ? "educator" : "educators"} moved).`,
    });
  } catch (error) {
    return answerRefusal(error, { reply: submission });
  }
}

export default function AdminSchools() {
  const { schools, q, page, pageCount, total } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const errors = actionData?.result.error ?? {};
  const option = (s: (typeof schools)[number]) => (
    <option key={s.id} value={s.id}>
      {s.name} ({s.place})
    </option>
  );
  return (
    <div className="space-y-6">
      <h1 className="font-serif text-3xl font-bold">Schools ({total})</h1>
      <Form method="get" className="flex flex-wrap items-end gap-3">
        <Field label="Search by name" name="q" type="search" defaultValue={q} />
        <Button type="submit" variant="outline">
          Search
        </Button>
      </Form>
      {schools.length === 0 ? (
        <EmptyState className="p-6">No schools{q ? ` named like “${q}”` : ""}</EmptyState>
      ) : (
        <DataTable columns={["School", "City and country", "Educators"]}>
          {schools.map((s) => (
            <tr key={s.id} className="border-b border-slate-100 align-top">
              <td className="py-2 pr-4 font-medium">{s.name}</td>
              <td className="py-2 pr-4">{s.place}</td>
              <td className="py-2 pr-4">{s.educators}</td>
            </tr>
          ))}
        </DataTable>
      )}
      <Pager page={page} pageCount={pageCount} label="School pages" />
      {schools.length > 1 ? (
        <Card>
          <CardHeader>
            <CardTitle>Merge two schools</CardTitle>
          </CardHeader>
          <CardContent>
            <p className="mb-4 text-base text-slate-700">
              For two records of one school: the educators of the second move to the first, and the
              second is deleted. Search first to list both here.
            </p>
            <Form method="post" className="grid gap-4 md:grid-cols-2">
              <input type="hidden" name="intent" value="merge" />
              {errors[""]?.length ? (
                <Alert variant="destructive" title="Error" className="md:col-span-2">
                  {errors[""].join(" ")}
                </Alert>
              ) : null}
              <div className="space-y-1">
                <label htmlFor="keepId" className="block text-base font-medium">
                  School to keep
                </label>
                <select id="keepId" name="keepId" className={inputClass}>
                  {schools.map(option)}
                </select>
                <ErrorList errors={errors.keepId} />
              </div>
              <div className="space-y-1">
                <label htmlFor="foldId" className="block text-base font-medium">
                  School to fold into it
                </label>
                <select
                  id="foldId"
                  name="foldId"
                  defaultValue={schools[1]?.id}
                  className={inputClass}
                >
                  {schools.map(option)}
                </select>
                <ErrorList errors={errors.foldId} />
              </div>
              <div className="md:col-span-2">
                <Button type="submit">Merge</Button>
              </div>
            </Form>
          </CardContent>
        </Card>
      ) : null}
    </div>
  );
}
