import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import {
  StoryText,
  SubmissionFileCard,
  SubmissionHeader,
} from "~/components/entries/submission-view";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { TextareaField } from "~/components/ui/field";
import { requireAdmin } from "~/features/accounts/auth.server";
import { formatDateTime } from "~/utils/dates";
import { ENTRY_MESSAGES, disqualifySchema } from "~/features/entries/entry-schema";
import { canTransition } from "~/features/entries/submission-status";
import { TransitionRefused } from "~/features/entries/submission-status";
import {
  disqualifySubmission,
  getAdminSubmission,
} from "~/features/entries/admin-submissions.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readForm } from "~/utils/form-body.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.submission.title} · Admin · Inkwell` : "Submission · Admin" },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const s = await getAdminSubmission(params.id ?? "");
  if (!s) throw new Response("Not Found", { status: 404 });
  return {
    submission: {
      id: s.id,
      title: s.title,
      body: s.body,
      wordCount: s.wordCount,
      status: s.status,
      disqualifyReason: s.disqualifyReason,
      fileName: s.fileName,
      fileSize: s.fileSize,
      hasFile: Boolean(s.filePath),
      mentionsEntrant: s.mentionsEntrant,
      submitted: formatDateTime(s.createdAt, s.contest.timeZone),
      contest: { slug: s.contest.slug, title: s.contest.title },
      entrant: { name: s.entrant.displayName, email: s.entrant.email },
    },
    canDisqualify: canTransition(s.status, "disqualify"),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireAdmin(request);
  const id = params.id ?? "";
  const submission = parseWithZod(await readForm(request), { schema: disqualifySchema });
  if (submission.status !== "success") {
    return data<{ result: SubmissionResult<string[]> }>(
      { result: submission.reply() },
      { status: 400 },
    );
  }
  try {
    const to = await disqualifySubmission(id, submission.value.reason);
    if (!to) throw new Response("Not Found", { status: 404 });
  } catch (error) {
    if (error instanceof TransitionRefused) {
      return data({ result: submission.reply({ formErrors: [error.message] }) }, { status: 409 });
    }
    throw error;
  }
  return redirectWithToast(`/admin/submissions/${id}`, {
    type: "success",
    title: "Submission disqualified",
    description: "The entrant can read the reason on their dashboard.",
  });
}

export default function AdminSubmission() {
  const { submission: s, canDisqualify } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({ id: "disqualify", lastResult: actionData?.result ?? null });
  return (
    <div>
      <SubmissionHeader
        backTo="/admin/submissions"
        backLabel="All submissions"
        title={s.title}
        status={s.status}
        titleClassName="text-2xl"
      />
      <dl className="mt-3 grid gap-1 text-sm text-slate-700 sm:grid-cols-2">
        <div>
          <dt className="inline font-medium">Contest: </dt>
          <dd className="inline">
            <Link to={`/contests/${s.contest.slug}`} className="underline">
              {s.contest.title}
            </Link>
          </dd>
        </div>
        <div>
          <dt className="inline font-medium">Entrant: </dt>
          <dd className="inline">
            {s.entrant.name} ({s.entrant.email})
          </dd>
        </div>
        <div>
          <dt className="inline font-medium">Submitted: </dt>
          <dd className="inline">{s.submitted}</dd>
        </div>
        <div>
          <dt className="inline font-medium">Word count: </dt>
          <dd className="inline">{s.wordCount}</dd>
        </div>
      </dl>
      {s.mentionsEntrant ? (
        <Alert variant="warning" className="mt-4" title={ENTRY_MESSAGES.mentionsEntrant}>
          {ENTRY_MESSAGES.mentionsEntrantDetail}
        </Alert>
      ) : null}
      {s.status === "disqualified" ? (
        <Alert variant="destructive" className="mt-4" title="Disqualified">
          Reason: {s.disqualifyReason}
        </Alert>
      ) : null}

      {s.hasFile ? (
        <SubmissionFileCard id={s.id} title="File" fileName={s.fileName} fileSize={s.fileSize} />
      ) : null}
      <Card className="mt-6">
        <CardHeader>
          <CardTitle>Text preview</CardTitle>
        </CardHeader>
        <CardContent>
          {s.body ? (
            <StoryText>{s.body}</StoryText>
          ) : (
            <p className="text-slate-600">
              {s.hasFile
                ? "This entry was sent as a file; download it above."
                : "No content available"}
            </p>
          )}
        </CardContent>
      </Card>

      {canDisqualify ? (
        <section aria-labelledby="disqualify-heading" className="mt-8 max-w-xl">
          <h2 id="disqualify-heading" className="text-lg font-semibold">
            Disqualify
          </h2>
          <p className="text-sm text-slate-600">
            A disqualified entry is not judged. The entrant sees the reason you give.
          </p>
          <Form method="post" {...getFormProps(form)} className="mt-3 space-y-3">
            <input type="hidden" name="intent" value="disqualify" />
            {form.errors?.length ? (
              <Alert variant="destructive" title="Error">
                {form.errors.join(" ")}
              </Alert>
            ) : null}
            <TextareaField
              label="Reason"
              rows={3}
              errors={fields.reason.errors}
              {...getTextareaProps(fields.reason)}
            />
            <Button type="submit" variant="destructive">
              Disqualify submission
            </Button>
          </Form>
        </section>
      ) : null}
    </div>
  );
}
