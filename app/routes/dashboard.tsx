import { awardLabelsFor } from "~/features/results/results.server";
import { progressLabels } from "~/features/results/entry-progress.server";
import { EmailAddress } from "~/components/ui/email-address";
import { ConsentPendingNotice } from "~/components/accounts/account-sections";
import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { isSubmissionWindowOpen } from "~/features/contests/phase";
import { paymentReturnToast } from "~/features/lifecycle/payment-return.server";
import { redirectWithToast } from "~/utils/toast.server";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { SubmissionStatusBadge } from "~/components/entries/submission-view";
import { Pager } from "~/components/ui/pager";
import { pageParam } from "~/utils/paging";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button, ButtonLink } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { requireUser } from "~/features/accounts/auth.server";
import { formatDateTime, formatDollars, formatSubmissionDate } from "~/utils/dates";
import {
  entryHasResults,
  pendingPaymentNextStep,
  submissionDateLabel,
} from "~/features/entries/submission-status";
import {
  classEntriesSent,
  entrantResults,
  listEntrantSubmissions,
  listSentForPupil,
} from "~/features/entries/entrant-submissions.server";
import { upcomingDeadlines } from "~/features/contests/public-contests.server";
import { canJudge, isAdmin, submitEligibility } from "~/features/accounts/user";

export const meta: MetaFunction = () => [{ title: "Dashboard · Inkwell" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const url = new URL(request.url);
  const returning = url.searchParams.get("submission");
  if (url.searchParams.get("payment") === "success" && returning) {
    // Back from the checkout: confirm, then reload with the parameters cleared (ADR 0020).
    const toast = await paymentReturnToast(user.id, returning.slice(0, 100));
    throw toast ? await redirectWithToast("/dashboard", toast) : redirect("/dashboard");
  }
  const now = new Date();
  const [mine, sent, classEntries, results, deadlines] = await Promise.all([
    listEntrantSubmissions(user.id, pageParam(url)),
    listSentForPupil(user.id),
    classEntriesSent(user.id),
    entrantResults(user.id, now),
    upcomingDeadlines(now),
  ]);
  return {
    user: { email: user.email, displayName: user.displayName, parentEmail: user.parentEmail },
    isAdmin: isAdmin(user),
    canJudge: canJudge(user),
    eligibility: submitEligibility(user),
    submissions: mine.submissions.map((s) => ({
      id: s.id,
      title: s.title,
      contest: { slug: s.contest.slug, title: s.contest.title },
      wordCount: s.wordCount,
      fileName: s.fileName,
      status: s.status,
      created: formatSubmissionDate(s.createdAt, s.contest.timeZone),
      dateLabel: submissionDateLabel(s.status, s.payment?.status),
      closes: formatDateTime(s.contest.submissionsClose, s.contest.timeZone),
      resultsAvailable: entryHasResults(s.status, s.contest, now),
      amountDue:
        s.status === "pending_payment" &&
        s.payment?.status === "open" &&
        isSubmissionWindowOpen(s.contest, now)
          ? formatDollars(s.payment.amountCents)
          : null,
    })),
    page: mine.page,
    pageCount: mine.pageCount,
    // Entries a teacher sent for this user as a pupil (read-only; docs/decisions/0031).
    sentForMe: {
      more: sent.pageCount > 1,
      submissions: sent.submissions.map((s) => ({
        id: s.id,
        title: s.title,
        contest: { slug: s.contest.slug, title: s.contest.title },
        teacher: s.entrant.displayName,
        status: s.status,
        created: formatSubmissionDate(s.createdAt, s.contest.timeZone),
        resultsAvailable: entryHasResults(s.status, s.contest, now),
      })),
    },
    classEntries,
    results,
    awards: await awardLabelsFor(results.map((r) => r.id)),
    // How far each entry went in a contest of several rounds; only results that are out.
    progress: await progressLabels(
      results.map((r) => r.id),
      now,
    ),
    deadlines: deadlines.map((c) => ({
      slug: c.slug,
      title: c.title,
      closes: formatDateTime(c.submissionsClose, c.timeZone),
    })),
  };
}

export default function Dashboard() {
  const {
    user,
    isAdmin,
    canJudge,
    eligibility,
    submissions,
    page,
    pageCount,
    sentForMe,
    classEntries,
    results,
    awards,
    progress,
    deadlines,
  } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="font-serif text-3xl font-bold">Dashboard</h1>
          <p className="mt-1 text-slate-600">
            Welcome, <EmailAddress email={user.email} />
          </p>
        </div>
        <Form method="post" action="/logout">
          <Button type="submit" variant="outline">
            Sign Out
          </Button>
        </Form>
      </div>

      {!eligibility.ok && eligibility.reason === "awaiting-parental-consent" ? (
        <div className="mt-6">
          <ConsentPendingNotice parentEmail={user.parentEmail ?? ""} />
        </div>
      ) : !eligibility.ok ? (
        <Alert variant="warning" className="mt-6" title="Before you can submit entries">
          Please add your date of birth to your account so we can keep young writers safe.
        </Alert>
      ) : null}

      <div className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {isAdmin ? (
          <Card>
            <CardHeader>
              <CardTitle>Admin Portal</CardTitle>
            </CardHeader>
            <CardContent>
              <p className="mb-4 text-base text-slate-600">
                Manage contests, judges, submissions and results.
              </p>
              <ButtonLink to="/admin">Open Admin Portal</ButtonLink>
            </CardContent>
          </Card>
        ) : null}
        {canJudge ? (
          <Card>
            <CardHeader>
              <CardTitle>Judge Portal</CardTitle>
            </CardHeader>
            <CardContent>
              <p className="mb-4 text-base text-slate-600">
                Review and score the entries assigned to you.
              </p>
              <ButtonLink to="/judge">Open Judge Portal</ButtonLink>
            </CardContent>
          </Card>
        ) : null}
        <Card>
          <CardHeader>
            <CardTitle>Browse Contests</CardTitle>
          </CardHeader>
          <CardContent>
            <p className="mb-4 text-base text-slate-600">
              Find a contest that fits your story and enter it.
            </p>
            <ButtonLink to="/contests" variant="secondary">
              Browse Contests
            </ButtonLink>
          </CardContent>
        </Card>
      </div>

      <section aria-labelledby="your-submissions" className="mt-10">
        <h2 id="your-submissions" className="text-2xl font-semibold">
          Your Submissions
        </h2>
        {submissions.length === 0 ? (
          <p className="mt-3 text-slate-600">
            You have not submitted any entries yet.{" "}
            <Link to="/contests" className="underline">
              Browse contests
            </Link>{" "}
            to find one.
          </p>
        ) : (
          <ul className="mt-4 space-y-3">
            {submissions.map((s) => (
              <li key={s.id}>
                <Card>
                  <CardContent className="flex flex-wrap items-center justify-between gap-3 pt-5">
                    <div>
                      <h3 className="font-semibold">
                        <Link to={`/dashboard/submissions/${s.id}`} className="hover:underline">
                          {s.title}
                        </Link>
                      </h3>
                      <p className="text-base text-slate-600">
                        <Link to={`/contests/${s.contest.slug}`} className="underline">
                          {s.contest.title}
                        </Link>{" "}
                        · {s.fileName ? `File: ${s.fileName}` : `${s.wordCount} words`} ·{" "}
                        {s.dateLabel} <time>{s.created}</time>
                      </p>
                      {s.status === "pending_payment" ? (
                        <p className="mt-1 text-amber-900">
                          Awaiting payment of the entry fee: not yet submitted.{" "}
                          {pendingPaymentNextStep(s.closes)}
                        </p>
                      ) : null}
                      {s.amountDue ? (
                        <Form
                          method="post"
                          action={`/dashboard/submissions/${s.id}`}
                          className="mt-2"
                        >
                          <input type="hidden" name="intent" value="pay" />
                          <Button type="submit">
                            Complete payment ({s.amountDue})
                            <span className="sr-only"> for {s.title}</span>
                          </Button>
                        </Form>
                      ) : null}
                    </div>
                    <div className="flex flex-wrap items-center gap-2">
                      <SubmissionStatusBadge status={s.status} />
                      {s.resultsAvailable ? (
                        <Badge variant="success">Results available</Badge>
                      ) : null}
                    </div>
                  </CardContent>
                </Card>
              </li>
            ))}
          </ul>
        )}
        <Pager page={page} pageCount={pageCount} label="Submission pages" />
        {classEntries > 0 ? (
          <p className="mt-4 text-base text-slate-600">
            The {classEntries} {classEntries === 1 ? "entry" : "entries"} you sent for your pupils
            are their writing, not yours: follow them, their results and certificates on{" "}
            <Link to="/educator" className="underline">
              your classes
            </Link>
            .
          </p>
        ) : null}
      </section>

      {sentForMe.submissions.length > 0 ? (
        <section aria-labelledby="sent-by-teacher" className="mt-10">
          <h2 id="sent-by-teacher" className="text-2xl font-semibold">
            Sent by your teacher
          </h2>
          <p className="mt-1 text-slate-600">
            Your teacher sent these stories for you and looks after them. Your results and
            certificates appear here once they are out.
          </p>
          <ul className="mt-4 space-y-3">
            {sentForMe.submissions.map((s) => (
              <li key={s.id}>
                <Card>
                  <CardContent className="flex flex-wrap items-center justify-between gap-3 pt-5">
                    <div>
                      <h3 className="font-semibold">
                        <Link to={`/dashboard/submissions/${s.id}`} className="hover:underline">
                          {s.title}
                        </Link>
                      </h3>
                      <p className="text-base text-slate-600">
                        <Link to={`/contests/${s.contest.slug}`} className="underline">
                          {s.contest.title}
                        </Link>{" "}
                        · Sent by {s.teacher} on <time>{s.created}</time>
                      </p>
                    </div>
                    <div className="flex flex-wrap items-center gap-2">
                      <SubmissionStatusBadge status={s.status} />
                      {s.resultsAvailable ? (
                        <Badge variant="success">Results available</Badge>
                      ) : null}
                    </div>
                  </CardContent>
                </Card>
              </li>
            ))}
          </ul>
          {sentForMe.more ? (
            <p className="mt-2 text-sm text-slate-600">The newest 20 are shown.</p>
          ) : null}
        </section>
      ) : null}

      <div className="mt-10 grid gap-4 lg:grid-cols-2">
        <Card role="region" aria-labelledby="results-heading">
          <CardHeader>
            <CardTitle id="results-heading">Results</CardTitle>
          </CardHeader>
          <CardContent>
            {results.length === 0 ? (
              <p className="text-base text-slate-600">
                Scores and judges&rsquo; feedback for your entries appear here once a
                contest&rsquo;s results are released.
              </p>
            ) : (
              <ul className="space-y-5">
                {results.map((r) => (
                  <li key={r.id}>
                    <h3 className="font-semibold break-words">{r.title}</h3>
                    {awards[r.id] ? <Badge>{awards[r.id]}</Badge> : null}
                    {progress[r.id] ? (
                      <p className="text-base font-medium">{progress[r.id]}</p>
                    ) : null}
                    <p className="text-base text-slate-600">
                      {r.contest.title}
                      {r.average !== null ? ` · Average score ${r.average.toFixed(2)}` : ""}
                    </p>
                    <ul className="mt-2 space-y-2">
                      {r.reviews.map((review) => (
                        <li
                          key={review.id}
                          className="rounded-md border border-slate-200 p-3 text-base"
                        >
                          <p className="font-medium">
                            {review.label}: {review.total.toFixed(2)}
                          </p>
                          <ul className="mt-1 text-slate-700">
                            {review.criteria.map((c) => (
                              <li key={c.key}>
                                {c.label}: {c.score} / {c.maxPoints}
                              </li>
                            ))}
                          </ul>
                          {review.comment ? (
                            <p className="mt-1 italic text-slate-700">
                              &ldquo;{review.comment}&rdquo;
                            </p>
                          ) : null}
                        </li>
                      ))}
                    </ul>
                    <Link
                      to={`/dashboard/submissions/${r.id}`}
                      className="mt-2 inline-block underline"
                    >
                      {awards[r.id] ? "Your results and certificate" : "Your full results"}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
        <Card role="region" aria-labelledby="deadlines-heading">
          <CardHeader>
            <CardTitle id="deadlines-heading">Upcoming Deadlines</CardTitle>
          </CardHeader>
          <CardContent>
            {deadlines.length === 0 ? (
              <p className="text-base text-slate-600">
                No contests are open for submissions right now.
              </p>
            ) : (
              <ul className="space-y-2">
                {deadlines.map((c) => (
                  <li key={c.slug} className="text-base">
                    <Link to={`/contests/${c.slug}`} className="font-medium underline">
                      {c.title}
                    </Link>
                    <span className="block text-slate-600">Closes {c.closes}</span>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      </div>
      <p className="mt-8 text-base text-slate-600">
        Need help? Read our{" "}
        <Link to="/legal/privacy" className="underline">
          Privacy Policy
        </Link>
        .
      </p>
    </div>
  );
}
