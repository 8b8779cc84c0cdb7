/**
 * The HTTP side of the contest form on /admin/contests/new and /admin/contests/:id/edit (ADR
 * 0008: features return data or throw, routes speak HTTP): the form again with 400 when it has
 * errors (500 when a write failed), or a redirect to the contest list with a toast once saved.
 * Not a route: vite.config.ts ignores `*.server` files here.
 */
import { data } from "@remix-run/node";
import {
  contestFormStep,
  type ContestFormActionData,
} from "~/features/contests/contest-form.server";
import { replyErrors } from "~/features/contests/contest-form";
import { readForm } from "~/utils/form-body.server";
import { redirectWithToast } from "~/utils/toast.server";

export async function contestFormAction(request: Request, contestId?: string) {
  const outcome = await contestFormStep(await readForm(request), contestId);
  if (outcome.saved)
    return redirectWithToast("/admin/contests", {
      type: "success",
      title: outcome.title,
      description: outcome.description,
    });
  const { answer, failed } = outcome;
  return data<ContestFormActionData>(answer, {
    status: failed ? 500 : Object.keys(replyErrors(answer.result)).length ? 400 : 200,
  });
}
