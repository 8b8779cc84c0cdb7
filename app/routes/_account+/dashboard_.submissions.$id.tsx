import { EntryResults } from "~/components/results/entry-results";
import { entryResults } from "~/features/results/results.server";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import {
  StoryText,
  SubmissionFileCard,
  SubmissionHeader,
} from "~/components/entries/submission-view";
import { Alert } from "~/components/ui/alert";
import { Button, ButtonLink } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { requireUser } from "~/features/accounts/auth.server";
import { pupilWriterName } from "~/features/judging/writer";
import { formatDateTime, formatDollars, formatSubmissionDate } from "~/utils/dates";
import { isSubmissionWindowOpen } from "~/features/contests/phase";
import { redirectToCheckout } from "../checkout-redirect.server";
import { applyCodeToPendingEntry } from "~/features/payments/pending-code.server";
import { stopCheckout } from "~/features/payments/restart-checkout.server";
import { Field } from "~/components/ui/field";
import { paymentLine } from "~/features/payments/payment-summary";
import { publicContest } from "~/features/contests/public-contest";
import {
  canWithdraw,
  pendingPaymentNextStep,
  submissionDateLabel,
} from "~/features/entries/submission-status";
import {
  getEntrantSubmission,
  getSentForPupil,
  withdrawSubmission,
} from "~/features/entries/entrant-submissions.server";
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { answerRefusal } from "~/utils/action.server";
import { notFound } from "~/utils/responses";
import { redirectWithToast } from "~/utils/toast.server";
import { readForm } from "~/utils/form-body.server";
import { contentRemovedMessage } from "~/features/privacy/retention-policy";
import { showPermission, withdrawShowPermission } from "~/features/privacy/show-permission.server";
import { ShowPermissionSection, showPermissionView } from "~/components/results/show-permission";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.submission.title} · Inkwell` : "Submission · Inkwell" },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const own = await getEntrantSubmission(user.id, params.id ?? "");
  // An entry a teacher sent for this user as a pupil: theirs to read, the teacher's to manage.
  const sentForMe = own ? null : await getSentForPupil(user.id, params.id ?? "");
  const s = own ?? sentForMe;
  if (!s) throw notFound();
  const contest = publicContest(s.contest);
  const withdrawable = own !== null && canWithdraw(s, contest);
  const url = new URL(request.url);
  return {
    submission: {
      id: s.id,
      title: s.title,
      body: s.body,
      wordCount: s.wordCount,
      // Its division, in a contest with divisions (docs/decisions/0032-divisions-and-rounds.md).
      division: s.division?.name ?? null,
      status: s.status,
      fileName: s.fileName,
      fileSize: s.fileSize,
      contentRemoved: s.contentRemovedAt
        ? contentRemovedMessage(formatSubmissionDate(s.contentRemovedAt, contest.timeZone))
        : null,
      disqualifyReason: s.disqualifyReason,
      created: formatSubmissionDate(s.createdAt, contest.timeZone),
      dateLabel: submissionDateLabel(s.status, s.payment?.status),
      contest: {
        slug: contest.slug,
        title: contest.title,
        closes: formatDateTime(contest.submissionsClose, contest.timeZone),
      },
    },
    withdrawable,
    sentBy: sentForMe?.entrant.displayName ?? null,
    // A class entry the educator sent: the pupil is its writer (docs/decisions/0031).
    sentFor: own?.pupil ? pupilWriterName(own.pupil) : null,
    payment: own && s.payment ? { line: paymentLine(s.payment), status: s.payment.status } : null,
    payable:
      own !== null &&
      s.status === "pending_payment" &&
      s.payment?.status === "open" &&
      isSubmissionWindowOpen(contest),
    amountDue: s.payment ? formatDollars(s.payment.amountCents) : null,
    // A classroom link's code, or the code just refused, fills the field again.
    code: url.searchParams.get("code")?.slice(0, 40) ?? "",
    hasCode: Boolean(s.payment?.discountCode),
    cancelled: url.searchParams.get("payment") === "cancelled" && s.status === "pending_payment",
    results: await entryResults(user.id, s.id),
    confirming: withdrawable && url.searchParams.get("confirm") === "withdraw",
    // "May be shown" and taking it back (docs/decisions/0042-a-childs-words-and-name.md).
    show: showPermissionView(await showPermission(s.id), contest.timeZone),
  };
}

const entrySchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("withdraw") }),
  z.object({ intent: z.literal("restart-payment") }),
  z.object({ intent: z.literal("withdraw-show") }),
  z.object({
    intent: z.literal("pay"),
    discountCode: z.string().trim().max(40).optional(),
  }),
]);

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const id = params.id ?? "";
  const submission = parseWithZod(await readForm(request), { schema: entrySchema });
  if (submission.status !== "success") {
    // Someone else's id is not found, whatever the form says.
    if (!(await getEntrantSubmission(user.id, id))) throw notFound();
    return data({ error: "Unknown action" }, { status: 400 });
  }
  const here = `/dashboard/submissions/${id}`;
  // The writer (or the pupil a teacher sent it for) takes back "may be shown", at any time.
  if (submission.value.intent === "withdraw-show") {
    const mine = (await getEntrantSubmission(user.id, id)) ?? (await getSentForPupil(user.id, id));
    if (!mine) throw notFound();
    await withdrawShowPermission(id, { role: "writer", userId: user.id });
    return redirectWithToast(here, {
      type: "success",
      title: "Your name will not be shown",
      description: "This story and your name will not appear on the public results.",
    });
  }
  // "Complete payment": the same checkout as a new entry's (docs/decisions/0020-payments.md).
  if (submission.value.intent === "pay") {
    if (!(await getEntrantSubmission(user.id, id))) throw notFound();
    // A classroom code typed now prices the entry again first (ADR 0031).
    const code = submission.value.discountCode;
    if (code) {
      try {
        const status = await applyCodeToPendingEntry(user.id, id, code);
        if (status === "submitted")
          return redirectWithToast(here, {
            type: "success",
            title: "Fee waived",
            description: "Your code waives the entry fee: your entry is submitted.",
          });
      } catch (error) {
        return answerRefusal(error, { redirectTo: `${here}?code=${encodeURIComponent(code)}` });
      }
    }
    return redirectToCheckout(user.id, id);
  }
  // "Start the payment again": the started checkout is closed, and a new one opens (ADR 0044).
  if (submission.value.intent === "restart-payment") {
    if (!(await getEntrantSubmission(user.id, id))) throw notFound();
    try {
      if ((await stopCheckout(user.id, id)) === "paid")
        return redirect(`/dashboard?payment=success&submission=${encodeURIComponent(id)}`);
    } catch (error) {
      return answerRefusal(error, { redirectTo: here });
    }
    return redirectToCheckout(user.id, id);
  }
  try {
    if (!(await withdrawSubmission(user.id, id))) throw notFound();
  } catch (error) {
    return answerRefusal(error, { redirectTo: here });
  }
  return redirectWithToast(here, {
    type: "success",
    title: "Entry withdrawn",
    description: "Your entry has been withdrawn and will not be judged.",
  });
}

export default function EntrantSubmission() {
  const {
    submission: s,
    withdrawable,
    confirming,
    results,
    payment,
    payable,
    amountDue,
    cancelled,
    code,
    hasCode,
    sentBy,
    sentFor,
    show,
  } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <SubmissionHeader
        backTo="/dashboard"
        backLabel="Dashboard"
        title={s.title}
        status={s.status}
        titleClassName="text-3xl"
      />
      <p className="mt-2 text-slate-600">
        <Link to={`/contests/${s.contest.slug}`} className="underline">
          {s.contest.title}
        </Link>{" "}
        · {s.dateLabel} <time>{s.created}</time> ·{" "}
        {s.fileName && !s.wordCount ? "sent as a file" : `${s.wordCount} words`}
        {s.division ? ` · Division: ${s.division}` : null}
      </p>
      {sentFor ? (
        <Alert variant="info" className="mt-6" title={`Sent for ${sentFor}`}>
          You sent this entry for <bdi>{sentFor}</bdi>, a pupil of your class: it is their writing,
          and their name is on its results and certificate.
        </Alert>
      ) : null}
      {sentBy ? (
        <Alert variant="info" className="mt-6" title="Sent by your teacher">
          {sentBy} sent this story for you and looks after the entry. You can read it and, once
          results are out, your scores, the judges&rsquo; feedback and your certificate.
        </Alert>
      ) : null}

      {s.status === "disqualified" ? (
        <Alert variant="destructive" className="mt-6" title="This entry was disqualified">
          <p>Reason: {s.disqualifyReason ?? "No reason was given."}</p>
        </Alert>
      ) : null}
      {cancelled ? (
        <Alert variant="info" className="mt-6" title="Payment not completed">
          You left the payment page before paying. Your entry is saved: you can pay any time before
          submissions close.
        </Alert>
      ) : null}
      {s.status === "pending_payment" && !sentBy ? (
        <Alert variant="warning" className="mt-6" title="Payment pending">
          <p>
            This entry is saved but not yet submitted. {pendingPaymentNextStep(s.contest.closes)}
          </p>
          {payable ? (
            <Form method="post" className="mt-3 max-w-md space-y-3">
              <input type="hidden" name="intent" value="pay" />
              <Field
                label={
                  <>
                    {hasCode ? "Another discount code" : "Discount code"}{" "}
                    <span className="font-normal text-slate-600">(optional)</span>
                  </>
                }
                hint="Have a code from your school or teacher? Type it here. It is applied when you press Complete payment."
                name="discountCode"
                id="pay-discountCode"
                defaultValue={code}
                autoComplete="off"
                autoCapitalize="characters"
              />
              <Button type="submit">Complete payment ({amountDue})</Button>
            </Form>
          ) : null}
        </Alert>
      ) : null}
      {payment && s.status !== "pending_payment" ? (
        <p className="mt-4 text-base text-slate-700">Entry fee: {payment.line}</p>
      ) : null}
      {s.status === "withdrawn" ? (
        <Alert variant="info" className="mt-6" title="Withdrawn">
          You withdrew this entry. It will not be judged.
        </Alert>
      ) : null}
      {s.status === "expired" ? (
        <Alert variant="info" className="mt-6" title="Expired">
          The entry fee was not paid before submissions closed, so this entry was not submitted.
        </Alert>
      ) : null}

      {results ? (
        <div className="mt-6">
          <EntryResults
            results={results}
            certificateHref={`/dashboard/submissions/${s.id}/certificate`}
          />
        </div>
      ) : null}

      {s.fileName && !sentBy ? (
        <SubmissionFileCard
          id={s.id}
          title="Your file"
          fileName={s.fileName}
          fileSize={s.fileSize}
        />
      ) : null}
      {s.contentRemoved ? (
        <p className="mt-6 rounded border border-slate-200 bg-slate-50 p-4 text-slate-700">
          {s.contentRemoved}{" "}
          <Link to="/legal/privacy#retention" className="underline">
            How long we keep stories
          </Link>
        </p>
      ) : null}
      {s.body ? (
        <Card className="mt-6">
          <CardHeader>
            <CardTitle>Your story</CardTitle>
          </CardHeader>
          <CardContent>
            <StoryText>{s.body}</StoryText>
          </CardContent>
        </Card>
      ) : null}

      <ShowPermissionSection show={show} who="writer" />

      {withdrawable ? (
        <section aria-labelledby="withdraw" className="mt-8">
          <h2 id="withdraw" className="text-lg font-semibold">
            Withdraw this entry
          </h2>
          {confirming ? (
            <Alert variant="warning" className="mt-3" title="Withdraw this entry?">
              <p>A withdrawn entry is not judged, and this cannot be undone.</p>
              <Form method="post" className="mt-3 flex flex-wrap gap-2">
                <input type="hidden" name="intent" value="withdraw" />
                <Button type="submit" variant="destructive">
                  Yes, withdraw entry
                </Button>
                <ButtonLink to="." variant="outline" replace>
                  Keep my entry
                </ButtonLink>
              </Form>
            </Alert>
          ) : (
            <>
              <p className="mt-1 text-sm text-slate-600">
                You can withdraw your entry until submissions close ({s.contest.closes}).
              </p>
              <ButtonLink to="?confirm=withdraw" variant="outline" className="mt-3">
                Withdraw entry
              </ButtonLink>
            </>
          )}
        </section>
      ) : null}
    </div>
  );
}
