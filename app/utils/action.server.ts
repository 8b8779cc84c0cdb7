/**
 * The one place where a known refusal (a `DomainError` thrown by a feature) becomes what the user
 * reads: the form's error, the named field's error, or an error toast after a redirect. Anything
 * else is rethrown for the error boundary. See docs/decisions/0008-layout-and-actions.md.
 */
import type { Submission } from "@conform-to/react";
import { data } from "@remix-run/node";
import { DomainError, FormRefused, FormReplyRefused, PleaseWait } from "./domain-error";
import { redirectWithToast } from "./toast.server";

/**
 * The submission's reply carrying the refusal, as `{ ...extra, result }` with a 400 (or `status`)
 * response; `extra` names the form for pages with several.
 */
export function refusalReply<S, E extends object = object>(
  submission: Submission<S>,
  error: unknown,
  status = 400,
  extra?: E,
  /** Fields never sent back (passwords). */
  hideFields?: string[],
) {
  if (!(error instanceof DomainError)) throw error;
  if (error instanceof FormRefused) {
    const { "": formErrors = [], ...fieldErrors } = error.errors;
    return data(
      { ...(extra as E), result: submission.reply({ formErrors, fieldErrors, hideFields }) },
      { status },
    );
  }
  const result = error.field
    ? submission.reply({ fieldErrors: { [error.field]: [error.message] }, hideFields })
    : submission.reply({ formErrors: [error.message], hideFields });
  return data({ ...(extra as E), result }, { status });
}

/**
 * The refusal as a form's errors keyed by field ("" for the form), for forms that keep their own
 * state instead of conform's reply (the contest form, the rubric builder).
 */
export function refusalErrors(error: unknown): Record<string, string[]> {
  if (!(error instanceof DomainError)) throw error;
  if (error instanceof FormRefused) return error.errors;
  return { [error.field ?? ""]: [error.message] };
}

/** A redirect to `to` with the refusal as an error toast. */
export function refusalToast(to: string, error: unknown) {
  if (!(error instanceof DomainError)) throw error;
  if (error instanceof PleaseWait)
    return redirectWithToast(to, {
      type: "info",
      title: PleaseWait.title,
      description: error.message,
    });
  return redirectWithToast(to, { type: "error", title: "Error", description: error.message });
}

/** A refusal that carries its own reply (`FormReplyRefused`), as `{ result, formError }` with its status. */
export function replyRefusal(error: unknown) {
  if (!(error instanceof FormReplyRefused)) throw error;
  return data({ result: error.reply, formError: error.formError }, { status: error.status });
}
