/**
 * The response that sends an entrant to pay (after a new paid entry, or "Complete payment"): the
 * checkout page, or back to the entry with a toast when it cannot open. The entry is saved either
 * way, so nothing is lost (docs/decisions/0020-payments.md). The HTTP side of `startCheckout`
 * (ADR 0008); not a route: vite.config.ts ignores `*.server` files here.
 */
import { redirect } from "@remix-run/node";
import { DomainError } from "~/utils/domain-error";
import { siteOrigin } from "~/utils/env.server";
import { redirectWithToast } from "~/utils/toast.server";
import { PAYMENT_MESSAGES, startCheckout } from "~/features/payments/checkout.server";

export async function redirectToCheckout(entrantId: string, submissionId: string) {
  const entryPage = `/dashboard/submissions/${encodeURIComponent(submissionId)}`;
  try {
    // Stripe's return URLs: the configured origin, never the request's Host (ADR 0023).
    const start = await startCheckout(entrantId, submissionId, siteOrigin());
    if (start.kind === "paid")
      return redirect(`/dashboard?payment=success&submission=${encodeURIComponent(submissionId)}`);
    return redirect(start.url, 303);
  } catch (error) {
    if (!(error instanceof DomainError))
      console.error(`checkout for ${submissionId} failed`, error);
    return redirectWithToast(entryPage, {
      type: "error",
      title: "Payment not started",
      description: error instanceof DomainError ? error.message : PAYMENT_MESSAGES.startFailed,
    });
  }
}
