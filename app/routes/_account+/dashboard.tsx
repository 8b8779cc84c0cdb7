import { awardLabelsFor } from "~/features/results/results.server";
import { progressLabels } from "~/features/results/entry-progress.server";
import { ConsentPendingNotice } from "~/components/accounts/account-sections";
import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { isSubmissionWindowOpen } from "~/features/contests/phase";
import { paymentReturnToast } from "~/features/lifecycle/payment-return.server";
import { redirectWithToast } from "~/utils/toast.server";
import { Form, Link, useLoaderData } from "@remix-run/react";
import {
  OwnSubmissionList,
  ResultsCard,
  SentByTeacher,
} from "~/components/entries/dashboard-sections";
import { Pager } from "~/components/ui/pager";
import { pageParam } from "~/utils/paging";
import { Alert } from "~/components/ui/alert";
import { Button, ButtonLink } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { requireUser } from "~/features/accounts/auth.server";
import { formatDateTime, formatDollars, formatSubmissionDate } from "~/utils/dates";
import { entryHasResults, submissionDateLabel } from "~/features/entries/submission-status";
import {
  classEntriesSent,
  entrantResults,
  listEntrantSubmissions,
  listSentForPupil,
} from "~/features/entries/entrant-submissions.server";
import { upcomingDeadlines } from "~/features/contests/public-contests.server";
import { canJudge, greetingName, isAdmin, submitEligibility } from "~/features/accounts/user";

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
      // A checkout opened and left: "Complete payment" returns to it; it can be started again.
      paymentStarted: s.status === "pending_payment" && Boolean(s.payment?.checkoutSessionId),
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
            Welcome, <bdi>{greetingName(user)}</bdi>
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
          <OwnSubmissionList submissions={submissions} />
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

      {sentForMe.submissions.length > 0 ? <SentByTeacher sentForMe={sentForMe} /> : null}

      <div className="mt-10 grid gap-4 lg:grid-cols-2">
        <ResultsCard results={results} awards={awards} progress={progress} />
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
