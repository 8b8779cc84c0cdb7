import { removeJudge } from "~/features/assignment/leaving.server";
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { EmailAddress } from "~/components/ui/email-address";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { z } from "zod";
import { useIsPending } from "~/utils/use-is-pending";
import { useResetKey } from "~/utils/use-reset-key";
import { DataTable, EmptyState } from "~/components/ui/data-table";
import { Pager } from "~/components/ui/pager";
import { pageCount, pageParam } from "~/utils/paging";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { requireAdmin } from "~/features/accounts/auth.server";
import { Badge } from "~/components/ui/badge";
import { INVITATION_LABEL } from "~/features/judging/invitation";
import {
  addJudge,
  listJudges,
  resendInvitation,
  JUDGES_PAGE_SIZE,
} from "~/features/judging/judges.server";
import { answerRefusal } from "~/utils/action.server";
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
  const list = await listJudges(page);
  return { ...list, page, pages: pageCount(list.total, JUDGES_PAGE_SIZE) };
}

const removeJudgeSchema = z.object({ intent: z.literal("remove"), userId: z.string().min(1) });
const resendSchema = z.object({ intent: z.literal("resend"), userId: z.string().min(1) });
const actionSchema = z.discriminatedUnion("intent", [
  addJudgeSchema,
  removeJudgeSchema,
  resendSchema,
]);

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const submission = parseWithZod(await readForm(request), { schema: actionSchema });
  if (submission.status !== "success") {
    if (submission.payload.intent === "remove") {
      return redirectWithToast("/admin/judges", { type: "error", title: "Error removing judge" });
    }
    if (submission.payload.intent === "resend") {
      return redirectWithToast("/admin/judges", {
        type: "error",
        title: "Error",
        description: "Choose a judge to resend the invitation to.",
      });
    }
    return data({ result: submission.reply() }, { status: submission.status ? 400 : 200 });
  }
  if (submission.value.intent === "remove") {
    // False when the person was neither a judge nor invited (nothing to remove).
    const removed = await removeJudge(submission.value.userId);
    return removed
      ? redirectWithToast("/admin/judges", { type: "success", title: "Judge removed successfully" })
      : redirectWithToast("/admin/judges", { type: "error", title: "Error removing judge" });
  }
  if (submission.value.intent === "resend") {
    try {
      const sent = await resendInvitation(submission.value.userId);
      return redirectWithToast("/admin/judges", {
        type: sent.emailed ? "success" : "error",
        title: sent.emailed ? "Invitation sent" : "Error",
        description: sent.emailed
          ? `We e-mailed ${sent.email} a new invitation link (valid for 7 days). Earlier links no longer work.`
          : `A new link was made, but the e-mail to ${sent.email} could not be sent.`,
      });
    } catch (error) {
      return answerRefusal(error, { redirectTo: "/admin/judges" });
    }
  }
  let result: Awaited<ReturnType<typeof addJudge>>;
  try {
    result = await addJudge(submission.value);
  } catch (error) {
    return answerRefusal(error, { reply: submission });
  }
  return redirectWithToast("/admin/judges", {
    type: "success",
    title: "Judge added successfully",
    description: !result.emailed
      ? `The invitation was made, but the e-mail to ${submission.value.email} could not be sent. Use Resend invitation.`
      : result.invited
        ? `${submission.value.email} already has an account. We e-mailed a link to accept (valid for 7 days); they become a judge when they accept.`
        : `We e-mailed ${submission.value.email} a link to set a password (valid for 7 days).`,
  });
}

export default function ManageJudges() {
  const { judges, total, page, pages } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useIsPending({ state: "submitting", intent: "add" });
  const resetKey = useResetKey(actionData);
  const [form, fields] = useForm({
    id: `add-judge-${resetKey}`,
    lastResult: actionData?.result,
    constraint: getZodConstraint(addJudgeSchema),
  });
  // Add Judge is disabled until both fields are filled; only once JavaScript runs, so the
  // button still works without it (the server checks too).
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const [values, setValues] = useState({ name: "", email: "" });
  useEffect(() => setValues({ name: "", email: "" }), [resetKey]);
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
            key={resetKey}
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
            Someone who already has an account gets a link to accept instead, and becomes a judge
            only when they accept.
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
            columns={[
              "Email",
              "Name",
              "Invitation",
              "Progress",
              { label: "Actions", className: "py-2" },
            ]}
          >
            {judges.map((j) => (
              <tr key={j.id} className="border-b border-slate-100 align-top">
                <td className="py-2 pr-4">
                  <EmailAddress email={j.email} />
                </td>
                <td className="py-2 pr-4">{j.displayName}</td>
                <td className="py-2 pr-4">
                  <Badge
                    variant={
                      j.status === "active"
                        ? "success"
                        : j.status === "invited" || j.status === "awaiting acceptance"
                          ? "secondary"
                          : "destructive"
                    }
                  >
                    {INVITATION_LABEL[j.status]}
                  </Badge>
                </td>
                <td className="py-2 pr-4 tabular-nums">
                  {j.scored} of {j.assigned} scored
                </td>
                <td className="space-y-2 py-2">
                  {j.status !== "active" ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value="resend" />
                      <input type="hidden" name="userId" value={j.id} />
                      <Button
                        type="submit"
                        variant="outline"
                        size="sm"
                        aria-label={`Resend invitation to ${j.email}`}
                      >
                        Resend invitation
                      </Button>
                    </Form>
                  ) : null}
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
        <Pager page={page} pageCount={pages} label="Judges" />
      </section>
    </div>
  );
}
