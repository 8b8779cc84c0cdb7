/**
 * The class's payment card parts (docs/decisions/0044-class-entries-consent.md): payments
 * started and not finished, each with Resume and Start again, and the pay button's words.
 */
import { Form } from "@remix-run/react";
import { Button } from "~/components/ui/button";

type Started = { id: string; total: string; entries: number; codes: string[]; at: string };

export function StartedPayments({ started, busy }: { started: Started[]; busy: boolean }) {
  return (
    <>
      {started.map((g) => (
        <div
          key={g.id}
          className="mb-4 space-y-2 rounded-md border border-amber-300 bg-amber-50 p-4"
          data-testid="started-payment"
        >
          <p>
            <strong>Payment started, not finished:</strong> {g.total} for {g.entries}{" "}
            {g.entries === 1 ? "entry" : "entries"}
            {g.codes.length ? ` with code ${g.codes.join(", ")}` : ""}, started {g.at}. Resume it,
            or start again to choose the entries (and a code) anew.
          </p>
          <Form method="post" className="flex flex-wrap gap-3">
            <input type="hidden" name="group" value={g.id} />
            <Button type="submit" name="intent" value="resume" disabled={busy}>
              Resume payment
            </Button>
            <Button type="submit" name="intent" value="restart" variant="outline" disabled={busy}>
              Start again
            </Button>
          </Form>
        </div>
      ))}
    </>
  );
}

/** The ticked entries of the payment's list, counted in the browser. */
export const countTicked = (fieldset: HTMLFieldSetElement) =>
  fieldset.querySelectorAll('input[name="entry"]:checked').length;

/** "Pay for 2 entries" once counted in the browser; "Pay for the ticked entries" before. */
export function payLabel(ticked: number | null) {
  if (!ticked) return "Pay for the ticked entries";
  return `Pay for ${ticked} ${ticked === 1 ? "entry" : "entries"}`;
}
