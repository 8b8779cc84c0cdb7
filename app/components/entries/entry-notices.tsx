/**
 * What the entry page tells the writer above the form: the window, signing in, eligibility, the
 * division, the entry limit, the server's last refusal, an entry waiting for payment and the list
 * of problems from the last post. `children` follow (the kept-draft notice).
 */
import type { ReactNode } from "react";
import { Link } from "@remix-run/react";
import { DivisionNotice } from "~/components/divisions/division-notice";
import { Alert } from "~/components/ui/alert";
import { ENTRY_MESSAGES } from "~/features/entries/entry-rules";
import { ProblemList, SignInNotice } from "./entry-form-parts";

type Props = {
  phase: string;
  windowOpen: boolean;
  contest: { opens: string; closes: string; entryLimit: string };
  /** Where a visitor comes back to after signing in; null when signed in. */
  signInBack: string | null;
  notEligible: string | null;
  division: Parameters<typeof DivisionNotice>[0]["notice"];
  limitReached: string | null;
  formError: string | null;
  pending: { title: string; href: string } | null;
  problems: Parameters<typeof ProblemList>[0]["problems"];
  children?: ReactNode;
};

export function EntryNotices({
  phase,
  windowOpen,
  contest,
  signInBack,
  notEligible,
  division,
  limitReached,
  formError,
  pending,
  problems,
  children,
}: Props) {
  return (
    <div className="mt-6 space-y-4">
      {phase === "coming_soon" ? (
        <Alert variant="warning" title={`Not open yet: submissions open ${contest.opens}.`}>
          {ENTRY_MESSAGES.notOpen} Come back on {contest.opens} to send your story.
        </Alert>
      ) : !windowOpen ? (
        <Alert variant="warning" title="Submissions closed">
          {ENTRY_MESSAGES.notOpen} Submissions closed {contest.closes}.
        </Alert>
      ) : null}
      {signInBack ? <SignInNotice back={signInBack} /> : null}
      {notEligible ? (
        <Alert variant="warning" title="You cannot submit yet">
          {notEligible}
        </Alert>
      ) : null}
      <DivisionNotice notice={division} />
      {limitReached && !formError ? (
        <Alert variant="info" title={limitReached}>
          {contest.entryLimit}{" "}
          <Link className="underline" to="/dashboard">
            See your entries
          </Link>
          .
        </Alert>
      ) : null}
      {formError ? (
        <Alert variant="destructive" title="Your entry was not sent">
          {formError}
          {/* A division refusal the writer fixes on their account page (docs/decisions/0032). */}
          {formError.includes("on your account page") ? (
            <>
              {" "}
              <Link className="underline" to="/account">
                Go to your account page
              </Link>
              .
            </>
          ) : null}
        </Alert>
      ) : null}
      {pending ? (
        <Alert variant="info" title="Your entry is waiting for payment">
          “{pending.title}” is saved but not paid yet.{" "}
          <Link className="underline" to={pending.href}>
            Pay for it with your code
          </Link>
          .
        </Alert>
      ) : null}
      <ProblemList problems={problems} />
      {children}
    </div>
  );
}
