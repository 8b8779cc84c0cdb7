/**
 * The HTTP side of resuming or restarting a class payment left without Cancel
 * (docs/decisions/0044-class-entries-consent.md): to the checkout, or back to the class's page
 * with what happened. Not a route: vite.config.ts ignores `*.server` files here.
 */
import { redirect } from "@remix-run/node";
import { groupReturnToast } from "~/features/lifecycle/payment-return.server";
import { restartGroup, resumeGroup } from "~/features/payments/group-settlement.server";
import { answerRefusal } from "~/utils/action.server";
import { siteOrigin } from "~/utils/env.server";
import { redirectWithToast } from "~/utils/toast.server";

async function paidMeanwhile(payerId: string, groupId: string, here: string) {
  const toast = await groupReturnToast(payerId, groupId, "success");
  return toast ? redirectWithToast(here, toast) : redirect(here);
}

export async function resumeOrRestart(
  payerId: string,
  intent: "resume" | "restart",
  groupId: string,
  here: string,
) {
  try {
    if (intent === "resume") {
      const resumed = await resumeGroup(payerId, groupId, siteOrigin());
      if (resumed.kind === "redirect") return redirect(resumed.url, 303);
      if (resumed.kind === "paid") return paidMeanwhile(payerId, groupId, here);
      return redirectWithToast(here, {
        type: "info",
        title: "That payment page had expired",
        description: "Nothing was paid. The entries are waiting for payment again below.",
      });
    }
    if ((await restartGroup(payerId, groupId)) === "paid")
      return paidMeanwhile(payerId, groupId, here);
    return redirectWithToast(here, {
      type: "info",
      title: "Payment stopped",
      description:
        "Nothing was paid. The entries are waiting for payment again: tick them and pay below.",
    });
  } catch (error) {
    return answerRefusal(error, { redirectTo: here });
  }
}
