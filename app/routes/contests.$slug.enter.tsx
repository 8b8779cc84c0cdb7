import {
  getFormProps,
  getInputProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { Alert } from "~/components/ui/alert";
import { Button, ButtonLink } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { ErrorList, Field, TextareaField, inputClass } from "~/components/ui/field";
import { getOptionalUser } from "~/features/accounts/auth.server";
import { formatDateTime, formatDollars } from "~/utils/dates";
import { CONFIRMATIONS, ENTRY_MESSAGES, firstError } from "~/features/entries/entry-schema";
import {
  discardBody,
  eligibilityMessage,
  newEntryKey,
  receiveEntry,
} from "~/features/entries/receive-entry.server";
import { ACCEPT_ATTRIBUTE } from "~/features/entries/file-sniff";
import { isSubmissionWindowOpen } from "~/features/contests/phase";
import { getPublishedContest } from "~/features/contests/public-contests.server";
import { redirectWithToast } from "~/utils/toast.server";
import { countWords } from "~/features/entries/word-count";

import { useIsPending } from "~/utils/use-is-pending";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Enter ${data.contest.title} · Inkwell` : "Enter · Inkwell" },
];

const notFound = () =>
  redirectWithToast("/", {
    type: "error",
    title: "Error",
    description: ENTRY_MESSAGES.contestNotFound,
  });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const [contest, user] = await Promise.all([
    getPublishedContest(params.slug ?? ""),
    getOptionalUser(request),
  ]);
  if (!contest) throw await notFound();
  return {
    contest: {
      slug: contest.slug,
      title: contest.title,
      wordMin: contest.wordMin,
      wordMax: contest.wordMax,
      feeCents: contest.entryFeeCents,
      closes: formatDateTime(contest.submissionsClose, contest.timeZone),
    },
    open: isSubmissionWindowOpen(contest),
    signedIn: Boolean(user),
    notEligible: user ? eligibilityMessage(user) : null,
    entryKey: newEntryKey(),
  };
}

type ActionData = { result: SubmissionResult<string[]> | null; formError: string | null };

export async function action({ request, params }: ActionFunctionArgs) {
  const slug = params.slug ?? "";
  const user = await getOptionalUser(request);
  if (!user) {
    await discardBody(request);
    return redirectWithToast(`/login?redirectTo=${encodeURIComponent(`/contests/${slug}/enter`)}`, {
      type: "error",
      title: "Error",
      description: ENTRY_MESSAGES.mustSignIn,
    });
  }
  const contest = await getPublishedContest(slug);
  if (!contest) {
    await discardBody(request);
    return notFound();
  }
  // Early refusals save storing a file that would be deleted; receiveEntry checks both again at the write.
  const refused =
    eligibilityMessage(user) ?? (isSubmissionWindowOpen(contest) ? null : ENTRY_MESSAGES.notOpen);
  if (refused) {
    await discardBody(request);
    return data<ActionData>({ result: null, formError: refused }, { status: 403 });
  }
  const outcome = await receiveEntry(request, user, contest);
  if (outcome.ok) {
    if (outcome.status === "pending_payment") {
      return redirectWithToast("/dashboard", {
        type: "info",
        title: "Entry saved: payment pending",
        description: `Your entry will be submitted once the ${formatDollars(contest.entryFeeCents)} entry fee is paid.`,
      });
    }
    return redirectWithToast("/dashboard", { type: "success", title: ENTRY_MESSAGES.received });
  }
  return data<ActionData>(
    { result: outcome.reply, formError: outcome.formError ?? null },
    { status: outcome.status },
  );
}

export default function EnterContest() {
  const { contest, open, signedIn, notEligible, entryKey } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const submitting = useIsPending({ state: "submitting" });
  const [form, fields] = useForm({
    id: "entry",
    lastResult: actionData?.result ?? null,
    shouldRevalidate: "onInput",
  });
  const initialBody = typeof fields.body.initialValue === "string" ? fields.body.initialValue : "";
  const [liveCount, setLiveCount] = useState<number | null>(null);
  const count = liveCount ?? countWords(initialBody);
  // After a 4xx answer the loader is not re-run, so a refusal for a closed window closes the form here.
  const windowOpen = open && actionData?.formError !== ENTRY_MESSAGES.notOpen;
  const disabled = !windowOpen || Boolean(notEligible);
  const validationError = actionData?.formError ? null : firstError(actionData?.result?.error);
  const fee = contest.feeCents > 0 ? formatDollars(contest.feeCents) : null;

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <p className="text-sm">
        <Link to={`/contests/${contest.slug}`} className="text-ink-700 underline">
          ← {contest.title}
        </Link>
      </p>
      <h1 className="mt-2 font-serif text-3xl font-bold">Submit your entry</h1>
      <p className="mt-2 text-slate-600">
        {contest.title}: {contest.wordMin}–{contest.wordMax} words. Submissions close{" "}
        {contest.closes}.
      </p>

      <div className="mt-6 space-y-4">
        {!windowOpen ? (
          <Alert variant="warning" title="Submissions closed">
            {ENTRY_MESSAGES.notOpen}
          </Alert>
        ) : null}
        {!signedIn ? (
          <Alert variant="info" title="Sign in to submit">
            {ENTRY_MESSAGES.mustSignIn}.{" "}
            <Link
              className="underline"
              to={`/login?redirectTo=${encodeURIComponent(`/contests/${contest.slug}/enter`)}`}
            >
              Sign in
            </Link>{" "}
            or{" "}
            <Link className="underline" to="/login?tab=signup">
              create an account
            </Link>{" "}
            first.
          </Alert>
        ) : null}
        {notEligible ? (
          <Alert variant="warning" title="You cannot submit yet">
            {notEligible}
          </Alert>
        ) : null}
        {actionData?.formError ? (
          <Alert variant="destructive" title="Error">
            {actionData.formError}
          </Alert>
        ) : null}
        {validationError ? (
          <Alert variant="destructive" title={ENTRY_MESSAGES.validationTitle}>
            {validationError}
          </Alert>
        ) : null}
      </div>

      <Card className="mt-6">
        <CardContent className="pt-5">
          <Form
            method="post"
            encType="multipart/form-data"
            {...getFormProps(form)}
            noValidate
            className="space-y-6"
          >
            <input type="hidden" name="entryKey" value={entryKey} />
            <fieldset disabled={disabled} className="space-y-6">
              <legend className="sr-only">Your entry</legend>
              <Field
                label="Story title"
                errors={fields.title.errors}
                {...getInputProps(fields.title, { type: "text" })}
                required
              />
              <div>
                <TextareaField
                  label="Story text"
                  hint="Type or paste your story, or upload a file below."
                  rows={16}
                  errors={fields.body.errors}
                  {...getTextareaProps(fields.body)}
                  onChange={(e) => setLiveCount(countWords(e.currentTarget.value))}
                />
                <p
                  id="word-count"
                  aria-live="polite"
                  className="mt-1 text-right text-sm text-slate-600"
                >
                  <span className="sr-only">Word count: </span>
                  {count} / {contest.wordMax}
                </p>
              </div>
              <div className="space-y-1">
                <label htmlFor="entry-file" className="block text-sm font-medium text-slate-800">
                  Or upload your story
                </label>
                <input
                  id="entry-file"
                  name="file"
                  type="file"
                  accept={ACCEPT_ATTRIBUTE}
                  className={inputClass}
                  aria-describedby={[
                    "entry-file-hint",
                    fields.file?.errors?.length ? "entry-file-error" : "",
                  ]
                    .filter(Boolean)
                    .join(" ")}
                  aria-invalid={fields.file?.errors?.length ? true : undefined}
                />
                <p id="entry-file-hint" className="text-sm text-slate-600">
                  PDF, DOC, DOCX or TXT. Maximum size: 10MB
                </p>
                <ErrorList id="entry-file-error" errors={fields.file?.errors} />
              </div>
              <fieldset className="space-y-2">
                <legend className="text-sm font-medium text-slate-800">
                  Eligibility (all required)
                </legend>
                {CONFIRMATIONS.map((c) => {
                  const field = fields[c.name];
                  return (
                    <div key={c.name}>
                      <label className="flex items-start gap-2 text-sm text-slate-800">
                        <input
                          {...getInputProps(field, { type: "checkbox" })}
                          className="mt-1 h-4 w-4"
                          aria-describedby={field.errors?.length ? `${field.id}-error` : undefined}
                        />
                        <span>{c.label}</span>
                      </label>
                      <ErrorList id={`${field.id}-error`} errors={field.errors} />
                    </div>
                  );
                })}
              </fieldset>
              <div className="flex flex-wrap items-center gap-3">
                <Button type="submit" disabled={disabled || submitting}>
                  {submitting ? "Submitting…" : fee ? `Submit Entry (${fee})` : "Submit Entry"}
                </Button>
                <ButtonLink to={`/contests/${contest.slug}`} variant="outline">
                  Cancel
                </ButtonLink>
              </div>
              {fee ? (
                <p className="text-sm text-slate-600">
                  The {fee} entry fee is paid after you submit; your entry stays pending until then.
                </p>
              ) : null}
            </fieldset>
          </Form>
        </CardContent>
      </Card>
    </div>
  );
}
