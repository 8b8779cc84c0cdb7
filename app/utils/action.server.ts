/**
 * The one place where a known refusal (a `DomainError` thrown by a feature) becomes what the user
 * reads: `answerRefusal`. Anything else is rethrown for the error boundary. See
 * docs/decisions/0008-layout-and-actions.md and 0049-route-folders-and-one-refusal-reply.md.
 */
import type { Submission } from "@conform-to/react";
import { data } from "@remix-run/node";
import { DomainError, FormRefused, FormReplyRefused, PleaseWait } from "./domain-error";
import { redirectWithToast } from "./toast.server";

/** The form's reply, `{ ...extra, result }`, with a 400 (or `status`); `extra` names the form. */
type AsReply<S, E> = {
  reply: Submission<S>;
  status?: number;
  extra?: E;
  /** Fields never sent back (passwords). */
  hideFields?: string[];
};
/** A redirect to `redirectTo` with the refusal as a toast ("Error", or "Please wait"). */
type AsToast = { redirectTo: string };
/** The errors keyed by field ("" for the form), for forms that keep their own state. */
type AsErrors = { asErrors: true };
/** The reply a `FormReplyRefused` carries, `{ result, formError }` with its status. */
type AsOwnReply = { ownReply: true };

/** The refusal's messages keyed by field ("" for the whole form). */
function errorsOf(error: DomainError): Record<string, string[]> {
  if (error instanceof FormRefused) return error.errors;
  return { [error.field ?? ""]: [error.message] };
}

function reply<S, E extends object>(error: DomainError, as: AsReply<S, E>) {
  const { "": formErrors = [], ...fieldErrors } = errorsOf(error);
  const result = as.reply.reply({ formErrors, fieldErrors, hideFields: as.hideFields });
  return data({ ...(as.extra as E), result }, { status: as.status ?? 400 });
}

function toast(error: DomainError, as: AsToast) {
  if (error instanceof PleaseWait)
    return redirectWithToast(as.redirectTo, {
      type: "info",
      title: PleaseWait.title,
      description: error.message,
    });
  return redirectWithToast(as.redirectTo, {
    type: "error",
    title: "Error",
    description: error.message,
  });
}

function ownReply(error: FormReplyRefused) {
  return data({ result: error.reply, formError: error.formError }, { status: error.status });
}

/**
 * The answer to a refusal caught around a feature's call, in the form the action gives it:
 * `{ reply: submission }` (the form's errors), `{ redirectTo }` (a toast after a redirect),
 * `{ asErrors: true }` (the errors by field) or `{ ownReply: true }` (a `FormReplyRefused`'s own
 * reply; any other error is rethrown). Anything that is not a `DomainError` is rethrown.
 */
export function answerRefusal<S, E extends object = object>(
  error: unknown,
  as: AsReply<S, E>,
): ReturnType<typeof reply<S, E>>;
export function answerRefusal(error: unknown, as: AsToast): ReturnType<typeof toast>;
export function answerRefusal(error: unknown, as: AsErrors): Record<string, string[]>;
export function answerRefusal(error: unknown, as: AsOwnReply): ReturnType<typeof ownReply>;
export function answerRefusal<S, E extends object>(
  error: unknown,
  as: AsReply<S, E> | AsToast | AsErrors | AsOwnReply,
) {
  if (!(error instanceof DomainError)) throw error;
  if ("ownReply" in as) {
    if (!(error instanceof FormReplyRefused)) throw error;
    return ownReply(error);
  }
  if ("asErrors" in as) return errorsOf(error);
  if ("redirectTo" in as) return toast(error, as);
  return reply(error, as);
}
