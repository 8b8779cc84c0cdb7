import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { z } from "zod";
import { DataTable, EmptyState } from "~/components/ui/data-table";
import { Pager } from "~/components/ui/pager";
import { pageCount, pageParam } from "~/utils/paging";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { requireAdmin } from "~/features/accounts/auth.server";
import { PAGE_SIZE } from "~/features/judging/scoring";
import { addJudge, listJudges, removeJudge } from "~/features/judging/judges.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readForm } from "~/utils/form-body.server";

export const meta: MetaFunction = () => [{ title: "Manage Judges · Inkwell" }];

const addJudgeSchema = z.object({
  intent: z.literal("add"),
  name: z
    .string({ required_error: "Name is required" })
    .trim()
    .min(1, "Name is required")
    .max(100, "Name must be at most 100 characters"),
  email: z
    .string({ required_error: "Email is required" })
    .trim()
    .min(1, "Email is required")
    .max(255, "Email must be at most 255 characters")
    .email("Please enter a valid email address")
    .transform((v) => v.toLowerCase()),
});

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const page = pageParam(request.url);
  return { ...(await listJudges(page)), page };
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const formData = await readForm(request);
  const intent = formData.get("intent");

  if (intent === "remove") {
    const userId = String(formData.get("userId") ?? "");
    const removed = userId ? await removeJudge(userId).catch(() => false) : false;
    return removed
      ? redirectWithToast("/admin/judges", { type: "success", title: "Judge removed successfully" })
      : redirectWithToast("/admin/judges", { type: "error", title: "Error removing judge" });
  }

  const submission = parseWithZod(formData, { schema: addJudgeSchema });
  if (submission.status === undefined) return data({ result: submission.reply() });
  if (submission.status !== "success") {
    return data({ result: submission.reply() }, { status: 400 });
  }
  const result = await addJudge(submission.value, request);
  if (!result.ok) {
    return data({ result: submission.reply({ formErrors: [result.error] }) }, { status: 400 });
  }
  return redirectWithToast("/admin/judges", {
    type: "success",
    title: "Judge added successfully",
    description: result.created
      ? result.emailed
        ? `We e-mailed ${submission.value.email} a link to set a password (valid for 7 days).`
        : `The account was created, but the e-mail to ${submission.value.email} could not be sent.`
      : `${submission.value.email} already had an account and can now open the judge portal.`,
  });
}

export default function ManageJudges() {
  const { judges, total, page } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "add";
  const [form, fields] = useForm({
    id: "add-judge",
    lastResult: actionData?.result,
    constraint: getZodConstraint(addJudgeSchema),
  });
  // Add Judge is disabled until both fields are filled; only once JavaScript runs, so the
  // button still works without it (the server checks too).
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const [values, setValues] = useState({ name: "", email: "" });
  const incomplete = hydrated && (!values.name.trim() || !values.email.trim());

  return (
    <div className="space-y-8">
      <h1 className="font-serif text-3xl font-bold">Manage Judges</h1>
      <Card>
        <CardHeader>
          <CardTitle>Add Judge</CardTitle>
        </CardHeader>
        <CardContent>
          <Form
            method="post"
            {...getFormProps(form)}
            className="grid gap-4 md:grid-cols-[1fr_1fr_auto] md:items-start"
            onChange={(e) => {
              const f = new FormData(e.currentTarget);
              setValues({ name: String(f.get("name") ?? ""), email: String(f.get("email") ?? "") });
            }}
          >
            <input type="hidden" name="intent" value="add" />
            {form.errors?.length ? (
              <Alert variant="destructive" title="Error" className="md:col-span-3">
                {form.errors.join(" ")}
              </Alert>
            ) : null}
            <Field
              label="Name"
              autoComplete="off"
              errors={fields.name.errors}
              {...getInputProps(fields.name, { type: "text" })}
            />
            <Field
              label="Email"
              autoComplete="off"
              errors={fields.email.errors}
              {...getInputProps(fields.email, { type: "email" })}
            />
            <Button
              type="submit"
              className="md:mt-6"
              disabled={incomplete || busy}
              aria-disabled={incomplete || busy}
            >
              {busy ? "Adding…" : "Add Judge"}
            </Button>
          </Form>
          <p className="mt-3 text-sm text-slate-600">
            New judges get an e-mail with a one-time link to set their password (valid for 7 days).
          </p>
        </CardContent>
      </Card>

      <section aria-labelledby="judges-heading">
        <h2 id="judges-heading" className="text-xl font-semibold">
          Judges ({total})
        </h2>
        {judges.length === 0 ? (
          <EmptyState className="mt-4 p-6">No judges yet</EmptyState>
        ) : (
          <DataTable
            className="mt-4"
            columns={["Email", "Name", { label: "Actions", className: "py-2" }]}
          >
            {judges.map((j) => (
              <tr key={j.id} className="border-b border-slate-100 align-top">
                <td className="py-2 pr-4">{j.email}</td>
                <td className="py-2 pr-4">{j.displayName}</td>
                <td className="py-2">
                  <details>
                    <summary className="cursor-pointer text-red-700 underline">Remove</summary>
                    <Form
                      method="post"
                      className="mt-2 space-y-2 rounded-md border border-red-200 bg-red-50 p-3"
                    >
                      <input type="hidden" name="intent" value="remove" />
                      <input type="hidden" name="userId" value={j.id} />
                      <p>
                        Remove {j.email} as a judge? Their unscored assignments are removed; scores
                        they have submitted stay.
                      </p>
                      <Button type="submit" variant="destructive" size="sm">
                        Remove judge
                      </Button>
                    </Form>
                  </details>
                </td>
              </tr>
            ))}
          </DataTable>
        )}
        <Pager page={page} pageCount={pageCount(total, PAGE_SIZE)} label="Judges" />
      </section>
    </div>
  );
}
