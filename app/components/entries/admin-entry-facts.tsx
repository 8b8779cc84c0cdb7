/**
 * What the admin reads first about an entry: its contest, writer (or the educator who sent it),
 * date, division, words and fee, and the refund of a paid fee, confirmed on a second step.
 */
import { Form, Link } from "@remix-run/react";
import { Alert } from "~/components/ui/alert";
import { Button, buttonClass } from "~/components/ui/button";
import { DESK_RECUSAL_NOTE } from "~/features/panel/panel-rules";
import { AiDeclarationCard, type AiDeclarationView } from "./ai-declaration-card";

type Props = {
  entry: {
    contest: { slug: string; title: string };
    writer: string | null;
    entrant: { name: string; email: string };
    submitted: string;
    wordCount: number;
    /** The AI declaration (ADR 0053), shown below the facts when the contest asked for one. */
    aiDeclaration?: AiDeclarationView | null;
  };
  /** The division's name ("None" when unplaced); null when the contest has no divisions. */
  division: string | null;
  payment: { line: string; reference: string | null; refundable: boolean; amount: string } | null;
  confirmRefund: boolean;
};

export function AdminEntryFacts({ entry: s, division, payment, confirmRefund }: Props) {
  return (
    <>
      <dl className="mt-3 grid gap-1 text-sm text-slate-700 sm:grid-cols-2">
        <div>
          <dt className="inline font-medium">Contest: </dt>
          <dd className="inline">
            <Link to={`/contests/${s.contest.slug}`} className="underline">
              {s.contest.title}
            </Link>
          </dd>
        </div>
        {s.writer ? (
          <div>
            <dt className="inline font-medium">Writer: </dt>
            <dd className="inline">{s.writer}</dd>
          </div>
        ) : null}
        <div>
          <dt className="inline font-medium">{s.writer ? "Sent by: " : "Entrant: "}</dt>
          <dd className="inline">
            {s.entrant.name} ({s.entrant.email})
          </dd>
        </div>
        <div>
          <dt className="inline font-medium">Submitted: </dt>
          <dd className="inline">{s.submitted}</dd>
        </div>
        {division !== null ? (
          <div>
            <dt className="inline font-medium">Division: </dt>
            <dd className="inline">{division}</dd>
          </div>
        ) : null}
        <div>
          <dt className="inline font-medium">Word count: </dt>
          <dd className="inline">{s.wordCount}</dd>
        </div>
        <div>
          <dt className="inline font-medium">Entry fee: </dt>
          <dd className="inline">{payment ? payment.line : "Free"}</dd>
        </div>
        {payment?.reference ? (
          <div>
            <dt className="inline font-medium">Payment reference: </dt>
            <dd className="inline break-all font-mono text-xs">{payment.reference}</dd>
          </div>
        ) : null}
      </dl>
      {payment?.refundable ? (
        confirmRefund ? (
          <Alert variant="warning" className="mt-4" title={`Refund ${payment.amount}?`}>
            <p>
              The payment is refunded through the payment provider, the entry is withdrawn (it is no
              longer judged) and the entrant is told by e-mail. This cannot be undone.
            </p>
            <Form method="post" className="mt-3 flex flex-wrap gap-3">
              <input type="hidden" name="intent" value="refund" />
              <Button type="submit" variant="destructive">
                Yes, refund {payment.amount}
              </Button>
              <Link to="." replace className={buttonClass({ variant: "outline" })}>
                Cancel
              </Link>
            </Form>
          </Alert>
        ) : (
          <p className="mt-3">
            <Link to="?confirm=refund" className={buttonClass({ variant: "outline" })}>
              Refund entry fee
            </Link>
          </p>
        )
      ) : null}
      {s.aiDeclaration ? <AiDeclarationCard declaration={s.aiDeclaration} /> : null}
    </>
  );
}

/** Judges who stepped back from the entry, and who took their place. */
export function EntryRecusals({
  recusals,
}: {
  recusals: Array<{
    id: string;
    at: string;
    judge: string;
    reason: string;
    replacement: string | null;
    /** A step back at the comparison desk (ADR 0056): nobody takes a judge's place there. */
    atComparisonDesk?: boolean;
  }>;
}) {
  return (
    <section aria-labelledby="recusals-heading" className="mt-8 max-w-xl">
      <h2 id="recusals-heading" className="text-lg font-semibold">
        Recusals
      </h2>
      <ul className="mt-2 space-y-2 text-sm" data-testid="recusals">
        {recusals.map((r) => (
          <li key={r.id}>
            {r.at}: {r.judge} stepped back ({r.reason}).{" "}
            {r.replacement
              ? `${r.replacement} took their place.`
              : r.atComparisonDesk
                ? DESK_RECUSAL_NOTE
                : "No judge could take their place: the entry is short of a judge."}
          </li>
        ))}
      </ul>
    </section>
  );
}
