import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { ContestPageHeading, FormErrorAlert } from "~/components/contests/contest-library";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { DataTable, EmptyState } from "~/components/ui/data-table";
import { ErrorList, Field, TextareaField, inputClass } from "~/components/ui/field";
import { requireAdmin } from "~/features/accounts/auth.server";
import { contestDivisions } from "~/features/divisions/divisions.server";
import {
  audienceLabel,
  BODY_MAX,
  ENTRY_STATUS_FILTERS,
  messageSchema,
  messageSubject,
  paragraphs,
  SUBJECT_MAX,
  UNSCORED,
  type MessageForm,
} from "~/features/messages/messages";
import { messageHistory, previewMessage, sendMessage } from "~/features/messages/messages.server";
import { answerRefusal } from "~/utils/action.server";
import { formatDateTime } from "~/utils/dates";
import { readForm } from "~/utils/form-body.server";
import { redirectWithToast } from "~/utils/toast.server";
import { contestOrRedirect } from "../../admin-library.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Messages · ${data?.contest.title ?? "Contest"} · Admin · Inkwell` },
];

/** "Write to entrants" / "Write to judges" (docs/decisions/0033-judging-panel.md). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const contest = await contestOrRedirect(params.id);
  const [divisions, history] = await Promise.all([
    contestDivisions(contest.id),
    messageHistory(contest.id),
  ]);
  const names = new Map(divisions.map((d) => [d.id, d.name]));
  return {
    contest,
    divisions: divisions.map((d) => ({ id: d.id, name: d.name })),
    history: history.map((m) => ({
      id: m.id,
      subject: m.subject,
      to: audienceLabel(m, m.divisionId ? (names.get(m.divisionId) ?? null) : null),
      recipients: m.recipients,
      delivered: m.delivered,
      sent: m.sentAt !== null,
      when: formatDateTime(m.createdAt, "UTC"),
    })),
  };
}

type Preview = {
  recipients: number;
  to: string;
  subject: string;
  paragraphs: string[];
  fields: MessageForm;
};

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const contest = await contestOrRedirect(params.id);
  const submission = parseWithZod(await readForm(request), { schema: messageSchema });
  if (submission.status !== "success")
    return data({ result: submission.reply(), preview: null as Preview | null }, { status: 400 });
  const form = submission.value;
  try {
    if (form.intent === "preview") {
      // Nothing is written or sent: the count and the e-mail as it will read.
      const { recipients, divisionName } = await previewMessage(contest.id, form);
      const preview: Preview = {
        recipients,
        to: audienceLabel(form, divisionName),
        subject: messageSubject(contest.title, form.subject),
        paragraphs: paragraphs(form.body),
        fields: form,
      };
      return data({ result: submission.reply(), preview });
    }
    const { recipients } = await sendMessage(contest.id, admin.id, form);
    return redirectWithToast(`/admin/contests/${contest.id}/messages`, {
      type: "success",
      title: "Message on its way",
      description: `${recipients} ${recipients === 1 ? "person gets" : "people get"} one e-mail each.`,
    });
  } catch (error) {
    return answerRefusal(error, { reply: submission, extra: { preview: null as Preview | null } });
  }
}

export default function ContestMessages() {
  const { contest, divisions, history } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const preview = actionData?.preview ?? null;
  const [form, fields] = useForm({
    id: "contest-message",
    lastResult: actionData?.result,
    defaultValue: { audience: "entrants" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: messageSchema }),
  });
  return (
    <div className="space-y-6">
      <ContestPageHeading contest={contest} title="Messages" />
      <p className="text-slate-700">
        Write to everyone who entered, or to the contest&apos;s judges. Preview first: nothing is
        sent until you press Send. Each person gets one e-mail, even with several entries. A writer
        under 13&apos;s parent gets a copy; entries a teacher sent for pupils go to the teacher.
      </p>
      <Card>
        <CardHeader>
          <CardTitle>Write a message</CardTitle>
        </CardHeader>
        <CardContent>
          <Form method="post" {...getFormProps(form)} className="space-y-4">
            <FormErrorAlert errors={form.errors} />
            <fieldset className="space-y-2">
              <legend className="text-base font-medium text-slate-800">Write to</legend>
              <label className="flex items-center gap-2">
                <input
                  type="radio"
                  name={fields.audience.name}
                  value="entrants"
                  defaultChecked={fields.audience.initialValue !== "judges"}
                />
                Entrants
              </label>
              <label className="flex items-center gap-2">
                <input
                  type="radio"
                  name={fields.audience.name}
                  value="judges"
                  defaultChecked={fields.audience.initialValue === "judges"}
                />
                Judges (the panel&apos;s accepted judges)
              </label>
              <ErrorList id={fields.audience.errorId} errors={fields.audience.errors} />
            </fieldset>
            <div className="grid gap-4 sm:grid-cols-2">
              <div className="space-y-1">
                <label
                  htmlFor={fields.status.id}
                  className="block text-base font-medium text-slate-800"
                >
                  Entrants only: entries that are
                </label>
                <select
                  id={fields.status.id}
                  name={fields.status.name}
                  defaultValue={fields.status.initialValue ?? ""}
                  className={inputClass}
                >
                  <option value="">Any status but withdrawn</option>
                  {Object.entries(ENTRY_STATUS_FILTERS).map(([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </select>
                <ErrorList id={fields.status.errorId} errors={fields.status.errors} />
              </div>
              <div className="space-y-1">
                <label
                  htmlFor={fields.divisionId.id}
                  className="block text-base font-medium text-slate-800"
                >
                  Division
                </label>
                <select
                  id={fields.divisionId.id}
                  name={fields.divisionId.name}
                  defaultValue={fields.divisionId.initialValue ?? ""}
                  className={inputClass}
                >
                  <option value="">All divisions</option>
                  {divisions.map((d) => (
                    <option key={d.id} value={d.id}>
                      {d.name}
                    </option>
                  ))}
                </select>
                <ErrorList id={fields.divisionId.errorId} errors={fields.divisionId.errors} />
              </div>
            </div>
            <label className="flex items-center gap-2">
              <input
                type="checkbox"
                name="unscored"
                value="on"
                defaultChecked={preview?.fields.status === UNSCORED}
              />
              Judges only: just those with entries left to score
            </label>
            <Field
              label="Subject"
              {...getInputProps(fields.subject, { type: "text" })}
              key={fields.subject.key}
              maxLength={SUBJECT_MAX}
              errors={fields.subject.errors}
            />
            <TextareaField
              label="Message"
              {...getTextareaProps(fields.body)}
              key={fields.body.key}
              rows={8}
              maxLength={BODY_MAX}
              hint="Plain text. Leave a blank line between paragraphs."
              errors={fields.body.errors}
            />
            <Button type="submit" name="intent" value="preview">
              Preview
            </Button>
          </Form>
        </CardContent>
      </Card>

      {preview ? (
        <section aria-labelledby="preview-heading" className="space-y-3">
          <h2 id="preview-heading" className="text-xl font-semibold">
            Preview: {preview.recipients} {preview.recipients === 1 ? "recipient" : "recipients"}
          </h2>
          <p className="text-slate-700">To: {preview.to}. Nothing has been sent yet.</p>
          <div
            className="rounded-md border border-slate-300 bg-white p-4"
            data-testid="message-preview"
          >
            <p className="font-semibold">Subject: {preview.subject}</p>
            <p className="mt-3">Hello Sam,</p>
            <p className="text-sm text-slate-600">(Each person sees their own name.)</p>
            {preview.paragraphs.map((p, i) => (
              <p key={i} className="mt-3 whitespace-pre-line">
                {p}
              </p>
            ))}
            <p className="mt-3">From the organisers of {contest.title}</p>
          </div>
          {preview.recipients > 0 ? (
            <Form method="post">
              <input type="hidden" name="audience" value={preview.fields.audience} />
              <input
                type="hidden"
                name="status"
                value={preview.fields.audience === "entrants" ? (preview.fields.status ?? "") : ""}
              />
              {preview.fields.status === UNSCORED ? (
                <input type="hidden" name="unscored" value="on" />
              ) : null}
              <input type="hidden" name="divisionId" value={preview.fields.divisionId ?? ""} />
              <input type="hidden" name="subject" value={preview.fields.subject} />
              <input type="hidden" name="body" value={preview.fields.body} />
              <Button type="submit" name="intent" value="send">
                Send to {preview.recipients} {preview.recipients === 1 ? "person" : "people"}
              </Button>
            </Form>
          ) : (
            <p className="text-slate-700">Nobody matches these choices.</p>
          )}
        </section>
      ) : null}

      <section aria-labelledby="history-heading" className="space-y-3">
        <h2 id="history-heading" className="text-xl font-semibold">
          Sent messages
        </h2>
        {history.length === 0 ? (
          <EmptyState className="p-6">No messages sent yet.</EmptyState>
        ) : (
          <DataTable columns={["When (UTC)", "Subject", "To", "E-mails", "Status"]}>
            {history.map((m) => (
              <tr key={m.id} className="border-b border-slate-100">
                <td className="py-2 pr-4">{m.when}</td>
                <td className="py-2 pr-4">{m.subject}</td>
                <td className="py-2 pr-4">{m.to}</td>
                <td className="py-2 pr-4 tabular-nums">
                  {m.delivered} of {m.recipients}
                </td>
                <td className="py-2 pr-4">
                  {m.sent ? (
                    <Badge variant="success">Sent</Badge>
                  ) : (
                    <Badge variant="secondary">Sending</Badge>
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </section>
    </div>
  );
}
