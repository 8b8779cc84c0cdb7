/**
 * The entrant's dashboard sections (/dashboard): their own entries (with the payment still due),
 * the entries a teacher sent for them as a pupil (docs/decisions/0031), and their results with
 * the judges' feedback. The route loads them.
 */
import { entryLengthLabel } from "~/features/entries/word-count";
import { Form, Link } from "@remix-run/react";
import { SubmissionStatusBadge } from "~/components/entries/submission-view";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { pendingPaymentNextStep } from "~/features/entries/submission-status";

/** The entrant's own entries, each with its status and, when due, "Complete payment". */
export function OwnSubmissionList({
  submissions,
}: {
  submissions: {
    id: string;
    title: string;
    contest: { slug: string; title: string };
    wordCount: number;
    fileName: string | null;
    status: string;
    created: string;
    dateLabel: string;
    closes: string;
    resultsAvailable: boolean;
    amountDue: string | null;
    paymentStarted: boolean;
  }[];
}) {
  return (
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
                  · {entryLengthLabel(s)} · {s.dateLabel} <time>{s.created}</time>
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
                    className="mt-2 flex flex-wrap items-center gap-3"
                  >
                    {/* A started checkout: resume it (the same page), or start it again (ADR 0044). */}
                    {s.paymentStarted ? (
                      <span className="basis-full text-base text-slate-700">
                        You started paying and did not finish: Complete payment returns to it.
                      </span>
                    ) : null}
                    <Button type="submit" name="intent" value="pay">
                      Complete payment ({s.amountDue})
                      <span className="sr-only"> for {s.title}</span>
                    </Button>
                    {s.paymentStarted ? (
                      <Button type="submit" name="intent" value="restart-payment" variant="outline">
                        Start the payment again
                        <span className="sr-only"> for {s.title}</span>
                      </Button>
                    ) : null}
                  </Form>
                ) : null}
              </div>
              <div className="flex flex-wrap items-center gap-2">
                <SubmissionStatusBadge status={s.status} />
                {s.resultsAvailable ? <Badge variant="success">Results available</Badge> : null}
              </div>
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}

/** Entries a teacher sent for this user as a pupil (read-only; docs/decisions/0031). */
export function SentByTeacher({
  sentForMe,
}: {
  sentForMe: {
    more: boolean;
    submissions: {
      id: string;
      title: string;
      contest: { slug: string; title: string };
      teacher: string;
      status: string;
      created: string;
      resultsAvailable: boolean;
    }[];
  };
}) {
  return (
    <section aria-labelledby="sent-by-teacher" className="mt-10">
      <h2 id="sent-by-teacher" className="text-2xl font-semibold">
        Sent by your teacher
      </h2>
      <p className="mt-1 text-slate-600">
        Your teacher sent these stories for you and looks after them. Your results and certificates
        appear here once they are out.
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
                  {s.resultsAvailable ? <Badge variant="success">Results available</Badge> : null}
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
  );
}

/** The entrant's results: award, progress, average and each judge's review, once released. */
export function ResultsCard({
  results,
  awards,
  progress,
}: {
  results: {
    id: string;
    title: string;
    contest: { title: string };
    average: number | null;
    reviews: {
      id: string;
      label: string;
      total: number;
      comment: string | null;
      criteria: { key: string; label: string; score: number; maxPoints: number }[];
    }[];
  }[];
  awards: Record<string, string>;
  progress: Record<string, string>;
}) {
  return (
    <Card role="region" aria-labelledby="results-heading">
      <CardHeader>
        <CardTitle id="results-heading">Results</CardTitle>
      </CardHeader>
      <CardContent>
        {results.length === 0 ? (
          <p className="text-base text-slate-600">
            Scores and judges&rsquo; feedback for your entries appear here once a contest&rsquo;s
            results are released.
          </p>
        ) : (
          <ul className="space-y-5">
            {results.map((r) => (
              <li key={r.id}>
                <h3 className="font-semibold break-words">{r.title}</h3>
                {awards[r.id] ? <Badge>{awards[r.id]}</Badge> : null}
                {progress[r.id] ? <p className="text-base font-medium">{progress[r.id]}</p> : null}
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
                        <p className="mt-1 italic text-slate-700">&ldquo;{review.comment}&rdquo;</p>
                      ) : null}
                    </li>
                  ))}
                </ul>
                <Link to={`/dashboard/submissions/${r.id}`} className="mt-2 inline-block underline">
                  {awards[r.id] ? "Your results and certificate" : "Your full results"}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
