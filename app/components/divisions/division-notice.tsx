/**
 * The entry forms' division line (docs/decisions/0032-divisions-and-rounds.md): "Your division:
 * Grades 6-8", or, before anything is typed, why the writer can't enter and where to fix it.
 */
import { Link } from "@remix-run/react";
import { Alert } from "~/components/ui/alert";
import type { divisionNotice } from "~/features/divisions/placement";

export function DivisionNotice({
  notice,
  who = "Your",
  rosterHref,
}: {
  notice: ReturnType<typeof divisionNotice>;
  /** "Your", or the pupil's name with "'s" on an educator's form. */
  who?: string;
  /** Where an educator adds a pupil's grade (their class page). */
  rosterHref?: string;
}) {
  if (notice.kind === "none") return null;
  if (notice.kind === "placed")
    return (
      <p className="rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-base">
        <strong>{who} division:</strong> {notice.name}
        {notice.range !== notice.name ? ` (${notice.range})` : null}
        {notice.wordMin !== null && notice.wordMax !== null
          ? `. Stories in it are ${notice.wordMin}–${notice.wordMax} words.`
          : null}
      </p>
    );
  const href = notice.fix === "account" ? "/account" : notice.fix === "roster" ? rosterHref : null;
  return (
    <Alert
      variant="warning"
      title={notice.fix ? "You can't send an entry yet" : "This contest is not open to you"}
    >
      {notice.message}
      {href ? (
        <>
          {" "}
          <Link className="underline" to={href}>
            {notice.fix === "account" ? "Go to your account page" : "Go to your class list"}
          </Link>
          .
        </>
      ) : null}
    </Alert>
  );
}
