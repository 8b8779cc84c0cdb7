/**
 * The test-mode checkout (docs/decisions/0020-payments.md): stands in for Stripe's page when no
 * Stripe keys are set, so the paid flow can be clicked through locally and in tests, with or
 * without JavaScript. It answers 404 when Stripe is configured, and in production mode unless
 * PAYMENTS_TEST_MODE=1. Only the entry's writer can open it.
 */
import { parseWithZod } from "@conform-to/zod";
import {
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { Alert } from "~/components/ui/alert";
import { Button, ButtonLink } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { requireUser } from "~/features/accounts/auth.server";
import {
  completeTestCheckout,
  testCheckoutFor,
  testCheckoutLines,
} from "~/features/payments/provider.server";
import { formatDollars } from "~/utils/dates";
import { paymentsMode } from "~/utils/env.server";
import { readForm } from "~/utils/form-body.server";
import { notFound } from "~/utils/responses";
import { useIsPending } from "~/utils/use-is-pending";

export const meta: MetaFunction = () => [{ title: "Test payment · Inkwell" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  if (paymentsMode() !== "test") throw notFound();
  const user = await requireUser(request);
  const session = await testCheckoutFor(user.id, params.sessionId ?? "");
  if (!session) throw notFound();
  return {
    id: session.id,
    description: session.description,
    amount: formatDollars(session.amountCents),
    // A class payment's lines, one per entry (docs/decisions/0031-classrooms-and-shared-computers.md).
    lines: testCheckoutLines(session).map((l) => ({
      name: l.name,
      amount: formatDollars(l.amountCents),
      // A code's discount, named before paying (ADR 0031).
      note: l.note ?? null,
    })),
    status: session.status,
    cancelUrl: session.cancelUrl,
  };
}

const schema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("pay") }),
  z.object({ intent: z.literal("cancel") }),
]);

export async function action({ request, params }: ActionFunctionArgs) {
  if (paymentsMode() !== "test") throw notFound();
  const user = await requireUser(request);
  const session = await testCheckoutFor(user.id, params.sessionId ?? "");
  if (!session) throw notFound();
  const submission = parseWithZod(await readForm(request), { schema });
  if (submission.status !== "success" || submission.value.intent === "cancel")
    return redirect(session.cancelUrl);
  const done = await completeTestCheckout(session.id);
  return redirect(done.status === "complete" ? done.successUrl : done.cancelUrl);
}

export default function TestCheckout() {
  const s = useLoaderData<typeof loader>();
  const paying = useIsPending({ state: "submitting" });
  return (
    <div className="mx-auto max-w-lg px-4 py-10">
      <Alert variant="warning" title="Test mode: no real payment">
        This page stands in for the card payment page while online payments are not set up. No card
        is asked for and no money moves.
      </Alert>
      <Card className="mt-6">
        <CardHeader>
          <h1 className="font-serif text-2xl font-bold">
            {s.lines.length > 1 ? "Pay the entry fees" : "Pay the entry fee"}
          </h1>
        </CardHeader>
        <CardContent className="space-y-4">
          <CardTitle className="break-words text-base font-normal">{s.description}</CardTitle>
          {s.lines.length ? (
            <ul className="space-y-1 border-y border-slate-200 py-3">
              {s.lines.map((line, i) => (
                <li key={i} className="flex justify-between gap-4">
                  <span className="break-words">
                    {line.name}
                    {line.note ? (
                      <span className="block text-sm text-slate-700">{line.note}</span>
                    ) : null}
                  </span>
                  <span>{line.amount}</span>
                </li>
              ))}
            </ul>
          ) : null}
          <p className="text-3xl font-bold">{s.amount}</p>
          {s.status === "open" ? (
            <Form method="post" className="flex flex-wrap gap-3">
              <Button type="submit" name="intent" value="pay" disabled={paying}>
                {paying ? "Paying…" : `Pay ${s.amount} (test)`}
              </Button>
              <Button type="submit" name="intent" value="cancel" variant="outline">
                Cancel and go back
              </Button>
            </Form>
          ) : (
            <>
              <p>
                {s.status === "complete"
                  ? "This payment is complete."
                  : "This payment page has expired."}
              </p>
              <ButtonLink to="/dashboard">Back to your dashboard</ButtonLink>
            </>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
