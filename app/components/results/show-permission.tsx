import { Form } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { formatDateTime } from "~/utils/dates";

const BY_WORDS = { writer: "the writer", parent: "a parent", admin: "an admin" } as const;

/** What the page shows of "may be shown" (docs/decisions/0042-a-childs-words-and-name.md). */
export function showPermissionView(
  p: {
    agreed: boolean;
    withdrawnAt: Date | null;
    withdrawnBy: keyof typeof BY_WORDS | null;
  } | null,
  timeZone: string,
) {
  if (!p) return null;
  return {
    agreed: p.agreed,
    withdrawn: p.withdrawnAt
      ? {
          at: formatDateTime(p.withdrawnAt, timeZone),
          by: p.withdrawnBy ? BY_WORDS[p.withdrawnBy] : "someone",
        }
      : null,
  };
}

/**
 * The agreement that a winning story may be shown with the writer's name, and the button that
 * takes it back at any time (the writer's entry page, the admin's).
 */
export function ShowPermissionSection({
  show,
  who,
}: {
  show: ReturnType<typeof showPermissionView>;
  who: "writer" | "admin";
}) {
  if (!show || (!show.agreed && !show.withdrawn)) return null;
  return (
    <section aria-labelledby="may-be-shown" className="mt-8">
      <h2 id="may-be-shown" className="text-lg font-semibold">
        Name on the public results
      </h2>
      {show.agreed ? (
        <>
          <p className="mt-1 text-slate-700">
            {who === "writer"
              ? "You agreed that if this story wins an award, it may be shown on the contest's public results page with your name. You can take that back at any time, even after the results are out."
              : "The writer agreed that if this story wins an award, it may be shown on the public results page with their name. Take it back when the writer or their parent asks."}
          </p>
          <Form method="post" className="mt-3">
            <input type="hidden" name="intent" value="withdraw-show" />
            <Button type="submit" variant="outline">
              {who === "writer" ? "Do not show my story or name" : "Withdraw “may be shown”"}
            </Button>
          </Form>
        </>
      ) : (
        <p className="mt-1 text-slate-700">
          Not shown: “may be shown” was taken back by {show.withdrawn?.by} on {show.withdrawn?.at}.
          The story and the name do not appear on the public results.
        </p>
      )}
    </section>
  );
}
